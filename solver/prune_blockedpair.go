package solver

// The BlockedPair pruning (Pruning.BlockedPair, Ripple Fan): a position
// with a card above a lower card of its suit that can never leave its pile
// is lost; the proof is at blockedPair.

// blockedPair reports whether a card above a lower card of its own suit in
// pile i can never leave it.
//
// Proof that such a position cannot be won: let X lie above Y in one pile,
// same suit, X higher. Y can reach its foundation only after X leaves the
// pile, and X can leave only to its foundation (which needs Y there first)
// or onto its successor X+1 as the top card of another pile. If X is a King
// it has no successor; if X+1 lies below X in the same pile, it cannot be a
// top card anywhere while X is there. Either way X never leaves and Y never
// reaches the foundation.
func (b *rfBoard) blockedPair(i uint8) bool {
	n := b.n[i]
	for a := uint8(1); a < n; a++ {
		x := b.pile[i][a]
		blocked := x%13 == 12
		for k := uint8(0); k < a && !blocked; k++ {
			blocked = b.pile[i][k] == x+1
		}
		if !blocked {
			continue
		}
		for k := uint8(0); k < a; k++ {
			y := b.pile[i][k]
			if y/13 == x/13 && y < x {
				return true
			}
		}
	}
	return false
}

// buries reports whether moving card c onto its successor at the top of
// pile j would leave it above a lower card of its suit: then c lies on its
// successor, can never leave, and the position is lost (the proof at
// blockedPair).
func (b *rfBoard) buries(c, j uint8) bool {
	for k := uint8(0); k+1 < b.n[j]; k++ {
		y := b.pile[j][k]
		if y/13 == c/13 && y < c {
			return true
		}
	}
	return false
}
