package dealgen

import (
	"fmt"
	"strings"

	"github.com/patience-solver/patience/rules"
)

// NotThatDeal is the error of a position that names a deal number (a
// position file's "number") it cannot have come from.
type NotThatDeal struct {
	Number Number // the deal the position names
	// Reason says what differs, such as "t3's face-down card 2 is 7D,
	// where deal 618 deals 4C".
	Reason string
}

// Error says "not a position of deal", the number, and the Reason.
func (e *NotThatDeal) Error() string {
	return fmt.Sprintf("not a position of deal %s: %s", e.Number, e.Reason)
}

// CheckLabel reports whether p can be a position of deal n of p's game,
// as far as that can be checked cheaply, without playing the game: nil, or
// a *NotThatDeal saying the first thing that differs. A face-down card
// that is unknown (rules.UnknownCard, "??") matches any card, so that a
// position of what a player sees (--hide) passes when it comes from deal n.
//
//   - A position with a starting position's shape (every pile as dealt,
//     empty cells and foundations) must be deal n's layout.
//   - Russian Cell: a column's face-down cards are the ones the deal put
//     there, bottom first, as many as remain; and the face-up card on them
//     is the next card the deal put there, as it cannot move without
//     turning up the card under it. A column with no face-down card left
//     has the deal's bottom card at the bottom, or a King (which alone
//     goes to an empty column).
//   - Ripple Fan: each pile begins with the deal's cards for that pile, in
//     order, as far as they remain: a pile's lower cards never move while
//     cards lie on them, a card that left its pile never comes back on top
//     of a card it was not dealt on, and a pile once empty stays empty.
//
// A position that passes can still be one no play of deal n reaches; a
// position that fails comes from another deal, or was edited. p should
// be valid (rules.Validate); a pile count other than the game's is left
// to Validate, and passes here.
func CheckLabel(p *rules.Position, n Number) error {
	if p == nil || (p.Game != rules.RussianCell && p.Game != rules.RippleFan) {
		return nil
	}
	d := Deal(p.Game, n)
	if len(p.Tableau) != len(d.Tableau) {
		return nil
	}
	bad := func(format string, a ...any) error {
		return &NotThatDeal{Number: n, Reason: fmt.Sprintf(format, a...)}
	}
	if isStartShape(p, d) {
		for i := range p.Tableau {
			got, want := p.Tableau[i], d.Tableau[i]
			for k, c := range got.Down {
				if c != rules.UnknownCard && c != want.Down[k] {
					return bad("its layout is not deal %[5]s's: %[1]s's face-down card %[2]d from the bottom is %[3]v, where deal %[5]s deals %[4]v", pileName(i), k+1, c, want.Down[k], n)
				}
			}
			for k, c := range got.Up {
				if c != want.Up[k] {
					return bad("its layout is not deal %[5]s's: %[1]s's face-up card %[2]d from the bottom is %[3]v, where deal %[5]s deals %[4]v", pileName(i), k+1, c, want.Up[k], n)
				}
			}
		}
		return nil
	}
	for i := range p.Tableau {
		got, want := p.Tableau[i], d.Tableau[i]
		switch p.Game {
		case rules.RussianCell:
			if len(got.Down) > len(want.Down) {
				return bad("%s has %d face-down cards, where deal %s deals %d", pileName(i), len(got.Down), n, len(want.Down))
			}
			for k, c := range got.Down {
				if c != rules.UnknownCard && c != want.Down[k] {
					return bad("%s's face-down card %d from the bottom is %v, where deal %s deals %v", pileName(i), k+1, c, n, want.Down[k])
				}
			}
			dealt := append(append([]rules.Card(nil), want.Down...), want.Up...)
			switch k := len(got.Down); {
			case len(got.Up) == 0:
			case k > 0 && got.Up[0] != dealt[k]:
				// The card on the face-down ones is the one that turned up
				// when the column was down to k, or the deal's first
				// face-up card: it cannot move without turning up another.
				return bad("%s's bottom face-up card is %v, where deal %s deals %v (a card on face-down cards cannot move without turning one up)", pileName(i), got.Up[0], n, dealt[k])
			case k == 0 && got.Up[0] != dealt[0] && got.Up[0].Rank() != rules.King:
				// The deal's bottom card stays until the column is empty,
				// and only a King goes to an empty column.
				return bad("%s's bottom card is %v, where deal %s deals %v (only a King goes to an empty column)", pileName(i), got.Up[0], n, dealt[0])
			}
		case rules.RippleFan:
			if len(got.Up) > 0 && got.Up[0] != want.Up[0] {
				return bad("%s's bottom card is %v, where deal %s deals %v (a pile once empty stays empty)", pileName(i), got.Up[0], n, want.Up[0])
			}
			// The deal's cards for this pile that are still in it must be
			// its bottom cards, in the deal's order.
			mine := 0
			for _, c := range got.Up {
				for _, w := range want.Up {
					if c == w {
						mine++
						break
					}
				}
			}
			for k := range mine {
				if got.Up[k] != want.Up[k] {
					return bad("%s begins %s, where deal %s deals %s there, and a pile's lower cards never move while cards lie on them", pileName(i), cardList(got.Up[:mine]), n, cardList(want.Up))
				}
			}
		}
	}
	return nil
}

// isStartShape reports whether p has the shape of d, a starting position:
// every pile with as many face-down and face-up cards, and empty cells and
// foundations.
func isStartShape(p, d *rules.Position) bool {
	if p.Foundations != ([4]int{}) {
		return false
	}
	for _, c := range p.Cells {
		if c != rules.NoCard {
			return false
		}
	}
	for i := range p.Tableau {
		if len(p.Tableau[i].Down) != len(d.Tableau[i].Down) || len(p.Tableau[i].Up) != len(d.Tableau[i].Up) {
			return false
		}
	}
	return true
}

func pileName(i int) string { return fmt.Sprintf("t%d", i+1) }

func cardList(cs []rules.Card) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return strings.Join(s, " ")
}

// LabelMismatch checks a position read from a file against the deal
// number written in it, num (as the file gives it; "" for none): it
// returns what differs (NotThatDeal's Reason) when p cannot come from
// that deal, and "" when it can, when num is empty, or when num is not a
// number (the reader checks the number's form).
func LabelMismatch(p *rules.Position, num string) string {
	if num == "" {
		return ""
	}
	n, err := ParseNumber(num)
	if err != nil {
		return ""
	}
	if nd, ok := CheckLabel(p, n).(*NotThatDeal); ok {
		return nd.Reason
	}
	return ""
}
