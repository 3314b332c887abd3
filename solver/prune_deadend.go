package solver

// DeadEnd (docs/pruning.md, "DeadEnd"): a Russian Cell position with both
// cells full and no column empty, from which no line of play frees a cell
// or empties a column, cannot be won: the cards in the cells never reach
// their foundations.
//
// Proof. Until the first move that frees a cell or empties a column (an
// escape), the cells hold the same two cards, every column holds a card,
// and returns are not played (SkipReturns), so every move is a group
// moved onto its bottom card's successor, or a card going to its
// foundation. Then:
//
//   - A card that lies on its successor leaves it only for a cell, an empty
//     column or its foundation; so a card moves as a group's bottom card
//     at most once, and nothing is ever put between two cards of a column
//     (cards only land on top). So the card directly above a card c is the
//     one that lay there at the start until it leaves, and c becomes a top
//     card only if it is one now, or the card above it now moves as a
//     group's bottom card or goes home (top).
//   - A card z moves as a group's bottom card only onto z+1, which must
//     then be a top card (top) in another column, while z is face up (it
//     is now, or it was a top card, when it turned), and z+1 is not in a
//     cell. If z and z+1 are in one column now, a card strictly between
//     them must first move as a group's bottom card, taking the upper one
//     away; when z+1 is the upper one, z+1 itself may (move).
//   - A card goes home only from the top of a column (cells hold the same
//     two cards), once the card below it in its suit has (home).
//   - An escape is a cell card going home or onto its successor, which
//     must then be a top card; or a column's bottom card moving or going
//     home.
//
// So the cards that ever become top cards, move or go home before the
// first escape are among the least sets closed under these rules. stuck
// computes those sets, a card at a time from a worklist, and finds no
// escape in them: then no line of play has an escape, the two cell cards
// never go home, and no line wins. (A cell card is never the next card of
// its suit: it would have gone home.)
//
// It is asked only with returns not searched (SkipReturns, or returns
// off by the rules).

// stuck reports whether the position is a dead end as above.
func (b *rcBoard) stuck() bool {
	if b.cell[0] == none || b.cell[1] == none {
		return false
	}
	var st deadEnd
	st.b = b
	for j := range rcCols {
		if b.n[j] == 0 {
			return false
		}
		st.bottoms |= 1 << b.col[j][0]
	}
	for s := uint8(0); s < 4; s++ {
		st.home |= (1<<b.found[s] - 1) << (13 * s)
	}
	for i := range 2 {
		c := b.cell[i]
		if c%13 == 0 || st.home&(1<<(c-1)) != 0 {
			return false // it can go home now
		}
		st.escHome |= 1 << (c - 1)
		if c%13 != 12 && b.loc[c+1] < rcCols {
			st.escTop |= 1 << (c + 1)
		}
	}
	for j := range rcCols {
		if st.setTop(b.col[j][b.n[j]-1]) {
			return false
		}
	}
	for st.n > 0 {
		st.n--
		e := st.work[st.n]
		c := e & 63
		switch e >> 6 {
		case evTop:
			if st.tryHome(c) || (c%13 != 0 && st.tryMove(c-1)) || st.tryMove(c) {
				return false
			}
		case evMove:
			// A card of its column may now be apart from its successor.
			j := b.loc[c]
			for i := uint8(0); i < b.n[j]; i++ {
				if st.tryMove(b.col[j][i]) {
					return false
				}
			}
		case evHome:
			if c%13 != 12 && st.tryHome(c+1) {
				return false
			}
		}
	}
	return true
}

// The kinds of entry of deadEnd's worklist: a card became a top card,
// moved, or went home.
const (
	evTop = iota
	evMove
	evHome
)

// deadEnd is stuck's working state: the sets of cards (bit c for card c)
// that can become top cards, move as a group's bottom card, or go home;
// the cards whose becoming a top card (escTop) or going home (escHome)
// lets a cell card out, and the columns' bottom cards; and a worklist of
// the cards added to a set and not yet followed up (each card enters each
// set once, so 3×52 entries at most).
type deadEnd struct {
	b               *rcBoard
	top, move, home uint64
	escTop, escHome uint64
	bottoms         uint64
	work            [3 * 52]uint8
	n               int
}

func (st *deadEnd) push(kind, c uint8) {
	st.work[st.n] = kind<<6 | c
	st.n++
}

// setTop adds c to the top cards; it reports an escape.
func (st *deadEnd) setTop(c uint8) bool {
	bit := uint64(1) << c
	if st.top&bit != 0 {
		return false
	}
	st.top |= bit
	st.push(evTop, c)
	return st.escTop&bit != 0
}

// below adds the card under column card c, if any, to the top cards; it
// reports an escape.
func (st *deadEnd) below(c uint8) bool {
	b := st.b
	if i := b.idx[c]; i > 0 {
		return st.setTop(b.col[b.loc[c]][i-1])
	}
	return false
}

// tryHome adds c to the cards that go home if it can go; it reports an
// escape.
func (st *deadEnd) tryHome(c uint8) bool {
	bit := uint64(1) << c
	if st.home&bit != 0 || st.top&bit == 0 || st.b.loc[c] >= rcCols || (c%13 != 0 && st.home&(bit>>1) == 0) {
		return false
	}
	st.home |= bit
	st.push(evHome, c)
	return st.escHome&bit != 0 || st.bottoms&bit != 0 || st.below(c)
}

// tryMove adds c to the cards that move as a group's bottom card onto
// their successor, if c can; it reports an escape.
func (st *deadEnd) tryMove(z uint8) bool {
	b := st.b
	bit := uint64(1) << z
	j := b.loc[z]
	if z%13 == 12 || j >= rcCols || (st.move|st.home)&bit != 0 {
		return false
	}
	s := z + 1
	ls := b.loc[s]
	if ls >= rcCols || st.top&(bit<<1) == 0 {
		return false // in a cell, or never a top card
	}
	i := b.idx[z]
	if i < b.down[j] && st.top&bit == 0 {
		return false // face down while it stays covered
	}
	if ls == j {
		lo, hi := b.idx[s], i
		if lo > hi {
			lo, hi = hi, lo+1 // s above z: s itself may move
		}
		sep := false
		for x := lo + 1; x < hi; x++ {
			if st.move&(1<<b.col[j][x]) != 0 {
				sep = true
				break
			}
		}
		if !sep {
			return false
		}
	}
	st.move |= bit
	st.push(evMove, z)
	return st.bottoms&bit != 0 || st.below(z)
}
