package docs

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// linkChecked are the packages whose doc comments TestDocLinks checks,
// relative to the module.
var linkChecked = []string{"rules", "dealgen", "solver", "stat", "sample", "player", "catalogue", "catbuild", "batch", "game", "internal/wording", "internal/outfile"}

// mention is a plain mention of a checked package's name in prose, as
// "sample.Hint" or "solver.Config.MaxNodes": the package, the name, and
// the method or field, with its dot, if any.
var mention = regexp.MustCompile(`\b(rules|dealgen|solver|stat|sample|player|catalogue|catbuild|batch|game|wording|outfile)\.([A-Z]\w*)(\.\w+)?`)

// bracketed is a doc link the parser left as text, as "[Nowhere]" or
// "[sample.Nowhere]": a name in brackets that does not resolve.
var bracketed = regexp.MustCompile(`\[\*?((?:[a-z]\w*\.)?[A-Z]\w*(?:\.\w+)?)\]`)

// fileExt are the endings that make a mention a file's name (as
// "catalogue.Difficulty.sh" would be), not a symbol.
var fileExt = map[string]bool{"go": true, "md": true, "json": true, "csv": true, "txt": true, "sh": true, "wasm": true, "html": true, "js": true, "gz": true, "png": true}

// symbols answers which names a package declares, as its doc links
// resolve them: exported constants, variables, functions and types, and
// the methods and fields of its types ("Type.Method", "Type.Field").
type symbols struct {
	name     string         // the package's name
	path     string         // its import path
	exported *doc.Package   // the package as go/doc reads it: exported names only
	files    []*ast.File    // its files, comments kept, for their doc comments
	fset     *token.FileSet // the positions of files
	// lookup reports whether recv.name (or name, with recv "") is one
	// of the package's exported names: exported.Parser().LookupSym.
	lookup func(recv, name string) bool
	// members are the fields and methods of each type of the package,
	// exported or not, and embeds the types each struct type embeds,
	// whose members it promotes.
	members map[string]map[string]bool
	embeds  map[string][]typeRef
}

// typeRef names a type: its package's import path and its name.
type typeRef struct{ path, name string }

// readMembers records in s the fields and methods of s's types, and the
// types their structs embed.
func (s *symbols) readMembers() {
	s.members, s.embeds = map[string]map[string]bool{}, map[string][]typeRef{}
	add := func(typ, member string) {
		if s.members[typ] == nil {
			s.members[typ] = map[string]bool{}
		}
		s.members[typ][member] = true
	}
	for _, f := range s.files {
		imports := map[string]string{} // by the name the file uses
		for _, im := range f.Imports {
			path := strings.Trim(im.Path.Value, `"`)
			name := path[strings.LastIndex(path, "/")+1:]
			if im.Name != nil {
				name = im.Name.Name
			}
			imports[name] = path
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Recv != nil && len(decl.Recv.List) == 1 {
					if ref, ok := typeOf(decl.Recv.List[0].Type, s.path, imports); ok {
						add(ref.name, decl.Name.Name)
					}
				}
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					ts, ok := spec.(*ast.TypeSpec)
					if !ok {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					for _, fl := range st.Fields.List {
						for _, n := range fl.Names {
							add(ts.Name.Name, n.Name)
						}
						if ref, ok := typeOf(fl.Type, s.path, imports); ok && len(fl.Names) == 0 {
							add(ts.Name.Name, ref.name)
							s.embeds[ts.Name.Name] = append(s.embeds[ts.Name.Name], ref)
						}
					}
				}
			}
		}
	}
}

// typeOf names the type expression e (T, *T, pkg.T, T[P]) of a file of
// the package of import path self whose imports are imports.
func typeOf(e ast.Expr, self string, imports map[string]string) (typeRef, bool) {
	switch t := e.(type) {
	case *ast.StarExpr:
		return typeOf(t.X, self, imports)
	case *ast.IndexExpr:
		return typeOf(t.X, self, imports)
	case *ast.IndexListExpr:
		return typeOf(t.X, self, imports)
	case *ast.Ident:
		return typeRef{self, t.Name}, true
	case *ast.SelectorExpr:
		if x, ok := t.X.(*ast.Ident); ok && imports[x.Name] != "" {
			return typeRef{imports[x.Name], t.Sel.Name}, true
		}
	}
	return typeRef{}, false
}

// readPackage reads the non-test Go files of dir (every platform's) as
// one package of import path path.
func readPackage(t *testing.T, dir string, paths []string, path string) *symbols {
	t.Helper()
	parse := func(fset *token.FileSet) []*ast.File {
		var files []*ast.File
		for _, p := range paths {
			f, err := parser.ParseFile(fset, filepath.Join(dir, p), nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		return files
	}
	// go/doc drops the unexported declarations from the files it reads:
	// the comments are checked in a second reading.
	dfset := token.NewFileSet()
	d, err := doc.NewFromFiles(dfset, parse(dfset), path)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	s := &symbols{name: d.Name, path: path, exported: d, files: parse(fset), fset: fset, lookup: d.Parser().LookupSym}
	s.readMembers()
	return s
}

// modulePackages reads every package of the module (testdata and
// hidden directories aside), keyed by import path.
func modulePackages(t *testing.T) map[string]*symbols {
	t.Helper()
	pkgs := map[string]*symbols{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if path != ".." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		ents, err := filepath.Glob(filepath.Join(path, "*.go"))
		if err != nil {
			return err
		}
		var names []string
		for _, e := range ents {
			if !strings.HasSuffix(e, "_test.go") {
				names = append(names, filepath.Base(e))
			}
		}
		if len(names) == 0 {
			return nil
		}
		rel, _ := filepath.Rel("..", path)
		ip := module
		if rel != "." {
			ip += "/" + filepath.ToSlash(rel)
		}
		pkgs[ip] = readPackage(t, path, names, ip)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// stdPackage reads a package of the standard library, or returns nil when
// go/build cannot find it.
func stdPackage(t *testing.T, path string) *symbols {
	t.Helper()
	bp, err := build.Default.Import(path, "", 0)
	if err != nil || !bp.Goroot {
		return nil
	}
	return readPackage(t, bp.Dir, bp.GoFiles, path)
}

// docComments returns the doc comments of f: the package's, and those of
// its declarations, their specs and their fields (function bodies aside).
func docComments(f *ast.File) []*ast.CommentGroup {
	var out []*ast.CommentGroup
	add := func(cgs ...*ast.CommentGroup) {
		for _, cg := range cgs {
			if cg != nil {
				out = append(out, cg)
			}
		}
	}
	add(f.Doc)
	for _, decl := range f.Decls {
		ast.Inspect(decl, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BlockStmt:
				return false
			case *ast.GenDecl:
				add(n.Doc)
			case *ast.FuncDecl:
				add(n.Doc)
			case *ast.TypeSpec:
				add(n.Doc, n.Comment)
			case *ast.ValueSpec:
				add(n.Doc, n.Comment)
			case *ast.Field:
				add(n.Doc, n.Comment)
			}
			return true
		})
	}
	return out
}

// linkChecker resolves the names the doc comments of the module's
// packages mention.
type linkChecker struct {
	t      *testing.T
	pkgs   map[string]*symbols // the module's packages, by import path
	byName map[string]string   // the checked packages' import paths, by name
	std    map[string]*symbols // standard packages read so far (nil: not found)
}

func newLinkChecker(t *testing.T, pkgs map[string]*symbols) *linkChecker {
	lc := &linkChecker{t: t, pkgs: pkgs, byName: map[string]string{}, std: map[string]*symbols{}}
	for _, rel := range linkChecked {
		s := pkgs[module+"/"+rel]
		if s == nil {
			t.Fatalf("no package %s in the module", rel)
		}
		lc.byName[s.name] = s.path
	}
	return lc
}

// pkg returns the package of import path path, or nil when it is neither
// the module's nor the standard library's.
func (lc *linkChecker) pkg(path string) *symbols {
	if s, ok := lc.pkgs[path]; ok {
		return s
	}
	s, ok := lc.std[path]
	if !ok {
		s = stdPackage(lc.t, path)
		lc.std[path] = s
	}
	return s
}

// resolves reports whether recv.name (or name) is declared by the package
// of import path path; a package neither of the module nor of the
// standard library is taken on trust.
func (lc *linkChecker) resolves(path, recv, name string) bool {
	s := lc.pkg(path)
	if s == nil {
		return !strings.HasPrefix(path, module) && !isStd(path)
	}
	return s.lookup(recv, name)
}

// promotes reports whether the exported type path.recv has the exported
// member name through the types it embeds (as player.Config has Samples,
// a field of its Sampling): Go selects it so, though doc links do not
// resolve it.
func (lc *linkChecker) promotes(path, recv, name string) bool {
	if !ast.IsExported(recv) || !ast.IsExported(name) {
		return false
	}
	var has func(ref typeRef, depth int) bool
	has = func(ref typeRef, depth int) bool {
		s := lc.pkg(ref.path)
		if s == nil || depth > 5 {
			return false
		}
		if depth > 0 && s.members[ref.name][name] {
			return true
		}
		for _, e := range s.embeds[ref.name] {
			if has(e, depth+1) {
				return true
			}
		}
		return false
	}
	return has(typeRef{path, recv}, 0)
}

// isStd reports whether path is an import path of the standard library:
// its first element has no dot.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// check returns the names that the doc comments of s mention and that
// name nothing, as "file:line: name".
func (lc *linkChecker) check(s *symbols) []string {
	p := s.exported.Parser()
	lookupPkg := p.LookupPackage
	p.LookupPackage = func(name string) (string, bool) {
		if path, ok := lc.byName[name]; ok {
			return path, true
		}
		return lookupPkg(name)
	}
	var bad []string
	seen := map[string]bool{}
	for _, f := range s.files {
		for _, cg := range docComments(f) {
			report := func(needle, what string) {
				line := s.fset.Position(cg.Pos()).Line
				for _, c := range cg.List {
					if strings.Contains(c.Text, needle) {
						line = s.fset.Position(c.Pos()).Line
						break
					}
				}
				name := s.fset.Position(cg.Pos()).Filename
				if rel, err := filepath.Rel("..", name); err == nil {
					name = rel
				}
				msg := fmt.Sprintf("%s:%d: %s", filepath.ToSlash(name), line, what)
				if !seen[msg] {
					seen[msg] = true
					bad = append(bad, msg)
				}
			}
			lc.checkDoc(s, p.Parse(cg.Text()), report)
		}
	}
	return bad
}

// checkDoc checks d, a doc comment of s as parsed, and hands report what
// in it names nothing.
func (lc *linkChecker) checkDoc(s *symbols, d *comment.Doc, report func(needle, what string)) {
	var texts func(ts []comment.Text)
	texts = func(ts []comment.Text) {
		for _, t := range ts {
			switch t := t.(type) {
			case comment.Plain:
				lc.checkText(string(t), false, report)
			case comment.Italic:
				lc.checkText(string(t), false, report)
			case *comment.Link:
				texts(t.Text)
			case *comment.DocLink:
				path := t.ImportPath
				if path == "" {
					path = s.path
				}
				if !lc.resolves(path, t.Recv, t.Name) {
					name := t.Name
					if t.Recv != "" {
						name = t.Recv + "." + name
					}
					report(name+"]", fmt.Sprintf("doc link [%s] names nothing in %s", strings.TrimPrefix(strings.TrimPrefix(path, module), "/")+"."+name, path))
				}
			}
		}
	}
	for _, b := range d.Content {
		switch b := b.(type) {
		case *comment.Paragraph:
			texts(b.Text)
		case *comment.Heading:
			texts(b.Text)
		case *comment.List:
			for _, it := range b.Items {
				for _, c := range it.Content {
					if p, ok := c.(*comment.Paragraph); ok {
						texts(p.Text)
					}
				}
			}
		case *comment.Code:
			lc.checkText(b.Text, true, report)
		}
	}
}

// checkText checks the plain mentions of the checked packages' names in
// text, and, outside code, the names in brackets the parser did not make
// links of.
func (lc *linkChecker) checkText(text string, code bool, report func(needle, what string)) {
	for _, m := range mention.FindAllStringSubmatch(text, -1) {
		pkg, name, member := m[1], m[2], strings.TrimPrefix(m[3], ".")
		if fileExt[member] {
			continue
		}
		path := lc.byName[pkg]
		switch {
		case member == "" && lc.resolves(path, "", name):
		case member != "" && (lc.resolves(path, name, member) || lc.promotes(path, name, member)):
		default:
			report(m[0], fmt.Sprintf("%q names nothing", m[0]))
		}
	}
	if code {
		return
	}
	for _, m := range bracketed.FindAllStringSubmatch(text, -1) {
		report(m[0], fmt.Sprintf("%s is not a doc link: it names nothing", m[0]))
	}
}

// TestDocLinks: every doc link ([Name], [pkg.Name], [pkg.Type.Method]) in
// the doc comments of the library packages, and every plain mention of a
// library package's name ("sample.Estimate", "solver.Config.MaxNodes"),
// names an exported constant, variable, function or type of that package,
// or a method or field of one of its types (for a plain mention, one
// promoted from a type it embeds, too). The links are resolved as
// go/doc/comment's parser resolves them; a name in brackets that it
// leaves as text names nothing.
func TestDocLinks(t *testing.T) {
	pkgs := modulePackages(t)
	lc := newLinkChecker(t, pkgs)
	var bad []string
	for _, rel := range linkChecked {
		bad = append(bad, lc.check(pkgs[module+"/"+rel])...)
	}
	slices.Sort(bad)
	for _, b := range bad {
		t.Error(b)
	}
}

// TestDocLinksCatches: the checker of TestDocLinks reports the names that
// name nothing, in links, in brackets, in prose and in code, and only
// those.
func TestDocLinksCatches(t *testing.T) {
	src := `// Package fake links [sample.Estimate], [*Here], [Here.Field],
// [Here.Do], [rules.Position.Hide] and [context.Context], and mentions
// sample.Estimate, solver.Config.MaxNodes, game.ErrNoPosition,
// player.Config.Samples, sample.RatedMove.Winnable; e.g.
// batch.go, catalogue.Difficulty.sh and [0] are no names. Wrong:
// [sample.Nowhere], [Nowhere], [Here.Nowhere], [context.Nowhere],
// sample.Hint, solver.Config.Nowhere, player.Config.Nowhere.
//
//	x := sample.Code()
package fake

// Here is a type.
type Here struct {
	// Field is a field; not rules.Nowhere.
	Field int
}

// Do does nothing.
func (Here) Do() {}
`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "fake.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pkgs := modulePackages(t)
	fake := readPackage(t, dir, []string{"fake.go"}, module+"/fake")
	pkgs[fake.path] = fake
	var got []string
	for _, b := range newLinkChecker(t, pkgs).check(fake) {
		_, what, _ := strings.Cut(b, ".go:")
		got = append(got, what)
	}
	slices.Sort(got)
	want := []string{
		`6: doc link [sample.Nowhere] names nothing in ` + module + `/sample`,
		`6: [Nowhere] is not a doc link: it names nothing`,
		`6: [Here.Nowhere] is not a doc link: it names nothing`,
		`6: doc link [context.Nowhere] names nothing in context`,
		`7: "sample.Hint" names nothing`,
		`7: "solver.Config.Nowhere" names nothing`,
		`7: "player.Config.Nowhere" names nothing`,
		`9: "sample.Code" names nothing`,
		`14: "rules.Nowhere" names nothing`,
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the checker reported\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}
