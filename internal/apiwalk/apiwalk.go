// Package apiwalk is the no-panic test of the public packages: it reads
// what a package exports from its source, checks that a test's table names
// all of it, and calls every exported function and method with zero, nil,
// short and odd arguments, on zero, nil and real receivers, recovering from
// panics and reporting each one. It is used only by tests.
package apiwalk

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

// API is what a package's non-test source exports.
type API struct {
	Funcs   []string            // package-level functions
	Types   []string            // types
	Methods map[string][]string // exported methods declared on each exported type
}

// Parse reads the exported API of the package in dir.
func Parse(dir string) (API, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return API{}, err
	}
	fset := token.NewFileSet()
	api := API{Methods: map[string][]string{}}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return API{}, err
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					api.Funcs = append(api.Funcs, d.Name.Name)
				} else if recv := receiverName(d.Recv.List[0].Type); ast.IsExported(recv) {
					api.Methods[recv] = append(api.Methods[recv], d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok && ts.Name.IsExported() {
						api.Types = append(api.Types, ts.Name.Name)
					}
				}
			}
		}
	}
	sort.Strings(api.Funcs)
	sort.Strings(api.Types)
	return api, nil
}

func receiverName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return receiverName(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return receiverName(t.X)
	case *ast.IndexListExpr:
		return receiverName(t.X)
	}
	return ""
}

// TB is the part of testing.TB that Run reports through.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
	Fatal(args ...any)
}

var _ TB = testing.TB(nil)

// Table is a test's account of a package's exported API.
type Table struct {
	// Dir is the package's directory, "." from its own tests.
	Dir string
	// Funcs maps each exported function's name to the function.
	Funcs map[string]any
	// Types maps each exported type's name to a nil pointer of it, such as
	// (*PrivateKey)(nil), or to a value of it for non-struct types. Interface
	// types are covered through the Values that implement them.
	Types map[string]any
	// Values are real objects (keys from constructors, scheme values,
	// unexported types returned through interfaces) whose methods are
	// called with odd arguments too, by name for the report.
	Values map[string]any
	// ZeroError lists the types whose zero and nil receivers must answer
	// every method that returns an error with a non-nil error.
	ZeroError []string
	// ZeroSetters maps the methods ("(*Type).Method") of ZeroError types
	// that set their receiver, and so succeed on a zero value, to why.
	ZeroSetters map[string]string
	// MayPanic maps a function or method ("Func", "(*Type).Method") to the
	// reason its panic does not fail the test here: only calls fixed on
	// another branch. A listed call that no longer panics is reported, so
	// the entry can go.
	MayPanic map[string]string
	// ZeroArgsOK maps the functions that may succeed when every argument is
	// zero or nil to the documented reason; every other function of Funcs
	// with an error result must return an error for that call.
	ZeroArgsOK map[string]string
	// Inputs are further arguments, such as zero keys of this and other
	// packages, tried for every parameter whose type they are assignable to
	// (any, crypto.PrivateKey, *mldsa.PublicKey, ...).
	Inputs []any
	// NoNilReceiver maps types whose methods are not called on a nil
	// pointer to why (methods promoted from an embedded implementation
	// dereference the pointer before any code of the package runs).
	NoNilReceiver map[string]string
	// Skip maps calls that must not be made with odd arguments to why
	// (such as a test-only hook). Kept short: every entry is reported.
	Skip map[string]string
}

// Run checks that tab covers the package's API and walks all of it.
func Run(t TB, tab Table) {
	t.Helper()
	api, err := Parse(tab.Dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range api.Funcs {
		if _, ok := tab.Funcs[name]; !ok {
			t.Errorf("exported function %s is not in the no-panic table", name)
		}
	}
	for _, name := range api.Types {
		if _, ok := tab.Types[name]; !ok {
			t.Errorf("exported type %s is not in the no-panic table", name)
		}
	}
	w := &walker{t: t, tab: tab, panicked: map[string]bool{}, reported: map[string]bool{}}
	for _, name := range sortedKeys(tab.Funcs) {
		w.call(name, reflect.ValueOf(tab.Funcs[name]), false)
		w.zeroArgs(name, reflect.ValueOf(tab.Funcs[name]))
	}
	for _, name := range sortedKeys(tab.Types) {
		typ := reflect.TypeOf(tab.Types[name])
		if typ.Kind() == reflect.Pointer && typ.Elem().Kind() == reflect.Struct {
			declared := api.Methods[name]
			for _, m := range declared {
				if _, ok := typ.MethodByName(m); !ok {
					t.Errorf("method %s.%s is declared but not in the method set of %v", name, m, typ)
				}
			}
			zeroErr := slices.Contains(tab.ZeroError, name)
			if _, no := tab.NoNilReceiver[name]; !no {
				w.methods("(*"+name+")", reflect.Zero(typ), zeroErr) // nil receiver
			}
			w.methods("(*"+name+")", reflect.New(typ.Elem()), zeroErr) // zero value
		} else {
			w.methods("("+name+")", reflect.ValueOf(tab.Types[name]), false)
		}
	}
	for _, name := range sortedKeys(tab.Values) {
		w.methods(name, reflect.ValueOf(tab.Values[name]), false)
	}
	for name, why := range tab.MayPanic {
		if !w.panicked[name] {
			t.Logf("%s no longer panics (%s): remove it from MayPanic", name, why)
		}
	}
	for name, why := range tab.Skip {
		t.Logf("not walked: %s (%s)", name, why)
	}
	for name, why := range tab.NoNilReceiver {
		t.Logf("not called on a nil *%s: %s", name, why)
	}
	t.Logf("%d exported functions, %d exported types, %d values: %d calls, %d panics tolerated (fixed elsewhere)",
		len(tab.Funcs), len(tab.Types), len(tab.Values), w.calls, len(w.tolerated))
	if w.calls == 0 {
		t.Fatal("no calls made")
	}
}

type walker struct {
	t         TB
	tab       Table
	calls     int
	panicked  map[string]bool
	reported  map[string]bool
	tolerated []string
}

// methods calls every method of recv.
func (w *walker) methods(prefix string, recv reflect.Value, zeroErr bool) {
	for i := range recv.NumMethod() {
		m := recv.Type().Method(i)
		name := prefix + "." + m.Name
		if recv.Kind() == reflect.Pointer && recv.IsNil() {
			w.callRecv(name, recv, m.Name, zeroErr, "nil receiver")
		} else {
			w.callRecv(name, recv, m.Name, zeroErr, "")
		}
	}
}

func (w *walker) callRecv(name string, recv reflect.Value, method string, zeroErr bool, note string) {
	if _, skip := w.tab.Skip[name]; skip {
		return
	}
	// A nil receiver's method value panics on creation for value methods;
	// that is a call too, so it is made inside the recovery.
	fn, ok := protect(w, name, note, note, func() reflect.Value { return recv.MethodByName(method) })
	if !ok {
		return
	}
	_, setter := w.tab.ZeroSetters[name]
	w.callChecked(name, fn, zeroErr && isZero(recv) && !(setter && !recv.IsNil()), note)
}

func isZero(v reflect.Value) bool {
	return v.IsZero() || (v.Kind() == reflect.Pointer && v.Elem().IsZero())
}

func (w *walker) call(name string, fn reflect.Value, zeroErr bool) {
	if _, skip := w.tab.Skip[name]; skip {
		return
	}
	w.callChecked(name, fn, zeroErr, "")
}

// zeroArgs requires an error from fn called with zero arguments, unless
// ZeroArgsOK documents that the call may succeed.
func (w *walker) zeroArgs(name string, fn reflect.Value) {
	ft := fn.Type()
	if ft.NumIn() == 0 || ft.NumOut() == 0 || ft.Out(ft.NumOut()-1) != reflect.TypeFor[error]() {
		return
	}
	if _, ok := w.tab.ZeroArgsOK[name]; ok {
		return
	}
	if _, skip := w.tab.Skip[name]; skip {
		return
	}
	if _, tolerated := w.tab.MayPanic[name]; tolerated {
		return
	}
	in := argLists(ft, nil)[0]
	out, ok := protect(w, name, "", describe(in, ""), func() []reflect.Value {
		if ft.IsVariadic() {
			return fn.CallSlice(in)
		}
		return fn.Call(in)
	})
	if ok && out[len(out)-1].IsNil() {
		w.t.Errorf("%s(%s) returned no error", name, describe(in, ""))
	}
}

// callChecked calls fn with every argument list of args, and, when
// mustErr, requires a non-nil error from each call whose results have one.
func (w *walker) callChecked(name string, fn reflect.Value, mustErr bool, note string) {
	ft := fn.Type()
	errAt := -1
	for i := range ft.NumOut() {
		if ft.Out(i) == reflect.TypeFor[error]() {
			errAt = i
		}
	}
	for _, in := range argLists(ft, w.tab.Inputs) {
		w.calls++
		out, ok := protect(w, name, note, describe(in, note), func() []reflect.Value {
			if ft.IsVariadic() {
				return fn.CallSlice(in)
			}
			return fn.Call(in)
		})
		if ok && mustErr && errAt >= 0 && out[errAt].IsNil() {
			if key := name + "|noerr|" + note; !w.reported[key] {
				w.reported[key] = true
				w.t.Errorf("%s(%s) on a zero key returned no error", name, describe(in, note))
			}
		}
	}
}

// protect runs f, turning a panic into a test failure (or a tolerated
// panic for MayPanic entries).
func protect[R any](w *walker, name, note, args string, f func() R) (r R, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			ok = false
			w.panicked[name] = true
			if why, tolerated := w.tab.MayPanic[name]; tolerated {
				w.tolerated = append(w.tolerated, name)
				w.t.Logf("tolerated panic: %s(%s): %v (%s)", name, args, p, why)
				return
			}
			// One report per call site and receiver kind is enough.
			if key := name + "|" + note; !w.reported[key] {
				w.reported[key] = true
				w.t.Errorf("%s(%s) panicked: %v", name, args, p)
			}
		}
	}()
	return f(), true
}

// argLists returns the argument lists for a call of ft: all zero values,
// then, one parameter at a time, each odd value of its type and each of
// inputs that fits it.
func argLists(ft reflect.Type, inputs []any) [][]reflect.Value {
	n := ft.NumIn()
	zero := make([]reflect.Value, n)
	for i := range n {
		zero[i] = reflect.Zero(ft.In(i))
	}
	lists := [][]reflect.Value{zero}
	for i := range n {
		t := ft.In(i)
		values := oddValues(t)
		for _, x := range inputs {
			if v := reflect.ValueOf(x); v.IsValid() && v.Type().AssignableTo(t) {
				values = append(values, v)
			}
		}
		if ft.IsVariadic() && i == n-1 {
			// The variadic slice: nil (in zero), or one element of each kind.
			values = nil
			for _, v := range append(oddValues(t.Elem()), reflect.Zero(t.Elem())) {
				s := reflect.MakeSlice(t, 1, 1)
				s.Index(0).Set(v)
				values = append(values, s)
			}
		}
		for _, v := range values {
			in := slices.Clone(zero)
			in[i] = v
			lists = append(lists, in)
		}
	}
	return lists
}

// byteLengths are the lengths of the byte strings tried: empty, one byte,
// around the 32- and 64-byte seeds, and longer than most encodings' heads.
var byteLengths = []int{0, 1, 31, 32, 33, 64, 65, 200}

// oddValues returns values of t other than its zero value that bad input
// is made of: short and patterned byte strings, pointers to zero structs,
// slices holding one zero element, negative and small numbers.
func oddValues(t reflect.Type) []reflect.Value {
	var out []reflect.Value
	switch t.Kind() {
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			for _, n := range byteLengths {
				b := make([]byte, n)
				for i := range b {
					b[i] = byte(0xa5 ^ i*7)
				}
				out = append(out, reflect.ValueOf(b).Convert(t))
			}
			return out
		}
		one := reflect.MakeSlice(t, 1, 1) // one zero (nil) element
		out = append(out, one)
		if filled := filledValue(t.Elem()); filled.IsValid() {
			s := reflect.MakeSlice(t, 1, 1)
			s.Index(0).Set(filled)
			out = append(out, s)
		}
	case reflect.Pointer:
		out = append(out, reflect.New(t.Elem()))
		if filled := filledValue(t.Elem()); filled.IsValid() {
			p := reflect.New(t.Elem())
			p.Elem().Set(filled)
			out = append(out, p)
		}
	case reflect.Struct:
		if filled := filledValue(t); filled.IsValid() {
			out = append(out, filled)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		out = append(out, reflect.ValueOf(-1).Convert(t), reflect.ValueOf(1).Convert(t))
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
		out = append(out, reflect.ValueOf(uint8(0xff)).Convert(t))
	case reflect.String:
		out = append(out, reflect.ValueOf("x").Convert(t))
	case reflect.Bool:
		out = append(out, reflect.ValueOf(true))
	}
	return out
}

// filledValue is a struct of t (or a struct pointer's) whose slice fields
// hold one zero element and whose pointer fields point at zero values: the
// nil entries inside options and lists. It is invalid for other types.
func filledValue(t reflect.Type) reflect.Value {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
		if t.Kind() != reflect.Struct {
			return reflect.Value{}
		}
		v := reflect.New(t)
		v.Elem().Set(filledValue(t))
		return v
	}
	if t.Kind() != reflect.Struct {
		return reflect.Value{}
	}
	v := reflect.New(t).Elem()
	for i := range t.NumField() {
		f := v.Field(i)
		if !f.CanSet() {
			continue
		}
		switch f.Kind() {
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		}
	}
	return v
}

// Damaged returns, for each valid encoding, copies cut short by one byte and
// to half its length, and copies with the first, a middle and the last byte
// changed: the truncated and mutated input a parser must refuse or handle.
func Damaged(valid ...[]byte) []any {
	var out []any
	for _, b := range valid {
		if len(b) == 0 {
			continue
		}
		out = append(out, slices.Clone(b[:len(b)-1]), slices.Clone(b[:len(b)/2]))
		for _, i := range []int{0, len(b) / 2, len(b) - 1} {
			m := slices.Clone(b)
			m[i] ^= 0x41
			out = append(out, m)
		}
	}
	return out
}

// describe prints an argument list briefly for the report.
func describe(in []reflect.Value, note string) string {
	parts := make([]string, 0, len(in)+1)
	if note != "" {
		parts = append(parts, note)
	}
	for _, v := range in {
		switch {
		case (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface || v.Kind() == reflect.Slice || v.Kind() == reflect.Map || v.Kind() == reflect.Func) && v.IsNil():
			parts = append(parts, "nil")
		case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8:
			parts = append(parts, fmt.Sprintf("[%d]byte", v.Len()))
		case v.Kind() == reflect.Pointer:
			parts = append(parts, "&"+v.Type().Elem().String()+"{…}")
		case v.Kind() == reflect.Slice:
			parts = append(parts, fmt.Sprintf("%v len %d", v.Type(), v.Len()))
		default:
			parts = append(parts, fmt.Sprintf("%v", v.Interface()))
		}
	}
	return strings.Join(parts, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
