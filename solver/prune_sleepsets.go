package solver

import "math/bits"

// Sleep sets (the SleepSets switch). Let S be reached from its parent P by
// a move m that sets off no foundation move, and let z be a move of P that
// was explored before m, also setting off none, that shares no column with
// m, and that does not compete with it for a cell or an empty column. Then
// z is legal in S, and S+z is the same position as P+z+m, the same cards in
// the same places. P+z was entered before S (in order), so it is searched
// in full by someone: by this worker already, by another worker, or, if it
// lies on this worker's path, by this worker once it gets back there; and
// that search enters P+z+m. So S need not look S+z up: it is marked seen
// without a probe. No position is skipped that is not entered elsewhere, so
// the positions searched, and the verdict, are exactly those without sleep
// sets (TestSleepSetsSearchTheSamePositions); only table probes are saved.

// sleepSet records (in sleepTo) the moves of the parent frame (moves,
// status) explored before move via that S = parent+moves[via], the current
// position, need not look up. A move of S is one of them if it has the same
// card and destination: its source is the same too, for m moved no card of
// theirs.
func (w *rcWorker) sleepSet(moves []rcMove, status []uint8, via int) {
	b := &w.b
	m := moves[via]
	// z is independent of m when they touch different places: no shared
	// column, not both a cell, and not both an empty column (going to one,
	// or leaving one). z's source and destination are untouched by m, so
	// they look as they did in the parent; m's are seen after it.
	// placeBit gives the places (columns, or the cells) a move touches.
	mPlaces := placeBit[m.from&15] | placeBit[m.to&15]
	emptyM := (m.from < rcCols && b.n[m.from] == 0) || (m.to < rcCols && b.idx[m.card] == 0)
	for j, z := range moves[:via] {
		if st := status[j]; st != childNew && st != childSeen {
			continue
		}
		if (placeBit[z.from&15]|placeBit[z.to&15])&mPlaces != 0 {
			continue
		}
		if emptyM && ((z.from < rcCols && b.idx[z.card] == 0) || (z.to < rcCols && b.n[z.to] == 0)) {
			continue
		}
		w.sleepTo[z.card] |= 1 << (z.to & 15)
		w.sleepCards |= 1 << (z.card & 63)
	}
}

// placeBit has a bit for each column, one for both cells (a place is
// locCell or above), and one more for the kinds of move above the cells.
var placeBit = [16]uint16{1, 2, 4, 8, 16, 32, 64, 128, 128,
	384, 384, 384, 384, 384, 384, 384}

// clearSleep empties the record of sleepSet.
func (w *rcWorker) clearSleep() {
	for c := w.sleepCards; c != 0; c &= c - 1 {
		w.sleepTo[bits.TrailingZeros64(c)] = 0
	}
	w.sleepCards = 0
}

// asleep reports whether m is one of the sleeping moves.
func (w *rcWorker) asleep(m rcMove) bool {
	return w.sleepCards&(1<<(m.card&63)) != 0 && w.sleepTo[m.card]&(1<<(m.to&15)) != 0
}
