package rules_test

import (
	"testing"

	"github.com/patience-solver/patience/rules"
)

// The zero Options are the default rules, and the zero Variant is no game;
// NewVariant normalises Ripple Fan and refuses an unknown game, the zero
// Game among them.
func TestVariant(t *testing.T) {
	if (rules.Options{}) != rules.DefaultOptions() {
		t.Errorf("DefaultOptions() = %+v, want the zero Options", rules.DefaultOptions())
	}
	if v := (rules.Variant{}); v.Game == rules.RussianCell || v.Game == rules.RippleFan {
		t.Errorf("zero Variant = %v: want no game", v)
	}
	if _, err := rules.NewVariant(rules.Game(0), rules.Options{}); err == nil {
		t.Error("NewVariant took the zero Game")
	}
	for _, tc := range []struct {
		g       rules.Game
		o       rules.Options
		returns bool
	}{
		{rules.RussianCell, rules.Options{}, true},
		{rules.RussianCell, rules.Options{NoReturns: true}, false},
		{rules.RippleFan, rules.Options{}, false},
		{rules.RippleFan, rules.Options{NoReturns: true}, false},
	} {
		if got := tc.o.Returns(tc.g); got != tc.returns {
			t.Errorf("%+v.Returns(%v) = %v, want %v", tc.o, tc.g, got, tc.returns)
		}
		v, err := rules.NewVariant(tc.g, tc.o)
		if err != nil {
			t.Fatalf("NewVariant(%v, %+v): %v", tc.g, tc.o, err)
		}
		if v.Game != tc.g || v.Returns() != tc.returns {
			t.Errorf("NewVariant(%v, %+v) = %+v, want returns %v", tc.g, tc.o, v, tc.returns)
		}
		if tc.g == rules.RippleFan && v.Options != (rules.Options{}) {
			t.Errorf("NewVariant(%v, %+v) = %+v, want the zero Options: the game takes none", tc.g, tc.o, v)
		}
		w, err := rules.VariantOf(tc.g, tc.returns)
		if err != nil || w != v {
			t.Errorf("VariantOf(%v, %v) = %+v, %v; want %+v", tc.g, tc.returns, w, err, v)
		}
	}
	// Ripple Fan's header may say returns true in a hand-made file: the
	// variant is the same game without returns.
	if v, err := rules.VariantOf(rules.RippleFan, true); err != nil || v.Returns() {
		t.Errorf("VariantOf(ripple-fan, true) = %+v, %v; want no returns", v, err)
	}
	if _, err := rules.NewVariant(rules.Game(7), rules.Options{}); err == nil {
		t.Error("NewVariant(game 7) gave no error")
	}
}
