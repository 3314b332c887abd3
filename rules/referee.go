package rules

import (
	"fmt"
)

// The referee checks each move directly against the rules of docs/design.md
// §1. It deliberately shares no code with the move generator
// (movegen.go), so that each can be tested against the other: a move is
// legal when Check says so, not because LegalMoves lists it.
//
// Checks run in a fixed order, so that an illegal move gets the reason a
// person would give first:
//
//  1. the position's game and the move's card are known;
//  2. both places exist in the game;
//  3. the move changes place;
//  4. the kind of move is allowed at all (no cell to cell, no returns when
//     they are off, none ever in Ripple Fan);
//  5. the card is where the move says, face up, and (where the rules ask)
//     on top;
//  6. the destination takes it.

// MoveError reports an illegal move: the first of a move list (Replay),
// or the one move Check is given.
type MoveError struct {
	Index  int    // 1-based number of the move in the list; 0 for Check's one move
	Move   Move   // the illegal move
	Reason string // why it is illegal, such as "5C is face down"
	// Err is the kind of the reason where it has a sentinel, for
	// errors.Is: ErrNoGame for a position of no game, ErrUnknownCards for
	// a move that would turn up an unknown face-down card (Replay); nil
	// for a move the rules forbid.
	Err error
}

// Error returns the move's number, the move and the reason, as in
// "move 12 (5C t3>t6): 5C is face down"; for Check's move (Index 0), the
// reason alone.
func (e *MoveError) Error() string {
	if e.Index == 0 {
		return e.Reason
	}
	return fmt.Sprintf("move %d (%v): %s", e.Index, e.Move, e.Reason)
}

// Unwrap returns Err.
func (e *MoveError) Unwrap() error { return e.Err }

// Check reports whether m is legal in p under the options o. It returns nil
// for a legal move, and otherwise a *MoveError (Index 0) whose text is the
// precise reason, such as "t6's top card is 7C, not 6C". It never changes p and
// never panics, whatever p and m hold. It accepts exactly the moves that
// LegalMoves lists, but finds that out by its own code, and tests check the
// two against each other.
func Check(p *Position, o Options, m Move) error {
	if r := refereeReason(p, o, m); r != "" {
		return &MoveError{Move: m, Reason: r, Err: reasonKind(p)}
	}
	return nil
}

// reasonKind is the sentinel of refereeReason's reason for a move in p
// (MoveError.Err): ErrNoGame for a position of no game, the one reason
// that has one.
func reasonKind(p *Position) error {
	if p != nil && p.Game != RussianCell && p.Game != RippleFan {
		return ErrNoGame
	}
	return nil
}

// Replay plays moves on a copy of start, checking each with Check first.
// It returns the final position; start is not changed. At the first
// illegal move it stops and returns the position just before that move,
// with a *MoveError. It plays only the moves it is given: no automatic
// foundation moves. Whether the final position is won is the caller's
// question (Position.Won). A game ends when it is won: a move after the
// win is refused with a *MoveError (afterWin), even one the rules would
// allow, such as a card played back from a foundation.
//
// A start position may have unknown face-down cards (UnknownCard). A legal move
// that would turn one up is refused all the same, with a *MoveError that
// says so: the card it turns up is not known, so the position after it
// cannot be written down.
//
// A nil start is refused with an *InvalidPositionError.
func Replay(start *Position, o Options, moves []Move) (*Position, error) {
	if start == nil {
		return nil, CheckPosition(nil)
	}
	p := start.Clone()
	for i, m := range moves {
		if p.Won() {
			return p, &MoveError{Index: i + 1, Move: m, Reason: afterWin(i)}
		}
		if r := refereeReason(p, o, m); r != "" {
			return p, &MoveError{Index: i + 1, Move: m, Reason: r, Err: reasonKind(p)}
		}
		if p.Reveals(m) == UnknownCard {
			return p, &MoveError{Index: i + 1, Move: m, Reason: "it turns up a face-down card that is unknown (??): name that card in the position, or stop the moves before this one", Err: ErrUnknownCards}
		}
		p.Apply(m)
	}
	return p, nil
}

// afterWin is the reason a move list that goes on after the game is won
// is refused: won is the number of moves (from 1) after which the game was
// won, 0 for a start that is won already. The move refused is won+1.
func afterWin(won int) string {
	if won == 0 {
		return "the game is won already: no move comes after the win"
	}
	return fmt.Sprintf("the game was won at move %d; move %d comes after it", won, won+1)
}

// refereeReason returns why m is illegal in p, or "" if it is legal.
func refereeReason(p *Position, o Options, m Move) string {
	if p == nil {
		return "there is no position"
	}
	g := p.Game
	if g != RussianCell && g != RippleFan {
		return fmt.Sprintf("unknown game %d", uint8(g))
	}
	c := m.Card
	if !c.Valid() {
		return "the move has no valid card"
	}
	if r := refLocReason(p, m.From); r != "" {
		return r
	}
	if r := refLocReason(p, m.To); r != "" {
		return r
	}
	if m.From == m.To {
		return "a move must change place"
	}
	if r := refFromReason(p, o, m); r != "" {
		return r
	}
	return refToReason(p, m)
}

// refFromReason returns why m's card cannot leave where it is in p, or ""
// if it can.
func refFromReason(p *Position, o Options, m Move) string {
	g, c := p.Game, m.Card
	switch m.From.Kind {
	case Foundation:
		if g == RippleFan {
			return "foundation cards never come back in Ripple Fan"
		}
		if !o.Returns(g) {
			return "foundation returns are off"
		}
		s := c.Suit()
		if h := p.Foundations[s]; h <= 0 {
			return fmt.Sprintf("the %s foundation is empty", suitNames[s])
		} else if int(c.Rank()) != h-1 {
			return fmt.Sprintf("%v is not the top card of the %s foundation", c, suitNames[s])
		}
	case Cell:
		if m.To.Kind == Cell {
			return "a card may not move from a cell to a cell"
		}
		if in := p.Cells[m.From.Index]; in == NoCard {
			return fmt.Sprintf("%v is not in %v, which is empty", c, m.From)
		} else if in != c {
			return fmt.Sprintf("%v is not in %v, which holds %v", c, m.From, in)
		}
	case Tableau:
		pl := &p.Tableau[m.From.Index]
		// Search from the top, as Apply does.
		k := -1
		for i := len(pl.Up) - 1; i >= 0; i-- {
			if pl.Up[i] == c {
				k = i
				break
			}
		}
		if k < 0 {
			for _, x := range pl.Down {
				if x == c {
					return fmt.Sprintf("%v is face down", c)
				}
			}
			return fmt.Sprintf("%v is not in %v", c, m.From)
		}
		if k != len(pl.Up)-1 {
			// Only Russian Cell moves groups, and only between columns.
			if g == RippleFan {
				return "only the top card of a pile may move in Ripple Fan"
			}
			switch m.To.Kind {
			case Cell:
				return fmt.Sprintf("%v is not the top card of %v; only a top card may go to a cell", c, m.From)
			case Foundation:
				return fmt.Sprintf("%v is not the top card of %v; only a top card may go to a foundation", c, m.From)
			}
		}
	}
	return ""
}

// refToReason returns why m's card cannot go where m puts it in p, or ""
// if it can.
func refToReason(p *Position, m Move) string {
	g, c := p.Game, m.Card
	switch m.To.Kind {
	case Foundation:
		s := c.Suit()
		h := p.Foundations[s]
		if h >= 13 {
			return fmt.Sprintf("the %s foundation is complete", suitNames[s])
		}
		if h < 0 {
			return fmt.Sprintf("the %s foundation has a bad height %d", suitNames[s], h)
		}
		if int(c.Rank()) != h {
			return fmt.Sprintf("%v cannot go to its foundation, which needs %v next", c, NewCard(Rank(h), s))
		}
	case Cell:
		if p.Cells[m.To.Index] != NoCard {
			return fmt.Sprintf("%v cannot go to %v, which is not empty", c, m.To)
		}
	case Tableau:
		dst := &p.Tableau[m.To.Index]
		if len(dst.Up) == 0 {
			if len(dst.Down) > 0 {
				return fmt.Sprintf("%v's top card is face down", m.To)
			}
			if g == RippleFan {
				return "an empty pile can never be filled in Ripple Fan"
			}
			if c.Rank() != King {
				return fmt.Sprintf("%v cannot go to an empty column: only a King may", c)
			}
			return ""
		}
		top := dst.Up[len(dst.Up)-1]
		if c.Rank() == King {
			if g == RippleFan {
				return fmt.Sprintf("%v may go only to its foundation in Ripple Fan", c)
			}
			return fmt.Sprintf("%v may go only to an empty column", c)
		}
		if want := NewCard(c.Rank()+1, c.Suit()); top != want {
			return fmt.Sprintf("%v cannot go on %v, only on %v", c, top, want)
		}
	}
	return ""
}

// suitNames name the suits in reasons: "the clubs foundation".
var suitNames = [4]string{"clubs", "spades", "hearts", "diamonds"}

// refLocReason returns why l is no place in p's game, or "".
func refLocReason(p *Position, l Loc) string {
	switch l.Kind {
	case Tableau:
		if int(l.Index) >= p.Game.Piles() || int(l.Index) >= len(p.Tableau) {
			return fmt.Sprintf("%v does not exist", l)
		}
	case Cell:
		if p.Game == RippleFan {
			return "Ripple Fan has no cells"
		}
		if int(l.Index) >= p.Game.Cells() || int(l.Index) >= len(p.Cells) {
			return fmt.Sprintf("%v does not exist", l)
		}
	case Foundation:
		// The foundations are one place, F; the suit comes from the card.
		if l.Index != 0 {
			return fmt.Sprintf("the foundations take no number (index %d)", l.Index)
		}
	default:
		return fmt.Sprintf("unknown kind of place %d", l.Kind)
	}
	return ""
}
