package solver

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

// kingInCell reports whether a cell holds a King.
func (b *rcBoard) kingInCell() bool {
	return (b.cell[0] != none && b.cell[0]%13 == 12) || (b.cell[1] != none && b.cell[1]%13 == 12)
}
