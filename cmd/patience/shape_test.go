package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// The most parameters and results a function of the command line takes
// and returns: more is a sign that the function does another layer's
// work, or wants a struct.
const (
	maxParams  = 6
	maxResults = 3
)

// TestCommandShape: no function of cmd/patience (tests aside) takes more
// than maxParams parameters or returns more than maxResults values, and
// every command's RunE is one call (flags parsed, one function run).
func TestCommandShape(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				checked++
				if p := fieldCount(n.Type.Params); p > maxParams {
					t.Errorf("%s: %s takes %d parameters (at most %d)", fset.Position(n.Pos()), n.Name.Name, p, maxParams)
				}
				if r := fieldCount(n.Type.Results); r > maxResults {
					t.Errorf("%s: %s returns %d values (at most %d)", fset.Position(n.Pos()), n.Name.Name, r, maxResults)
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "RunE" {
					if fl, ok := n.Value.(*ast.FuncLit); ok && len(fl.Body.List) > 1 {
						t.Errorf("%s: a RunE of %d statements: make it one call", fset.Position(n.Pos()), len(fl.Body.List))
					}
				}
			}
			return true
		})
	}
	if checked < 100 {
		t.Fatalf("only %d functions checked", checked)
	}
}

// fieldCount counts the names of a parameter or result list (a field
// with no name counts once).
func fieldCount(fl *ast.FieldList) int {
	if fl == nil {
		return 0
	}
	n := 0
	for _, f := range fl.List {
		n += max(1, len(f.Names))
	}
	return n
}
