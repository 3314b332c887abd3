package solver

// Restarts: one worker alone starts its search over now and then, with the
// table kept and the moves ordered differently (Luby's sequence).

import (
	"math/bits"
	"sync/atomic"
)

// restartSearch runs the search of one worker alone, starting it over
// from the start position, with the table kept, each time a run has
// expanded its share of positions; each later run orders the moves
// differently (each card's moves get a random bonus or malus for the run,
// from a seed fixed by the run's number, so a search is still
// reproducible). It reports a win, left on the board.
//
// A depth-first search that opens with a poor choice can spend most of its
// time in one large region with no win, when another order would have won
// at once. Starting over costs little here, because the table keeps every
// position whose search was finished: a position is finished once each of
// its moves has been played or its child found entered. What the search
// had entered but not finished, the positions on its path and the children
// entered by a lookup but not yet searched, is taken out of the table as
// the search unwinds (forget), so those are searched again. Runs share the
// usual argument that a depth-first search with a table is complete: every
// position in the table is finished, or else on the path, or a child
// entered and waiting, and each of those is finished before the search
// ends; a restart takes every unfinished position out again, and the next
// run enters them anew from the start position. So the last run, which
// has no node limit of its own, ends with the same verdict as one search
// alone; the budgets count the positions of every run.
func (w *rcWorker) restartSearch() bool {
	if verifyLazyPath && w.shadow == nil {
		ps := newPathSet[rcKey]()
		w.shadow = &ps
	}
	// Unkept at first; checkPath, which runs before the first lookup,
	// starts keeping it if the table is already at half its cap.
	w.pathLive = !w.s.tab.forgets() || w.s.tab.own.capLen < lazyPathMinSlots
	w.runBudget = 0
	if w.s.tab.forgets() && w.s.cfg.Pruning.AutoFoundation {
		w.runBudget = restartUnit * luby(1)
	}
	w.runNodes = 0
	defer func() { w.runBudget, w.shake = 0, 0 }()
	for run := uint64(1); ; run++ {
		w.restart()
		if w.search(0) {
			return true
		}
		if !w.restarting || w.bud.stop.Load() {
			return false
		}
		restartsMade.Add(1)
		w.restarting = false
		w.runNodes = 0
		w.runBudget = restartUnit * luby(run+1)
		w.setShake(run*0x2545f4914f6cdd1d, restartShake)
	}
}

// The node limits of restartSearch's runs follow Luby's sequence
// (1, 1, 2, 1, 1, 2, 4, 1, ...) times restartUnit, and later runs move each
// card's scores by a random amount of up to restartShake/2 either way,
// the same for all the run (scoreMove's scores lie in -100..100, so the
// order is much changed; a fresh random amount for every move was tried
// too, and searched more positions). Luby, Sinclair
// and Zuckerman showed this sequence to be within a log factor of the best
// fixed limit when nothing is known of the search times. The unit and the
// shake were chosen on deals 1..10,000 and checked on 10,001..20,000 (see
// benchmarks/BENCHMARKS.md). restartUnit 0 turns restarts off (tests).
var restartUnit int64 = 300

// restartsMade counts the runs that restartSearch has ended to start over
// (tests only).
var restartsMade atomic.Int64

const restartShake = 120

// luby returns the i-th term (from 1) of Luby's sequence.
func luby(i uint64) int64 {
	for {
		// k such that 2^(k-1) <= i < 2^k
		k := uint(bits.Len64(i))
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		i -= 1<<(k-1) - 1
	}
}

// forget takes out of the table what the frame of an unwinding search
// entered and did not finish: the children of moves[from:] that a lookup
// entered (status childNew or childNewAuto), and the frame's own position.
// The board is at that position.
func (w *rcWorker) forget(moves []rcMove, status []uint8) {
	for i, m := range moves {
		if k, ok := w.b.waitingKey(m, status[i]); ok {
			w.s.tab.own.remove(k, k.hash())
		}
	}
	k := w.b.key
	w.s.tab.own.remove(k, k.hash())
}
