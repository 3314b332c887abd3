package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestGenMovesIsLegalMoves: with every pruning off, genMoves produces
// exactly the moves of the rules package's referee (rules.LegalMoves),
// returns included, as a set, on the positions of random games of many
// deals.
func TestGenMovesIsLegalMoves(t *testing.T) {
	o := rules.DefaultOptions()
	rng := rand.New(rand.NewPCG(31, 32))
	compared, moves := 0, 0
	var buf []rcMove
	var legal []rules.Move
	for d := uint64(1); d <= 300; d++ {
		p := deal(rules.RussianCell, d)
		for step := 0; step < 60; step++ {
			var b rcBoard
			if err := b.load(p); err != nil {
				t.Fatalf("deal %d, step %d: %v", d, step, err)
			}
			buf = b.genMoves(buf, pruning{}, true)
			var got []string
			for _, m := range buf {
				got = append(got, m.toRules().String())
			}
			legal = rules.LegalMoves(p, o, legal)
			var want []string
			for _, m := range legal {
				want = append(want, m.String())
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("deal %d, step %d: genMoves %v, rules.LegalMoves %v\n%s", d, step, got, want, rules.FormatBoard(p, "", rules.BoardStyle{}))
			}
			compared++
			moves += len(want)
			if len(legal) == 0 {
				break
			}
			p.Apply(legal[rng.IntN(len(legal))])
		}
	}
	if compared < 5000 || moves < 20000 {
		t.Fatalf("only %d positions and %d moves compared", compared, moves)
	}
	t.Logf("%d positions, %d moves", compared, moves)
}
