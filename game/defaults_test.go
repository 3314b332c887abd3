package game

import (
	"errors"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// defaultFlags are the command line's flags whose defaults are game's:
// each must be registered with a constant of game.
var defaultFlags = map[string]bool{"samples": true, "judge-samples": true, "seed": true, "max-nodes": true}

// ownSeed are the files whose --seed is not a draw's: deal --random's
// seed repeats a pick, and 0 means a new pick each time.
var ownSeed = map[string]bool{"deal.go": true}

// defaultFields are the settings a front end could set from a number of
// its own.
var defaultFields = map[string]bool{"Samples": true, "JudgeSamples": true, "Seed": true, "MaxNodes": true, "MemoryMB": true}

// TestDefaultsFromGame: every flag of a default (--samples,
// --judge-samples, --seed, --max-nodes) takes it from a constant of game,
// and neither front end sets a sample count, seed or budget from a number
// of its own; the page's HTML selects game's defaults (which the worker
// gives once it has loaded), so that they are right before it has.
func TestDefaultsFromGame(t *testing.T) {
	fset := token.NewFileSet()
	flags := 0
	for _, sf := range sources(t, fset, 20, frontEnds...) {
		name, f := sf.name, sf.f
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if flag, value, ok := flagDefault(n); ok && defaultFlags[flag] && !(flag == "seed" && ownSeed[filepath.Base(name)]) {
					flags++
					if sel, ok := value.(*ast.SelectorExpr); !ok || !isIdent(sel.X, "game") {
						t.Errorf("%s: --%s's default is not a constant of game", fset.Position(n.Pos()), flag)
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && defaultFields[k.Name] && isNumber(n.Value) {
					t.Errorf("%s: %s set from a number of its own", fset.Position(n.Pos()), k.Name)
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && defaultFields[sel.Sel.Name] && i < len(n.Rhs) && isNumber(n.Rhs[i]) {
						t.Errorf("%s: %s set from a number of its own", fset.Position(n.Pos()), sel.Sel.Name)
					}
				}
			}
			return true
		})
	}
	if flags < 8 {
		t.Errorf("only %d flags of defaults found", flags)
	}
	html, err := os.ReadFile("../web/static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id   string
		want int64
	}{
		{"samples", HintSamples},
		{"budget", MaxNodes},
	} {
		sel := regexp.MustCompile(`(?s)<select id="` + c.id + `".*?</select>`).Find(html)
		if sel == nil {
			t.Fatalf("no select %s in index.html", c.id)
		}
		chosen := regexp.MustCompile(`<option value="(\d+)" selected>`).FindAllSubmatch(sel, -1)
		if len(chosen) != 1 || string(chosen[0][1]) != strconv.FormatInt(c.want, 10) {
			t.Errorf("index.html selects %q for %s, want %d, game's default", chosen, c.id, c.want)
		}
	}
}

// flagDefault reads a flag's registration, intFlag(fs, &v, "name", "",
// value, usage), int64Flag, uint64Flag, or FlagSet.IntVar and the like:
// its name and its default.
func flagDefault(call *ast.CallExpr) (string, ast.Expr, bool) {
	var name string
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		name = fn.Name
	case *ast.SelectorExpr:
		name = fn.Sel.Name
	default:
		return "", nil, false
	}
	valueAt := map[string]int{"intFlag": 4, "int64Flag": 3, "uint64Flag": 3, "IntVar": 2, "Int64Var": 2, "Uint64Var": 2, "IntVarP": 3}[name]
	if valueAt == 0 || len(call.Args) <= valueAt {
		return "", nil, false
	}
	nameAt := 2
	if strings.HasSuffix(name, "Var") || name == "IntVarP" {
		nameAt = 1
	}
	lit, ok := call.Args[nameAt].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", nil, false
	}
	flag, _ := strconv.Unquote(lit.Value)
	return flag, call.Args[valueAt], true
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// isNumber reports whether e is a number written out (not 0, which is
// "the default" in every Config).
func isNumber(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && (lit.Kind == token.INT || lit.Kind == token.FLOAT) && lit.Value != "0"
}

// TestCheckSamples: a count of arrangements below 1 or above MaxSamples is
// refused with a *SamplesError that names it; 1 and MaxSamples are taken.
func TestCheckSamples(t *testing.T) {
	for _, n := range []int{0, -1, MaxSamples + 1} {
		var se *SamplesError
		if err := CheckSamples(n); !errors.As(err, &se) || se.N != n {
			t.Errorf("CheckSamples(%d): %v", n, err)
		}
	}
	for _, n := range []int{1, HintSamples, MaxSamples} {
		if err := CheckSamples(n); err != nil {
			t.Errorf("CheckSamples(%d): %v", n, err)
		}
	}
}
