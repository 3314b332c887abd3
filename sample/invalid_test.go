package sample

import (
	"context"
	"testing"

	dg "github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// Estimate and MoveShares refuse a position that fails rules.Validate with a
// *rules.InvalidPositionError, which holds Validate's Problems, and give no
// share: an empty board or a card twice is never "unwinnable".
func TestInvalidPositionsRefused(t *testing.T) {
	dup := deal(3).Hide()
	dup.Tableau[6].Up[0] = dup.Tableau[0].Up[0]
	rf := dg.Deal(rules.RippleFan, dg.FromUint64(2))
	rf.Tableau[12].Up[3] = rf.Tableau[1].Up[0]
	for name, p := range map[string]*rules.Position{
		"empty board":                rules.NewPosition(rules.RussianCell),
		"empty ripple-fan board":     rules.NewPosition(rules.RippleFan),
		"duplicated card":            dup,
		"duplicated ripple-fan card": rf,
		"no position":                nil,
	} {
		sh, err := Estimate(context.Background(), p, config(4, 1, 1))
		testgames.CheckInvalid(t, "Estimate on "+name, err)
		if sh.Total() != 0 {
			t.Errorf("Estimate on %s: a share of %d arrangements", name, sh.Total())
		}
		adv, err := MoveShares(context.Background(), p, config(4, 1, 1))
		testgames.CheckInvalid(t, "MoveShares on "+name, err)
		if len(adv.Moves) != 0 || adv.Total() != 0 {
			t.Errorf("MoveShares on %s: %d moves rated over %d arrangements", name, len(adv.Moves), adv.Total())
		}
	}
}
