package solver

// The automatic moves of Russian Cell: foundation moves, and the cards that
// go home by CellHome and KingHome; autoKey works out the key they end in
// without playing them.

import "fmt"

// nextFoundation returns an automatic foundation move if there is one: a
// column top card or a cell card that is next on its foundation. It finds
// one exactly when rules.LegalMoves (rules/movegen.go) lists a move to the
// foundations (TestRCChildKeyAndFoundation); autoKey's keys are checked
// against playing the moves by TestAutoKeyMatchesPlay.
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

// nextAuto returns the next automatic move with the pruning pr: a
// foundation move (AutoFoundation), or else a cell card going home onto its
// same-suit successor, when that successor is a column's top card
// (CellHome, prune_cellhome.go), or else a King in a cell going to an
// empty column (KingHome, prune_kinghome.go).
func (b *rcBoard) nextAuto(pr pruning) (rcMove, bool) {
	if pr.AutoFoundation {
		if m, ok := b.nextFoundation(); ok {
			return m, true
		}
	}
	if pr.CellHome {
		if m, ok := b.cellHomeMove(); ok {
			return m, true
		}
	}
	if pr.KingHome {
		if m, ok := b.kingHomeMove(); ok {
			return m, true
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
//
// Long on purpose: it is one function of some 170 lines, since split into its parts
// (the move, its foundation moves, the cards going home by CellHome and
// KingHome, whose proofs are in prune_cellhome.go and prune_kinghome.go),
// with what they follow passed in a struct, it cost 18% more instructions
// (callgrind, deals 1..300) in a build without the profile (default.pgo),
// as a program that imports this package makes it.
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
