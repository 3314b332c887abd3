package solver

import (
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
)

// TestKingBottom: on positions with a King at the bottom of a column and a
// column empty, the solver that never moves that King agrees with the
// plain search, and the move it skips leads to the same key.
func TestKingBottom(t *testing.T) {
	base := pruning{AutoFoundation: true, SkipReturns: true, Symmetry: true}
	on := base
	on.KingBottom = true
	checkRule(t, 45, on, base)

	n := 15
	if longtest.Enabled() {
		n = 300
	}
	skipped := 0
	for _, p := range ruleCases(newRuleRand(46), on, base, n, 80*n) {
		var b rcBoard
		if err := b.load(p); err != nil {
			t.Fatal(err)
		}
		for _, m := range b.genMoves(nil, base, false) {
			if m.card%13 != 12 || m.from >= rcCols || m.to >= rcCols || b.idx[m.card] != 0 {
				continue
			}
			before := b.key
			u := b.make(m)
			if b.key != before {
				t.Fatalf("%v: a King from the bottom of a column changes the key", m.toRules())
			}
			b.unmake(u)
			skipped++
		}
	}
	if skipped < n/3 {
		t.Fatalf("only %d King moves checked", skipped)
	}
}
