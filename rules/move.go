package rules

import (
	"strconv"
	"strings"
)

// LocKind says what kind of place a location is.
type LocKind uint8

// The kinds of location.
const (
	Tableau LocKind = iota
	Cell
	Foundation
)

// Loc is a place cards move from or to: a tableau pile (t1..), a cell (c1,
// c2) or the foundations (f). Index is 0-based and unused for Foundation.
type Loc struct {
	Kind  LocKind // a tableau pile, a cell or the foundations
	Index uint8   // the pile or cell, 0-based; 0 for the foundations
}

// T returns the location of tableau pile i (0-based). An i that a Loc
// cannot hold (below 0 or above 255) gives an invalid location, of no
// kind: String writes it "?", and the referee refuses a move from or to
// it.
func T(i int) Loc { return loc(Tableau, i) }

// C returns the location of cell i (0-based); an i below 0 or above 255
// gives an invalid location, as for T.
func C(i int) Loc { return loc(Cell, i) }

// noPlace is the kind of the invalid location of T and C.
const noPlace LocKind = 0xFF

func loc(k LocKind, i int) Loc {
	if i < 0 || i > 0xFF {
		return Loc{Kind: noPlace}
	}
	return Loc{k, uint8(i)}
}

// F is the foundations.
var F = Loc{Kind: Foundation}

// String returns the location as written in move lists: t3, c1, f.
func (l Loc) String() string {
	switch l.Kind {
	case Tableau:
		return "t" + strconv.Itoa(int(l.Index)+1)
	case Cell:
		return "c" + strconv.Itoa(int(l.Index)+1)
	case Foundation:
		return "f"
	}
	return "?"
}

// ParseLoc reads a location: t1..t13, c1..c2 or f (any case). It checks
// only the form; whether the place exists in a game is the referee's call.
func ParseLoc(s string) (Loc, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "f" {
		return F, nil
	}
	if len(t) >= 2 && (t[0] == 't' || t[0] == 'c') {
		n, err := strconv.Atoi(t[1:])
		if err == nil && n >= 1 && n <= 13 && t[1] != '0' && t[1] != '+' {
			if t[0] == 't' {
				return T(n - 1), nil
			}
			if n <= 2 {
				return C(n - 1), nil
			}
		}
	}
	return Loc{}, parseError("location", s, "unknown location %q: use t1..t13, c1, c2 or f", s)
}

// Move is one move: the moved card (the bottom card of a moved group), where
// it comes from and where it goes. The zero Move is no move (a card from
// t1 to t1, which no game allows): functions that may find none return it,
// and IsZero tells it.
type Move struct {
	Card     Card // the card moved; for a group, its bottom card
	From, To Loc  // the place the card leaves and the place it lands on
}

// IsZero reports whether m is the zero Move, which stands for no move.
func (m Move) IsZero() bool { return m == Move{} }

// String returns the short notation, such as "5C t3>t6", and "no move"
// for the zero Move.
func (m Move) String() string {
	if m.IsZero() {
		return "no move"
	}
	return m.Card.String() + " " + m.From.String() + ">" + m.To.String()
}

// ParseMove reads the short notation "5C t3>t6". It also accepts "5C t3 t6"
// and "5C t3->t6".
func ParseMove(s string) (Move, error) {
	t := strings.TrimSpace(s)
	t = strings.ReplaceAll(t, "->", " ")
	t = strings.ReplaceAll(t, ">", " ")
	f := strings.Fields(t)
	if len(f) != 3 {
		return Move{}, parseError("move", s, "bad move %q: want CARD FROM>TO, as in \"5C t3>t6\"", s)
	}
	c, err := ParseCard(f[0])
	if err != nil {
		return Move{}, parseError("move", s, "bad move %q: %w", s, err)
	}
	from, err := ParseLoc(f[1])
	if err != nil {
		return Move{}, parseError("move", s, "bad move %q: %w", s, err)
	}
	to, err := ParseLoc(f[2])
	if err != nil {
		return Move{}, parseError("move", s, "bad move %q: %w", s, err)
	}
	return Move{Card: c, From: from, To: to}, nil
}

// MustMove parses a move in short notation and panics on error. It is for
// tests and tables.
func MustMove(s string) Move {
	m, err := ParseMove(s)
	if err != nil {
		panic(err)
	}
	return m
}
