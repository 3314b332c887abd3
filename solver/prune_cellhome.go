package solver

// The CellHome pruning (Pruning.CellHome): a cell card goes home onto its
// same-suit successor at once.
//
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
// The rule's code lies where the search needs it, on hot paths: the
// automatic move here (cellHomeMove, played by nextAuto), the moves not
// generated and the pair move (toCellMoves in rc_movegen.go, pair), the
// child keys that must be worked out with the cards going home (childKey
// in rc_childkey.go), and the cards going home in autoKey (homeCascade,
// here).

// cellHomeMove returns the CellHome automatic move, if there is one: a cell
// card going onto its same-suit successor, which is a column's top card.
func (b *rcBoard) cellHomeMove() (rcMove, bool) {
	for i := uint8(0); i < 2; i++ {
		c := b.cell[i]
		if c == none || c%13 == 12 {
			continue
		}
		if b.isTop(c + 1) {
			return rcMove{card: c, from: locCell + i, to: b.loc[c+1]}, true
		}
	}
	return rcMove{}, false
}

// homeCascade plays, in a (see autoKey), the cards that go home after the
// foundation moves: cell cards onto their successors (CellHome) and Kings
// to empty columns (KingHome). They only cover a column's top card or fill
// an empty column, so no foundation move follows them, but one may let the
// other cell's card go home on top of it: the passes repeat until nothing
// moves. vtop is the card such a move put on top of a column (or none).
// The cells are taken in order, as nextAuto takes them, so that with two
// Kings in the cells and one empty column the same King goes there.
func (b *rcBoard) homeCascade(a *autoPos) {
	vtop := [rcCols]uint8{none, none, none, none, none, none, none}
	placed := 0 // cards put in vtop
	for moved := true; moved; {
		moved = false
		for i := 0; i < 2; i++ {
			x := a.cell[i]
			if x == none {
				continue
			}
			to := uint8(none)
			if x%13 == 12 {
				if !b.kingHome {
					continue
				}
				for l := uint8(0); l < rcCols; l++ {
					if a.n[l] == 0 && (l != a.dst || a.gLen == 0) && vtop[l] == none {
						to = l
						break
					}
				}
				if to == none {
					continue
				}
				a.key.setCode(x, codeBottom)
			} else {
				if !b.cellHome {
					continue
				}
				if to = b.succColumn(a, x+1, &vtop, placed); to == none {
					continue
				}
				a.key.setCode(x, b.landCode(x, x+1))
			}
			vtop[to] = x
			placed++
			a.cell[i] = none
			moved = true
		}
	}
}

// succColumn returns the column whose top card is sc in a, or none: a
// column that sc came home to in the cascade (vtop, placed cards in it),
// or its own column with nothing come home onto it.
func (b *rcBoard) succColumn(a *autoPos, sc uint8, vtop *[rcCols]uint8, placed int) uint8 {
	if placed > 0 {
		to := uint8(none)
		for l := range uint8(rcCols) {
			if vtop[l] == sc {
				to = l
			}
		}
		if to != none {
			return to
		}
	}
	to := uint8(none)
	l := b.loc[sc]
	switch {
	case a.inGroup(b, sc, l):
		if a.gFrom == none || b.idx[sc]-a.gStart == a.gLen-1 {
			to = a.dst
		}
	case l < rcCols && b.idx[sc]+1 == a.n[l] && (l != a.dst || a.gLen == 0):
		to = l
	}
	if to != none && vtop[to] != none {
		return none
	}
	return to
}
