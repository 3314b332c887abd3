package rules_test

import (
	"errors"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestOutOfRange: a suit, rank or pile index out of range writes as no
// value, never panics nor stands for another: Suit(4) and Rank(13) have
// the letter '-', and T and C of an index a Loc cannot hold give an
// invalid location, which the referee refuses.
func TestOutOfRange(t *testing.T) {
	if got := rules.Suit(4).String(); got != "-" {
		t.Errorf("Suit(4).String() = %q", got)
	}
	if got := rules.Suit(255).Letter(); got != '-' {
		t.Errorf("Suit(255).Letter() = %q", got)
	}
	if got := rules.Rank(13).Letter(); got != '-' {
		t.Errorf("Rank(13).Letter() = %q", got)
	}
	if got := rules.Diamonds.String() + string(rules.King.Letter()); got != "DK" {
		t.Errorf("in range: %q", got)
	}
	p := rules.NewPosition(rules.RussianCell)
	for _, l := range []rules.Loc{rules.T(256), rules.T(-1), rules.C(256), rules.C(-1), rules.T(1 << 40)} {
		if l.String() != "?" || l == rules.T(0) || l == rules.C(0) {
			t.Errorf("an index out of range gives %+v, %q", l, l)
		}
		if err := rules.Check(p, rules.Options{}, rules.Move{Card: rules.MustCard("KS"), From: l, To: rules.T(0)}); err == nil {
			t.Errorf("a move from %+v taken", l)
		}
	}
	if rules.T(255) != (rules.Loc{Kind: rules.Tableau, Index: 255}) || rules.C(1) != (rules.Loc{Kind: rules.Cell, Index: 1}) {
		t.Error("T(255) or C(1) is not the pile or cell")
	}
}

// TestNilInput: the calls that take a position, a solution or a reader
// refuse nil with an error, or give nothing for it where they return no
// error; none panics.
func TestNilInput(t *testing.T) {
	if got := rules.FormatBoard(nil, "617", rules.BoardStyle{}); got != "" {
		t.Errorf("FormatBoard(nil) = %q", got)
	}
	if got := rules.MarshalSolution(nil); got != nil {
		t.Errorf("MarshalSolution(nil) = %q", got)
	}
	var ip *rules.InvalidPositionError
	if _, err := rules.MarshalSolvitaire(nil); !errors.As(err, &ip) {
		t.Errorf("MarshalSolvitaire(nil): %v", err)
	}
	if m, ok := rules.NextAutoMove(nil); ok || !m.IsZero() {
		t.Errorf("NextAutoMove(nil) = %v, %v", m, ok)
	}
	if ms := rules.SafeAutoMoves(nil); ms != nil {
		t.Errorf("SafeAutoMoves(nil) = %v", ms)
	}
	p := rules.NewPosition(rules.RippleFan)
	if p.Equal(nil) || !(*rules.Position)(nil).Equal(nil) {
		t.Error("Equal with nil")
	}
	if got := (&rules.InvalidPositionError{}).Error(); got != "invalid position" {
		t.Errorf("the zero InvalidPositionError says %q", got)
	}
	var ps rules.Problems
	if _, err := rules.ReadMoves(nil); !errors.As(err, &ps) {
		t.Errorf("ReadMoves(nil): %v", err)
	}
	if _, _, err := rules.ReadPosition(nil); !errors.As(err, &ps) {
		t.Errorf("ReadPosition(nil): %v", err)
	}
	if _, err := rules.ReadSolution(nil); !errors.As(err, &ps) {
		t.Errorf("ReadSolution(nil): %v", err)
	}
}
