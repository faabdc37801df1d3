// Package dispatch writes the Go side of an engine's kernel contract for one
// architecture: for every hook named in the contract, a function that runs
// the assembly kernel of the active SIMD level and reports whether there was
// one, and for builds without assembly the same hooks reporting false.
//
// An engine package has one contract file, kernels.go, whose kernels call
// these hooks and fall back to their …Generic Go twins. The hooks are
// generated from the generator's table (one Kernel per hook) and from the
// signatures avo wrote to the stubs file, so adding a kernel touches the
// generator, the Go twin and the contract only.
package dispatch

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"strings"
)

// Flags of the generator commands, beside avo's -out, -stubs and -pkg.
var (
	archOut  = flag.String("arch", "", "write the level hooks of this architecture to `file`")
	noasmOut = flag.String("noasm", "", "write the hooks of builds without assembly to `file`")
)

// Impl is the assembly function an architecture runs at one level.
type Impl struct {
	Level string // a cpu.Level constant, e.g. "AVX512"
	Func  string // the generated function
}

// Kernel is one hook of the contract.
type Kernel struct {
	Hook  string // the hook's name, e.g. "nttArch"
	Of    string // the contract function that calls it, for its doc comment
	Impls []Impl // highest level first; every Func has the same signature
	// Probe, if set, also emits Hook+"Available", reporting whether the
	// active level has a kernel without running it, for callers that
	// prepare arguments (buffers, pointer tables) only then.
	Probe bool
	// Select and Variants make the hook a family: Select is its first
	// parameter ("d uint"), and each variant gives the kernels run for one
	// value of it; Impls is then empty. A value without a variant, or a
	// level without a kernel, reports false.
	Select   string
	Variants []Variant
}

// Variant is the kernels of one member of a family of hooks.
type Variant struct {
	Value string // a Go constant expression of the Select parameter's type
	Impls []Impl
}

// Levels pairs the levels and functions given as level, func, level, func….
func Levels(pairs ...string) []Impl {
	if len(pairs)%2 != 0 {
		panic("dispatch: odd number of level/function names")
	}
	var impls []Impl
	for i := 0; i < len(pairs); i += 2 {
		impls = append(impls, Impl{Level: pairs[i], Func: pairs[i+1]})
	}
	return impls
}

// Both is Levels("AVX512", name+"AVX512", "AVX2", name+"AVX2"): the usual
// pair of amd64 kernels.
func Both(name string) []Impl { return Levels("AVX512", name+"AVX512", "AVX2", name+"AVX2") }

// signature is a stub's parameter list and result types, as source text.
type signature struct {
	params  string   // "out *[256]uint32, in *[256]uint32"
	names   string   // "out, in"
	results []string // {"uint32"}
}

// Write writes the files asked for by -arch and -noasm, for package pkg,
// the architecture's build constraint being archBuild; it exits the
// program on failure. Call it after avo's Generate.
func Write(pkg, archBuild string, kernels []Kernel) {
	if err := write(pkg, archBuild, kernels); err != nil {
		fmt.Fprintln(os.Stderr, "dispatch:", err)
		os.Exit(1)
	}
}

func write(pkg, archBuild string, kernels []Kernel) error {
	if *archOut == "" && *noasmOut == "" {
		return nil
	}
	var stubs string // avo's -stubs, read back for the kernels' signatures
	if f := flag.Lookup("stubs"); f != nil {
		stubs = f.Value.String()
	}
	sigs, err := readStubs(stubs)
	if err != nil {
		return err
	}
	hooks := make([]signature, len(kernels))
	for i, k := range kernels {
		impls := k.Impls
		for _, v := range k.Variants {
			impls = append(impls, v.Impls...)
		}
		if len(impls) == 0 || (len(k.Variants) > 0) != (k.Select != "") || (k.Select != "" && (len(k.Impls) > 0 || k.Probe)) {
			return fmt.Errorf("hook %s: give Impls, or Select and Variants", k.Hook)
		}
		for j, im := range impls {
			s, ok := sigs[im.Func]
			if !ok {
				return fmt.Errorf("hook %s: %s is not generated", k.Hook, im.Func)
			}
			if j == 0 {
				hooks[i] = s
			} else if s.params != hooks[i].params || strings.Join(s.results, ",") != strings.Join(hooks[i].results, ",") {
				return fmt.Errorf("hook %s: %s and %s differ in signature", k.Hook, impls[0].Func, im.Func)
			}
		}
		if k.Select != "" {
			hooks[i].params = k.Select + ", " + hooks[i].params
		}
	}
	if *archOut != "" {
		if err := emit(*archOut, pkg, archBuild, kernels, hooks, true); err != nil {
			return err
		}
	}
	if *noasmOut != "" {
		return emit(*noasmOut, pkg, noasmBuild(archBuild), kernels, hooks, false)
	}
	return nil
}

// noasmBuild negates the architecture's constraint "arch && !purego".
func noasmBuild(archBuild string) string {
	arch, ok := strings.CutSuffix(archBuild, " && !purego")
	if !ok {
		panic("dispatch: architecture constraint must be \"<arch> && !purego\"")
	}
	return "!" + arch + " || purego"
}

// readStubs parses avo's declarations file into the signature of each
// function.
func readStubs(path string) (map[string]signature, error) {
	if path == "" {
		return nil, fmt.Errorf("-stubs is needed to read the kernels' signatures")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return nil, err
	}
	text := func(n ast.Node) string {
		var b bytes.Buffer
		printer.Fprint(&b, fset, n)
		return b.String()
	}
	sigs := map[string]signature{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		var s signature
		var params, names []string
		for _, p := range fd.Type.Params.List {
			for _, n := range p.Names {
				params = append(params, n.Name+" "+text(p.Type))
				names = append(names, n.Name)
			}
		}
		s.params, s.names = strings.Join(params, ", "), strings.Join(names, ", ")
		if fd.Type.Results != nil {
			for _, r := range fd.Type.Results.List {
				for range max(1, len(r.Names)) {
					s.results = append(s.results, text(r.Type))
				}
			}
		}
		sigs[fd.Name.Name] = s
	}
	return sigs, nil
}

// emit writes one hooks file: with the level switch when asm is true, and
// the hooks reporting false otherwise.
func emit(path, pkg, build string, kernels []Kernel, sigs []signature, asm bool) error {
	var b bytes.Buffer
	cmd := "go run ./" + pkg + " " + strings.Join(os.Args[1:], " ")
	fmt.Fprintf(&b, "// Code generated by command: %s. DO NOT EDIT.\n\n//go:build %s\n\npackage %s\n\n", cmd, build, pkg)
	if asm {
		fmt.Fprintf(&b, "import \"github.com/crystals-go/crystals/internal/accel/cpu\"\n\n")
	}
	for i, k := range kernels {
		s := sigs[i]
		results, zeros := "bool", "false"
		if len(s.results) > 0 {
			results = "(" + strings.Join(s.results, ", ") + ", bool)"
			zeros = strings.Repeat("0, ", len(s.results)) + "false"
		}
		if asm {
			fmt.Fprintf(&b, "// %s runs %s's kernel for the active level and reports whether\n// there is one.\n", k.Hook, k.Of)
		} else {
			fmt.Fprintf(&b, "// %s reports false: %s has no kernel in this build.\n", k.Hook, k.Of)
		}
		if !asm {
			fmt.Fprintf(&b, "func %s(%s) %s { return %s }\n\n", k.Hook, s.params, results, zeros)
		} else {
			fmt.Fprintf(&b, "func %s(%s) %s {\n", k.Hook, s.params, results)
			if k.Select == "" {
				levelSwitch(&b, k.Impls, s)
			} else {
				fmt.Fprintf(&b, "switch %s {\n", strings.Fields(k.Select)[0])
				for _, v := range k.Variants {
					fmt.Fprintf(&b, "case %s:\n", v.Value)
					levelSwitch(&b, v.Impls, s)
				}
				fmt.Fprintf(&b, "}\n")
			}
			fmt.Fprintf(&b, "return %s\n}\n\n", zeros)
		}
		if k.Probe {
			if asm {
				fmt.Fprintf(&b, "// %sAvailable reports whether %s runs a kernel at the active level.\n", k.Hook, k.Hook)
				var levels []string
				for _, im := range k.Impls {
					levels = append(levels, "cpu."+im.Level)
				}
				fmt.Fprintf(&b, "func %sAvailable() bool {\nswitch cpu.Active() {\ncase %s:\nreturn true\n}\nreturn false\n}\n\n", k.Hook, strings.Join(levels, ", "))
			} else {
				fmt.Fprintf(&b, "// %sAvailable reports false: %s has no kernel in this build.\nfunc %sAvailable() bool { return false }\n\n", k.Hook, k.Of, k.Hook)
			}
		}
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return fmt.Errorf("%s: %v\n%s", path, err, b.Bytes())
	}
	return os.WriteFile(path, src, 0o644)
}

// levelSwitch writes the switch on cpu.Active() that runs one of impls and
// returns its results and true.
func levelSwitch(b *bytes.Buffer, impls []Impl, s signature) {
	fmt.Fprintf(b, "switch cpu.Active() {\n")
	for j, im := range impls {
		// Levels running the same kernel share one case.
		if j == 0 || impls[j-1].Func != im.Func {
			fmt.Fprintf(b, "case cpu.%s", im.Level)
		} else {
			fmt.Fprintf(b, ", cpu.%s", im.Level)
		}
		if j+1 < len(impls) && impls[j+1].Func == im.Func {
			continue
		}
		fmt.Fprintf(b, ":\n")
		switch len(s.results) {
		case 0:
			fmt.Fprintf(b, "%s(%s)\nreturn true\n", im.Func, s.names)
		case 1:
			fmt.Fprintf(b, "return %s(%s), true\n", im.Func, s.names)
		default:
			var rs []string
			for r := range s.results {
				rs = append(rs, fmt.Sprintf("r%d", r))
			}
			fmt.Fprintf(b, "%s := %s(%s)\nreturn %s, true\n", strings.Join(rs, ", "), im.Func, s.names, strings.Join(rs, ", "))
		}
	}
	fmt.Fprintf(b, "}\n")
}
