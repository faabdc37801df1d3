package dispatch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestAMD64LevelsPairUp reads the generated amd64 hooks of every engine and
// checks, in each switch on cpu.Active(), that the AVX512 case runs the AVX2
// case's kernel under its AVX512 name (or the AVX2 kernel itself, where an
// engine shares it). AVX-512 kernels cannot run on every development machine;
// this is the check that their dispatch is wired like the AVX2 one, which the
// level tests do run.
func TestAMD64LevelsPairUp(t *testing.T) {
	files, err := filepath.Glob("../../../*/kernels_amd64.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no generated kernels_amd64.go found under internal/accel")
	}
	pairs := 0
	for _, name := range files {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sw, ok := n.(*ast.SwitchStmt)
			if !ok || !isActiveCall(sw.Tag) {
				return true
			}
			callee := map[string]string{}
			for _, st := range sw.Body.List {
				cc := st.(*ast.CaseClause)
				for _, e := range cc.List {
					sel, ok := e.(*ast.SelectorExpr)
					if !ok {
						continue
					}
					callee[sel.Sel.Name] = firstCall(cc.Body)
				}
			}
			a512, a2 := callee["AVX512"], callee["AVX2"]
			if a512 == "" || a2 == "" {
				return true
			}
			pairs++
			if a512 != a2 && a512 != strings.Replace(a2, "AVX2", "AVX512", 1) {
				t.Errorf("%s: AVX512 runs %s where AVX2 runs %s", name, a512, a2)
			}
			return true
		})
	}
	t.Logf("%d AVX512/AVX2 case pairs in %d files", pairs, len(files))
	if pairs == 0 {
		t.Fatal("no AVX512/AVX2 case pairs found")
	}
}

func isActiveCall(e ast.Expr) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Active"
}

// firstCall names the first function a case body calls.
func firstCall(body []ast.Stmt) string {
	var name string
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && name == "" {
				if id, ok := c.Fun.(*ast.Ident); ok {
					name = id.Name
				}
			}
			return name == ""
		})
		if name != "" {
			break
		}
	}
	return name
}
