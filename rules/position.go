package rules

import (
	"fmt"
	"strings"
)

// Game names one of the two games. The zero Game is no game: every
// function that takes a game refuses it (Validate, NewVariant, and the
// searches, players and runs of the packages above), so that a config
// that leaves its game out is an error, never a game by accident.
type Game uint8

// The two games.
const (
	RussianCell Game = iota + 1
	RippleFan
)

// Games returns every game, for help text and iteration: a new slice on
// each call.
func Games() []Game { return []Game{RussianCell, RippleFan} }

// String returns the game's name as used on the command line.
func (g Game) String() string {
	switch g {
	case RussianCell:
		return "russian-cell"
	case RippleFan:
		return "ripple-fan"
	}
	return fmt.Sprintf("game(%d)", uint8(g))
}

// Title returns the game's name for people.
func (g Game) Title() string {
	switch g {
	case RussianCell:
		return "Russian Cell"
	case RippleFan:
		return "Ripple Fan"
	}
	return g.String()
}

// ParseGame reads a game name: "russian-cell" or "ripple-fan" (also with
// underscores or spaces, any case).
func ParseGame(s string) (Game, error) {
	k := strings.ToLower(strings.TrimSpace(s))
	k = strings.NewReplacer("_", "-", " ", "-").Replace(k)
	switch k {
	case "russian-cell", "russiancell", "rc":
		return RussianCell, nil
	case "ripple-fan", "ripplefan", "rf":
		return RippleFan, nil
	}
	return 0, parseError("game", s, "unknown game %q: use russian-cell or ripple-fan", s)
}

// Piles returns the number of tableau piles: 7 or 13.
func (g Game) Piles() int {
	if g == RippleFan {
		return 13
	}
	return 7
}

// Cells returns the number of cells: 2 or 0.
func (g Game) Cells() int {
	if g == RippleFan {
		return 0
	}
	return 2
}

// Pile is one tableau pile, bottom card first.
type Pile struct {
	Down []Card // face-down cards, bottom first
	Up   []Card // face-up cards, bottom first; the last is the top card
}

// Len returns the number of cards in the pile.
func (p Pile) Len() int { return len(p.Down) + len(p.Up) }

// Top returns the top card, or NoCard for an empty pile.
func (p Pile) Top() Card {
	if len(p.Up) > 0 {
		return p.Up[len(p.Up)-1]
	}
	if len(p.Down) > 0 {
		return p.Down[len(p.Down)-1]
	}
	return NoCard
}

// Position is a whole game position.
type Position struct {
	Game Game // the game the position is of
	// Tableau holds the tableau piles, the first (t1) first: 7 columns in
	// Russian Cell, 13 piles in Ripple Fan.
	Tableau []Pile
	// Cells has one slot per cell (NoCard when empty): two for Russian
	// Cell, none for Ripple Fan.
	Cells []Card
	// Foundations gives the top rank on each suit's foundation, 0 (empty)
	// to 13 (King played), indexed by Suit.
	Foundations [4]int
}

// NewPosition returns an empty position of the game: empty piles, empty
// cells, empty foundations. For a value that is no game (the zero Game) it
// returns a position that Validate refuses.
func NewPosition(g Game) *Position {
	p := &Position{Game: g, Tableau: make([]Pile, g.Piles()), Cells: make([]Card, g.Cells())}
	for i := range p.Cells {
		p.Cells[i] = NoCard
	}
	return p
}

// Clone returns a deep copy.
func (p *Position) Clone() *Position {
	q := &Position{Game: p.Game, Foundations: p.Foundations}
	q.Tableau = make([]Pile, len(p.Tableau))
	for i, pl := range p.Tableau {
		q.Tableau[i] = Pile{Down: append([]Card(nil), pl.Down...), Up: append([]Card(nil), pl.Up...)}
	}
	q.Cells = append([]Card(nil), p.Cells...)
	return q
}

// Equal reports whether two positions are identical, pile by pile. A nil
// position equals only a nil one.
func (p *Position) Equal(q *Position) bool {
	if p == nil || q == nil {
		return p == q
	}
	if p.Game != q.Game || p.Foundations != q.Foundations || len(p.Tableau) != len(q.Tableau) || len(p.Cells) != len(q.Cells) {
		return false
	}
	for i := range p.Cells {
		if p.Cells[i] != q.Cells[i] {
			return false
		}
	}
	for i := range p.Tableau {
		if !cardsEqual(p.Tableau[i].Down, q.Tableau[i].Down) || !cardsEqual(p.Tableau[i].Up, q.Tableau[i].Up) {
			return false
		}
	}
	return true
}

func cardsEqual(a, b []Card) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Won reports whether all 52 cards are on the foundations.
func (p *Position) Won() bool {
	for _, h := range p.Foundations {
		if h != 13 {
			return false
		}
	}
	return true
}

// OnFoundations returns how many cards are on the foundations.
func (p *Position) OnFoundations() int {
	n := 0
	for _, h := range p.Foundations {
		n += h
	}
	return n
}

// FoundationTop returns the top card of suit s's foundation, or NoCard.
func (p *Position) FoundationTop(s Suit) Card {
	h := p.Foundations[s]
	if h == 0 {
		return NoCard
	}
	return NewCard(Rank(h-1), s)
}
