package main

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

func deal(n uint64) *rules.Position {
	return dealgen.Deal(rules.RussianCell, dealgen.FromUint64(n))
}

// With every suit kept the abstract game is the real game without returns,
// so its verdict must be the solver's. This checks the move generator.
func TestAllKeptIsTheRealGame(t *testing.T) {
	deals := []uint64{1215, 1785, 2248, 100, 2013, 1, 2, 3, 4, 5, 6, 7, 8}
	if testing.Short() {
		deals = deals[:2]
	}
	for _, n := range deals {
		p := deal(n)
		res, err := solver.Solve(context.Background(), p, solver.DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		for _, auto := range []bool{false, true} {
			g := newGame(Config{Mode: Plain, Kept: 15, MaxStates: 3_000_000, AutoKept: auto})
			got := g.Search(g.abstractOf(p))
			want := Won
			if res.Verdict == solver.Unsolvable {
				want = Lost
			}
			if got.Outcome == Budget {
				t.Logf("deal %d auto %v: budget hit", n, auto)
				continue
			}
			if got.Outcome != want {
				t.Errorf("deal %d auto-kept %v: abstract %v, solver %v", n, auto, got.Outcome, res.Verdict)
			}
		}
	}
}

// The automatic moves never change a verdict: each kept-suit set of a
// few deals, with and without them, in both modes.
func TestAutosKeepVerdicts(t *testing.T) {
	deals := []uint64{1215, 1785, 2248, 100}
	if testing.Short() {
		deals = deals[:1] // the quick suite, and the one under the race detector
	}
	for _, n := range deals {
		p := deal(n)
		for k := uint8(1); k < 16; k++ {
			for _, m := range []Mode{Plain, Ranked} {
				var outs []Outcome
				for _, a := range [][2]bool{{false, false}, {true, false}, {true, true}} {
					g := newGame(Config{Mode: m, Kept: k, MaxStates: 300_000, AutoKept: a[0], AutoBlank: a[1]})
					outs = append(outs, g.Search(g.abstractOf(p)).Outcome)
				}
				for _, o := range outs[1:] {
					if o != Budget && outs[0] != Budget && o != outs[0] {
						t.Errorf("deal %d kept %s %v: outcomes %v", n, keptName(k), m, outs)
					}
				}
			}
		}
	}
}

// A hand-made lost position of one kept suit: AS lies under 2S, which has
// nowhere to go (3S is buried, the cells are full), and the cell cards
// wait for KS, face down under AS.
func TestTinyLost(t *testing.T) {
	p := rules.NewPosition(rules.RussianCell)
	p.Tableau[1] = rules.Pile{Down: rules.MustCards("KS"), Up: rules.MustCards("AS 2S")}
	p.Tableau[2] = rules.Pile{Up: rules.MustCards("3S 4S 5S 6S 7S 8S 9S TS")}
	p.Cells = []rules.Card{rules.MustCard("QS"), rules.MustCard("JS")}
	for s := 0; s < 4; s++ {
		if s != int(rules.MustCard("AS").Suit()) {
			p.Foundations[s] = 13
		}
	}
	g := newGame(Config{Mode: Plain, Kept: 2, AutoKept: true})
	if got := g.Search(g.abstractOf(p)); got.Outcome != Lost {
		t.Fatalf("got %v, want lost", got.Outcome)
	}
}
