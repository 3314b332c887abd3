package testgames

import (
	"errors"
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ErrorRow is one error of a package's list of errors (see CheckErrors),
// and a call that provokes it.
type ErrorRow struct {
	// Name is the error as the list names it: "ErrNoGame", "*MoveError",
	// "Problems", "rules.ErrNoGame".
	Name string
	// Provoke makes a call of the package that fails with the error.
	Provoke func(t *testing.T) error
	// Match says whether an error is the one named: Is or As.
	Match func(error) bool
	// Words, when set, is the error's whole text: a row may hold the
	// words of an error to the letter, as front ends show them.
	Words string
}

// Is matches what errors.Is(err, target) matches.
func Is(target error) func(error) bool {
	return func(err error) bool { return errors.Is(err, target) }
}

// As matches what errors.As finds a T in.
func As[T error]() func(error) bool {
	return func(err error) bool {
		var e T
		return errors.As(err, &e)
	}
}

// CheckErrors holds a library package to its list of errors: the section
// "Errors" of its package comment, which names each error a caller can
// tell apart with errors.Is or errors.As, one list item each, its name
// first ("ErrNoGame: ...", "*ParseError: ...", "rules.ErrNoGame: ..." for
// another package's; docs/design.md, "Conventions of the library").
//
// It fails t unless the package in dir lists every exported variable
// named Err... and every exported type with an Error method that it
// declares; unless rows name exactly the errors of the list; and unless
// each row's call fails with an error its Match matches.
func CheckErrors(t *testing.T, dir string, rows []ErrorRow) {
	t.Helper()
	_, pkg := PackageDoc(t, dir, filepath.Base(dir))
	listed, ok := ListedErrors(pkg.Doc)
	if !ok {
		t.Fatalf("package %s: its package comment has no section \"# Errors\"", pkg.Name)
	}
	for _, name := range declaredErrors(pkg) {
		if !slices.Contains(listed, name) {
			t.Errorf("package %s declares %s, which the section \"Errors\" of its package comment does not list", pkg.Name, name)
		}
	}
	var named []string
	for _, r := range rows {
		named = append(named, r.Name)
		if !slices.Contains(listed, r.Name) {
			t.Errorf("package %s: the row %s names no error of the section \"Errors\"", pkg.Name, r.Name)
		}
	}
	for _, name := range listed {
		if !slices.Contains(named, name) {
			t.Errorf("package %s lists %s in its section \"Errors\", and no row provokes it", pkg.Name, name)
		}
	}
	for _, r := range rows {
		t.Run(strings.TrimPrefix(r.Name, "*"), func(t *testing.T) {
			err := r.Provoke(t)
			if !r.Match(err) {
				t.Errorf("the call that should fail with %s: %v (%T)", r.Name, err, err)
			}
			if r.Words != "" && (err == nil || err.Error() != r.Words) {
				t.Errorf("%s: %q, want %q", r.Name, err, r.Words)
			}
		})
	}
}

// PackageDoc reads the package in dir, tests aside, with go/doc, as the
// package of import path path; the file set holds its positions.
func PackageDoc(t testing.TB, dir, path string) (*token.FileSet, *doc.Package) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	pkg, err := doc.NewFromFiles(fset, files, path)
	if err != nil {
		t.Fatal(err)
	}
	return fset, pkg
}

// ListedErrors returns the names of the errors listed in the section
// "Errors" of a package comment (each list item's text up to its first
// colon), and false when it has no such section.
func ListedErrors(packageDoc string) ([]string, bool) {
	var p comment.Parser
	found := false
	var names []string
	for _, b := range p.Parse(packageDoc).Content {
		switch b := b.(type) {
		case *comment.Heading:
			if found {
				return names, true
			}
			found = plain(b.Text) == "Errors"
		case *comment.List:
			if !found {
				continue
			}
			for _, it := range b.Items {
				if len(it.Content) == 0 {
					continue
				}
				if para, ok := it.Content[0].(*comment.Paragraph); ok {
					name, _, _ := strings.Cut(plain(para.Text), ":")
					names = append(names, strings.TrimSpace(name))
				}
			}
		}
	}
	return names, found
}

// plain is the text of a doc comment's span, its links as their words.
func plain(text []comment.Text) string {
	var b strings.Builder
	for _, x := range text {
		switch x := x.(type) {
		case comment.Plain:
			b.WriteString(string(x))
		case comment.Italic:
			b.WriteString(string(x))
		case *comment.Link:
			b.WriteString(plain(x.Text))
		case *comment.DocLink:
			b.WriteString(plain(x.Text))
		}
	}
	return b.String()
}

// declaredErrors returns the errors a package declares: its exported variables
// named Err..., and its exported types with an Error() string method,
// as "*T" when the method's receiver is a pointer.
func declaredErrors(pkg *doc.Package) []string {
	var names []string
	vars := func(vs []*doc.Value) {
		for _, v := range vs {
			for _, n := range v.Names {
				if strings.HasPrefix(n, "Err") && ast.IsExported(n) {
					names = append(names, n)
				}
			}
		}
	}
	vars(pkg.Vars)
	for _, ty := range pkg.Types {
		vars(ty.Vars)
		for _, m := range ty.Methods {
			if m.Name == "Error" && isErrorMethod(m.Decl.Type) {
				names = append(names, m.Recv)
			}
		}
	}
	return names
}

// isErrorMethod reports whether a method's type is that of error's Error:
// no parameters, one string result.
func isErrorMethod(ft *ast.FuncType) bool {
	if ft.Params.NumFields() != 0 || ft.Results.NumFields() != 1 {
		return false
	}
	id, ok := ft.Results.List[0].Type.(*ast.Ident)
	return ok && id.Name == "string"
}
