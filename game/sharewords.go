package game

// The words of a share of arrangements that can be won, as both front ends
// write them.

import (
	"fmt"

	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
)

// UnknownCards says how many face-down cards of p are unknown (none of a
// nil p).
func UnknownCards(p *rules.Position) string {
	n := 0
	if p != nil {
		n = p.Unknowns()
	}
	if n != 1 {
		return fmt.Sprintf("%d face-down cards are unknown (??)", n)
	}
	return "1 face-down card is unknown (??)"
}

// ShareRange returns the share of the decided arrangements and its range:
// the 95% Wilson interval for a sample; for every arrangement (exhaustive),
// the exact bounds over all of them, as if every unknown were a loss or a
// win (the share itself when none is unknown).
func ShareRange(sh sample.Share) (share, low, high float64) {
	return TallyRange(sh.Tally, sh.Exhaustive)
}

// TallyRange is ShareRange for any tally: of the position, or after a move.
func TallyRange(t sample.Tally, exhaustive bool) (share, low, high float64) {
	r := t.Rate()
	if !exhaustive {
		return r.Value, r.Low, r.High
	}
	n := float64(t.Total())
	if n == 0 {
		return r.Value, 0, 1
	}
	return r.Value, float64(t.Winnable) / n, float64(t.Winnable+t.Unknown) / n
}

// SolvedText says which arrangements were solved: "Solved 200
// arrangements of the unseen cards, drawn at random (seed 1), each with
// every card known".
func SolvedText(sh sample.Share) string {
	const known = ", each with every card known"
	solved := "Solved"
	if sh.CutShort > 0 {
		solved = "Set out to solve"
	}
	switch {
	case sh.Exhaustive && sh.Total() == 1:
		return solved + " the one arrangement of the unseen card, with every card known"
	case sh.Exhaustive:
		return fmt.Sprintf("%s all %s arrangements of the unseen cards", solved, wording.Thousands(int64(sh.Total()))) + known
	}
	return fmt.Sprintf("%s %s arrangements of the unseen cards, drawn at random (seed %d)", solved, wording.Thousands(int64(sh.Total())), sh.Seed) + known
}

// ShareText writes the share of the winnable arrangements with its
// interval, or exactly when every arrangement was solved.
func ShareText(sh sample.Share) string {
	share, low, high := ShareRange(sh)
	if !sh.Exhaustive {
		s := wording.RateText(sh.Rate())
		if sh.Unknown > 0 {
			s += ", of the decided arrangements"
		}
		return s
	}
	if sh.Unknown == 0 {
		return fmt.Sprintf("%s of %s (%s), exact: every arrangement was solved",
			wording.Thousands(int64(sh.Winnable)), wording.Thousands(int64(sh.Total())), wording.Percent(share, wording.OneDecimal))
	}
	return fmt.Sprintf("%s of the %s decided (%s); with the %s unknown, between %s and %s of all arrangements",
		wording.Thousands(int64(sh.Winnable)), wording.Thousands(int64(sh.Decided())), wording.Percent(share, wording.OneDecimal),
		wording.Thousands(int64(sh.Unknown)), wording.Percent(low, wording.OneDecimal), wording.Percent(high, wording.OneDecimal))
}

// MoveRate writes a count and its share briefly: "171 of 200 (85.5%, 95%
// Wilson interval 80.0% to 89.7%)", with no interval when every arrangement
// was solved.
func MoveRate(t sample.Tally, exhaustive bool) string {
	c := RateCellsOf(t, exhaustive)
	s := fmt.Sprintf("%s of %s (%s", c.Wins, c.Of, c.Share)
	if c.Interval != "" {
		s += ", 95% Wilson interval " + c.Interval
	}
	if c.Unknown != "" {
		s += "; " + c.Unknown
	}
	return s + ")"
}

// RateCells are the parts of a count and its share, for MoveRate and for
// a table of moves.
type RateCells struct {
	// Wins of Of; Share, the share with as many decimals as its interval
	// calls for ("-" of none); Interval, "80.0% to 89.7%" for a sample
	// ("" for every arrangement); Unknown, "3 unknown" ("" for none).
	Wins, Of, Share, Interval, Unknown string
}

// RateCellsOf returns the parts of the count t and its share.
func RateCellsOf(t sample.Tally, exhaustive bool) RateCells {
	r := t.Rate()
	half := (r.High - r.Low) / 2
	if exhaustive || r.Of == 0 {
		half = wording.OneDecimal
	}
	c := RateCells{Wins: wording.Thousands(int64(r.Wins)), Of: wording.Thousands(int64(r.Of)), Share: wording.Percent(r.Value, half)}
	if r.Of == 0 {
		c.Share = "-"
	}
	if !exhaustive && r.Of > 0 {
		c.Interval = wording.Percent(r.Low, half) + " to " + wording.Percent(r.High, half)
	}
	if t.Unknown > 0 {
		c.Unknown = wording.Thousands(int64(t.Unknown)) + " unknown"
	}
	return c
}
