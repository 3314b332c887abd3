package rules_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// optionFields are the fields that set the rules options (rules.Options)
// and the search's reductions (solver.Pruning): the settings a game could
// be tempted to force.
var optionFields = map[string]bool{
	"NoReturns":        true,
	"NoAutoFoundation": true, "PlayReturns": true, "NoSymmetry": true, "NoKingBottom": true,
	"NoSleepSets": true, "NoBlockedPair": true, "NoCellHome": true, "NoKingHome": true,
}

// allowedConstants are the places outside package rules allowed to set an
// option to a constant, by file, with the reason. They do not choose the
// rules of a game: they ask the rules a question of their own.
var allowedConstants = map[string]string{
	// FindBlockage asks whether any move but a foundation return is left:
	// a return never helps a lost position (docs/pruning.md), whatever the
	// rules of the game played.
	"solver/explain.go": "moves without returns, for any rules",
}

// optionPlace is one place in the source that sets an option field.
type optionPlace struct {
	pos    token.Position
	field  string
	forced string // why the place forces the option itself, or ""
}

// optionPlaces lists the places in file f that set an option field, by
// assignment or in a composite literal, and says which force it: a
// constant value, a value or an enclosing if or switch that looks at the
// game (RussianCell, RippleFan).
func optionPlaces(fset *token.FileSet, f *ast.File) []optionPlace {
	var places []optionPlace
	var stack []ast.Node
	mentionsGame := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && (id.Name == "RussianCell" || id.Name == "RippleFan") {
				found = true
			}
			return !found
		})
		return found
	}
	underGame := func() bool {
		for _, n := range stack {
			switch s := n.(type) {
			case *ast.IfStmt:
				if mentionsGame(s.Cond) {
					return true
				}
			case *ast.SwitchStmt:
				if s.Tag != nil && mentionsGame(s.Tag) {
					return true
				}
			case *ast.CaseClause:
				for _, e := range s.List {
					if mentionsGame(e) {
						return true
					}
				}
			}
		}
		return false
	}
	check := func(at ast.Node, field string, value ast.Expr) {
		p := optionPlace{pos: fset.Position(at.Pos()), field: field}
		switch {
		case mentionsGame(value):
			p.forced = "its value looks at the game"
		case underGame():
			p.forced = "it is set under a test of the game"
		case field == "NoReturns" && isConst(value):
			p.forced = "it is set to a constant"
		}
		places = append(places, p)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && optionFields[sel.Sel.Name] && i < len(x.Rhs) {
					check(x, sel.Sel.Name, x.Rhs[i])
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := x.Key.(*ast.Ident); ok && optionFields[id.Name] {
				check(x, id.Name, x.Value)
			}
		}
		return true
	})
	return places
}

func isConst(e ast.Expr) bool {
	switch v := e.(type) {
	case *ast.Ident:
		return v.Name == "true" || v.Name == "false"
	case *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return isConst(v.X)
	}
	return false
}

// TestNoForcedOptions lists every place outside tests that sets a rules
// option or a reduction, and fails if one forces it itself: which options
// a game takes is said once, by rules.Options.Returns and rules.NewVariant,
// and every other package passes on the options it was given (a user's
// flags, a file's header).
func TestNoForcedOptions(t *testing.T) {
	fset := token.NewFileSet()
	found := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || (strings.HasPrefix(n, ".") && n != "..") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(filepath.ToSlash(path), "../")
		inRules := filepath.Dir(rel) == "rules"
		for _, p := range optionPlaces(fset, f) {
			found++
			t.Logf("%s: sets %s", p.pos, p.field)
			if why, ok := allowedConstants[rel]; ok && p.forced == "it is set to a constant" {
				t.Logf("%s: allowed: %s", p.pos, why)
				continue
			}
			if p.forced != "" && !inRules {
				t.Errorf("%s: sets %s itself (%s): pass on the options given; the rules package says which a game takes", p.pos, p.field, p.forced)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("no place sets an option: the walk found nothing")
	}
}

// TestOptionPlacesFindsForcing: the checker flags the ways a package used
// to force an option for a game, and passes a flag's value.
func TestOptionPlacesFindsForcing(t *testing.T) {
	src := `package x
func f(g Game, cfg Config, noReturns bool) {
	cfg.Options.NoReturns = noReturns
	if g == rules.RippleFan {
		cfg.Options.NoReturns = noReturns
	}
	cfg.Options.NoReturns = g == rules.RippleFan
	o := rules.Options{NoReturns: true}
	switch g {
	case rules.RussianCell:
		cfg.Pruning.NoSymmetry = noReturns
	}
	_ = o
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var forced []bool
	for _, p := range optionPlaces(fset, f) {
		forced = append(forced, p.forced != "")
	}
	want := []bool{false, true, true, true, true}
	if len(forced) != len(want) {
		t.Fatalf("found %d places, want %d", len(forced), len(want))
	}
	for i := range want {
		if forced[i] != want[i] {
			t.Errorf("place %d: forced %v, want %v", i+1, forced[i], want[i])
		}
	}
}
