package solver

// The parallel search of one Russian Cell deal: a warm-up by one worker,
// then the top of the tree split into tasks that the workers share.

import (
	"sync"
	"sync/atomic"
)

// Parallel search of one deal.
//
// Workers that each run the whole depth-first search over a shared table do
// not share the work well: a worker skips every position another one has
// entered, including those still being searched, so it soon runs out of
// positions of its own and stops, leaving the rest to the others. So the
// top of the tree is split instead: the positions down to the depth where
// there are at least splitTasks lines of play are expanded first, and the
// lines below them become tasks, which the workers take in order (the order
// one worker would search them in). The table is shared, so a position
// reached in two tasks is searched once. Easy deals never get that far: one
// worker searches alone first, for warmUpNodes positions, and the split
// happens only if that does not decide the deal. That worker searches as
// one worker alone does, starting over now and then (restartSearch), which
// decides most winnable deals early. It uses a small table of its own,
// emptied after, since it holds positions whose search was cut short.
const (
	splitTasks     = 64 // per worker
	maxSplitDepths = 12
)

// warmUpNodes is how long one worker searches alone first. It is a variable
// so that tests can make every search take the split path.
var warmUpNodes int64 = 20_000

// warmUpTableBytes caps the warm-up's own table, which takes an eighth of
// the memory cap at most; 20,000 positions need less than 1 MiB.
const warmUpTableBytes = 16 << 20

// rcTask is a line of play from the start position to a position one
// worker searches: its moves (automatic foundation moves included), and how
// many of them lead to each position expanded on the way, for the path set.
type rcTask struct {
	moves   []rcMove
	forced  []bool // for each move, whether it was the only one considered
	entered []int32
}

func (s *rcSearch) solveParallel(bud *budget) *rcWorker {
	w0 := s.workers[0]
	// One worker alone first, on a budget of its own.
	// It has a small table of its own, so that it can start over (see
	// restartSearch), as one worker alone does.
	warm := &budget{max: min(bud.max, warmUpNodes), deadline: bud.deadline, intr: bud.intr}
	if s.warmTab.own == nil {
		s.warmTab = ownRCTable(newTable[rcKey](min(s.cfg.memoryBytes()/8, warmUpTableBytes), 1<<12))
	}
	s.warmTab.own.reset()
	main := s.tab
	s.tab = s.warmTab
	w0.bud = warm
	won := w0.restartSearch()
	s.tab = main
	w0.bud = bud
	bud.nodes.Add(warm.nodes.Load() + w0.nodes)
	w0.nodes = 0
	switch {
	case won:
		return w0
	case !warm.stop.Load():
		return nil // searched to the end: unsolvable
	case warm.max == bud.max || warm.why() != warm.spent():
		bud.halt(warm.why()) // the real budget is spent
		return nil
	}

	// A deal that gets here is large: start with room for a million
	// positions (16 MiB, pages are touched as used).
	s.resetTable(1, 1<<20)
	w0.restart()
	tasks, winner := w0.split(len(s.workers) * splitTasks)
	if winner || w0.stop {
		if !winner {
			return nil
		}
		return w0
	}
	s.tab.setActive(len(s.workers))

	var next atomic.Int64
	var win *rcWorker
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, w := range s.workers {
		wg.Add(1)
		go func(w *rcWorker) {
			defer wg.Done()
			defer func() {
				bud.nodes.Add(w.nodes)
				w.nodes = 0
				s.tab.flush(&w.ctPending)
				s.tab.done()
			}()
			for !bud.stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				w.restart()
				depth := w.replay(tasks[i])
				if w.search(depth) {
					mu.Lock()
					if win == nil {
						win = w
					}
					mu.Unlock()
					bud.halt(StopReason{})
					return
				}
			}
		}(w)
	}
	wg.Wait()
	return win
}

// split expands the top of the tree level by level, in the order a single
// worker would meet the positions, until a level has at least n lines of
// play, and returns them as tasks. It reports a win found on the way (left
// on the board).
func (w *rcWorker) split(n int) ([]rcTask, bool) {
	level := []rcTask{{}}
	for d := 0; d < maxSplitDepths && len(level) > 0 && len(level) < n; d++ {
		var next []rcTask
		for _, t := range level {
			w.restart()
			w.replay(t)
			moves := append([]rcMove(nil), t.moves...)
			forced := append([]bool(nil), t.forced...)
			for {
				m, ok := w.b.nextAuto(w.s.cfg.Pruning)
				if !ok {
					break
				}
				w.play(m, true)
				moves = append(moves, m)
				forced = append(forced, true)
			}
			if w.b.won() {
				return nil, true
			}
			if w.seen() {
				continue
			}
			w.nodes++
			entered := append(append([]int32(nil), t.entered...), int32(len(moves)))
			children := w.b.genMoves(nil, w.s.cfg.Pruning, w.s.cfg.returnMoves)
			for i := range children {
				children[i] = w.b.rate(children[i])
			}
			w.order(children, nil)
			for _, m := range children {
				t := rcTask{
					moves:   append(append([]rcMove(nil), moves...), m),
					forced:  append(append([]bool(nil), forced...), len(children) == 1),
					entered: entered,
				}
				if m.to >= locPair {
					ms, n := w.b.pair(m)
					t.moves = append(t.moves[:len(t.moves)-1], ms[:n]...)
					for range n - 1 {
						t.forced = append(t.forced, false)
					}
				}
				next = append(next, t)
			}
		}
		level = next
		if w.bud.charge(0) {
			w.stop = true
			return nil, false
		}
	}
	w.restart()
	return level, false
}

// replay plays a task's moves from the start position and enters the
// positions expanded on the way into the path set. It returns the depth
// reached, for the search that goes on from there.
func (w *rcWorker) replay(t rcTask) int {
	e := 0
	for i, m := range t.moves {
		for e < len(t.entered) && int(t.entered[e]) == i {
			w.onPath()
			e++
		}
		w.play(m, t.forced[i])
	}
	return len(t.entered)
}
