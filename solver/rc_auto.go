package solver

import "fmt"

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

func (w *rcWorker) undoAutos(n int) {
	for ; n > 0; n-- {
		w.takeBack()
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
