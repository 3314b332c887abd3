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

// sourceFile is one file of a package, parsed, tests aside.
type sourceFile struct {
	name string
	f    *ast.File
}

// sources parses the files of the packages in dirs, tests aside, and
// fails t when there are fewer than least of them.
func sources(t *testing.T, fset *token.FileSet, least int, dirs ...string) []sourceFile {
	t.Helper()
	var out []sourceFile
	for _, dir := range dirs {
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
			out = append(out, sourceFile{name, f})
		}
	}
	if len(out) < least {
		t.Fatalf("only %d files of %v read", len(out), dirs)
	}
	return out
}

// libraryCalls are the packages whose functions are the operations' work:
// a front end calls game instead. (Their types a front end may name.)
var libraryCalls = map[string]bool{
	"github.com/patience-solver/patience/solver":   true,
	"github.com/patience-solver/patience/sample":   true,
	"github.com/patience-solver/patience/player":   true,
	"github.com/patience-solver/patience/batch":    true,
	"github.com/patience-solver/patience/catbuild": true,
}

// allowedCalls are the functions of those packages that a front end may
// call, each with its reason: no search of a position (a configuration,
// a player's name), or the work of many deals and of results files,
// which is batch's own operation (stats, merge) and catbuild's (the
// catalogue's reading of results files), and which the page never does.
var allowedCalls = map[string]string{
	"solver.DefaultConfig":     "a configuration to fill from the flags, not a search",
	"player.ParseKind":         "reading a player's name from a flag",
	"player.Kinds":             "the players' names, for completing --player",
	"player.Removed":           "telling a removed player's name, from a flag or a results file",
	"batch.Open":               "stats: a batch run, batch's operation",
	"batch.Merge":              "merge: checking and combining results files, batch's operation",
	"batch.SummarizeFiles":     "stats --summary: results files summed up, batch's operation",
	"batch.SummarizeFilesThen": "the results files' records, read by batch's reader (stats --summary --records)",
	"batch.ReadStdin":          "where batch's readers read standard input",
	"batch.NewReader":          "reading a results file's header (merge)",
	"batch.ParseDeals":         "reading a deal list from a flag",
	"batch.ReadDeals":          "reading a deal list from a file",
	"batch.ParseShard":         "reading a shard from a flag or the scheduler's environment",
	"catbuild.Build":           "catalogue build: a catalogue made of results files, catbuild's operation",
	"catbuild.ReadLabels":      "catalogue label: difficulty labels read from players' results files, catbuild's operation",
}

// gameCalls are functions of the other libraries whose words or checks
// are game's: a loss's cause (game.Why), and the readers of positions,
// solutions and moves, which game's readers wrap to tell its own
// documents (a play record, a hint, a review…) and read play records.
var gameCalls = map[string]bool{"solver.FindBlockage": true,
	"rules.ReadPosition": true, "rules.ReadPositionOf": true, "rules.ReadSolution": true, "rules.ReadMoveFile": true, "rules.ReadMoves": true}

// TestFrontEndsOnlyRender: no file of a front end (tests aside) calls a
// function of sample or player, nor one of gameCalls:
// the hint, the rating, the review, the play, the draw of arrangements and
// the cause of a loss are game's, once.
func TestFrontEndsOnlyRender(t *testing.T) {
	fset := token.NewFileSet()
	for _, sf := range sources(t, fset, 20, frontEnds...) {
		local := map[string]bool{} // the names the file imports those packages by
		for _, im := range sf.f.Imports {
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
		ast.Inspect(sf.f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, ok := sel.X.(*ast.Ident)
			name := ""
			if ok {
				name = pkg.Name + "." + sel.Sel.Name
			}
			if _, allowed := allowedCalls[name]; ok && (local[pkg.Name] && !allowed || gameCalls[name]) {
				t.Errorf("%s: calls %s.%s: call game instead", fset.Position(call.Pos()), pkg.Name, sel.Sel.Name)
			}
			return true
		})
	}
}

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
	fset := token.NewFileSet()
	for _, sf := range sources(t, fset, 20, "../cmd/patience") {
		ast.Inspect(sf.f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
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

// TestRulesStandsAlone: rules (tests aside) imports nothing of the module
// outside rules/ but internal/jsonkeys (which imports nothing of the
// module), and no type of it names a player, a sample count or a summary:
// those are the layers' above, game's among them.
func TestRulesStandsAlone(t *testing.T) {
	const module = "github.com/patience-solver/patience/"
	fset := token.NewFileSet()
	dirs := []string{"../rules"}
	internal, err := filepath.Glob("../rules/internal/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, sf := range sources(t, fset, 15, append(dirs, internal...)...) {
		for _, im := range sf.f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if strings.HasPrefix(path, module) && !strings.HasPrefix(path, module+"rules") && path != module+"internal/jsonkeys" {
				t.Errorf("%s imports %s", sf.name, path)
			}
		}
		ast.Inspect(sf.f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			ast.Inspect(ts, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					for _, w := range []string{"Play", "Player", "Sample", "Summary", "Share", "Outcome"} {
						if strings.Contains(id.Name, w) {
							t.Errorf("%s: type %s names %s (%s)", fset.Position(id.Pos()), ts.Name.Name, w, id.Name)
						}
					}
				}
				return true
			})
			return false
		})
	}
}
