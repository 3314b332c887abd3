package docs

import (
	"go/ast"
	"go/doc"
	"strings"
	"testing"
)

// surfaced are the library packages whose exported surface
// TestExportedSurface counts.
var surfaced = []string{"rules", "dealgen", "solver", "stat", "sample", "player", "catalogue", "catbuild", "batch", "game"}

// surface is the exported surface of a package, as go/doc gives it: its
// exported names, each counted once, by kind, and the exported fields of
// its exported struct types.
type surface struct {
	consts, vars, funcs, types, methods int
	fields                              int
}

// names is the count of exported names: constants, variables, functions
// (constructors among them), types and methods.
func (s surface) names() int { return s.consts + s.vars + s.funcs + s.types + s.methods }

// surfaceOf counts d's exported surface. A method is counted once for its
// type ("Type.Method"), promoted methods of embedded unexported types
// among them, as go/doc lists them; a field is a named or embedded
// exported field of an exported struct type, fields of fields' own
// struct types left out.
func surfaceOf(d *doc.Package) surface {
	var s surface
	seen := map[string]bool{}
	count := func(n *int, name string) {
		if ast.IsExported(strings.TrimPrefix(name[strings.LastIndex(name, ".")+1:], "*")) && !seen[name] {
			seen[name] = true
			*n++
		}
	}
	values := func(n *int, vs []*doc.Value) {
		for _, v := range vs {
			for _, name := range v.Names {
				count(n, name)
			}
		}
	}
	values(&s.consts, d.Consts)
	values(&s.vars, d.Vars)
	for _, f := range d.Funcs {
		count(&s.funcs, f.Name)
	}
	for _, ty := range d.Types {
		count(&s.types, ty.Name)
		values(&s.consts, ty.Consts)
		values(&s.vars, ty.Vars)
		for _, f := range ty.Funcs {
			count(&s.funcs, f.Name)
		}
		for _, m := range ty.Methods {
			count(&s.methods, ty.Name+"."+m.Name)
		}
		for _, spec := range ty.Decl.Specs {
			st, ok := spec.(*ast.TypeSpec).Type.(*ast.StructType)
			if !ok {
				continue
			}
			for _, fl := range st.Fields.List {
				names := fl.Names
				if len(names) == 0 { // embedded: named after its type
					t := fl.Type
					if star, ok := t.(*ast.StarExpr); ok {
						t = star.X
					}
					switch t := t.(type) {
					case *ast.Ident:
						names = []*ast.Ident{t}
					case *ast.SelectorExpr:
						names = []*ast.Ident{t.Sel}
					}
				}
				for _, n := range names {
					count(&s.fields, ty.Name+"."+n.Name)
				}
			}
		}
	}
	return s
}

// TestExportedSurface logs the exported surface of each library package
// (go test -v -run TestExportedSurface ./docs): how many names it exports
// and how many exported struct fields; it fails only when a package is
// missing. The figures are for moving under internal/ what only the
// command line or the page uses.
func TestExportedSurface(t *testing.T) {
	pkgs := modulePackages(t)
	var total surface
	t.Logf("%-10s %6s %6s %6s %6s %6s %6s %7s", "package", "names", "const", "var", "func", "type", "method", "fields")
	for _, rel := range surfaced {
		pkg := pkgs[module+"/"+rel]
		if pkg == nil {
			t.Fatalf("no package %s in the module", rel)
		}
		s := surfaceOf(pkg.exported)
		t.Logf("%-10s %6d %6d %6d %6d %6d %6d %7d", rel, s.names(), s.consts, s.vars, s.funcs, s.types, s.methods, s.fields)
		total.consts += s.consts
		total.vars += s.vars
		total.funcs += s.funcs
		total.types += s.types
		total.methods += s.methods
		total.fields += s.fields
	}
	t.Logf("%-10s %6d %6d %6d %6d %6d %6d %7d", "total", total.names(), total.consts, total.vars, total.funcs, total.types, total.methods, total.fields)
}
