package solver

// Move ordering: the scores that decide which move is searched first, and
// the random shake that the restarts and the other workers add to them.

// scoreMove rates a move for ordering only (never for skipping): moves that
// turn a face-down card, free a cell or empty a column come first, moves to
// a cell last.
func (b *rcBoard) scoreMove(m rcMove) rcMove {
	var sc int
	if m.from < rcCols {
		i := m.from
		start := b.idx[m.card]
		if start > 0 && start == b.down[i] {
			sc += 40 - 3*int(b.down[i])
		}
		if start == 0 {
			sc += 12
		} else {
			// Does the card left on top go to its foundation next?
			below := b.col[i][start-1]
			if b.found[below/13] == below%13 {
				sc += 30
			}
		}
	} else if m.from < locF {
		sc += 25
	}
	if m.to >= locCell && m.to != locF {
		// A cell is the scarcest thing in the game: a move into one comes
		// after every other move, even one that turns a face-down card.
		// (Against -30: 20% fewer positions in the solvable deals of
		// 3001..10000, none more in the unsolvable ones.)
		sc -= 60
	}
	m.score = int8(max(-100, min(100, sc)))
	return m
}

// rate gives m its ordering score: foundation moves first, returns last,
// the rest as scoreMove says.
func (b *rcBoard) rate(m rcMove) rcMove {
	switch {
	case m.to == locF:
		m.score = 100
	case m.from == locF:
		m.score = 0
	default:
		m = b.scoreMove(m)
	}
	return m
}

// setShake draws the amounts order adds to the scores of each card's
// moves, from seed: each uniform in -shake/2..shake/2-1 (shake <= 250).
func (w *rcWorker) setShake(seed uint64, shake int) {
	w.shake = shake
	for i := range w.noise {
		// A linear congruential step (Knuth's MMIX constants); the top
		// half of the state scaled to 0..shake-1.
		seed = seed*6364136223846793005 + 1442695040888963407
		w.noise[i] = int8(int((seed>>32)*uint64(shake)>>32) - shake/2)
	}
}

// order sorts moves by score, best first (insertion sort: lists are short).
// Workers other than the first break ties and shuffle near-equal moves at
// random (setShake, a small amount), so that several workers on one deal
// explore different lines first; so do the later runs of restartSearch (a
// large amount).
//
// status, if not nil, is sorted along with the moves.
func (w *rcWorker) order(ms []rcMove, status []uint8) {
	if w.shake != 0 {
		for i := range ms {
			if ms[i].score != seenScore {
				ms[i].score = int8(max(-126, min(126, int(ms[i].score)+int(w.noise[ms[i].card]))))
			}
		}
	}
	if status == nil {
		sortMoves(ms)
		return
	}
	status = status[:len(ms)]
	for i := 1; i < len(ms); i++ {
		m, st := ms[i], status[i]
		j := i
		for j > 0 && ms[j-1].score < m.score {
			ms[j], status[j] = ms[j-1], status[j-1]
			j--
		}
		ms[j], status[j] = m, st
	}
}

// seenScore puts the moves whose child was seen before all others.
const seenScore = 127

// orderToPlay puts the moves of a position (and their status, see
// probeChildren) in the order expand plays them in. Only the moves to play
// are rated, and only when there are two or more; the ones seen go first,
// where expand's loop skips them.
func (w *rcWorker) orderToPlay(moves []rcMove, status []uint8) {
	toPlay, last := 0, 0
	for i := range moves {
		if status[i] == childSeen || status[i] == childSeenAuto {
			moves[i].score = seenScore
		} else {
			toPlay++
			last = i
		}
	}
	switch {
	case toPlay > 1:
		for i := range moves {
			if moves[i].score != seenScore {
				moves[i] = w.b.rate(moves[i])
			}
		}
		w.order(moves, status)
	case toPlay == 1:
		// The one move to play goes last, as order would put it.
		m, st := moves[last], status[last]
		copy(moves[last:], moves[last+1:])
		copy(status[last:], status[last+1:])
		moves[len(moves)-1], status[len(moves)-1] = m, st
	}
}
