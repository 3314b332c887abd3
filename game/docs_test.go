package game_test

import (
	"go/ast"
	"go/doc"
	"go/token"
	"strings"
	"testing"
)

// TestLibraryDocumented: every exported identifier of the libraries, and
// every exported field of their exported structs, has a doc comment (a
// field may share its comment with the fields on its line or be named in
// a comment just above); no exported package-level variable is a slice or
// a map, which any caller could change.
func TestLibraryDocumented(t *testing.T) {
	for _, ld := range libraryDocs(t) {
		fset, d := ld.fset, ld.pkg
		where := func(n ast.Node) string { return fset.Position(n.Pos()).String() }
		undocumented := func(name, text string, n ast.Node) {
			if strings.TrimSpace(text) == "" {
				t.Errorf("%s: %s.%s has no doc comment", where(n), d.Name, name)
			}
		}
		values := func(vs []*doc.Value) {
			for _, v := range vs {
				for _, spec := range v.Decl.Specs {
					vs := spec.(*ast.ValueSpec)
					for _, n := range vs.Names {
						if !n.IsExported() {
							continue
						}
						if v.Doc == "" && vs.Doc == nil && vs.Comment == nil {
							t.Errorf("%s: %s.%s has no doc comment", where(n), d.Name, n.Name)
						}
						if v.Decl.Tok == token.VAR {
							switch vs.Type.(type) {
							case *ast.ArrayType, *ast.MapType:
								t.Errorf("%s: %s.%s is an exported slice or map any caller can change: make it a function", where(n), d.Name, n.Name)
							}
							for _, val := range vs.Values {
								if cl, ok := val.(*ast.CompositeLit); ok {
									switch cl.Type.(type) {
									case *ast.ArrayType, *ast.MapType:
										t.Errorf("%s: %s.%s is an exported slice or map any caller can change: make it a function", where(n), d.Name, n.Name)
									}
								}
							}
						}
					}
				}
			}
		}
		values(d.Consts)
		values(d.Vars)
		for _, f := range d.Funcs {
			undocumented(f.Name, f.Doc, f.Decl)
		}
		for _, ty := range d.Types {
			undocumented(ty.Name, ty.Doc, ty.Decl)
			values(ty.Consts)
			values(ty.Vars)
			for _, f := range append(ty.Funcs, ty.Methods...) {
				undocumented(ty.Name+"."+f.Name, f.Doc, f.Decl)
			}
			for _, spec := range ty.Decl.Specs {
				ts := spec.(*ast.TypeSpec)
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for i, fl := range st.Fields.List {
					documented := fl.Doc != nil || fl.Comment != nil
					// A field in a group under one comment: the
					// comment above the first of its run.
					for j := i - 1; !documented && j >= 0; j-- {
						prev := st.Fields.List[j]
						if fset.Position(prev.End()).Line != fset.Position(st.Fields.List[j+1].Pos()).Line-1 {
							break
						}
						documented = prev.Doc != nil
					}
					for _, n := range fl.Names {
						if n.IsExported() && !documented {
							t.Errorf("%s: %s.%s.%s has no doc comment", where(n), d.Name, ts.Name.Name, n.Name)
						}
					}
					if len(fl.Names) == 0 && !documented { // embedded
						if id, ok := fl.Type.(*ast.Ident); ok && id.IsExported() && !documented {
							t.Errorf("%s: %s.%s embeds %s with no doc comment", where(fl), d.Name, ts.Name.Name, id.Name)
						}
					}
				}
			}
		}
	}
}
