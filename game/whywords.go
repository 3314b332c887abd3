package game

import (
	"fmt"
	"strings"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// The words of a proven cause of loss (solver.FindBlockage, which finds
// it as data). Each card of a deadlock that could otherwise move gets one
// sentence saying what keeps it in place; face-down cards under other
// cards of the deadlock go without saying.

// why is the cause bl of the loss of p in words: one sentence, or a
// heading and a sentence a card.
type why struct {
	p  *rules.Position
	bl *solver.Blockage
}

// words is the whole explanation.
func (w why) words() string {
	if w.bl.NoMove() {
		return w.noMove()
	}
	cards, p := w.bl.Cards, w.p
	if len(cards) == 1 && p.Game == rules.RippleFan {
		c := cards[0]
		y := w.bl.Lower(c)
		if c.Rank() == rules.King {
			return fmt.Sprintf("%s is above %s in %s: the King can only go to its foundation, and %s must get there first.", c, y, w.where(c), y)
		}
		return fmt.Sprintf("%s is above %s and %s in %s: it can only go to its foundation, after %s, or onto %s, which lies under it.", c, y, c+1, w.where(c), y, c+1)
	}
	var lines []string
	hidden := 0
	for _, c := range cards {
		if p.Game == rules.RippleFan || !w.bl.Covered(c) {
			lines = append(lines, w.reason(c))
			if p.Game == rules.RussianCell && !w.bl.Place(c).Cell {
				if l := w.coveredLine(c); l != "" {
					lines = append(lines, l)
				}
			}
		} else if w.bl.FaceDown(c) {
			hidden++
		}
	}
	head := "These cards block one another, so that none of them can ever move:"
	if hidden > 0 {
		head = fmt.Sprintf("These cards (and the %d face-down cards under them) block one another, so that none of them can ever move:", hidden)
	}
	return head + "\n" + strings.Join(lines, "\n")
}

func (w why) noMove() string {
	if w.p.Game == rules.RippleFan {
		return "No card can move: no pile's top card can go to its foundation or onto the next higher card of its suit."
	}
	s := "No card can move: none can go to a foundation, a free cell, or a column"
	if w.p.OnFoundations() > 0 {
		s += " (playing a card back from a foundation never helps a win)"
	}
	return s + "."
}

// where names a card's place for a player: "pile 3", "column 3", "cell 1".
func (w why) where(c rules.Card) string {
	at := w.bl.Place(c)
	if at.Cell {
		return fmt.Sprintf("cell %d", at.Pile+1)
	}
	return fmt.Sprintf("%s %d", w.pileWord(), at.Pile+1)
}

func (w why) pileWord() string {
	if w.p.Game == rules.RippleFan {
		return "pile"
	}
	return "column"
}

// stays says why card y (held by the deadlock) stays where it is, as the
// end of a sentence about card c: "which lies under it", "which lies
// under 9S in pile 4", "which is stuck in cell 2".
func (w why) stays(c, y rules.Card) string {
	wc, wy := w.bl.Place(c), w.bl.Place(y)
	if wy.Cell {
		return "which is stuck in " + w.where(y)
	}
	down := ""
	if w.bl.FaceDown(y) {
		down = " face down"
	}
	if !wc.Cell && wy.Pile == wc.Pile {
		if wy.Index < wc.Index {
			return "which lies" + down + " under it"
		}
		return "which lies above it in the same " + w.pileWord()
	}
	if z := w.bl.TopAbove(y); z != rules.NoCard {
		return fmt.Sprintf("which lies%s under %s in %s", down, z, w.where(y))
	}
	return "which is stuck in " + w.where(y) // y is in the deadlock, at the top of its part of the pile
}

// reason is the sentence about card c of the deadlock that can (in
// Russian Cell: might, once uncovered) be a top card or is in a cell.
func (w why) reason(c rules.Card) string {
	rc := w.p.Game == rules.RussianCell
	at := w.bl.Place(c)
	subject := c.String()
	if w.bl.FaceDown(c) {
		subject += " (face down)"
	}
	subject += " in " + w.where(c)
	group := "" // a Russian Cell column card moves with the cards on it
	if rc && !at.Cell && at.Index+1 < len(w.p.Tableau[at.Pile].Down)+len(w.p.Tableau[at.Pile].Up) {
		group = ", with the cards on it,"
	}
	y := w.bl.Lower(c)
	parts := []string{fmt.Sprintf("%s goes to its foundation only after %s, %s", subject, y, w.stays(c, y))}
	if rc && !at.Cell {
		parts = append(parts, "to a cell only if one is free, but both cells hold cards of this list")
	}
	switch {
	case c.Rank() == rules.King && !rc:
		parts = append(parts, "and nowhere else, being a King")
	case c.Rank() == rules.King:
		parts = append(parts, "and"+group+" to a column only if one is empty, but every column holds cards of this list")
	default:
		parts = append(parts, fmt.Sprintf("and%s onto no card but %s, %s", group, c+1, w.stays(c, c+1)))
	}
	return strings.Join(parts, "; ") + "."
}

// needs says briefly where card y, which card c needs, is: "2D (face down
// in column 7, under 8D)", "2H (under it)", "TS (in cell 1)".
func (w why) needs(c, y rules.Card) string {
	wc, wy := w.bl.Place(c), w.bl.Place(y)
	down := ""
	if w.bl.FaceDown(y) {
		down = "face down "
	}
	switch {
	case wy.Cell:
		return fmt.Sprintf("%s (in %s)", y, w.where(y))
	case wy.Pile == wc.Pile && wy.Index < wc.Index:
		return fmt.Sprintf("%s (%sunder it)", y, down)
	case wy.Pile == wc.Pile:
		return fmt.Sprintf("%s (above it, in the same column)", y)
	}
	if z := w.bl.TopAbove(y); z != rules.NoCard {
		return fmt.Sprintf("%s (%sin %s, under %s)", y, down, w.where(y), z)
	}
	return fmt.Sprintf("%s (%sin %s)", y, down, w.where(y))
}

// coveredLine is the sentence about the face-up cards of the deadlock
// that lie under top, its highest card in its Russian Cell column, or "".
// Each could only move, with the cards on it, onto its successor (or, a
// King, to an empty column).
func (w why) coveredLine(top rules.Card) string {
	var needs []string
	king := ""
	for _, c := range w.bl.Under(top) {
		if c.Rank() == rules.King {
			king = " (a King, to an empty column)"
			needs = append(needs, c.String()+", a King, needs an empty column, but every column holds cards of this list")
		} else {
			needs = append(needs, c.String()+" needs "+w.needs(c, c+1))
		}
	}
	if len(needs) == 0 {
		return ""
	}
	return fmt.Sprintf("Under %s in %s, no card can move with the cards on it, as each could go only onto the next higher card of its suit%s: %s.",
		top, w.where(top), king, strings.Join(needs, "; "))
}
