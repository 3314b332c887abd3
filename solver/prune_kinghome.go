package solver

// The KingHome pruning (Pruning.KingHome): a King in a cell goes to an
// empty column at once.
//
// KingHome is the same idea as CellHome (prune_cellhome.go) for the other
// move that can be taken back: a King alone in a column going to a cell,
// and back to an empty column. Call a position unsettled when a cell holds
// a King K and a column is empty, and let D be the position after K goes to
// the first empty column; K can go back to the cell it left, so the two are
// won alike. The moves of the unsettled T, made from D: K to any empty
// column is D again, up to the order of the columns; a card to a cell is
// legal in D, which has one more free cell; a move that empties a column
// settles the same way from both; K cannot go to its foundation (its Queen
// would have gone first and brought it there; from D it is a top card
// either way); nothing can be put on a cell card. Another King K' going to
// an empty column is the one move D cannot copy when K took the only empty
// column: for it the search has a swap move, K to the free cell and K'
// (with what lies on it) to K's column. A King K' at the bottom of its
// column needs no swap: the result is D with two columns in the other
// order.
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
// Like CellHome's (prune_cellhome.go), the rule's code lies where the search
// needs it: the automatic move here (kingHomeMove), the moves not generated
// and the swaps (genMoves in rc_movegen.go, swaps here, pair), the child
// keys (childKey in rc_childkey.go) and the Kings going home in autoKey
// (rc_auto.go).

// kingHomeMove returns the KingHome automatic move, if there is one: a King
// in a cell going to the first empty column.
func (b *rcBoard) kingHomeMove() (rcMove, bool) {
	for i := uint8(0); i < 2; i++ {
		if c := b.cell[i]; c != none && c%13 == 12 {
			for j := uint8(0); j < rcCols; j++ {
				if b.n[j] == 0 {
					return rcMove{card: c, from: locCell + i, to: j}, true
				}
			}
		}
	}
	return rcMove{}, false
}

// swaps adds the KingHome swaps for the King alone in column i (kind
// locSwap), or for the Queen on its King alone in column i (kind locSwap2):
// they go to the cells and another King (with what lies on it) takes their
// column. A King at the bottom of a column is left out: swapping it gives
// the same position, with the columns in another order.
func (b *rcBoard) swaps(buf []rcMove, i, kind uint8, returns bool) []rcMove {
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
			if returns && b.found[s] == 13 {
				buf = append(buf, rcMove{card: o, from: locF, to: kind, aux: i})
			}
		}
	}
	return buf
}

// kingInCell reports whether a cell holds a King.
func (b *rcBoard) kingInCell() bool {
	return (b.cell[0] != none && b.cell[0]%13 == 12) || (b.cell[1] != none && b.cell[1]%13 == 12)
}
