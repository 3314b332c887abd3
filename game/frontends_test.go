package game

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// frontEnds are the packages that only carry game's operations: they
// parse a request, call game, and render the answer.
var frontEnds = []string{"../cmd/patience", "../web/play"}

// libraryCalls are the packages whose functions are the operations' work:
// a front end calls game instead. (Their types a front end may name.)
var libraryCalls = map[string]bool{
	"github.com/patience-solver/patience/solver/sample": true,
	"github.com/patience-solver/patience/solver/player": true,
}

// allowedCalls are the functions of those packages that are no
// operation: reading a flag's value.
var allowedCalls = map[string]bool{"player.ParseKind": true}

// TestFrontEndsOnlyRender: no file of a front end (tests aside) calls a
// function of solver/sample or solver/player: the hint, the rating, the
// review, the play and the draw of arrangements are game's, once.
func TestFrontEndsOnlyRender(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	for _, dir := range frontEnds {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files++
			local := map[string]bool{} // the names the file imports those packages by
			for _, im := range f.Imports {
				path, _ := strconv.Unquote(im.Path.Value)
				if !libraryCalls[path] {
					continue
				}
				n := filepath.Base(path)
				if im.Name != nil {
					n = im.Name.Name
				}
				local[n] = true
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				pkg, ok := sel.X.(*ast.Ident)
				if ok && local[pkg.Name] && !allowedCalls[pkg.Name+"."+sel.Sel.Name] {
					t.Errorf("%s: calls %s.%s: call game instead", fset.Position(call.Pos()), pkg.Name, sel.Sel.Name)
				}
				return true
			})
		}
	}
	if files < 20 {
		t.Fatalf("only %d files of the front ends read", files)
	}
}
