package rules

import "strings"

// Card is one card of the single 52-card deck.
//
// Layout: id = suit*13 + rank, with suits in the order C S H D (0..3) and
// ranks A..K (0..12). This is the order PySolFC uses before shuffling.
// NoCard (0xFF) marks an empty slot.
type Card uint8

// NoCard marks an empty cell slot.
const NoCard Card = 0xFF

// UnknownCard stands for a face-down card that the player cannot see, written
// "??" (as "[??]" on a board). It is allowed only among a Russian Cell
// column's face-down cards; Validate checks that the unknown cards are
// exactly as many as the cards seen nowhere else. It is not Valid: a
// position with unknown cards cannot be solved or replayed until every
// card is known (Position.Fill).
const UnknownCard Card = 0xFE

// NumCards is the size of the deck.
const NumCards = 52

// Suit is a card suit, in the order C S H D.
type Suit uint8

// The four suits, in deck order.
const (
	Clubs Suit = iota
	Spades
	Hearts
	Diamonds
)

// Rank is a card rank, 0 (Ace) to 12 (King).
type Rank uint8

// Ace and King are the lowest and highest ranks.
const (
	Ace  Rank = 0
	King Rank = 12
)

const (
	rankLetters = "A23456789TJQK"
	suitLetters = "CSHD"
)

// Symbols for the suits, in suit order.
var suitSymbols = [4]string{"♣", "♠", "♥", "♦"}

// NewCard builds a card from its rank and suit.
func NewCard(r Rank, s Suit) Card { return Card(uint8(s)*13 + uint8(r)) }

// Rank returns the rank, 0 (Ace) to 12 (King).
func (c Card) Rank() Rank { return Rank(uint8(c) % 13) }

// Suit returns the suit.
func (c Card) Suit() Suit { return Suit(uint8(c) / 13) }

// Valid reports whether c is one of the 52 cards.
func (c Card) Valid() bool { return c < NumCards }

// Red reports whether the card is a heart or a diamond.
func (c Card) Red() bool { s := c.Suit(); return s == Hearts || s == Diamonds }

// String returns the two-letter form, such as "TD" or "AS"; "??" for
// UnknownCard.
func (c Card) String() string {
	if c == UnknownCard {
		return "??"
	}
	if !c.Valid() {
		return "--"
	}
	return string([]byte{rankLetters[c.Rank()], suitLetters[c.Suit()]})
}

// Symbol returns the card with a Unicode suit symbol, such as "T♦"; "??"
// for UnknownCard.
func (c Card) Symbol() string {
	if c == UnknownCard {
		return "??"
	}
	if !c.Valid() {
		return "--"
	}
	return string(rankLetters[c.Rank()]) + suitSymbols[c.Suit()]
}

// Letter returns the suit's letter: C, S, H or D; '-' for a value that
// is no suit (4 and above), as Card.String writes "--" for no card.
func (s Suit) Letter() byte {
	if int(s) >= len(suitLetters) {
		return '-'
	}
	return suitLetters[s]
}

// String returns the suit's letter ("-" for no suit, as Letter).
func (s Suit) String() string { return string(s.Letter()) }

// Letter returns the rank's letter: A 2..9 T J Q K; '-' for a value that
// is no rank (13 and above).
func (r Rank) Letter() byte {
	if int(r) >= len(rankLetters) {
		return '-'
	}
	return rankLetters[r]
}

// ParseSuit reads a suit letter (any case) or symbol.
func ParseSuit(s string) (Suit, error) {
	switch s {
	case "c", "C", "♣", "♧":
		return Clubs, nil
	case "s", "S", "♠", "♤":
		return Spades, nil
	case "h", "H", "♥", "♡":
		return Hearts, nil
	case "d", "D", "♦", "♢":
		return Diamonds, nil
	}
	return 0, parseError("suit", s, "unknown suit %q", s)
}

// ParseCard reads a card: rank then suit, as in "TD", "10d", "qs", "K♠".
func ParseCard(s string) (Card, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return NoCard, parseError("card", s, "empty card")
	}
	var r int
	var rest string
	switch {
	case strings.HasPrefix(t, "10"):
		r, rest = 9, t[2:]
	default:
		i := strings.IndexByte(rankLetters, upper(t[0]))
		if i < 0 {
			return NoCard, parseError("card", s, "unknown card %q: bad rank", s)
		}
		r, rest = i, t[1:]
	}
	su, err := ParseSuit(rest)
	if err != nil {
		return NoCard, parseError("card", s, "unknown card %q: bad suit", s)
	}
	return NewCard(Rank(r), su), nil
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

// MustCard parses a card and panics on error. It is for tests and tables.
func MustCard(s string) Card {
	c, err := ParseCard(s)
	if err != nil {
		panic(err)
	}
	return c
}

// MustCards parses a space-separated list of cards. It is for tests.
func MustCards(s string) []Card {
	var out []Card
	for _, f := range strings.Fields(s) {
		out = append(out, MustCard(f))
	}
	return out
}
