package solver

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/patience-solver/patience/rules"
)

// Russian Cell state.
//
// Every card not on a foundation is in exactly one of four relations, and a
// card carried along in a group keeps its relation, so a move changes the
// relation of one card only (the moved card, or the group's bottom card):
//
//	codeOrig   still on the card it lay on in the start position
//	codeSucc   on its same-suit successor (one rank higher)
//	codeBottom at the bottom of a column
//	codeCell   in a cell
//
// From these and the foundation heights the whole position follows: the
// bottom cards start the columns, each card's cover is the one card that is
// codeOrig on it (the card dealt above it) or codeSucc on it (its
// predecessor), and a dealt face-down card is still face down exactly while
// the card dealt above it is codeOrig. Column order and cell order do not
// appear, which is the Symmetry reduction, for free.
//
// The trap of DESIGN 4.3: when the card a card lay on is also its successor,
// "still where it lay" and "back on its successor" are different positions
// if that card was dealt face down (it has turned up since). A card that
// comes back to the card it lay on is therefore codeSucc, unless that card
// was face up in the start position, when the two are the same position and
// codeOrig is used so that they share one key.
//
// Key layout (rcKey, 16 bytes):
//
//	w[0] bits 2c..2c+1    code of card c, c = 0..31
//	w[1] bits 2(c-32)..   code of card c, c = 32..51 (bits 0..39)
//	w[1] bits 40..55      foundation heights, 4 bits each, suits C S H D
//	w[1] bit 63           always 1, so that no key is zero (the empty mark)
//
// Cards on a foundation have code 0. With Symmetry off, a third word holds
// the bottom card of each column and the card in each cell (rcKey3).
type rcKey [2]uint64

type rcKey3 [3]uint64

const (
	codeOrig   = 0
	codeSucc   = 1
	codeBottom = 2
	codeCell   = 3
)

const (
	rcCols  = 7
	locCell = 7 // cells are locCell+0, locCell+1
	locF    = 9
	locPair = 10 // CellHome pair moves: the card to cell to-locPair, its successor to the other
	locSwap = 12 // a KingHome swap: the King alone in column aux to a cell, then card to aux
	// locSwap2 is a KingHome double swap: the Queen and the King that are
	// alone in column aux to the two cells, then card to aux.
	locSwap2 = 13
	none     = 0xFF
	keyTag   = uint64(1) << 63
)

// rcMove is a move in the solver's own compact form. from and to are column
// indices 0..6, locCell+i for cell i, or locF.
type rcMove struct {
	card, from, to uint8
	score          int8
	aux            uint8 // a KingHome swap: the column of the King that goes to a cell
}

// rcUndo holds what unmake needs beyond the move itself.
type rcUndo struct {
	m       rcMove
	start   uint8 // index the moved group had in its source column
	oldCode uint8
	flipped bool
	forced  bool // the only move considered: automatic, or the only one generated
}

// rcBoard is the mutable position of one worker: columns in their real
// places (so moves carry real column numbers), plus the packed key kept up
// to date move by move.
type rcBoard struct {
	col   [rcCols][256]uint8 // 256: no bounds check for a uint8 index
	n     [rcCols]uint8
	down  [rcCols]uint8
	cell  [2]uint8
	found [4]uint8
	// loc and idx have 256 entries, one per value of a card's uint8, so
	// that the compiler needs no bounds check on them; cards are 0..51.
	loc [256]uint8 // column, locCell+i, or locF
	idx [256]uint8 // index within the column
	key rcKey

	cellHome bool // the CellHome pruning is on (childKey needs it)
	kingHome bool // the KingHome pruning is on

	// Fixed for a search: the card each card lay on in the start position
	// (none for a bottom card) and whether that card was face up then.
	base   [rules.NumCards]uint8
	baseUp [rules.NumCards]bool
}

func (b *rcBoard) code(c uint8) uint8 {
	if c < 32 {
		return uint8(b.key[0]>>(2*c&63)) & 3
	}
	return uint8(b.key[1]>>(2*(c-32)&63)) & 3
}

func (b *rcBoard) setCode(c, v uint8) { b.key.setCode(c, v) }

func (b *rcBoard) setFound(s, h uint8) {
	b.found[s] = h
	b.key.setFound(s, h)
}

func (k *rcKey) setCode(c, v uint8) {
	// The shifts are masked so that the compiler knows they are short.
	if c < 32 {
		s := 2 * c & 63
		k[0] = k[0]&^(3<<s) | uint64(v)<<s
	} else {
		s := 2 * (c - 32) & 63
		k[1] = k[1]&^(3<<s) | uint64(v)<<s
	}
}

func (k *rcKey) setFound(s, h uint8) {
	sh := (40 + 4*uint(s)) & 63
	k[1] = k[1]&^(0xF<<sh) | uint64(h)<<sh
}

// load sets the board from a rules position, which must be valid.
func (b *rcBoard) load(p *rules.Position) error {
	*b = rcBoard{}
	b.key[1] = keyTag
	for i := range rules.NumCards {
		b.loc[i] = locF
		b.base[i] = none
	}
	if len(p.Tableau) != rcCols || len(p.Cells) != 2 {
		return fmt.Errorf("russian cell position needs 7 columns and 2 cells")
	}
	for s := 0; s < 4; s++ {
		b.setFound(uint8(s), uint8(p.Foundations[s]))
	}
	for i, pl := range p.Tableau {
		all := append(append([]rules.Card(nil), pl.Down...), pl.Up...)
		if len(pl.Up) == 0 && len(pl.Down) > 0 {
			return fmt.Errorf("t%d has face-down cards and no face-up card", i+1)
		}
		for j, c := range all {
			cc := uint8(c)
			b.col[i][j] = cc
			b.loc[cc] = uint8(i)
			b.idx[cc] = uint8(j)
			if j == 0 {
				b.setCode(cc, codeBottom)
			} else {
				b.base[cc] = uint8(all[j-1])
				b.baseUp[cc] = j-1 >= len(pl.Down)
				b.setCode(cc, codeOrig)
			}
		}
		b.n[i] = uint8(len(all))
		b.down[i] = uint8(len(pl.Down))
	}
	for i, c := range p.Cells {
		b.cell[i] = none
		if c != rules.NoCard {
			b.cell[i] = uint8(c)
			b.loc[c] = locCell + uint8(i)
			b.setCode(uint8(c), codeCell)
		}
	}
	return nil
}

func (b *rcBoard) won() bool {
	return b.found == [4]uint8{13, 13, 13, 13}
}

// key3 adds the column and cell order to the key, for searches with
// Symmetry off.
func (b *rcBoard) key3() rcKey3 {
	var w uint64
	for i := 0; i < rcCols; i++ {
		c := uint64(63)
		if b.n[i] > 0 {
			c = uint64(b.col[i][0])
		}
		w |= c << (6 * i)
	}
	for i := 0; i < 2; i++ {
		w |= uint64(b.cell[i]&63) << (42 + 6*i)
	}
	return rcKey3{b.key[0], b.key[1], w}
}

// landCode is the code a card gets when it lands on top card t of a column
// (t is its successor), or at the bottom of an empty column (t is none).
func (b *rcBoard) landCode(c, t uint8) uint8 {
	if t == none {
		return codeBottom
	}
	if t == b.base[c] && b.baseUp[c] {
		return codeOrig
	}
	return codeSucc
}

// make plays m and returns what unmake needs. m must be legal.
func (b *rcBoard) make(m rcMove) rcUndo {
	c := m.card
	u := rcUndo{m: m, oldCode: b.code(c)}
	// Take the card (or group) off its place.
	var k uint8 = 1
	switch {
	case m.from < rcCols:
		i := m.from
		u.start = b.idx[c]
		k = b.n[i] - u.start
	case m.from < locF:
		b.cell[m.from-locCell] = none
	default: // a foundation return
		s := c / 13
		b.setFound(s, b.found[s]-1)
	}
	// Put it on the destination.
	switch {
	case m.to < rcCols:
		j := m.to
		t := uint8(none)
		if b.n[j] > 0 {
			t = b.col[j][b.n[j]-1]
		}
		b.setCode(c, b.landCode(c, t))
		if m.from < rcCols {
			i := m.from
			src, dst := &b.col[i], &b.col[j]
			d := b.n[j]
			for x := u.start; x < b.n[i]; x++ {
				cc := src[x]
				dst[d] = cc
				b.loc[cc] = j
				b.idx[cc] = d
				d++
			}
			b.n[i] = u.start
		} else {
			b.col[j][b.n[j]] = c
			b.loc[c] = j
			b.idx[c] = b.n[j]
		}
		b.n[j] += k
	case m.to < locF:
		b.cell[m.to-locCell] = c
		b.loc[c] = m.to
		b.setCode(c, codeCell)
		if m.from < rcCols {
			b.n[m.from]--
		}
	default:
		b.loc[c] = locF
		b.setCode(c, 0)
		s := c / 13
		b.setFound(s, b.found[s]+1)
		if m.from < rcCols {
			b.n[m.from]--
		}
	}
	// The automatic turn of an uncovered face-down card.
	if m.from < rcCols {
		i := m.from
		if b.n[i] == b.down[i] && b.down[i] > 0 {
			b.down[i]--
			u.flipped = true
		}
	}
	return u
}

// unmake takes back the move of u.
func (b *rcBoard) unmake(u rcUndo) {
	m := u.m
	c := m.card
	if m.from < rcCols && u.flipped {
		b.down[m.from]++
	}
	var k uint8 = 1
	switch {
	case m.to < rcCols:
		j := m.to
		k = b.n[j] - b.idx[c]
		if m.from < rcCols {
			i := m.from
			src, dst := &b.col[j], &b.col[i]
			d := u.start
			for x := b.idx[c]; x < b.n[j]; x++ {
				cc := src[x]
				dst[d] = cc
				b.loc[cc] = i
				b.idx[cc] = d
				d++
			}
			b.n[i] = d
		}
		b.n[j] -= k
	case m.to < locF:
		b.cell[m.to-locCell] = none
	default:
		s := c / 13
		b.setFound(s, b.found[s]-1)
	}
	b.setCode(c, u.oldCode)
	switch {
	case m.from < rcCols:
		if m.to >= rcCols {
			i := m.from
			b.col[i][b.n[i]] = c
			b.loc[c] = i
			b.idx[c] = b.n[i]
			b.n[i]++
		}
	case m.from < locF:
		b.cell[m.from-locCell] = c
		b.loc[c] = m.from
	default:
		s := c / 13
		b.setFound(s, b.found[s]+1)
		b.loc[c] = locF
	}
}

// isTop reports whether card c is the top card of its column.
func (b *rcBoard) isTop(c uint8) bool {
	l := b.loc[c]
	return l < rcCols && b.idx[c] == b.n[l]-1
}

// nextFoundation returns an automatic foundation move if there is one: a
// column top card or a cell card that is next on its foundation.
func (b *rcBoard) nextFoundation() (rcMove, bool) {
	for s := uint8(0); s < 4; s++ {
		h := b.found[s]
		if h == 13 {
			continue
		}
		c := s*13 + h
		l := b.loc[c]
		if l >= locCell && l < locF {
			return rcMove{card: c, from: l, to: locF}, true
		}
		if l < rcCols && b.isTop(c) {
			return rcMove{card: c, from: l, to: locF}, true
		}
	}
	return rcMove{}, false
}

// CellHome. Call a position unsettled when a cell holds a card X whose
// successor X+1 (same suit, one rank higher) is a column's top card, and
// let D be the position after X goes from its cell onto X+1. From D, X can
// go back to the cell it left, which is free there, so each of the two
// positions can reach the other in one move and one is won exactly when the
// other is. The search therefore settles every position at once, as it plays
// foundation moves, and never keeps an unsettled one.
//
// That alone would lose positions: the search must still reach, from D,
// every position that the unsettled one T reaches in one move (settled in
// turn). Going through T's moves: X to its foundation, or onto X+1, is D's
// own position or a move of D; a move that carries X+1 inside a group, or
// moves X+1 as a group's bottom onto X+2 or (a King) to an empty column, is
// the same move in D with X carried along on top, which settles to the same
// position; a card to a cell is legal in D, which has one more free cell;
// nothing can be put on X+1 but X. The one move D cannot copy is X+1 itself
// going to the other cell, uncovering the card beneath: for it the search
// has a pair move, X to one cell and X+1 to the other, played when X sits on
// its face-up successor and both cells are free. Settling is unique (a
// card goes home only onto its own successor, in any order), so each
// position reached settles to one key.
//
// Two moves are then never generated: X to a cell when X sits on its
// face-up successor (it would come straight back), and X to a cell when
// X+1 is another column's top card (it would settle onto X+1, which the
// direct move does). When X sits on its face-down successor the move to a
// cell is kept: X comes home onto a card that is now face up, a new
// position (the trap of DESIGN 4.3).
//
// KingHome is the same idea for the other move that can be taken back: a
// King alone in a column going to a cell, and back to an empty column. Call
// a position unsettled when a cell holds a King K and a column is empty,
// and let D be the position after K goes to the first empty column; K can
// go back to the cell it left, so the two are won alike. The moves of the
// unsettled T, made from D: K to any empty column is D again, up to the
// order of the columns; a card to a cell is legal in D, which has one more
// free cell; a move that empties a column settles the same way from both;
// K cannot go to its foundation (its Queen would have gone first and
// brought it there; from D it is a top card either way); nothing can be put
// on a cell card. Another King K' going to an empty column is the one move
// D cannot copy when K took the only empty column: for it the search has a
// swap move, K to the free cell and K' (with what lies on it) to K's
// column. A King K' at the bottom of its column needs no swap: the result
// is D with two columns in the other order.
//
// With CellHome on as well, the other cell may hold K's Queen Q, which
// then goes home onto K: D has Q on K, the two alone in their column, and
// both cells free. For K' going to the empty column the search then has a
// double swap: Q to one cell, K to the other, K' to their column. (Without
// it, that move of T was lost: deal 212166 and 11 others of 1..1,000,000
// were reported unsolvable.) The same double swap serves a position with Q
// on K alone in a column that no cell card made: there, K going to a cell
// (after Q) and K' taking the column is two moves, and the pair move for Q
// and K only comes straight back, so it is not generated. No other card
// can come home onto K from a cell, since the two cells held K and Q.
//
// So a King alone in a column is never moved to a cell (it would come
// straight back), and no King goes to a cell while a column is empty (it
// would go on there, which the King's own move to the empty column does).
// The settled positions are not unique when two Kings sit in the cells
// and one column is empty, but each is reached: the swap turns one into
// the other.
//
// nextAuto returns the next automatic move with the pruning pr: a
// foundation move (AutoFoundation), or else a cell card going home onto its
// same-suit successor, when that successor is a column's top card
// (CellHome).
func (b *rcBoard) nextAuto(pr Pruning) (rcMove, bool) {
	if pr.AutoFoundation {
		if m, ok := b.nextFoundation(); ok {
			return m, true
		}
	}
	if pr.CellHome {
		for i := uint8(0); i < 2; i++ {
			c := b.cell[i]
			if c == none || c%13 == 12 {
				continue
			}
			if b.isTop(c + 1) {
				return rcMove{card: c, from: locCell + i, to: b.loc[c+1]}, true
			}
		}
	}
	if pr.KingHome {
		for i := uint8(0); i < 2; i++ {
			if c := b.cell[i]; c != none && c%13 == 12 {
				for j := uint8(0); j < rcCols; j++ {
					if b.n[j] == 0 {
						return rcMove{card: c, from: locCell + i, to: j}, true
					}
				}
			}
		}
	}
	return rcMove{}, false
}

// faceUp reports whether card c, in a column, is face up.
func (b *rcBoard) faceUp(c uint8) bool { return b.idx[c] >= b.down[b.loc[c]] }

// genMoves appends the moves to branch on to buf. With AutoFoundation on,
// it is called only when no foundation move is available, and foundation
// moves are not generated.
func (b *rcBoard) genMoves(buf []rcMove, pr Pruning, returns bool) []rcMove {
	buf = buf[:0]
	emptyCol := uint8(none)
	for j := uint8(0); j < rcCols; j++ {
		if b.n[j] == 0 {
			if emptyCol == none {
				emptyCol = j
			}
			continue
		}
		// Onto column j's top card: only its predecessor may go there,
		// with whatever lies on it.
		t := b.col[j][b.n[j]-1]
		if t%13 == 0 {
			continue
		}
		p := t - 1
		l := b.loc[p]
		switch {
		case l < rcCols:
			if l != j && b.faceUp(p) {
				buf = append(buf, rcMove{card: p, from: l, to: j})
			}
		case l < locF:
			buf = append(buf, rcMove{card: p, from: l, to: j})
		default:
			if returns && !pr.SkipReturns && b.found[p/13] == p%13+1 {
				buf = append(buf, rcMove{card: p, from: locF, to: j})
			}
		}
	}
	emptyCell := uint8(none)
	if b.cell[0] == none {
		emptyCell = locCell
	} else if b.cell[1] == none {
		emptyCell = locCell + 1
	}
	if emptyCol != none {
		// Kings (and groups headed by a King) to an empty column. Empty
		// columns are alike, so the first one is enough with Symmetry on.
		for s := uint8(0); s < 4; s++ {
			k := s*13 + 12
			l := b.loc[k]
			switch {
			case l < rcCols:
				if b.idx[k] == 0 && pr.KingBottom {
					continue
				}
				if b.faceUp(k) {
					buf = b.toEmpty(buf, rcMove{card: k, from: l}, emptyCol, pr)
				}
			case l < locF:
				buf = b.toEmpty(buf, rcMove{card: k, from: l}, emptyCol, pr)
			default:
				if returns && !pr.SkipReturns && b.found[s] == 13 {
					buf = b.toEmpty(buf, rcMove{card: k, from: locF}, emptyCol, pr)
				}
			}
		}
	}
	if emptyCell != none {
		for i := uint8(0); i < rcCols; i++ {
			if b.n[i] == 0 {
				continue
			}
			c := b.col[i][b.n[i]-1]
			if pr.KingHome && c%13 == 12 {
				if b.n[i] == 1 {
					// A King alone in its column would come straight
					// back from a cell; it gives way to another King.
					if emptyCol == none {
						buf = b.swaps(buf, i, locSwap, pr, returns)
					}
					continue
				}
				if emptyCol != none {
					continue // it would go on to the empty column
				}
			}
			if pr.KingHome && pr.CellHome && b.n[i] == 2 && c%13 == 11 && b.col[i][0] == c+1 && b.down[i] == 0 {
				// A Queen on its King, the two alone in a column: the
				// pair move would come straight back (the King to the
				// empty column, the Queen onto it); the two give way to
				// another King instead, when both cells are free and no
				// column is empty.
				if emptyCol == none && b.cell[0] == none && b.cell[1] == none {
					buf = b.swaps(buf, i, locSwap2, pr, returns)
				}
				continue
			}
			if pr.CellHome && c%13 != 12 {
				if b.n[i] >= 2 && b.col[i][b.n[i]-2] == c+1 && b.down[i] < b.n[i]-1 {
					// c sits on its face-up successor: alone to a cell
					// it would come straight back; with its successor
					// to the other cell it is a pair move.
					// If c+1 sits on its own face-up successor, both
					// would come straight back: no pair move then.
					n := b.n[i]
					back := c%13 < 11 && n >= 3 && b.col[i][n-3] == c+2 && b.down[i] < n-2
					if b.cell[0] == none && b.cell[1] == none && !back {
						buf = append(buf, rcMove{card: c, from: i, to: locPair})
						if !pr.Symmetry {
							buf = append(buf, rcMove{card: c, from: i, to: locPair + 1})
						}
					}
					continue
				}
				if b.isTop(c + 1) {
					continue // the same as moving c onto c+1 directly
				}
			}
			buf = b.toCells(buf, rcMove{card: c, from: i}, pr)
		}
		if returns && !pr.SkipReturns {
			for s := uint8(0); s < 4; s++ {
				if h := b.found[s]; h > 0 {
					buf = b.toCells(buf, rcMove{card: s*13 + h - 1, from: locF}, pr)
				}
			}
		}
	}
	if !pr.AutoFoundation {
		for s := uint8(0); s < 4; s++ {
			if b.found[s] == 13 {
				continue
			}
			c := s*13 + b.found[s]
			l := b.loc[c]
			if (l >= locCell && l < locF) || (l < rcCols && b.isTop(c)) {
				buf = append(buf, rcMove{card: c, from: l, to: locF, score: 100})
			}
		}
	}
	return buf
}

// swaps adds the KingHome swaps for the King alone in column i (kind
// locSwap), or for the Queen on its King alone in column i (kind locSwap2):
// they go to the cells and another King (with what lies on it) takes their
// column. A King at the bottom of a column is left out: swapping it gives
// the same position, with the columns in another order.
func (b *rcBoard) swaps(buf []rcMove, i, kind uint8, pr Pruning, returns bool) []rcMove {
	k := b.col[i][0]
	for s := uint8(0); s < 4; s++ {
		o := s*13 + 12
		if o == k {
			continue
		}
		l := b.loc[o]
		switch {
		case l < rcCols:
			if b.idx[o] > 0 && b.faceUp(o) {
				buf = append(buf, rcMove{card: o, from: l, to: kind, aux: i})
			}
		case l < locF:
			buf = append(buf, rcMove{card: o, from: l, to: kind, aux: i})
		default:
			if returns && !pr.SkipReturns && b.found[s] == 13 {
				buf = append(buf, rcMove{card: o, from: locF, to: kind, aux: i})
			}
		}
	}
	return buf
}

// toEmpty adds the move of m.card to the first empty column, or, with
// Symmetry off, to every empty column.
func (b *rcBoard) toEmpty(buf []rcMove, m rcMove, first uint8, pr Pruning) []rcMove {
	for j := first; j < rcCols; j++ {
		if b.n[j] == 0 {
			m.to = j
			buf = append(buf, m)
			if pr.Symmetry {
				break
			}
		}
	}
	return buf
}

// toCells adds the move of m.card to the first empty cell, or, with
// Symmetry off, to each empty cell.
func (b *rcBoard) toCells(buf []rcMove, m rcMove, pr Pruning) []rcMove {
	for i := uint8(0); i < 2; i++ {
		if b.cell[i] == none {
			m.to = locCell + i
			buf = append(buf, m)
			if pr.Symmetry {
				break
			}
		}
	}
	return buf
}

// scoreMove rates a move for ordering only (never for skipping): moves that
// turn a face-down card, free a cell or empty a column come first, moves to
// a cell last.
func (b *rcBoard) scoreMove(m rcMove) rcMove {
	var sc int
	if m.from < rcCols {
		i := m.from
		start := b.idx[m.card]
		if start > 0 && start == b.down[i] {
			sc += 40 - 3*int(b.down[i])
		}
		if start == 0 {
			sc += 12
		} else {
			// Does the card left on top go to its foundation next?
			below := b.col[i][start-1]
			if b.found[below/13] == below%13 {
				sc += 30
			}
		}
	} else if m.from < locF {
		sc += 25
	}
	if m.to >= locCell && m.to != locF {
		// A cell is the scarcest thing in the game: a move into one comes
		// after every other move, even one that turns a face-down card.
		// (Against -30: 20% fewer positions in the solvable deals of
		// 3001..10000, none more in the unsolvable ones.)
		sc -= 60
	}
	m.score = int8(max(-100, min(100, sc)))
	return m
}

// toRules turns a solver move into a rules move. Column and cell numbers
// are the board's real ones, which are those of the start position.
func (m rcMove) toRules() rules.Move {
	return rules.Move{Card: rules.Card(m.card), From: locToRules(m.from), To: locToRules(m.to)}
}

func locToRules(l uint8) rules.Loc {
	switch {
	case l < rcCols:
		return rules.T(int(l))
	case l < locF:
		return rules.C(int(l - locCell))
	}
	return rules.F
}

// rcSearch holds what one Russian Cell search needs: shared table, workers.
type rcSearch struct {
	cfg     Config
	intr    *interrupt
	ct      *concTable // several workers, Symmetry on
	tt      *sharedTable[rcKey]
	tt1     *table[rcKey] // tt's one table, when one worker uses it
	tt3     *sharedTable[rcKey3]
	warm    *table[rcKey] // the warm-up's table, with several workers and ct
	workers []*rcWorker
}

func newRCSearch(cfg Config, intr *interrupt) *rcSearch {
	s := &rcSearch{cfg: cfg, intr: intr}
	n := cfg.workers()
	shards := 1
	if n > 1 {
		shards = 64 * n
	}
	switch {
	case cfg.Pruning.Symmetry && n > 1:
		s.ct = newConcTable(cfg.memoryBytes(), 1<<14)
	case cfg.Pruning.Symmetry:
		s.tt = newSharedTable[rcKey](cfg.memoryBytes(), shards, 1<<12, false)
		if len(s.tt.shards) == 1 {
			s.tt1 = s.tt.shards[0].t
		}
	default:
		s.tt3 = newSharedTable[rcKey3](cfg.memoryBytes(), shards, 1<<12, n > 1)
	}
	for i := 0; i < n; i++ {
		s.workers = append(s.workers, &rcWorker{s: s, id: i, path: newPathSet[rcKey](), path3: newPathSet[rcKey3]()})
	}
	return s
}

// rcWorker is one search thread: its own board, path set, move buffers and
// the stack of moves played.
type rcWorker struct {
	s      *rcSearch
	id     int
	b      rcBoard
	bud    *budget
	path   pathSet[rcKey]
	path3  pathSet[rcKey3]
	frames [][]rcMove
	status [][]uint8
	played []rcUndo
	// The moves of the last sleepSet: sleepTo[c] has a bit for the
	// destination of each move of card c, and sleepCards a bit for each card
	// with one.
	sleepTo    [rules.NumCards]uint16
	sleepCards uint64
	nodes      int64 // expanded since the last charge
	// ctPending counts this worker's inserts into the shared table not yet
	// added to its count (see concTable.flush).
	ctPending int64
	step      int64
	stop      bool
	// shake, when not 0, moves each move's score at random by up to
	// shake/2 either way (see order): by noise[card], drawn by setShake.
	shake int
	noise [rules.NumCards]int8
	// Restarts (see restartSearch): the positions this run may expand
	// before it starts over (0: no restarts), the count so far, and
	// whether the search is unwinding for a restart.
	runBudget  int64
	runNodes   int64
	restarting bool
	// The path set with the one-worker table (tt1) is kept only from when
	// the table could forget a position (see checkPath): pathLive. For
	// rebuilding it then, playedAt and nextAt hold, for each depth of the
	// search, the length of played when its position was expanded and the
	// index of its next move to play.
	pathLive bool
	playedAt []int
	nextAt   []int
	replayed []rcUndo
	shadow   *pathSet[rcKey] // the path set kept all along (tests only)
}

// verifyLazyPath makes one-worker searches keep a second path set all along
// and check it against the one livePath builds (tests only).
var verifyLazyPath bool

// lazyPathBuilds counts livePath's builds (tests only).
var lazyPathBuilds atomic.Int64

func (s *rcSearch) solve(p *rules.Position) (Result, error) {
	bud := newBudget(s.cfg, s.intr)
	step := min(int64(budgetStep), max(1, bud.max/int64(4*len(s.workers))))
	for _, w := range s.workers {
		if err := w.b.load(p); err != nil {
			return Result{}, err
		}
		w.b.cellHome = s.cfg.Pruning.CellHome
		w.b.kingHome = s.cfg.Pruning.KingHome
		w.played = w.played[:0] // the board was just loaded
		w.bud = bud
		w.nodes = 0
		w.step = step
		if w.id > 0 {
			w.setShake(uint64(w.id)*0x9e3779b97f4a7c15, 24)
		}
	}
	var winner *rcWorker
	if len(s.workers) == 1 {
		s.resetTable(1, 0)
		w := s.workers[0]
		if w.restartSearch() {
			winner = w
		}
		bud.nodes.Add(w.nodes)
	} else {
		winner = s.solveParallel(bud)
	}
	r := Result{Nodes: bud.nodes.Load()}
	switch {
	case s.ct != nil:
		for _, w := range s.workers {
			s.ct.flush(&w.ctPending)
		}
		r.Stored, r.TableBytes, r.Evicted = s.ct.stats()
	case s.tt != nil:
		r.Stored, r.TableBytes, r.Evicted = s.tt.stats()
	default:
		r.Stored, r.TableBytes, r.Evicted = s.tt3.stats()
	}
	switch {
	case winner != nil:
		r.Verdict = Solvable
		r.Moves = make([]rules.Move, len(winner.played))
		for i, u := range winner.played {
			r.Moves[i] = u.m.toRules()
			if u.forced {
				r.Forced++
			}
		}
	case bud.stop.Load():
		r.Verdict = Unknown
		r.Reason = bud.why()
	default:
		r.Verdict = Unsolvable
	}
	return r, nil
}

// resetTable empties the table for a search by n workers, sized for at
// least size positions where that is known.
func (s *rcSearch) resetTable(n, size int) {
	switch {
	case s.ct != nil:
		s.ct.start(n, size)
		for _, w := range s.workers {
			w.ctPending = 0
		}
	case s.tt != nil:
		s.tt.reset()
	default:
		s.tt3.reset()
	}
}

// restartSearch runs the search of one worker alone, starting it over
// from the start position, with the table kept, each time a run has
// expanded its share of positions; each later run orders the moves
// differently (each card's moves get a random bonus or malus for the run,
// from a seed fixed by the run's number, so a search is still
// reproducible). It reports a win, left on the board.
//
// A depth-first search that opens with a poor choice can spend most of its
// time in one large region with no win, when another order would have won
// at once. Starting over costs little here, because the table keeps every
// position whose search was finished: a position is finished once each of
// its moves has been played or its child found entered. What the search
// had entered but not finished, the positions on its path and the children
// entered by a lookup but not yet searched, is taken out of the table as
// the search unwinds (forget), so those are searched again. Runs share the
// usual argument that a depth-first search with a table is complete: every
// position in the table is finished, or else on the path, or a child
// entered and waiting, and each of those is finished before the search
// ends; a restart takes every unfinished position out again, and the next
// run enters them anew from the start position. So the last run, which
// has no node limit of its own, ends with the same verdict as one search
// alone; the budgets count the positions of every run.
func (w *rcWorker) restartSearch() bool {
	if verifyLazyPath && w.shadow == nil {
		ps := newPathSet[rcKey]()
		w.shadow = &ps
	}
	// Unkept at first; checkPath, which runs before the first lookup,
	// starts keeping it if the table is already at half its cap.
	w.pathLive = w.s.tt1 == nil || w.s.tt1.capLen < lazyPathMinSlots
	w.runBudget = 0
	if w.s.tt1 != nil && w.s.cfg.Pruning.AutoFoundation {
		w.runBudget = restartUnit * luby(1)
	}
	w.runNodes = 0
	defer func() { w.runBudget, w.shake = 0, 0 }()
	for run := uint64(1); ; run++ {
		w.restart()
		if w.search(0) {
			return true
		}
		if !w.restarting || w.bud.stop.Load() {
			return false
		}
		restartsMade.Add(1)
		w.restarting = false
		w.runNodes = 0
		w.runBudget = restartUnit * luby(run+1)
		w.setShake(run*0x2545f4914f6cdd1d, restartShake)
	}
}

// The node limits of restartSearch's runs follow Luby's sequence
// (1, 1, 2, 1, 1, 2, 4, 1, ...) times restartUnit, and later runs move each
// card's scores by a random amount of up to restartShake/2 either way,
// the same for all the run (scoreMove's scores lie in -100..100, so the
// order is much changed; a fresh random amount for every move was tried
// too, and searched more positions). Luby, Sinclair
// and Zuckerman showed this sequence to be within a log factor of the best
// fixed limit when nothing is known of the search times. The unit and the
// shake were chosen on deals 1..10,000 and checked on 10,001..20,000 (see
// benchmarks/BENCHMARKS.md). restartUnit 0 turns restarts off (tests).
var restartUnit int64 = 300

// restartsMade counts the runs that restartSearch has ended to start over
// (tests only).
var restartsMade atomic.Int64

const restartShake = 120

// luby returns the i-th term (from 1) of Luby's sequence.
func luby(i uint64) int64 {
	for {
		// k such that 2^(k-1) <= i < 2^k
		k := uint(bits.Len64(i))
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		i -= 1<<(k-1) - 1
	}
}

// forget takes out of the table what the frame of an unwinding search
// entered and did not finish: the children of moves[from:] that a lookup
// entered (status childNew or childNewAuto), and the frame's own position.
// The board is at that position.
func (w *rcWorker) forget(moves []rcMove, status []uint8) {
	for i, m := range moves {
		if k, ok := w.b.waitingKey(m, status[i]); ok {
			w.s.tt1.remove(k, k.hash())
		}
	}
	k := w.b.key
	w.s.tt1.remove(k, k.hash())
}

// waitingKey returns the key of the child of move m, of status st, when a
// lookup entered it (st is childNew or childNewAuto): the key it was
// entered under.
func (b *rcBoard) waitingKey(m rcMove, st uint8) (rcKey, bool) {
	switch st {
	case childNew:
		return b.childKey(m)
	case childNewAuto:
		return b.autoKey(m)
	}
	return rcKey{}, false
}

// releaseTable empties the table and gives its memory back.
func (s *rcSearch) releaseTable() {
	switch {
	case s.ct != nil:
		s.resetTable(1, 0)
	case s.tt != nil:
		s.tt.release()
	default:
		s.tt3.release()
	}
}

// restart takes the worker back to the start position with an empty path.
func (w *rcWorker) restart() {
	w.undoAutos(len(w.played))
	w.path.clear()
	w.path3.clear()
	if w.shadow != nil {
		w.shadow.clear()
	}
	w.stop = false
}

// Parallel search of one deal.
//
// Workers that each run the whole depth-first search over a shared table do
// not share the work well: a worker skips every position another one has
// entered, including those still being searched, so it soon runs out of
// positions of its own and stops, leaving the rest to the others. So the
// top of the tree is split instead: the positions down to the depth where
// there are at least splitTasks lines of play are expanded first, and the
// lines below them become tasks, which the workers take in order (the order
// one worker would search them in). The table is shared, so a position
// reached in two tasks is searched once. Easy deals never get that far: one
// worker searches alone first, for warmUpNodes positions, and the split
// happens only if that does not decide the deal. That worker searches as
// one worker alone does, starting over now and then (restartSearch), which
// decides most winnable deals early. It uses a small table of its own,
// emptied after, since it holds positions whose search was cut short.
const (
	splitTasks     = 64 // per worker
	maxSplitDepths = 12
)

// warmUpNodes is how long one worker searches alone first. It is a variable
// so that tests can make every search take the split path.
var warmUpNodes int64 = 20_000

// warmUpTableBytes caps the warm-up's own table, which takes an eighth of
// the memory cap at most; 20,000 positions need less than 1 MiB.
const warmUpTableBytes = 16 << 20

// rcTask is a line of play from the start position to a position one
// worker searches: its moves (automatic foundation moves included), and how
// many of them lead to each position expanded on the way, for the path set.
type rcTask struct {
	moves   []rcMove
	forced  []bool // for each move, whether it was the only one considered
	entered []int32
}

func (s *rcSearch) solveParallel(bud *budget) *rcWorker {
	w0 := s.workers[0]
	// One worker alone first, on a budget of its own.
	// It has a small table of its own, so that it can start over (see
	// restartSearch), as one worker alone does.
	warm := &budget{max: min(bud.max, warmUpNodes), deadline: bud.deadline, intr: bud.intr}
	if s.warm == nil {
		s.warm = newTable[rcKey](min(s.cfg.memoryBytes()/8, warmUpTableBytes), 1<<12)
	}
	s.warm.reset()
	s.tt1 = s.warm
	w0.bud = warm
	won := w0.restartSearch()
	s.tt1 = nil
	w0.bud = bud
	bud.nodes.Add(warm.nodes.Load() + w0.nodes)
	w0.nodes = 0
	switch {
	case won:
		return w0
	case !warm.stop.Load():
		return nil // searched to the end: unsolvable
	case warm.max == bud.max || warm.why() != warm.spent():
		bud.halt(warm.why()) // the real budget is spent
		return nil
	}

	// A deal that gets here is large: start with room for a million
	// positions (16 MiB, pages are touched as used).
	s.resetTable(1, 1<<20)
	w0.restart()
	tasks, winner := w0.split(len(s.workers) * splitTasks)
	if winner || w0.stop {
		if !winner {
			return nil
		}
		return w0
	}
	if s.ct != nil {
		s.ct.setActive(len(s.workers))
	}

	var next atomic.Int64
	var win *rcWorker
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, w := range s.workers {
		wg.Add(1)
		go func(w *rcWorker) {
			defer wg.Done()
			defer func() {
				bud.nodes.Add(w.nodes)
				w.nodes = 0
				if s.ct != nil {
					s.ct.flush(&w.ctPending)
					s.ct.done()
				}
			}()
			for !bud.stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				w.restart()
				depth := w.replay(tasks[i])
				if w.search(depth) {
					mu.Lock()
					if win == nil {
						win = w
					}
					mu.Unlock()
					bud.halt(StopReason{})
					return
				}
			}
		}(w)
	}
	wg.Wait()
	return win
}

// split expands the top of the tree level by level, in the order a single
// worker would meet the positions, until a level has at least n lines of
// play, and returns them as tasks. It reports a win found on the way (left
// on the board).
func (w *rcWorker) split(n int) ([]rcTask, bool) {
	level := []rcTask{{}}
	for d := 0; d < maxSplitDepths && len(level) > 0 && len(level) < n; d++ {
		var next []rcTask
		for _, t := range level {
			w.restart()
			w.replay(t)
			moves := append([]rcMove(nil), t.moves...)
			forced := append([]bool(nil), t.forced...)
			for {
				m, ok := w.b.nextAuto(w.s.cfg.Pruning)
				if !ok {
					break
				}
				w.play(m, true)
				moves = append(moves, m)
				forced = append(forced, true)
			}
			if w.b.won() {
				return nil, true
			}
			if w.seen() {
				continue
			}
			w.nodes++
			entered := append(append([]int32(nil), t.entered...), int32(len(moves)))
			children := w.b.genMoves(nil, w.s.cfg.Pruning, w.s.cfg.Options.Returns)
			for i := range children {
				children[i] = w.b.rate(children[i])
			}
			w.order(children, nil)
			for _, m := range children {
				t := rcTask{
					moves:   append(append([]rcMove(nil), moves...), m),
					forced:  append(append([]bool(nil), forced...), len(children) == 1),
					entered: entered,
				}
				if m.to >= locPair {
					ms, n := w.b.pair(m)
					t.moves = append(t.moves[:len(t.moves)-1], ms[:n]...)
					for range n - 1 {
						t.forced = append(t.forced, false)
					}
				}
				next = append(next, t)
			}
		}
		level = next
		if w.bud.charge(0) {
			w.stop = true
			return nil, false
		}
	}
	w.restart()
	return level, false
}

// replay plays a task's moves from the start position and enters the
// positions expanded on the way into the path set. It returns the depth
// reached, for the search that goes on from there.
func (w *rcWorker) replay(t rcTask) int {
	e := 0
	for i, m := range t.moves {
		for e < len(t.entered) && int(t.entered[e]) == i {
			w.onPath()
			e++
		}
		w.play(m, t.forced[i])
	}
	return len(t.entered)
}

// onPath adds the current position to the path set without entering it into
// the table.
func (w *rcWorker) onPath() {
	if w.s.tt3 == nil {
		k := w.b.key
		w.path.add(k, k.hash())
		return
	}
	k := w.b.key3()
	w.path3.add(k, k.hash())
}

// play plays m on the board and records it; forced says it was the only
// move the search considered there (for the difficulty measure).
func (w *rcWorker) play(m rcMove, forced bool) {
	u := w.b.make(m)
	u.forced = forced
	w.played = append(w.played, u)
}

// playPair plays m, which may be a CellHome pair move or a KingHome swap
// (two or three moves), and returns how many moves it played.
func (w *rcWorker) playPair(m rcMove, forced bool) int {
	if m.to < locPair {
		w.play(m, forced)
		return 1
	}
	ms, n := w.b.pair(m)
	w.play(ms[0], forced)
	for _, x := range ms[1:n] {
		w.play(x, false)
	}
	return n
}

// pair returns the moves of a CellHome pair move or a KingHome swap, and
// how many there are.
func (b *rcBoard) pair(m rcMove) ([3]rcMove, int) {
	switch m.to {
	case locSwap:
		free := uint8(locCell)
		if b.cell[0] != none {
			free++
		}
		return [3]rcMove{
			{card: b.col[m.aux][0], from: m.aux, to: free},
			{card: m.card, from: m.from, to: m.aux},
		}, 2
	case locSwap2:
		return [3]rcMove{
			{card: b.col[m.aux][1], from: m.aux, to: locCell},
			{card: b.col[m.aux][0], from: m.aux, to: locCell + 1},
			{card: m.card, from: m.from, to: m.aux},
		}, 3
	}
	i := m.to - locPair
	return [3]rcMove{
		{card: m.card, from: m.from, to: locCell + i},
		{card: m.card + 1, from: m.from, to: locCell + 1 - i},
	}, 2
}

func (w *rcWorker) takeBack() {
	n := len(w.played) - 1
	w.b.unmake(w.played[n])
	w.played = w.played[:n]
}

// seen enters the current position into the table and the path set. It
// reports true when the position must not be expanded: it was visited
// before (by this or another worker), or it is on this worker's path.
func (w *rcWorker) seen() bool {
	if w.s.tt3 == nil {
		k := w.b.key
		return w.enter(k, k.hash())
	}
	k := w.b.key3()
	h := k.hash()
	if w.s.tt3.visit(k, h) || w.path3.has(k, h) {
		return true
	}
	w.path3.add(k, h)
	return false
}

// enter enters key k (hash h) into the table and the path set, and reports
// whether it was in either already. While the one-worker table has
// forgotten nothing, every position on the path is in it, so the path set
// need not be asked.
func (w *rcWorker) enter(k rcKey, h uint64) bool {
	if t := w.s.tt1; t != nil {
		if t.visit(k, h) || (t.evicted > 0 && w.path.has(k, h)) {
			return true
		}
		if w.shadow != nil {
			w.shadow.add(k, h)
		}
		if !w.pathLive {
			return false
		}
	} else if w.s.ct.visit(k, h, &w.ctPending) || w.path.has(k, h) {
		return true // several workers: the lock-free table
	}
	w.path.add(k, h)
	return false
}

// The path set holds the positions entered and not yet finished (on the
// path, or children entered by a lookup and waiting), so that a position on
// the path is never taken for new. While the one-worker table has forgotten
// nothing, it answers that itself: every such position is in it. So the
// path set is kept only from when the table could evict. Evictions start
// only at the table's cap, and checkPath runs before each position's lookup
// and each expansion; between two runs there are at most a position's
// moves' worth of inserts, far fewer than the 3/16 of the cap (at least
// lazyPathMinSlots) that take a table under half the cap to the cap. So a
// table still under half its cap at a check cannot evict before the next.

// lazyPathMinSlots is the smallest cap (in slots) for which the path set
// starts unkept.
const lazyPathMinSlots = 1 << 10

// checkPath starts keeping the path set once the one-worker table has
// reached half its cap. The search is at depth; current says that the
// position at depth is entered already (in expand), not yet (in search).
func (w *rcWorker) checkPath(depth int, current bool) {
	if t := w.s.tt1; t != nil && !w.pathLive && len(t.slots) >= t.capLen/2 {
		w.livePath(depth, current)
	}
}

// livePath fills the path set with what it would hold had it been kept all
// along: the positions expanded at depths 0..depth-1 and their children
// entered and waiting (those from nextAt on whose status is new), and the
// current position if it is entered. It takes the moves back and plays
// them again to see each depth's position.
func (w *rcWorker) livePath(depth int, current bool) {
	w.pathLive = true
	w.path.clear()
	w.replayed = append(w.replayed[:0], w.played...)
	w.undoAutos(len(w.played))
	for d := 0; d < depth; d++ {
		for len(w.played) < w.playedAt[d] {
			u := w.replayed[len(w.played)]
			w.play(u.m, u.forced)
		}
		k := w.b.key
		w.path.add(k, k.hash())
		moves, status := w.frames[d], w.status[d]
		for i := w.nextAt[d]; i < len(moves); i++ {
			if k, ok := w.b.waitingKey(moves[i], status[i]); ok {
				w.path.add(k, k.hash())
			}
		}
	}
	for len(w.played) < len(w.replayed) {
		u := w.replayed[len(w.played)]
		w.play(u.m, u.forced)
	}
	if current {
		k := w.b.key
		w.path.add(k, k.hash())
	}
	if w.shadow != nil {
		w.checkShadow()
	}
}

// checkShadow panics unless the path set holds exactly the shadow's keys.
func (w *rcWorker) checkShadow() {
	lazyPathBuilds.Add(1)
	n := 0
	for _, sl := range w.shadow.slots {
		if sl.k == (rcKey{}) {
			continue
		}
		n++
		if !w.path.has(sl.k, sl.h) {
			panic(fmt.Sprintf("livePath: %x on the path is missing", sl.k))
		}
	}
	if n != w.path.count {
		panic(fmt.Sprintf("livePath: %d keys, the path has %d", w.path.count, n))
	}
}

// leave takes the current position off the path set.
func (w *rcWorker) leave() {
	if w.s.tt3 == nil {
		k := w.b.key
		if w.pathLive || w.s.tt1 == nil {
			w.path.remove(k, k.hash())
		}
		if w.shadow != nil && w.s.tt1 != nil {
			w.shadow.remove(k, k.hash())
		}
		return
	}
	k := w.b.key3()
	w.path3.remove(k, k.hash())
}

// search enters the position reached by the last move: it plays the
// automatic foundation moves, then expands the position unless it was seen
// before. It reports a win; on a win the board and w.played are left at the
// winning line.
func (w *rcWorker) search(depth int) bool {
	autos := w.playAutos()
	if w.b.won() {
		return true
	}
	w.checkPath(depth, false)
	if w.stop || w.seen() {
		w.undoAutos(autos)
		return false
	}
	if w.expand(depth, -1) {
		return true
	}
	w.undoAutos(autos)
	return false
}

// maxSearchDepth bounds the search path, and so the goroutine stack. With
// automatic foundation moves on, the deepest paths in deals 1..10,000 are
// about 60 positions long; only searches with that pruning off (for tests)
// can wander this deep, and they end with an unknown verdict.
const maxSearchDepth = 100_000

// childStatus says what looking a child up found (see probeChildren).
const (
	childUnknown  = iota // not probed: the move may set off a card going home
	childNew             // entered into the table by the probe
	childSeen            // in the table or on the path: skip it
	childNewAuto         // the same two, for a move that sets off foundation
	childSeenAuto        // moves (see autoKey)
)

// expand branches on every move of the current position, which has just
// been entered into the table and the path set, and has no automatic
// foundation move left.
//
// Most children are positions seen before. A move changes one card's code,
// so a child's key is known without playing the move, unless the move
// uncovers a card that goes to its foundation at once. expand looks those
// keys up first, and plays only the moves that lead somewhere new. A child entered this way but not
// yet expanded may be met again deeper in an earlier sibling's subtree; it is
// then skipped there and expanded here, so every position entered is still
// expanded once.
func (w *rcWorker) expand(depth int, via int) bool {
	pr := w.s.cfg.Pruning
	if depth >= maxSearchDepth {
		w.bud.halt(pathTooLong)
		w.stop = true
		return false
	}
	if w.s.ct != nil {
		w.s.ct.safePoint()
	}
	if w.bud.tick(&w.nodes, w.step) {
		w.stop = true
	}
	if w.runBudget > 0 {
		if w.runNodes++; w.runNodes >= w.runBudget && !w.stop {
			w.stop, w.restarting = true, true
		}
	}
	for len(w.frames) <= depth {
		w.frames = append(w.frames, make([]rcMove, 0, 64))
		w.status = append(w.status, make([]uint8, 0, 64))
		w.playedAt = append(w.playedAt, 0)
		w.nextAt = append(w.nextAt, 0)
	}
	w.checkPath(depth, true)
	w.playedAt[depth] = len(w.played)
	moves := w.b.genMoves(w.frames[depth], pr, w.s.cfg.Options.Returns)
	w.frames[depth] = moves
	w.clearSleep()
	if via >= 0 && pr.SleepSets {
		w.sleepSet(w.frames[depth-1], w.status[depth-1], via)
	}
	status := w.probeChildren(moves, w.status[depth][:0])
	w.status[depth] = status
	// Only the moves to play are rated, and only when there are two or
	// more; the ones seen go first, where the loop skips them.
	toPlay, last := 0, 0
	for i := range moves {
		if status[i] == childSeen || status[i] == childSeenAuto {
			moves[i].score = seenScore
		} else {
			toPlay++
			last = i
		}
	}
	switch {
	case toPlay > 1:
		for i := range moves {
			if moves[i].score != seenScore {
				moves[i] = w.b.rate(moves[i])
			}
		}
		w.order(moves, status)
	case toPlay == 1:
		// The one move to play goes last, as order would put it.
		m, st := moves[last], status[last]
		copy(moves[last:], moves[last+1:])
		copy(status[last:], status[last+1:])
		moves[len(moves)-1], status[len(moves)-1] = m, st
	}
	next := 0
	for i, m := range moves {
		if w.stop {
			break
		}
		next = i + 1
		if st := status[i]; st == childSeen || st == childSeenAuto {
			continue
		}
		w.nextAt[depth] = next
		switch status[i] {
		case childNew:
			w.play(m, len(moves) == 1)
			if w.expand(depth+1, i) {
				return true
			}
		case childNewAuto:
			w.play(m, len(moves) == 1)
			autos := w.playAutos()
			if w.expand(depth+1, -1) {
				return true
			}
			w.undoAutos(autos)
		default:
			n := w.playPair(m, len(moves) == 1)
			if w.search(depth + 1) {
				return true
			}
			w.undoAutos(n - 1)
		}
		w.takeBack()
	}
	if w.restarting {
		w.forget(moves[next:], status[next:])
	}
	w.leave()
	return false
}

// Sleep sets (the SleepSets switch). Let S be reached from its parent P by
// a move m that sets off no foundation move, and let z be a move of P that
// was explored before m, also setting off none, that shares no column with
// m, and that does not compete with it for a cell or an empty column. Then
// z is legal in S, and S+z is the same position as P+z+m, the same cards in
// the same places. P+z was entered before S (in order), so it is searched
// in full by someone: by this worker already, by another worker, or, if it
// lies on this worker's path, by this worker once it gets back there; and
// that search enters P+z+m. So S need not look S+z up: it is marked seen
// without a probe. No position is skipped that is not entered elsewhere, so
// the positions searched, and the verdict, are exactly those without sleep
// sets (TestSleepSetsSearchTheSamePositions); only table probes are saved.

// sleepSet records (in sleepTo) the moves of the parent frame (moves,
// status) explored before move via that S = parent+moves[via], the current
// position, need not look up. A move of S is one of them if it has the same
// card and destination: its source is the same too, for m moved no card of
// theirs.
func (w *rcWorker) sleepSet(moves []rcMove, status []uint8, via int) {
	b := &w.b
	m := moves[via]
	// z is independent of m when they touch different places: no shared
	// column, not both a cell, and not both an empty column (going to one,
	// or leaving one). z's source and destination are untouched by m, so
	// they look as they did in the parent; m's are seen after it.
	// placeBit gives the places (columns, or the cells) a move touches.
	mPlaces := placeBit[m.from&15] | placeBit[m.to&15]
	emptyM := (m.from < rcCols && b.n[m.from] == 0) || (m.to < rcCols && b.idx[m.card] == 0)
	for j, z := range moves[:via] {
		if st := status[j]; st != childNew && st != childSeen {
			continue
		}
		if (placeBit[z.from&15]|placeBit[z.to&15])&mPlaces != 0 {
			continue
		}
		if emptyM && ((z.from < rcCols && b.idx[z.card] == 0) || (z.to < rcCols && b.n[z.to] == 0)) {
			continue
		}
		w.sleepTo[z.card] |= 1 << (z.to & 15)
		w.sleepCards |= 1 << (z.card & 63)
	}
}

// placeBit has a bit for each column, one for both cells (a place is
// locCell or above), and one more for the kinds of move above the cells.
var placeBit = [16]uint16{1, 2, 4, 8, 16, 32, 64, 128, 128,
	384, 384, 384, 384, 384, 384, 384}

// clearSleep empties the record of sleepSet.
func (w *rcWorker) clearSleep() {
	for c := w.sleepCards; c != 0; c &= c - 1 {
		w.sleepTo[bits.TrailingZeros64(c)] = 0
	}
	w.sleepCards = 0
}

// asleep reports whether m is one of the sleeping moves.
func (w *rcWorker) asleep(m rcMove) bool {
	return w.sleepCards&(1<<(m.card&63)) != 0 && w.sleepTo[m.card]&(1<<(m.to&15)) != 0
}

// probeChildren fills status for moves: for each move whose child key is
// known in advance (see childKey), whether the child is new (and now
// entered) or was seen; a sleeping move's child counts as seen without a
// lookup.
func (w *rcWorker) probeChildren(moves []rcMove, status []uint8) []uint8 {
	if w.s.tt3 != nil || !w.s.cfg.Pruning.AutoFoundation {
		for range moves {
			status = append(status, childUnknown)
		}
		return status
	}
	for _, m := range moves {
		st := uint8(childUnknown)
		if w.asleep(m) {
			st = childSeen
		} else if k, ok := w.b.childKey(m); ok {
			st = w.probe(k, childNew, childSeen)
		} else if k, ok := w.b.autoKey(m); ok {
			if verifyAutoKeys {
				w.verifyAutoKey(m, k)
			}
			st = w.probe(k, childNewAuto, childSeenAuto)
		}
		status = append(status, st)
	}
	return status
}

// probe enters key k into the table and the path set and returns isNew, or
// returns isSeen if it was in either already.
func (w *rcWorker) probe(k rcKey, isNew, isSeen uint8) uint8 {
	if w.enter(k, k.hash()) {
		return isSeen
	}
	return isNew
}

// childKey returns the key of the position after m without playing it, when
// no automatic foundation move can follow m: then m changes only the moved
// card's code. The only card m can make available is the one it uncovers in
// its source column (a moved card that was available and next on its
// foundation would already have gone there).
func (b *rcBoard) childKey(m rcMove) (rcKey, bool) {
	if m.to >= locF || m.from == locF {
		return rcKey{}, false
	}
	home := b.cellHome
	if m.from < rcCols {
		if start := b.idx[m.card]; start > 0 {
			u := b.col[m.from][start-1]
			if b.found[u/13] == u%13 {
				return rcKey{}, false
			}
			// Does the uncovered card call a cell card home?
			if home && u%13 != 0 && (b.loc[u-1]-locCell < 2 || (u-1 == m.card && m.to >= locCell)) {
				return rcKey{}, false
			}
		}
	} else if home && m.to < rcCols && m.card%13 != 0 && b.loc[m.card-1]-locCell < 2 {
		return rcKey{}, false // the card's predecessor is in the other cell
	}
	// Does the move empty a column while a King is in a cell?
	if b.kingHome && m.from < rcCols && b.idx[m.card] == 0 {
		if (m.to >= locCell && m.card%13 == 12) || b.kingInCell() {
			return rcKey{}, false
		}
	}
	var code uint8 = codeCell
	if m.to < rcCols {
		t := uint8(none)
		if n := b.n[m.to]; n > 0 {
			t = b.col[m.to][n-1]
		}
		code = b.landCode(m.card, t)
	}
	save := b.key
	b.setCode(m.card, code)
	k := b.key
	b.key = save
	return k, true
}

// verifyAutoKeys makes the search check every key autoKey gives against
// the position reached by playing the move and its automatic moves. Tests
// set it; a difference panics.
var verifyAutoKeys bool

// verifyAutoKey plays m and the automatic moves after it, compares the key
// with want, autoKey's, and takes them back.
func (w *rcWorker) verifyAutoKey(m rcMove, want rcKey) {
	w.play(m, false)
	autos := w.playAutos()
	got := w.b.key
	w.undoAutos(autos + 1)
	if got != want {
		panic(fmt.Sprintf("autoKey of %v: %x, played: %x", m.toRules(), want, got))
	}
}

// kingInCell reports whether a cell holds a King.
func (b *rcBoard) kingInCell() bool {
	return (b.cell[0] != none && b.cell[0]%13 == 12) || (b.cell[1] != none && b.cell[1]%13 == 12)
}

// playAutos plays the automatic moves of the position and returns how many.
func (w *rcWorker) playAutos() int {
	autos := 0
	for {
		m, ok := w.b.nextAuto(w.s.cfg.Pruning)
		if !ok {
			return autos
		}
		w.play(m, true)
		autos++
	}
}

// autoKey returns the key of the position after m and the automatic moves
// it sets off (foundation moves, then cell cards going home by CellHome and
// KingHome), without playing any of them, unless the game is won. It
// follows only what those moves change: the heights of the columns, the
// cells, the moved group, which now tops the destination column, and the
// cards that go home from the cells. Foundation moves take column top cards
// and cell cards, so the cards left in a column keep their places. The
// order the automatic moves are made in does not change the key they end
// in, except which of two Kings in the cells takes a single empty column,
// and that is decided as nextAuto decides it.
func (b *rcBoard) autoKey(m rcMove) (rcKey, bool) {
	if m.to >= locF || m.from == locF {
		return rcKey{}, false
	}
	n, cell, found, key := b.n, b.cell, b.found, b.key
	// The group moved by m, while some of it is left on column dst: its
	// cards are col[gFrom][gStart:gStart+gLen], or m.card alone from a
	// cell (gFrom none).
	dst, gFrom, gStart, gLen := uint8(none), uint8(none), uint8(0), uint8(0)
	if m.to < rcCols {
		t := uint8(none)
		if n[m.to] > 0 {
			t = b.col[m.to][n[m.to]-1]
		}
		key.setCode(m.card, b.landCode(m.card, t))
		dst = m.to
	} else {
		key.setCode(m.card, codeCell)
		cell[m.to-locCell] = m.card
	}
	if m.from < rcCols {
		gFrom, gStart = m.from, b.idx[m.card]
		if dst != none {
			gLen = n[m.from] - gStart
		}
		n[m.from] = gStart
	} else {
		cell[m.from-locCell] = none
		gLen = 1
	}
	// The foundation moves m sets off. The position has none before m, so
	// the only card m can make available is the one it uncovers; and each
	// card that goes home makes only two more cards worth a look: the next
	// card of its suit, and the card it uncovers (in its column, in the
	// moved group, or the destination's top card once the group is gone).
	// So the cascade follows a stack of such candidates. A card may be
	// pushed twice; the second look finds it gone or not next.
	var stack [64]uint8
	sp := 0
	if gFrom != none && gStart > 0 {
		stack[0] = b.col[gFrom][gStart-1]
		sp = 1
	}
	for sp > 0 {
		sp--
		c := stack[sp]
		s := c / 13
		if found[s] != c%13 {
			continue
		}
		exposed := uint8(none)
		switch l := b.loc[c]; {
		case cell[0] == c:
			cell[0] = none
		case cell[1] == c:
			cell[1] = none
		case gLen > 0 && (c == m.card && gFrom == none || l == gFrom && b.idx[c] >= gStart):
			if gFrom != none && b.idx[c]-gStart != gLen-1 {
				continue // in the group, under another card
			}
			gLen--
			switch {
			case gLen > 0:
				exposed = b.col[gFrom][gStart+gLen-1]
			case n[dst] > 0:
				exposed = b.col[dst][n[dst]-1]
			}
		case l < rcCols && b.idx[c]+1 == n[l] && (l != dst || gLen == 0):
			n[l]--
			if n[l] > 0 {
				exposed = b.col[l][n[l]-1]
			}
		default:
			continue
		}
		key.setCode(c, 0)
		found[s]++
		key.setFound(s, found[s])
		if c%13 != 12 {
			stack[sp] = c + 1
			sp++
		}
		if exposed != none {
			stack[sp] = exposed
			sp++
		}
	}
	if found == [4]uint8{13, 13, 13, 13} {
		return rcKey{}, false
	}
	// Then the cards that go home (CellHome, KingHome). They only cover
	// a column's top card or fill an empty column, so no foundation move
	// follows them, but one may let the other cell's card go home on top of
	// it: the passes repeat until nothing moves. vtop is the card such a
	// move put on top of a column (or none). The cells are taken in order, as
	// nextAuto takes them, so that with two Kings in the cells and one
	// empty column the same King goes there.
	if !b.cellHome && !b.kingHome {
		return key, true
	}
	vtop := [rcCols]uint8{none, none, none, none, none, none, none}
	placed := 0 // cards put in vtop
	for moved := true; moved; {
		moved = false
		for i := 0; i < 2; i++ {
			x := cell[i]
			if x == none {
				continue
			}
			to := uint8(none)
			if x%13 == 12 {
				if !b.kingHome {
					continue
				}
				for l := uint8(0); l < rcCols; l++ {
					if n[l] == 0 && (l != dst || gLen == 0) && vtop[l] == none {
						to = l
						break
					}
				}
				if to == none {
					continue
				}
				key.setCode(x, codeBottom)
			} else {
				if !b.cellHome {
					continue
				}
				// The column whose top card is x+1, if there is one: a
				// column it came home to here, or its own column with
				// nothing come home onto it.
				sc := x + 1
				if placed > 0 {
					for l := range uint8(rcCols) {
						if vtop[l] == sc {
							to = l
						}
					}
				}
				if to == none {
					l := b.loc[sc]
					switch {
					case gLen > 0 && (sc == m.card && gFrom == none || l == gFrom && b.idx[sc] >= gStart):
						if gFrom == none || b.idx[sc]-gStart == gLen-1 {
							to = dst
						}
					case l < rcCols && b.idx[sc]+1 == n[l] && (l != dst || gLen == 0):
						to = l
					}
					if to != none && vtop[to] != none {
						continue
					}
				}
				if to == none {
					continue
				}
				key.setCode(x, b.landCode(x, sc))
			}
			vtop[to] = x
			placed++
			cell[i] = none
			moved = true
		}
	}
	return key, true
}

func (w *rcWorker) undoAutos(n int) {
	for ; n > 0; n-- {
		w.takeBack()
	}
}

// setShake draws the amounts order adds to the scores of each card's
// moves, from seed: each uniform in -shake/2..shake/2-1 (shake <= 250).
func (w *rcWorker) setShake(seed uint64, shake int) {
	w.shake = shake
	for i := range w.noise {
		// A linear congruential step (Knuth's MMIX constants); the top
		// half of the state scaled to 0..shake-1.
		seed = seed*6364136223846793005 + 1442695040888963407
		w.noise[i] = int8(int((seed>>32)*uint64(shake)>>32) - shake/2)
	}
}

// order sorts moves by score, best first (insertion sort: lists are short).
// Workers other than the first break ties and shuffle near-equal moves at
// random (setShake, a small amount), so that several workers on one deal
// explore different lines first; so do the later runs of restartSearch (a
// large amount).
//
// status, if not nil, is sorted along with the moves.
func (w *rcWorker) order(ms []rcMove, status []uint8) {
	if w.shake != 0 {
		for i := range ms {
			if ms[i].score != seenScore {
				ms[i].score = int8(max(-126, min(126, int(ms[i].score)+int(w.noise[ms[i].card]))))
			}
		}
	}
	if status == nil {
		sortMoves(ms)
		return
	}
	status = status[:len(ms)]
	for i := 1; i < len(ms); i++ {
		m, st := ms[i], status[i]
		j := i
		for j > 0 && ms[j-1].score < m.score {
			ms[j], status[j] = ms[j-1], status[j-1]
			j--
		}
		ms[j], status[j] = m, st
	}
}

// seenScore puts the moves whose child was seen before all others.
const seenScore = 127

// rate gives m its ordering score: foundation moves first, returns last,
// the rest as scoreMove says.
func (b *rcBoard) rate(m rcMove) rcMove {
	switch {
	case m.to == locF:
		m.score = 100
	case m.from == locF:
		m.score = 0
	default:
		m = b.scoreMove(m)
	}
	return m
}
