package rules

// Move generation. One function per move family, each appending to a
// buffer the caller owns, so that a caller who reuses its buffer allocates
// nothing. The referee (referee.go) checks moves on its own, without this
// code, so that the two can be tested against each other.
//
// The same moves are generated in other places, each cross-checked against
// LegalMoves on many positions of random games:
//   - the referee, Check in referee.go (TestConsistency);
//   - the solver's Russian Cell board, genMoves in solver/rc_movegen.go
//     (TestGenMovesIsLegalMoves), with its foundation moves in
//     solver/rc_auto.go and its child keys in solver/rc_childkey.go
//     (TestRCChildKeyAndFoundation);
//   - the solver's Ripple Fan board, genMoves in solver/rf_search.go
//     (TestRFGenMovesIsLegalMoves).
//
// solver/explain.go's loss board asks another question (can a card ever
// move while a set of cards stays in place) from the same rules; a change
// to the rules here must be made there too (TestBlockageOnlyWhenLost
// checks it against the solver).

// LegalMoves appends every legal move of p under the options o to buf[:0]
// and returns the result. The list is exact: it has every legal move once,
// and nothing else.
//
// Russian Cell: every face-up card with everything above it to every column
// whose top card is its same-suit successor (a King, or a group whose bottom
// card is a King, to every empty column); a column's top card and a cell
// card to the foundations; a column's top card to every empty cell; a cell
// card to a column, as a group of one card; and, when o.Returns allows it, a
// foundation's top card to every empty cell and to a column.
//
// Ripple Fan: a pile's top card onto another pile whose top card is its
// same-suit successor, or to the foundations. Options do not apply.
//
// Moves to the foundations come first. The order is otherwise fixed but
// carries no meaning. Move.Card is the moved card, or the bottom card of
// the moved group.
//
// It trusts p, for speed: p must not be nil, and for a p that fails
// Validate the list means nothing. Check, which never panics, takes any p.
func LegalMoves(p *Position, o Options, buf []Move) []Move {
	buf = buf[:0]
	switch p.Game {
	case RussianCell:
		return russianCellMoves(p, o, buf)
	case RippleFan:
		return rippleFanMoves(p, buf)
	}
	return buf
}

// moveGenBoard is what the generators need to know about a position,
// gathered once per call.
type moveGenBoard struct {
	piles int // tableau piles that exist in both the game and p.Tableau
	cells int // cells that exist in both the game and p.Cells
	// onTop[c] is 1 + the pile whose face-up top card is c, or 0.
	onTop [NumCards]int8
	// empty lists the empty piles; there are nEmpty of them.
	empty  [13]int8
	nEmpty int
}

func (b *moveGenBoard) init(p *Position) {
	b.piles = min(len(p.Tableau), p.Game.Piles())
	b.cells = min(len(p.Cells), p.Game.Cells())
	for i := 0; i < b.piles; i++ {
		pl := &p.Tableau[i]
		if n := len(pl.Up); n > 0 {
			if t := pl.Up[n-1]; t.Valid() {
				b.onTop[t] = int8(i + 1)
			}
		} else if len(pl.Down) == 0 {
			b.empty[b.nEmpty] = int8(i)
			b.nEmpty++
		}
	}
}

// successorPile returns the pile whose top card is c's same-suit successor,
// or -1.
func (b *moveGenBoard) successorPile(c Card) int {
	if c.Rank() == King {
		return -1
	}
	return int(b.onTop[c+1]) - 1
}

// toFoundation reports whether c may go to its foundation now.
func toFoundation(p *Position, c Card) bool {
	return c.Valid() && p.Foundations[c.Suit()] == int(c.Rank())
}

func russianCellMoves(p *Position, o Options, buf []Move) []Move {
	var b moveGenBoard
	b.init(p)
	buf = rcToFoundation(p, &b, buf)
	buf = rcColumnToColumn(p, &b, buf)
	buf = rcCellToColumn(p, &b, buf)
	buf = rcColumnToCell(p, &b, buf)
	if o.Returns(RussianCell) {
		buf = rcReturns(p, &b, buf)
	}
	return buf
}

// rcToFoundation: a column's top card, or a cell card, to its foundation.
func rcToFoundation(p *Position, b *moveGenBoard, buf []Move) []Move {
	for i := 0; i < b.piles; i++ {
		up := p.Tableau[i].Up
		if n := len(up); n > 0 && toFoundation(p, up[n-1]) {
			buf = append(buf, Move{Card: up[n-1], From: T(i), To: F})
		}
	}
	for j := 0; j < b.cells; j++ {
		if c := p.Cells[j]; toFoundation(p, c) {
			buf = append(buf, Move{Card: c, From: C(j), To: F})
		}
	}
	return buf
}

// rcOntoColumns appends the moves of c (alone or at the bottom of a group)
// from `from` to every column that may take it. A column never takes a
// group from itself.
func rcOntoColumns(b *moveGenBoard, c Card, from Loc, buf []Move) []Move {
	if c.Rank() == King {
		for k := 0; k < b.nEmpty; k++ {
			buf = append(buf, Move{Card: c, From: from, To: T(int(b.empty[k]))})
		}
		return buf
	}
	if d := b.successorPile(c); d >= 0 && !(from.Kind == Tableau && int(from.Index) == d) {
		buf = append(buf, Move{Card: c, From: from, To: T(d)})
	}
	return buf
}

// rcColumnToColumn: any face-up card with all cards above it, whatever
// their order, to another column.
func rcColumnToColumn(p *Position, b *moveGenBoard, buf []Move) []Move {
	for i := 0; i < b.piles; i++ {
		for _, c := range p.Tableau[i].Up {
			if c.Valid() {
				buf = rcOntoColumns(b, c, T(i), buf)
			}
		}
	}
	return buf
}

// rcCellToColumn: a cell card to a column, as a group of one card.
func rcCellToColumn(p *Position, b *moveGenBoard, buf []Move) []Move {
	for j := 0; j < b.cells; j++ {
		if c := p.Cells[j]; c.Valid() {
			buf = rcOntoColumns(b, c, C(j), buf)
		}
	}
	return buf
}

// rcColumnToCell: a column's top card to every empty cell.
func rcColumnToCell(p *Position, b *moveGenBoard, buf []Move) []Move {
	for i := 0; i < b.piles; i++ {
		up := p.Tableau[i].Up
		n := len(up)
		if n == 0 || !up[n-1].Valid() {
			continue
		}
		for j := 0; j < b.cells; j++ {
			if p.Cells[j] == NoCard {
				buf = append(buf, Move{Card: up[n-1], From: T(i), To: C(j)})
			}
		}
	}
	return buf
}

// rcReturns: a foundation's top card back to every empty cell, or to a
// column under the rules for a cell card.
func rcReturns(p *Position, b *moveGenBoard, buf []Move) []Move {
	for s := Clubs; s <= Diamonds; s++ {
		h := p.Foundations[s]
		if h < 1 || h > 13 {
			continue
		}
		c := NewCard(Rank(h-1), s)
		buf = rcOntoColumns(b, c, F, buf)
		for j := 0; j < b.cells; j++ {
			if p.Cells[j] == NoCard {
				buf = append(buf, Move{Card: c, From: F, To: C(j)})
			}
		}
	}
	return buf
}

func rippleFanMoves(p *Position, buf []Move) []Move {
	var b moveGenBoard
	b.init(p)
	// A pile's top card to its foundation.
	for i := 0; i < b.piles; i++ {
		up := p.Tableau[i].Up
		if n := len(up); n > 0 && toFoundation(p, up[n-1]) {
			buf = append(buf, Move{Card: up[n-1], From: T(i), To: F})
		}
	}
	// A pile's top card onto its same-suit successor. Empty piles take
	// nothing, so no King ever moves but to its foundation.
	for i := 0; i < b.piles; i++ {
		up := p.Tableau[i].Up
		n := len(up)
		if n == 0 || !up[n-1].Valid() {
			continue
		}
		if d := b.successorPile(up[n-1]); d >= 0 && d != i {
			buf = append(buf, Move{Card: up[n-1], From: T(i), To: T(d)})
		}
	}
	return buf
}
