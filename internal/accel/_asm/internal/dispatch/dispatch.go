// Package dispatch writes the Go side of an engine's kernel contract for one
// architecture: for every hook named in the contract, a function that runs
// the assembly kernel of the active SIMD level and reports whether there was
// one, and for builds without assembly the same hooks reporting false.
//
// One contract table serves every architecture: each [Impl] names its
// architecture (or its level implies it), a generator run for one
// architecture writes all the contract's hooks, those without a kernel
// there reporting false, and the build constraint of kernels_noasm.go
// excludes every architecture that has a kernel in the table. A hook's
// signature comes from the stubs file of the architecture being written,
// or, for a hook without a kernel there, from any other architecture's
// stubs file (kernels_<arch>_stubs.go) beside it. Per-architecture tables
// are kept in their own files and joined to the contract with [Extend].
//
// An engine package has one contract file, kernels.go, whose kernels call
// these hooks and fall back to their …Generic Go twins. The hooks are
// generated from the generator's table (one Kernel per hook) and from the
// signatures avo wrote to the stubs file, so adding a kernel touches the
// generator, the Go twin and the contract only.
package dispatch

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Flags of the generator commands, beside avo's -out, -stubs and -pkg.
var (
	archOut  = flag.String("arch", "", "write the level hooks of this architecture to `file`")
	noasmOut = flag.String("noasm", "", "write the hooks of builds without assembly to `file`")
	goarch   = flag.String("goarch", "amd64", "generate the kernels of this `architecture`")
)

// Goarch reports the architecture the generator is asked to write (-goarch,
// amd64 by default): each engine generator writes amd64 kernels with avo and
// the others with its own encoder.
func Goarch() string {
	if !flag.Parsed() {
		flag.Parse()
	}
	return *goarch
}

// Impl is the assembly function an architecture runs at one level.
type Impl struct {
	// Arch is the GOARCH the kernel is written for; empty means the
	// architecture the level implies (see levelArch).
	Arch  string
	Level string // a cpu.Level constant, e.g. "AVX512"
	Func  string // the generated function
}

// levelArch is the architecture of the levels that exist on one only.
// NEON exists on arm64 and arm, so its Impls name their Arch.
var levelArch = map[string]string{"AVX2": "amd64", "AVX512": "amd64", "NEONSHA3": "arm64"}

// asmArchs lists, in the order the noasm constraint names them, every
// architecture an Impl may be written for.
var asmArchs = []string{"amd64", "arm64", "arm"}

// arch reports the architecture im runs on.
func (im Impl) arch() string {
	if im.Arch != "" {
		return im.Arch
	}
	a, ok := levelArch[im.Level]
	if !ok {
		panic("dispatch: level " + im.Level + " needs an Arch")
	}
	return a
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

// On is Levels for architecture arch: On("arm64", "NEONSHA3", f, "NEON", f).
func On(arch string, pairs ...string) []Impl {
	impls := Levels(pairs...)
	for i := range impls {
		impls[i].Arch = arch
	}
	return impls
}

// Extend returns the contract with the kernels of more added: each entry of
// more names a hook of the contract and gives Impls to append to its own,
// or, for a family, Variants whose Impls are appended to the member of the
// same Value (or added as a new member). It panics on a hook the contract
// lacks, so a per-architecture table cannot drift from the contract.
func Extend(contract []Kernel, more []Kernel) []Kernel {
	out := make([]Kernel, len(contract))
	for i, k := range contract {
		k.Impls = append([]Impl(nil), k.Impls...)
		k.Variants = append([]Variant(nil), k.Variants...)
		out[i] = k
	}
	for _, m := range more {
		i := slices.IndexFunc(out, func(k Kernel) bool { return k.Hook == m.Hook })
		if i < 0 {
			panic("dispatch: Extend: the contract has no hook " + m.Hook)
		}
		k := &out[i]
		k.Impls = append(k.Impls, m.Impls...)
		for _, v := range m.Variants {
			j := slices.IndexFunc(k.Variants, func(w Variant) bool { return w.Value == v.Value })
			if j < 0 {
				k.Variants = append(k.Variants, v)
				continue
			}
			k.Variants[j].Impls = append(append([]Impl(nil), k.Variants[j].Impls...), v.Impls...)
		}
	}
	return out
}

// onArch keeps the impls written for arch.
func onArch(impls []Impl, arch string) []Impl {
	var out []Impl
	for _, im := range impls {
		if im.arch() == arch {
			out = append(out, im)
		}
	}
	return out
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
// the architecture's build constraint being archBuild ("<goarch> && !purego");
// it exits the program on failure. Call it after the stubs file is written
// (avo's Generate).
func Write(pkg, archBuild string, kernels []Kernel) {
	var stubs string // the stubs file written for arch, read back for the kernels' signatures
	if f := flag.Lookup("stubs"); f != nil {
		stubs = f.Value.String()
	}
	WriteFrom(pkg, archBuild, kernels, stubs)
}

// WriteFrom is Write with the architecture's stubs file given, for kernels
// whose stubs another command wrote (avo's -stubs flag would truncate it).
func WriteFrom(pkg, archBuild string, kernels []Kernel, stubs string) {
	if err := write(pkg, archBuild, kernels, stubs); err != nil {
		fmt.Fprintln(os.Stderr, "dispatch:", err)
		os.Exit(1)
	}
}

func write(pkg, archBuild string, kernels []Kernel, stubs string) error {
	if *archOut == "" && *noasmOut == "" {
		return nil
	}
	arch, ok := strings.CutSuffix(archBuild, " && !purego")
	if !ok || !slices.Contains(asmArchs, arch) {
		return fmt.Errorf("architecture constraint %q must be \"<arch> && !purego\" for an arch of %v", archBuild, asmArchs)
	}
	own, err := readStubs(stubs)
	if err != nil {
		return err
	}
	others, err := readOtherStubs(stubs)
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
		mine := onArch(impls, arch)
		for j, im := range mine {
			s, ok := own[im.Func]
			if !ok {
				return fmt.Errorf("hook %s: %s is not generated", k.Hook, im.Func)
			}
			if j == 0 {
				hooks[i] = s
			} else if s.params != hooks[i].params || strings.Join(s.results, ",") != strings.Join(hooks[i].results, ",") {
				return fmt.Errorf("hook %s: %s and %s differ in signature", k.Hook, mine[0].Func, im.Func)
			}
		}
		if len(mine) == 0 {
			// No kernel here: the hook takes the signature another
			// architecture's stubs give its kernels.
			found := false
			for _, im := range impls {
				if s, ok := others[im.Func]; ok {
					hooks[i], found = s, true
					break
				}
			}
			if !found {
				return fmt.Errorf("hook %s: no stubs file beside %s declares any of its kernels", k.Hook, stubs)
			}
		}
		if k.Select != "" {
			hooks[i].params = k.Select + ", " + hooks[i].params
		}
	}
	if *archOut != "" {
		if err := emit(*archOut, pkg, archBuild, arch, kernels, hooks); err != nil {
			return err
		}
	}
	if *noasmOut != "" {
		return emit(*noasmOut, pkg, noasmBuild(kernels), "", kernels, hooks)
	}
	return nil
}

// noasmBuild is the constraint of builds without assembly: every
// architecture with a kernel in the contract excluded, or purego.
func noasmBuild(kernels []Kernel) string {
	used := map[string]bool{}
	for _, k := range kernels {
		for _, im := range k.Impls {
			used[im.arch()] = true
		}
		for _, v := range k.Variants {
			for _, im := range v.Impls {
				used[im.arch()] = true
			}
		}
	}
	var not []string
	for _, a := range asmArchs {
		if used[a] {
			not = append(not, "!"+a)
		}
	}
	return strings.Join(not, " && ") + " || purego"
}

// readOtherStubs reads the signatures of every other architecture's stubs
// file (kernels_<arch>_stubs.go) in the directory of stubs.
func readOtherStubs(stubs string) (map[string]signature, error) {
	sigs := map[string]signature{}
	dir := filepath.Dir(stubs)
	for _, a := range asmArchs {
		path := filepath.Join(dir, "kernels_"+a+"_stubs.go")
		if filepath.Clean(path) == filepath.Clean(stubs) {
			continue
		}
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		s, err := readStubs(path)
		if err != nil {
			return nil, err
		}
		maps.Copy(sigs, s)
	}
	return sigs, nil
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

// emit writes one hooks file: for architecture arch, with the level switch
// of each hook that has kernels there; with arch empty, the hooks of builds
// without assembly, all reporting false.
func emit(path, pkg, build, arch string, kernels []Kernel, sigs []signature) error {
	var b bytes.Buffer
	cmd := "go run ./" + pkg + " " + strings.Join(os.Args[1:], " ")
	fmt.Fprintf(&b, "// Code generated by command: %s. DO NOT EDIT.\n\n//go:build %s\n\npackage %s\n\n", cmd, build, pkg)
	if arch != "" {
		fmt.Fprintf(&b, "import \"github.com/crystals-go/crystals/internal/accel/cpu\"\n\n")
	}
	for i, k := range kernels {
		s := sigs[i]
		results, zeros := "bool", "false"
		if len(s.results) > 0 {
			results = "(" + strings.Join(s.results, ", ") + ", bool)"
			zeros = strings.Repeat("0, ", len(s.results)) + "false"
		}
		impls := onArch(k.Impls, arch)
		var variants []Variant
		for _, v := range k.Variants {
			if vi := onArch(v.Impls, arch); len(vi) > 0 {
				variants = append(variants, Variant{Value: v.Value, Impls: vi})
			}
		}
		switch {
		case arch == "":
			fmt.Fprintf(&b, "// %s reports false: %s has no kernel in this build.\n", k.Hook, k.Of)
			fmt.Fprintf(&b, "func %s(%s) %s { return %s }\n\n", k.Hook, s.params, results, zeros)
		case len(impls) == 0 && len(variants) == 0:
			fmt.Fprintf(&b, "// %s reports false: %s has no kernel on %s.\n", k.Hook, k.Of, arch)
			fmt.Fprintf(&b, "func %s(%s) %s { return %s }\n\n", k.Hook, s.params, results, zeros)
		default:
			fmt.Fprintf(&b, "// %s runs %s's kernel for the active level and reports whether\n// there is one.\n", k.Hook, k.Of)
			fmt.Fprintf(&b, "func %s(%s) %s {\n", k.Hook, s.params, results)
			if k.Select == "" {
				levelSwitch(&b, impls, s)
			} else {
				fmt.Fprintf(&b, "switch %s {\n", strings.Fields(k.Select)[0])
				for _, v := range variants {
					fmt.Fprintf(&b, "case %s:\n", v.Value)
					levelSwitch(&b, v.Impls, s)
				}
				fmt.Fprintf(&b, "}\n")
			}
			fmt.Fprintf(&b, "return %s\n}\n\n", zeros)
		}
		if k.Probe {
			switch {
			case arch == "":
				fmt.Fprintf(&b, "// %sAvailable reports false: %s has no kernel in this build.\nfunc %sAvailable() bool { return false }\n\n", k.Hook, k.Of, k.Hook)
			case len(impls) == 0:
				fmt.Fprintf(&b, "// %sAvailable reports false: %s has no kernel on %s.\nfunc %sAvailable() bool { return false }\n\n", k.Hook, k.Of, arch, k.Hook)
			default:
				fmt.Fprintf(&b, "// %sAvailable reports whether %s runs a kernel at the active level.\n", k.Hook, k.Hook)
				var levels []string
				for _, im := range impls {
					levels = append(levels, "cpu."+im.Level)
				}
				fmt.Fprintf(&b, "func %sAvailable() bool {\nswitch cpu.Active() {\ncase %s:\nreturn true\n}\nreturn false\n}\n\n", k.Hook, strings.Join(levels, ", "))
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
