package solver

import (
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestCellHome: on positions where CellHome changes the search (a cell
// card goes home, a card is kept from a cell, a pair move), the solver with
// it agrees with the plain search.
func TestCellHome(t *testing.T) {
	base := pruning{AutoFoundation: true, SkipReturns: true}
	on := base
	on.CellHome = true
	checkRule(t, 41, on, base)
}

// TestCellHomeMove: a cell card whose successor tops a column goes onto it
// at once, and a card on its face-up successor is not moved to a cell
// alone, only as a pair move with its successor.
func TestCellHomeMove(t *testing.T) {
	p := rules.NewPosition(rules.RussianCell)
	p.Foundations = [4]int{13, 13, 8, 8}
	p.Cells[0] = rules.MustCards("9H")[0]
	p.Tableau[0].Up = rules.MustCards("JH QH KH TH")
	p.Tableau[1].Up = rules.MustCards("KD QD JD TD 9D")
	if err := rules.Validate(p); err != nil {
		t.Fatal(err)
	}
	var b rcBoard
	if err := b.load(p); err != nil {
		t.Fatal(err)
	}
	m, ok := b.nextAuto(pruning{CellHome: true})
	if !ok || m.toRules().String() != "9H c1>t1" {
		t.Fatalf("automatic move %v %v, want 9H c1>t1", m.toRules(), ok)
	}
	b.make(m)
	pair := false
	for _, m := range b.genMoves(nil, pruning{CellHome: true, Symmetry: true}, false) {
		if m.to >= locCell && m.to < locF {
			t.Fatalf("%v: a card on its face-up successor goes to a cell alone", m.toRules())
		}
		pair = pair || m.to == locPair
	}
	if !pair {
		t.Fatal("no pair move")
	}
}
