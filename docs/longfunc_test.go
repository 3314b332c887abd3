package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxLines is the longest function body, in lines between its braces,
// that needs no reason.
const maxLines = 80

// longMarker starts the measured reason a longer function gives in its
// doc comment, with the figure, as solver/rc_auto.go's autoKey does.
const longMarker = "Long on purpose:"

// TestNoLongFunctions: no function outside benchmarks/ and the tests has a
// body over maxLines lines unless its doc comment gives the reason, after
// longMarker.
func TestNoLongFunctions(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != ".." && (d.Name() == "benchmarks" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		files++
		rel, _ := filepath.Rel("..", path)
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			n := fset.Position(fd.Body.Rbrace).Line - fset.Position(fd.Body.Lbrace).Line - 1
			if n <= maxLines || strings.Contains(fd.Doc.Text(), longMarker) {
				continue
			}
			name := filepath.ToSlash(rel) + ":" + fd.Name.Name
			t.Errorf("%s is %d lines long (at most %d): split it, or give the measured reason in its doc comment after %q", name, n, maxLines, longMarker)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("only %d Go files read: is the test run from docs/?", files)
	}
}
