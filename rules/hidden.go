package rules

import (
	"errors"
	"fmt"
	"strings"
)

// A player at a real table cannot see the face-down cards. A position may
// say so by marking them unknown (UnknownCard, "??"). The helpers below
// count and list what is unseen, hide the face-down cards of a full position, and fill
// the unknown slots with one arrangement of the unseen cards to get a
// full position back.
//
// The unknown slots are numbered in a fixed order: column t1 to t7, and in
// each column the face-down cards bottom first. Fill takes its cards in
// that order.

// Unknowns returns how many cards of p are unknown (UnknownCard), wherever
// they are.
func (p *Position) Unknowns() int {
	n := 0
	for _, pl := range p.Tableau {
		for _, part := range [2][]Card{pl.Down, pl.Up} {
			for _, c := range part {
				if c == UnknownCard {
					n++
				}
			}
		}
	}
	for _, c := range p.Cells {
		if c == UnknownCard {
			n++
		}
	}
	return n
}

// Unseen returns, in deck order, the cards that p shows nowhere: not on a
// foundation, not in a cell, and not in the tableau as a known card (face
// up or face down). In a valid position they are the cards behind the
// unknown face-down cards, as many as Unknowns.
func (p *Position) Unseen() []Card {
	var seen [NumCards]bool
	for s := Suit(0); s < 4; s++ {
		for r := 0; r < p.Foundations[s] && r < 13; r++ {
			seen[NewCard(Rank(r), s)] = true
		}
	}
	mark := func(c Card) {
		if c.Valid() {
			seen[c] = true
		}
	}
	for _, pl := range p.Tableau {
		for _, c := range pl.Down {
			mark(c)
		}
		for _, c := range pl.Up {
			mark(c)
		}
	}
	for _, c := range p.Cells {
		mark(c)
	}
	var out []Card
	for c := Card(0); c < NumCards; c++ {
		if !seen[c] {
			out = append(out, c)
		}
	}
	return out
}

// Hide returns a copy of p in which every face-down card is unknown
// (UnknownCard): what a player sees of the position.
func (p *Position) Hide() *Position {
	q := p.Clone()
	for i := range q.Tableau {
		for j := range q.Tableau[i].Down {
			q.Tableau[i].Down[j] = UnknownCard
		}
	}
	return q
}

// Fill returns a copy of p with its unknown face-down cards replaced by
// cards, taken in slot order (t1 to t7, each column's face-down cards
// bottom first). It panics unless len(cards) is p.Unknowns() and every
// UnknownCard of p is face down: callers pass a permutation of p.Unseen()
// for a position that passed Validate.
func (p *Position) Fill(cards []Card) *Position {
	q := p.Clone()
	k := 0
	for i := range q.Tableau {
		for j, c := range q.Tableau[i].Down {
			if c != UnknownCard {
				continue
			}
			if k >= len(cards) {
				panic(fmt.Sprintf("rules: Fill: %d cards for more unknown slots", len(cards)))
			}
			q.Tableau[i].Down[j] = cards[k]
			k++
		}
	}
	if k != len(cards) || q.Unknowns() != 0 {
		panic(fmt.Sprintf("rules: Fill: %d cards for %d face-down unknown slots (%d unknown cards in all)", len(cards), k, p.Unknowns()))
	}
	return q
}

// Reveals returns the face-down card that move m turns up in p (the card
// under m's card, when m's card is the lowest face-up card of its column
// and face-down cards lie under it), or NoCard when m turns up nothing. The
// card returned may be UnknownCard. It does not check that m is legal.
func (p *Position) Reveals(m Move) Card {
	if m.From.Kind != Tableau || int(m.From.Index) >= len(p.Tableau) {
		return NoCard
	}
	pl := &p.Tableau[m.From.Index]
	if len(pl.Down) == 0 || len(pl.Up) == 0 || pl.Up[0] != m.Card {
		return NoCard
	}
	return pl.Down[len(pl.Down)-1]
}

// ErrUnknownCards matches (with errors.Is) the error of anything that needs
// every card known, given a position with unknown face-down cards (??).
var ErrUnknownCards = errors.New("unknown cards")

// UnknownCardsError is the error of NeedKnown: Need (such as "an exact
// search") needs every card known, and Count face-down cards are not.
type UnknownCardsError struct {
	Need  string // what needs the cards known, as in "an exact search"
	Count int    // how many face-down cards are unknown (??)
}

// Error says what needs every card known and how many face-down cards
// are not, as in "an exact search needs every card known, but 3
// face-down cards are unknown (??)".
func (e *UnknownCardsError) Error() string {
	return fmt.Sprintf("%s needs every card known, but %s unknown (??)", e.Need, unknownCount(e.Count))
}

// Is makes errors.Is(err, ErrUnknownCards) true.
func (e *UnknownCardsError) Is(target error) bool { return target == ErrUnknownCards }

// NeedKnown returns nil when every card of p is known, and otherwise an
// *UnknownCardsError saying that what (such as "the Solvitaire format")
// needs every card known, and how many are not.
func (p *Position) NeedKnown(what string) error {
	n := p.Unknowns()
	if n == 0 {
		return nil
	}
	return &UnknownCardsError{Need: what, Count: n}
}

// unknownCount says "1 face-down card is" or "3 face-down cards are".
func unknownCount(n int) string {
	if n == 1 {
		return "1 face-down card is"
	}
	return fmt.Sprintf("%d face-down cards are", n)
}

// notVisible says "1 card is" or "4 cards are", then lists the cards.
func notVisible(cs []Card) string {
	verb := "cards are"
	if len(cs) == 1 {
		verb = "card is"
	}
	if len(cs) == 0 {
		return "every card is visible elsewhere"
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return fmt.Sprintf("%d %s not visible: %s", len(cs), verb, strings.Join(names, " "))
}
