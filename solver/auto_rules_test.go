package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// solverAutos returns the automatic foundation moves the solver plays at p,
// in its order: nextFoundation for Russian Cell, playFoundations for Ripple
// Fan.
func solverAutos(t *testing.T, p *rules.Position) []rules.Move {
	t.Helper()
	var out []rules.Move
	if p.Game == rules.RippleFan {
		var b rfBoard
		if err := b.load(p); err != nil {
			t.Fatal(err)
		}
		var played []rfUndo
		b.playFoundations(&played)
		for _, u := range played {
			out = append(out, rules.Move{Card: rules.Card(u.card), From: rules.T(int(u.from)), To: rules.F})
		}
		return out
	}
	var b rcBoard
	if err := b.load(p); err != nil {
		t.Fatal(err)
	}
	for {
		m, ok := b.nextFoundation()
		if !ok {
			return out
		}
		out = append(out, m.toRules())
		b.make(m)
	}
}

// TestSafeAutoMovesAreTheSolvers checks rules.SafeAutoMoves, the page's
// automatic moves, against the solver's own rule for automatic foundation
// moves (AutoFoundation, docs/pruning.md): the same moves in the same order,
// on the deals and on the positions of random games played from them, and
// on near-finished layouts, of both games.
func TestSafeAutoMovesAreTheSolvers(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 1))
	compared, withAutos := 0, 0
	check := func(p *rules.Position) {
		t.Helper()
		want := solverAutos(t, p)
		got := rules.SafeAutoMoves(p)
		if !slices.Equal(got, want) {
			t.Fatalf("automatic moves %v, the solver's %v, at\n%s", got, want, rules.FormatBoard(p, "", rules.BoardStyle{}))
		}
		if m, ok := rules.NextAutoMove(p); ok != (len(want) > 0) || ok && m != want[0] {
			t.Fatalf("next automatic move %v %v, the solver's %v", m, ok, want)
		}
		compared++
		if len(want) > 0 {
			withAutos++
		}
	}
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		o := rules.DefaultOptions()
		for d := uint64(1); d <= 60; d++ {
			p := deal(g, d)
			var buf []rules.Move
			for step := 0; step < 120; step++ {
				check(p)
				buf = rules.LegalMoves(p, o, buf)
				if len(buf) == 0 {
					break
				}
				p.Apply(buf[rng.IntN(len(buf))])
			}
		}
	}
	for i := 0; i < 300; i++ {
		check(nearFinished(rng, 3+rng.IntN(20)))
		check(nearFinishedRipple(rng, 3+rng.IntN(20)))
	}
	if withAutos < 500 {
		t.Fatalf("only %d of %d positions had automatic moves", withAutos, compared)
	}
	t.Logf("%d positions compared, %d with automatic moves", compared, withAutos)
}
