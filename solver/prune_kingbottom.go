package solver

// The KingBottom pruning (Pruning.KingBottom): a King at the bottom of a
// column is never moved to an empty column.
//
// Proof: such a move takes the King, with every card that lies on it, the
// whole column, to an empty column. The column it leaves is then empty, and
// every card keeps its place relative to the others: the position is the
// one before the move with two columns in the other order. With Symmetry on
// it has the same key, so the move leads nowhere new; with Symmetry off it
// is a different key for the same game, won exactly when the position
// before is. So no position that can be won is lost by never making it.
// (The KingHome swaps skip such a King for the same reason: see swaps in
// prune_kinghome.go.)

// kingAtBottom reports whether King k, in a column, lies at its bottom.
func (b *rcBoard) kingAtBottom(k uint8) bool { return b.idx[k] == 0 }
