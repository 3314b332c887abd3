package solver

// Russian Cell positions: the board, its packed key, and making and
// unmaking moves.

import (
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
// The trap of docs/design.md §4.3: when the card a card lay on is also its successor,
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
		return shapeError("russian cell position needs 7 columns and 2 cells")
	}
	for s := 0; s < 4; s++ {
		b.setFound(uint8(s), uint8(p.Foundations[s]))
	}
	for i, pl := range p.Tableau {
		all := append(append([]rules.Card(nil), pl.Down...), pl.Up...)
		if len(pl.Up) == 0 && len(pl.Down) > 0 {
			return shapeError("t%d has face-down cards and no face-up card", i+1)
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

// faceUp reports whether card c, in a column, is face up.
func (b *rcBoard) faceUp(c uint8) bool { return b.idx[c] >= b.down[b.loc[c]] }

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
