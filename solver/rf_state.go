package solver

// Ripple Fan positions: the board, its packed key, and making and
// unmaking moves.

import (
	"github.com/patience-solver/patience/rules"
)

// Ripple Fan state.
//
// Only top cards move, one at a time, onto a top card of the same suit one
// rank higher, or to the foundation; an emptied pile is never filled. So a
// card that has moved sits on its successor for good (its successor is
// unique and cannot move from under it), or is on its foundation. The
// position therefore follows from two things: the foundation heights, and
// how many of its start cards each pile still holds (the start cards are
// those left once each pile's top run of cards lying on their successors is
// taken off; in a dealt position that is the four dealt cards, or fewer when
// a dealt card happens to lie on its successor).
//
// Every move either takes a start card off its pile or raises a foundation,
// so no position repeats: the search space is acyclic and needs no path
// set.
//
// Key layout (rfKey, 8 bytes):
//
//	bits 3i..3i+2   start cards left in pile i (0..4), i = 0..12
//	bits 40..55     foundation heights, 4 bits each, suits C S H D
//	bit 63          always 1, so that no key is zero
type rfKey [1]uint64

const rfPiles = 13

// rfFound is the destination of a move to the foundation, in the place of a
// pile index (0..12).
const rfFound = rfPiles

// rfBoard is the mutable position of the Ripple Fan search.
type rfBoard struct {
	pile  [rfPiles][rules.NumCards]uint8
	n     [rfPiles]uint8 // cards in the pile
	start [rfPiles]uint8 // start cards left: pile[i][:start[i]]
	found [4]uint8
	pos   [rules.NumCards]uint8 // pile of each card not on a foundation
	key   uint64
}

type rfUndo struct {
	card, from, to uint8 // to is a pile or rfFound
	oldStart       uint8
	forced         bool // the only move considered (see Result.Forced)
}

func (b *rfBoard) setStart(i, v uint8) {
	b.start[i] = v
	b.key = b.key&^(7<<(3*uint(i))) | uint64(v)<<(3*uint(i))
}

func (b *rfBoard) setFound(s, h uint8) {
	b.found[s] = h
	sh := 40 + 4*uint(s)
	b.key = b.key&^(0xF<<sh) | uint64(h)<<sh
}

func (b *rfBoard) load(p *rules.Position) error {
	*b = rfBoard{key: keyTag}
	if len(p.Tableau) != rfPiles || len(p.Cells) != 0 {
		return shapeError("ripple fan position needs 13 piles and no cells")
	}
	for s := 0; s < 4; s++ {
		b.setFound(uint8(s), uint8(p.Foundations[s]))
	}
	for i, pl := range p.Tableau {
		if len(pl.Down) > 0 {
			return shapeError("t%d: ripple fan has no face-down cards", i+1)
		}
		for j, c := range pl.Up {
			b.pile[i][j] = uint8(c)
			b.pos[c] = uint8(i)
		}
		n := uint8(len(pl.Up))
		b.n[i] = n
		st := n
		for st > 1 && onSucc(b.pile[i][st-1], b.pile[i][st-2]) {
			st--
		}
		if st > 4 {
			return shapeError("t%d holds more than 4 cards below its top run", i+1)
		}
		b.setStart(uint8(i), st)
	}
	return nil
}

// onSucc reports whether card c lying on card u lies on its successor.
func onSucc(c, u uint8) bool { return u == c+1 && c%13 != 12 }

func (b *rfBoard) won() bool { return b.found == [4]uint8{13, 13, 13, 13} }

func (b *rfBoard) top(i uint8) uint8 {
	if b.n[i] == 0 {
		return none
	}
	return b.pile[i][b.n[i]-1]
}

func (b *rfBoard) make(c, from, to uint8) rfUndo {
	u := rfUndo{card: c, from: from, to: to, oldStart: b.start[from]}
	b.n[from]--
	if b.n[from] < b.start[from] {
		b.setStart(from, b.n[from])
	}
	if to == rfFound {
		b.setFound(c/13, b.found[c/13]+1)
	} else {
		b.pile[to][b.n[to]] = c
		b.n[to]++
		b.pos[c] = to
	}
	return u
}

func (b *rfBoard) unmake(u rfUndo) {
	if u.to == rfFound {
		b.setFound(u.card/13, b.found[u.card/13]-1)
	} else {
		b.n[u.to]--
	}
	b.pile[u.from][b.n[u.from]] = u.card
	b.n[u.from]++
	b.pos[u.card] = u.from
	b.setStart(u.from, u.oldStart)
}
