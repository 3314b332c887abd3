package game_test

import (
	"context"
	"errors"
	"go/ast"
	"go/doc"
	"go/token"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// libraries are the packages whose exported functions follow the
// library's conventions (docs/design.md, "Conventions").
var libraries = []string{"rules", "dealgen", "solver", "sample", "player", "batch", "stat", "catalogue", "catbuild", "game"}

// libraryDoc is one library package as go/doc reads it (tests aside),
// with the file set its positions are in.
type libraryDoc struct {
	fset *token.FileSet
	pkg  *doc.Package
}

// libraryDocs reads the library packages with go/doc.
func libraryDocs(t *testing.T) []libraryDoc {
	t.Helper()
	var out []libraryDoc
	for _, dir := range libraries {
		fset, d := testgames.PackageDoc(t, filepath.Join("..", dir), "github.com/patience-solver/patience/"+dir)
		out = append(out, libraryDoc{fset, d})
	}
	return out
}

// contextFuncs lists, by go/doc, the exported functions and methods of the
// libraries that take a context, as "package.Func" or
// "package.Type.Method".
func contextFuncs(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, ld := range libraryDocs(t) {
		d := ld.pkg
		takesContext := func(f *doc.Func) bool {
			for _, p := range f.Decl.Type.Params.List {
				if sel, ok := p.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Context" {
					return true
				}
			}
			return false
		}
		for _, f := range d.Funcs {
			if takesContext(f) {
				names = append(names, d.Name+"."+f.Name)
			}
		}
		for _, ty := range d.Types {
			for _, f := range append(ty.Funcs, ty.Methods...) {
				if takesContext(f) {
					if f.Recv != "" {
						names = append(names, d.Name+"."+ty.Name+"."+f.Name)
					} else {
						names = append(names, d.Name+"."+f.Name)
					}
				}
			}
		}
	}
	return names
}

// TestCancellation: every exported function of the libraries that takes a
// context, given one that is cancelled, returns an error that
// errors.Is(err, context.Canceled) recognises, and given one whose deadline
// has passed, context.DeadlineExceeded; and its result so far, never
// nil. The table must name every such function: one added without a row
// fails the test.
func TestCancellation(t *testing.T) {
	start, lost := testgames.Lost617(t)
	hidden := start.Hide()
	rf := testgames.Deal(rules.RippleFan, 5)
	scfg := solver.Config{Workers: 1}
	sampling := player.Sampling{Solver: scfg, Samples: 4}
	judging := player.Judging{Samples: 4}
	calls := map[string]func(ctx context.Context) (any, error){
		"solver.Solve": func(ctx context.Context) (any, error) { return solver.Solve(ctx, start, scfg) },
		"solver.Solver.Solve": func(ctx context.Context) (any, error) {
			return solver.New(rules.RussianCell, scfg).Solve(ctx, start)
		},
		"solver.Solver.SolveTrusted": func(ctx context.Context) (any, error) {
			return solver.New(rules.RippleFan, scfg).SolveTrusted(ctx, rf)
		},
		"sample.Estimate": func(ctx context.Context) (any, error) {
			return sample.Estimate(ctx, hidden, sample.Config{Solver: scfg, Samples: 4})
		},
		"sample.MoveShares": func(ctx context.Context) (any, error) {
			return sample.MoveShares(ctx, hidden, sample.Config{Solver: scfg, Samples: 4})
		},
		"sample.Compare": func(ctx context.Context) (any, error) {
			return sample.Compare(ctx, hidden, sample.Config{Solver: scfg, Samples: 4}, nil)
		},
		"sample.RankMoves": func(ctx context.Context) (any, error) {
			return sample.RankMoves(ctx, hidden, sample.Config{Solver: scfg, Samples: 4}, nil)
		},
		"sample.FreshWin": func(ctx context.Context) (any, error) {
			m, err := sample.FreshWin(ctx, start, sample.Config{Solver: scfg}, lost[0], nil)
			return &m, err
		},
		"player.Play": func(ctx context.Context) (any, error) {
			return player.Play(ctx, start, player.Config{Kind: player.Greedy, Sampling: sampling})
		},
		"player.Player.Next": func(ctx context.Context) (any, error) {
			pl, err := player.New(rules.RussianCell, player.Config{Kind: player.Sampled, Sampling: sampling})
			if err != nil {
				return nil, err
			}
			d, _, err := pl.Next(ctx, hidden)
			return &d, err
		},
		"player.LocateLoss": func(ctx context.Context) (any, error) {
			l, err := player.LocateLoss(ctx, start, lost, scfg)
			return &l, err
		},
		"player.FindLoss": func(ctx context.Context) (any, error) {
			return player.FindLoss(ctx, start, lost, sampling, judging)
		},
		"player.Review": func(ctx context.Context) (any, error) {
			return player.Review(ctx, start, lost, sampling, judging)
		},
		"batch.Find": func(ctx context.Context) (any, error) {
			var scanned uint64
			s, _, err := batch.Find(ctx, batch.FindConfig{Game: rules.RippleFan, From: 1, Solver: scfg}, func(batch.Record) bool { return true })
			scanned = s
			return &scanned, err
		},
		"batch.Runner.Run": func(ctx context.Context) (any, error) {
			r, err := batch.Open(batch.Config{Game: rules.RippleFan, Deals: dealsOf(t, "1-50"), Solver: scfg, Out: filepath.Join(t.TempDir(), "r.jsonl")})
			if err != nil {
				return nil, err
			}
			defer r.Close()
			return r.Run(ctx)
		},
		"game.GetHint": func(ctx context.Context) (any, error) {
			return game.GetHint(ctx, game.Request{Position: hidden, Solver: scfg, Samples: 4})
		},
		"game.Solve": func(ctx context.Context) (any, error) {
			return game.Solve(ctx, game.Request{Position: hidden, Solver: scfg, Samples: 4})
		},
		"game.Search": func(ctx context.Context) (any, error) { return game.Search(ctx, start, scfg) },
		"game.Play": func(ctx context.Context) (any, error) {
			return game.Play(ctx, start, player.Config{Kind: player.Greedy, Sampling: sampling})
		},
		"game.PlayOut": func(ctx context.Context) (any, error) {
			return game.PlayOut(ctx, start, player.Config{Kind: player.Greedy, Sampling: sampling})
		},
		"game.PlayOutcome.Judge": func(ctx context.Context) (any, error) {
			o, err := game.Play(context.Background(), start, player.Config{Kind: player.Sampled, Sampling: sampling})
			if err != nil {
				return nil, err
			}
			return o, o.Judge(ctx, start, player.Config{Kind: player.Sampled, Sampling: sampling})
		},
		"game.Review": func(ctx context.Context) (any, error) {
			return game.Review(ctx, game.Played{Start: start, Moves: lost, Solver: scfg, Samples: 4})
		},
		"game.WhereWrong": func(ctx context.Context) (any, error) {
			return game.WhereWrong(ctx, game.Played{Start: start, Moves: lost, Solver: scfg, Samples: 4})
		},
	}
	names := contextFuncs(t)
	if len(names) < 20 {
		t.Fatalf("only %d functions that take a context found: %v", len(names), names)
	}
	for _, name := range names {
		call, ok := calls[name]
		if !ok {
			t.Errorf("%s takes a context and has no row in the table", name)
			continue
		}
		delete(calls, name)
		for _, c := range []struct {
			want error
			ctx  func() (context.Context, context.CancelFunc)
		}{
			{context.Canceled, func() (context.Context, context.CancelFunc) {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				return ctx, cancel
			}},
			{context.DeadlineExceeded, func() (context.Context, context.CancelFunc) {
				return context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
			}},
		} {
			ctx, cancel := c.ctx()
			res, err := call(ctx)
			cancel()
			if !errors.Is(err, c.want) {
				t.Errorf("%s, %v: error %v; want one that errors.Is %v", name, c.want, err, c.want)
			}
			if v := reflect.ValueOf(res); res == nil || v.Kind() == reflect.Pointer && v.IsNil() {
				t.Errorf("%s, %v: no result so far (%#v)", name, c.want, res)
			}
		}
	}
	for name := range calls {
		t.Errorf("the table's %s takes no context, or is gone", name)
	}
}

func dealsOf(t *testing.T, spec string) *batch.DealList {
	t.Helper()
	l, err := batch.ParseDeals(spec)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
