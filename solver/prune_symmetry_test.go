package solver

import (
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestSymmetry: on positions with two empty columns or two free cells to
// choose from, the solver that takes the first only agrees with the plain
// search, which keeps the order of columns and cells.
func TestSymmetry(t *testing.T) {
	base := pruning{AutoFoundation: true, SkipReturns: true}
	on := base
	on.Symmetry = true
	checkRule(t, 44, on, base)
}

// TestSymmetryKey: positions that differ only in the order of the columns
// and of the cells have one key, and different key3s.
func TestSymmetryKey(t *testing.T) {
	p := deal(rules.RussianCell, 7)
	var buf []rules.Move
	for range 12 {
		buf = rules.LegalMoves(p, rules.Options{NoReturns: true}, buf)
		p.Apply(buf[0])
	}
	q := p.Clone()
	q.Tableau[0], q.Tableau[6] = q.Tableau[6], q.Tableau[0]
	q.Cells[0], q.Cells[1] = q.Cells[1], q.Cells[0]
	var a, b rcBoard
	if err := a.load(p); err != nil {
		t.Fatal(err)
	}
	if err := b.load(q); err != nil {
		t.Fatal(err)
	}
	if a.key != b.key {
		t.Fatalf("keys differ: %x, %x", a.key, b.key)
	}
	if a.key3() == b.key3() {
		t.Fatal("key3 ignores the order")
	}
}
