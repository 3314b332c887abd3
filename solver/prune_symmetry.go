package solver

// The Symmetry pruning (Pruning.Symmetry): positions that differ only in
// the order of the columns or of the cells are one position.
//
// Proof: the rules treat every column alike and every cell alike (a move's
// legality depends on the cards only, never on which column or cell holds
// them), so renumbering the columns and the cells maps each line of play of
// one position onto a line of the other, and one is won exactly when the
// other is. The key (rc_state.go) records no order, so such positions share
// a key for free; and a card that can go to several empty columns, or to
// either of two free cells, goes to the first only (toEmpty, toCells), the
// others leading to the same key. With Symmetry off, key3 adds the order,
// and every empty column and free cell is tried.

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

// toEmpty adds the move of m.card to the first empty column, or, with
// Symmetry off, to every empty column.
func (b *rcBoard) toEmpty(buf []rcMove, m rcMove, first uint8, pr pruning) []rcMove {
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
func (b *rcBoard) toCells(buf []rcMove, m rcMove, pr pruning) []rcMove {
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
