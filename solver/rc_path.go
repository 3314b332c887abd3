package solver

// The path set of a Russian Cell worker and the entering of positions into
// the table and the path set (seen, enter, leave), kept lazily with the one
// worker's own table.

import (
	"fmt"
	"sync/atomic"
)

// verifyLazyPath makes one-worker searches keep a second path set all along
// and check it against the one livePath builds (tests only).
var verifyLazyPath bool

// lazyPathBuilds counts livePath's builds (tests only).
var lazyPathBuilds atomic.Int64

// seen enters the current position into the table and the path set. It
// reports true when the position must not be expanded: it was visited
// before (by this or another worker), or it is on this worker's path.
func (w *rcWorker) seen() bool {
	if !w.s.tab.ordered() {
		k := w.b.key
		return w.enter(k, k.hash())
	}
	k := w.b.key3()
	h := k.hash()
	if w.s.tab.keys3.visit(k, h) || w.path3.has(k, h) {
		return true
	}
	w.path3.add(k, h)
	return false
}

// enter enters key k (hash h) into the table and the path set, and reports
// whether it was in either already. While the one-worker table has
// forgotten nothing, every position on the path is in it, so the path set
// need not be asked.
func (w *rcWorker) enter(k rcKey, h uint64) bool {
	if tab := &w.s.tab; tab.kind == tableOwn {
		t := tab.own
		if t.visit(k, h) || (t.evicted > 0 && w.path.has(k, h)) {
			return true
		}
		if w.shadow != nil {
			w.shadow.add(k, h)
		}
		if !w.pathLive {
			return false
		}
	} else if tab.shared.visit(k, h, &w.ctPending) || w.path.has(k, h) {
		return true // several workers: the lock-free table
	}
	w.path.add(k, h)
	return false
}

// onPath adds the current position to the path set without entering it into
// the table.
func (w *rcWorker) onPath() {
	if !w.s.tab.ordered() {
		k := w.b.key
		w.path.add(k, k.hash())
		return
	}
	k := w.b.key3()
	w.path3.add(k, k.hash())
}

// leave takes the current position off the path set.
func (w *rcWorker) leave() {
	if !w.s.tab.ordered() {
		k := w.b.key
		forgets := w.s.tab.forgets()
		if w.pathLive || !forgets {
			w.path.remove(k, k.hash())
		}
		if w.shadow != nil && forgets {
			w.shadow.remove(k, k.hash())
		}
		return
	}
	k := w.b.key3()
	w.path3.remove(k, k.hash())
}

// The path set holds the positions entered and not yet finished (on the
// path, or children entered by a lookup and waiting), so that a position on
// the path is never taken for new. While the one-worker table has forgotten
// nothing, it answers that itself: every such position is in it. So the
// path set is kept only from when the table could evict. Evictions start
// only at the table's cap, and checkPath runs before each position's lookup
// and each expansion; between two runs there are at most a position's
// moves' worth of inserts, far fewer than the 3/16 of the cap (at least
// lazyPathMinSlots) that take a table under half the cap to the cap. So a
// table still under half its cap at a check cannot evict before the next.

// lazyPathMinSlots is the smallest cap (in slots) for which the path set
// starts unkept.
const lazyPathMinSlots = 1 << 10

// checkPath starts keeping the path set once the one-worker table has
// reached half its cap. The search is at depth; current says that the
// position at depth is entered already (in expand), not yet (in search).
func (w *rcWorker) checkPath(depth int, current bool) {
	if t := &w.s.tab; t.kind == tableOwn && !w.pathLive && len(t.own.slots) >= t.own.capLen/2 {
		w.livePath(depth, current)
	}
}

// livePath fills the path set with what it would hold had it been kept all
// along: the positions expanded at depths 0..depth-1 and their children
// entered and waiting (those from nextAt on whose status is new), and the
// current position if it is entered. It takes the moves back and plays
// them again to see each depth's position.
func (w *rcWorker) livePath(depth int, current bool) {
	w.pathLive = true
	w.path.clear()
	w.replayed = append(w.replayed[:0], w.played...)
	w.undoAutos(len(w.played))
	for d := 0; d < depth; d++ {
		for len(w.played) < w.playedAt[d] {
			u := w.replayed[len(w.played)]
			w.play(u.m, u.forced)
		}
		k := w.b.key
		w.path.add(k, k.hash())
		moves, status := w.frames[d], w.status[d]
		for i := w.nextAt[d]; i < len(moves); i++ {
			if k, ok := w.b.waitingKey(moves[i], status[i]); ok {
				w.path.add(k, k.hash())
			}
		}
	}
	for len(w.played) < len(w.replayed) {
		u := w.replayed[len(w.played)]
		w.play(u.m, u.forced)
	}
	if current {
		k := w.b.key
		w.path.add(k, k.hash())
	}
	if w.shadow != nil {
		w.checkShadow()
	}
}

// checkShadow panics unless the path set holds exactly the shadow's keys.
func (w *rcWorker) checkShadow() {
	lazyPathBuilds.Add(1)
	n := 0
	for _, sl := range w.shadow.slots {
		if sl.k == (rcKey{}) {
			continue
		}
		n++
		if !w.path.has(sl.k, sl.h) {
			panic(fmt.Sprintf("livePath: %x on the path is missing", sl.k))
		}
	}
	if n != w.path.count {
		panic(fmt.Sprintf("livePath: %d keys, the path has %d", w.path.count, n))
	}
}
