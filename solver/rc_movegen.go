package solver

// Russian Cell move generation: the moves a position branches on, and the
// compound moves (CellHome pairs, KingHome swaps) as the moves they play.

// genMoves appends the moves to branch on to buf. With AutoFoundation on,
// it is called only when no foundation move is available, and foundation
// moves are not generated. returnMoves says whether cards are played back
// from a foundation: returns are on and SkipReturns off (settings, once a
// search). It generates on the solver's own board the
// moves of rules.LegalMoves (rules/movegen.go): with every pruning off,
// TestGenMovesIsLegalMoves checks that they are the same set.
//
// Long on purpose: it is one function of some 140 lines, since split into its parts
// (moves onto the top cards, Kings to an empty column, moves to a cell,
// foundation moves), the calls cost 12% more instructions in move
// generation (callgrind, deals 1..300) in a build without the profile
// (default.pgo), as a program that imports this package makes it. The
// CellHome and KingHome checks in it are written out here, on the hot
// path; their proofs are in prune_cellhome.go and prune_kinghome.go.
func (b *rcBoard) genMoves(buf []rcMove, pr pruning, returnMoves bool) []rcMove {
	buf = buf[:0]
	emptyCol := uint8(none)
	for j := uint8(0); j < rcCols; j++ {
		if b.n[j] == 0 {
			if emptyCol == none {
				emptyCol = j
			}
			continue
		}
		// Onto column j's top card: only its predecessor may go there,
		// with whatever lies on it.
		t := b.col[j][b.n[j]-1]
		if t%13 == 0 {
			continue
		}
		p := t - 1
		l := b.loc[p]
		switch {
		case l < rcCols:
			if l != j && b.faceUp(p) {
				buf = append(buf, rcMove{card: p, from: l, to: j})
			}
		case l < locF:
			buf = append(buf, rcMove{card: p, from: l, to: j})
		default:
			if returnMoves && b.found[p/13] == p%13+1 {
				buf = append(buf, rcMove{card: p, from: locF, to: j})
			}
		}
	}
	emptyCell := uint8(none)
	if b.cell[0] == none {
		emptyCell = locCell
	} else if b.cell[1] == none {
		emptyCell = locCell + 1
	}
	if emptyCol != none {
		// Kings (and groups headed by a King) to an empty column. Empty
		// columns are alike, so the first one is enough with Symmetry on.
		for s := uint8(0); s < 4; s++ {
			k := s*13 + 12
			l := b.loc[k]
			switch {
			case l < rcCols:
				if pr.KingBottom && b.kingAtBottom(k) {
					continue // prune_kingbottom.go
				}
				if b.faceUp(k) {
					buf = b.toEmpty(buf, rcMove{card: k, from: l}, emptyCol, pr)
				}
			case l < locF:
				buf = b.toEmpty(buf, rcMove{card: k, from: l}, emptyCol, pr)
			default:
				if returnMoves && b.found[s] == 13 {
					buf = b.toEmpty(buf, rcMove{card: k, from: locF}, emptyCol, pr)
				}
			}
		}
	}
	if emptyCell != none {
		for i := uint8(0); i < rcCols; i++ {
			if b.n[i] == 0 {
				continue
			}
			c := b.col[i][b.n[i]-1]
			if pr.KingHome && c%13 == 12 {
				if b.n[i] == 1 {
					// A King alone in its column would come straight
					// back from a cell; it gives way to another King.
					if emptyCol == none {
						buf = b.swaps(buf, i, locSwap, returnMoves)
					}
					continue
				}
				if emptyCol != none {
					continue // it would go on to the empty column
				}
			}
			if pr.KingHome && pr.CellHome && b.n[i] == 2 && c%13 == 11 && b.col[i][0] == c+1 && b.down[i] == 0 {
				// A Queen on its King, the two alone in a column: the
				// pair move would come straight back (the King to the
				// empty column, the Queen onto it); the two give way to
				// another King instead, when both cells are free and no
				// column is empty.
				if emptyCol == none && b.cell[0] == none && b.cell[1] == none {
					buf = b.swaps(buf, i, locSwap2, returnMoves)
				}
				continue
			}
			if pr.CellHome && c%13 != 12 {
				if b.n[i] >= 2 && b.col[i][b.n[i]-2] == c+1 && b.down[i] < b.n[i]-1 {
					// c sits on its face-up successor: alone to a cell
					// it would come straight back; with its successor
					// to the other cell it is a pair move.
					// If c+1 sits on its own face-up successor, both
					// would come straight back: no pair move then.
					n := b.n[i]
					back := c%13 < 11 && n >= 3 && b.col[i][n-3] == c+2 && b.down[i] < n-2
					if b.cell[0] == none && b.cell[1] == none && !back {
						buf = append(buf, rcMove{card: c, from: i, to: locPair})
						if !pr.Symmetry {
							buf = append(buf, rcMove{card: c, from: i, to: locPair + 1})
						}
					}
					continue
				}
				if b.isTop(c + 1) {
					continue // the same as moving c onto c+1 directly
				}
			}
			buf = b.toCells(buf, rcMove{card: c, from: i}, pr)
		}
		if returnMoves {
			for s := uint8(0); s < 4; s++ {
				if h := b.found[s]; h > 0 {
					buf = b.toCells(buf, rcMove{card: s*13 + h - 1, from: locF}, pr)
				}
			}
		}
	}
	if !pr.AutoFoundation {
		for s := uint8(0); s < 4; s++ {
			if b.found[s] == 13 {
				continue
			}
			c := s*13 + b.found[s]
			l := b.loc[c]
			if (l >= locCell && l < locF) || (l < rcCols && b.isTop(c)) {
				buf = append(buf, rcMove{card: c, from: l, to: locF, score: 100})
			}
		}
	}
	return buf
}

// pair returns the moves of a CellHome pair move or a KingHome swap, and
// how many there are.
func (b *rcBoard) pair(m rcMove) ([3]rcMove, int) {
	switch m.to {
	case locSwap:
		free := uint8(locCell)
		if b.cell[0] != none {
			free++
		}
		return [3]rcMove{
			{card: b.col[m.aux][0], from: m.aux, to: free},
			{card: m.card, from: m.from, to: m.aux},
		}, 2
	case locSwap2:
		return [3]rcMove{
			{card: b.col[m.aux][1], from: m.aux, to: locCell},
			{card: b.col[m.aux][0], from: m.aux, to: locCell + 1},
			{card: m.card, from: m.from, to: m.aux},
		}, 3
	}
	i := m.to - locPair
	return [3]rcMove{
		{card: m.card, from: m.from, to: locCell + i},
		{card: m.card + 1, from: m.from, to: locCell + 1 - i},
	}, 2
}
