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
// position (the trap of docs/design.md §4.3).
//
// The rule's code lies where the search needs it, on hot paths: the
// automatic move here (cellHomeMove, played by nextAuto), the moves not
// generated and the pair move (genMoves in rc_movegen.go, pair), the
// child keys that must be worked out with the cards going home (childKey
// in rc_childkey.go), and the cards going home in autoKey (rc_auto.go).

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
