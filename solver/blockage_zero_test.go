package solver

import (
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// TestZeroBlockage: the zero Blockage and a card that is not one of the 52
// give the zero answers, and Result.Solution of no start is nil.
func TestZeroBlockage(t *testing.T) {
	var bl Blockage
	c := rules.MustCard("5C")
	if bl.Place(c) != (Place{}) || bl.FaceDown(c) || bl.Covered(c) || bl.TopAbove(c) != rules.NoCard || bl.Lower(c) != rules.NoCard || bl.Under(c) != nil || !bl.NoMove() {
		t.Error("the zero Blockage knows a card")
	}
	if sol := (Result{}).Solution(nil, "", rules.Options{}); sol != nil {
		t.Errorf("Solution of no start: %+v", sol)
	}
	found, ok := FindBlockage(dealgen.Deal(rules.RippleFan, dealgen.FromUint64(5)))
	if !ok {
		t.Fatal("deal 5 of Ripple Fan has no blockage")
	}
	if found.Place(rules.NoCard) != (Place{}) || found.Under(rules.UnknownCard) != nil || found.Lower(rules.NoCard) != rules.NoCard {
		t.Error("a Blockage knows a card that is not one of the 52")
	}
}
