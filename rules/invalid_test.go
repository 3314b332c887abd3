package rules_test

import (
	"errors"
	"testing"

	"github.com/patience-solver/patience/rules"
)

func TestCheckPosition(t *testing.T) {
	p := rules.NewPosition(rules.RippleFan)
	p.Tableau[0].Up = []rules.Card{rules.NewCard(rules.Ace, rules.Spades), rules.NewCard(rules.Ace, rules.Spades)}
	err := rules.CheckPosition(p)
	var ip *rules.InvalidPositionError
	var ps rules.Problems
	if !errors.As(err, &ip) || !errors.As(err, &ps) {
		t.Fatalf("CheckPosition: %v (%T), want an *InvalidPositionError holding Problems", err, err)
	}
	if want := rules.Validate(p); ip.Err.Error() != want.Error() {
		t.Errorf("Err %v, want Validate's %v", ip.Err, want)
	}
	const want = "invalid position: card AS appears twice (both in t1); card AC is missing"
	if got := err.Error(); len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("Error() = %q, want it to start %q", got, want)
	}

	q := rules.NewPosition(rules.RussianCell)
	q.Tableau = make([]rules.Pile, 13)
	err = rules.CheckPosition(q)
	var lm *rules.LayoutMismatch
	if !errors.As(err, &ip) || !errors.As(err, &lm) || err.Error() != "invalid position: "+lm.Error() {
		t.Errorf("a Ripple Fan layout labelled Russian Cell: %v", err)
	}
	if err := rules.CheckPosition(nil); !errors.As(err, &ip) || err.Error() != "invalid position: no position" {
		t.Errorf("CheckPosition(nil): %v", err)
	}
}
