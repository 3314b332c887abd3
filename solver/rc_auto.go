package solver

// The automatic moves of Russian Cell: foundation moves, and the cards that
// go home by CellHome and KingHome; autoKey works out the key they end in
// without playing them.

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

// nextAuto returns the next automatic move with the pruning pr: a
// foundation move (AutoFoundation), or else a cell card going home onto its
// same-suit successor, when that successor is a column's top card
// (CellHome, prune_cellhome.go), or else a King in a cell going to an
// empty column (KingHome, prune_kinghome.go).
func (b *rcBoard) nextAuto(pr Pruning) (rcMove, bool) {
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
// follows only what those moves change (autoPos): the heights of the
// columns, the cells, the moved group, which now tops the destination
// column, and the cards that go home from the cells. Foundation moves take
// column top cards and cell cards, so the cards left in a column keep their
// places. The order the automatic moves are made in does not change the key
// they end in, except which of two Kings in the cells takes a single empty
// column, and that is decided as nextAuto decides it.
func (b *rcBoard) autoKey(m rcMove) (rcKey, bool) {
	if m.to >= locF || m.from == locF {
		return rcKey{}, false
	}
	var a autoPos
	b.autoMove(&a, m)
	b.autoFoundations(&a)
	if a.found == [4]uint8{13, 13, 13, 13} {
		return rcKey{}, false
	}
	if b.cellHome || b.kingHome {
		b.homeCascade(&a) // prune_cellhome.go
	}
	return a.key, true
}

// autoPos is what autoKey follows of the position as it works out the
// automatic moves: column heights, cells, foundations and key, and the
// group moved by m while some of it is left on column dst: its cards are
// col[gFrom][gStart:gStart+gLen], or m.card alone from a cell (gFrom none).
type autoPos struct {
	n                        [rcCols]uint8
	cell                     [2]uint8
	found                    [4]uint8
	key                      rcKey
	m                        rcMove
	dst, gFrom, gStart, gLen uint8
}

// inGroup reports whether card c, at place l, lies in the moved group while
// some of it is left.
func (a *autoPos) inGroup(b *rcBoard, c, l uint8) bool {
	return a.gLen > 0 && (c == a.m.card && a.gFrom == none || l == a.gFrom && b.idx[c] >= a.gStart)
}

// autoMove sets a to the position after m itself.
func (b *rcBoard) autoMove(a *autoPos, m rcMove) {
	a.n, a.cell, a.found, a.key, a.m = b.n, b.cell, b.found, b.key, m
	a.dst, a.gFrom, a.gStart, a.gLen = none, none, 0, 0
	if m.to < rcCols {
		t := uint8(none)
		if a.n[m.to] > 0 {
			t = b.col[m.to][a.n[m.to]-1]
		}
		a.key.setCode(m.card, b.landCode(m.card, t))
		a.dst = m.to
	} else {
		a.key.setCode(m.card, codeCell)
		a.cell[m.to-locCell] = m.card
	}
	if m.from < rcCols {
		a.gFrom, a.gStart = m.from, b.idx[m.card]
		if a.dst != none {
			a.gLen = a.n[m.from] - a.gStart
		}
		a.n[m.from] = a.gStart
	} else {
		a.cell[m.from-locCell] = none
		a.gLen = 1
	}
}

// autoFoundations plays, in a, the foundation moves that m sets off. The
// position has none before m, so the only card m can make available is the
// one it uncovers; and each card that goes home makes only two more cards
// worth a look: the next card of its suit, and the card it uncovers (in its
// column, in the moved group, or the destination's top card once the group
// is gone). So the cascade follows a stack of such candidates. A card may
// be pushed twice; the second look finds it gone or not next.
func (b *rcBoard) autoFoundations(a *autoPos) {
	var stack [64]uint8
	sp := 0
	if a.gFrom != none && a.gStart > 0 {
		stack[0] = b.col[a.gFrom][a.gStart-1]
		sp = 1
	}
	for sp > 0 {
		sp--
		c := stack[sp]
		s := c / 13
		if a.found[s] != c%13 {
			continue
		}
		exposed := uint8(none)
		switch l := b.loc[c]; {
		case a.cell[0] == c:
			a.cell[0] = none
		case a.cell[1] == c:
			a.cell[1] = none
		case a.inGroup(b, c, l):
			if a.gFrom != none && b.idx[c]-a.gStart != a.gLen-1 {
				continue // in the group, under another card
			}
			a.gLen--
			switch {
			case a.gLen > 0:
				exposed = b.col[a.gFrom][a.gStart+a.gLen-1]
			case a.n[a.dst] > 0:
				exposed = b.col[a.dst][a.n[a.dst]-1]
			}
		case l < rcCols && b.idx[c]+1 == a.n[l] && (l != a.dst || a.gLen == 0):
			a.n[l]--
			if a.n[l] > 0 {
				exposed = b.col[l][a.n[l]-1]
			}
		default:
			continue
		}
		a.key.setCode(c, 0)
		a.found[s]++
		a.key.setFound(s, a.found[s])
		if c%13 != 12 {
			stack[sp] = c + 1
			sp++
		}
		if exposed != none {
			stack[sp] = exposed
			sp++
		}
	}
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
