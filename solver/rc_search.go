package solver

// The depth-first search of Russian Cell: rcSearch (one deal's search and
// its workers), rcWorker, and search and expand.

import (
	"github.com/patience-solver/patience/rules"
)

// rcSearch holds what one Russian Cell search needs: shared table, workers.
type rcSearch struct {
	cfg     settings
	intr    *interrupt
	tab     rcTable // the table of positions (rc_table.go)
	warmTab rcTable // the warm-up's table, with several workers (rc_parallel.go)
	workers []*rcWorker
}

func newRCSearch(cfg settings, intr *interrupt) *rcSearch {
	s := &rcSearch{cfg: cfg, intr: intr}
	n := cfg.workers()
	s.tab = newRCTable(cfg.Pruning, n, cfg.memoryBytes())
	for i := 0; i < n; i++ {
		s.workers = append(s.workers, &rcWorker{s: s, id: i, path: newPathSet[rcKey](), path3: newPathSet[rcKey3]()})
	}
	return s
}

// rcWorker is one search thread: its own board, path set, move buffers and
// the stack of moves played.
type rcWorker struct {
	s      *rcSearch
	id     int
	b      rcBoard
	bud    *budget
	path   pathSet[rcKey]
	path3  pathSet[rcKey3]
	frames [][]rcMove
	status [][]uint8
	played []rcUndo
	// The moves of the last sleepSet: sleepTo[c] has a bit for the
	// destination of each move of card c, and sleepCards a bit for each card
	// with one.
	sleepTo    [rules.NumCards]uint16
	sleepCards uint64
	nodes      int64 // expanded since the last charge
	// ctPending counts this worker's inserts into the shared table not yet
	// added to its count (see concTable.flush).
	ctPending int64
	step      int64
	stop      bool
	// shake, when not 0, moves each move's score at random by up to
	// shake/2 either way (see order): by noise[card], drawn by setShake.
	shake int
	noise [rules.NumCards]int8
	// Restarts (see restartSearch): the positions this run may expand
	// before it starts over (0: no restarts), the count so far, and
	// whether the search is unwinding for a restart.
	runBudget  int64
	runNodes   int64
	restarting bool
	// The path set with the one-worker table (tableOwn) is kept only from when
	// the table could forget a position (see checkPath): pathLive. For
	// rebuilding it then, playedAt and nextAt hold, for each depth of the
	// search, the length of played when its position was expanded and the
	// index of its next move to play.
	pathLive bool
	playedAt []int
	nextAt   []int
	replayed []rcUndo
	shadow   *pathSet[rcKey] // the path set kept all along (tests only)
}

func (s *rcSearch) solve(p *rules.Position) (Result, error) {
	bud := newBudget(s.cfg, s.intr)
	step := min(int64(budgetStep), max(1, bud.max/int64(4*len(s.workers))))
	for _, w := range s.workers {
		if err := w.b.load(p); err != nil {
			return Result{}, err
		}
		w.b.cellHome = s.cfg.Pruning.CellHome
		w.b.kingHome = s.cfg.Pruning.KingHome
		w.played = w.played[:0] // the board was just loaded
		w.bud = bud
		w.nodes = 0
		w.step = step
		if w.id > 0 {
			w.setShake(uint64(w.id)*0x9e3779b97f4a7c15, 24)
		}
	}
	var winner *rcWorker
	if len(s.workers) == 1 {
		s.resetTable(1, 0)
		w := s.workers[0]
		if w.restartSearch() {
			winner = w
		}
		bud.nodes.Add(w.nodes)
	} else {
		winner = s.solveParallel(bud)
	}
	r := Result{Nodes: bud.nodes.Load()}
	for _, w := range s.workers {
		s.tab.flush(&w.ctPending)
	}
	r.Stored, r.TableBytes, r.Evicted = s.tab.store.stats()
	switch {
	case winner != nil:
		r.Verdict = Solvable
		r.Moves = make([]rules.Move, len(winner.played))
		for i, u := range winner.played {
			r.Moves[i] = u.m.toRules()
			if u.forced {
				r.Forced++
			}
		}
	case bud.stop.Load():
		r.Verdict = Unknown
		r.Reason = bud.why()
	default:
		r.Verdict = Unsolvable
	}
	return r, nil
}

// restart takes the worker back to the start position with an empty path.
func (w *rcWorker) restart() {
	w.undoAutos(len(w.played))
	w.path.clear()
	w.path3.clear()
	if w.shadow != nil {
		w.shadow.clear()
	}
	w.stop = false
}

// search enters the position reached by the last move: it plays the
// automatic foundation moves, then expands the position unless it was seen
// before. It reports a win; on a win the board and w.played are left at the
// winning line.
func (w *rcWorker) search(depth int) bool {
	autos := w.playAutos()
	if w.b.won() {
		return true
	}
	w.checkPath(depth, false)
	if w.stop || w.seen() {
		w.undoAutos(autos)
		return false
	}
	if w.expand(depth, -1) {
		return true
	}
	w.undoAutos(autos)
	return false
}

// maxSearchDepth bounds the search path, and so the goroutine stack. With
// automatic foundation moves on, the deepest paths in deals 1..10,000 are
// about 60 positions long; only searches with that pruning off (for tests)
// can wander this deep, and they end with an unknown verdict.
const maxSearchDepth = 100_000

// expand branches on every move of the current position, which has just
// been entered into the table and the path set, and has no automatic
// foundation move left.
//
// Most children are positions seen before. A move changes one card's code,
// so a child's key is known without playing the move, unless the move
// uncovers a card that goes to its foundation at once. expand looks those
// keys up first, and plays only the moves that lead somewhere new. A child entered this way but not
// yet expanded may be met again deeper in an earlier sibling's subtree; it is
// then skipped there and expanded here, so every position entered is still
// expanded once.
func (w *rcWorker) expand(depth int, via int) bool {
	pr := w.s.cfg.Pruning
	if depth >= maxSearchDepth {
		w.bud.halt(pathTooLong)
		w.stop = true
		return false
	}
	w.s.tab.safePoint()
	if w.bud.tick(&w.nodes, w.step) {
		w.stop = true
	}
	if w.runBudget > 0 {
		if w.runNodes++; w.runNodes >= w.runBudget && !w.stop {
			w.stop, w.restarting = true, true
		}
	}
	if len(w.frames) <= depth {
		w.growFrames(depth)
	}
	w.checkPath(depth, true)
	w.playedAt[depth] = len(w.played)
	moves := w.b.genMoves(w.frames[depth], pr, w.s.cfg.returnMoves)
	w.frames[depth] = moves
	w.clearSleep()
	if via >= 0 && pr.SleepSets {
		w.sleepSet(w.frames[depth-1], w.status[depth-1], via)
	}
	status := w.probeChildren(moves, w.status[depth][:0])
	w.status[depth] = status
	w.orderToPlay(moves, status)
	next := 0
	for i, m := range moves {
		if w.stop {
			break
		}
		next = i + 1
		if st := status[i]; st == childSeen || st == childSeenAuto {
			continue
		}
		w.nextAt[depth] = next
		switch status[i] {
		case childNew:
			w.play(m, len(moves) == 1)
			if w.expand(depth+1, i) {
				return true
			}
		case childNewAuto:
			w.play(m, len(moves) == 1)
			autos := w.playAutos()
			if w.expand(depth+1, -1) {
				return true
			}
			w.undoAutos(autos)
		default:
			n := w.playPair(m, len(moves) == 1)
			if w.search(depth + 1) {
				return true
			}
			w.undoAutos(n - 1)
		}
		w.takeBack()
	}
	if w.restarting {
		w.forget(moves[next:], status[next:])
	}
	w.leave()
	return false
}

// play plays m on the board and records it; forced says it was the only
// move the search considered there (for the difficulty measure).
func (w *rcWorker) play(m rcMove, forced bool) {
	u := w.b.make(m)
	u.forced = forced
	w.played = append(w.played, u)
}

// playPair plays m, which may be a CellHome pair move or a KingHome swap
// (two or three moves), and returns how many moves it played.
func (w *rcWorker) playPair(m rcMove, forced bool) int {
	if m.to < locPair {
		w.play(m, forced)
		return 1
	}
	ms, n := w.b.pair(m)
	w.play(ms[0], forced)
	for _, x := range ms[1:n] {
		w.play(x, false)
	}
	return n
}

func (w *rcWorker) takeBack() {
	n := len(w.played) - 1
	w.b.unmake(w.played[n])
	w.played = w.played[:n]
}

// growFrames adds the per-depth buffers of expand down to depth.
func (w *rcWorker) growFrames(depth int) {
	for len(w.frames) <= depth {
		w.frames = append(w.frames, make([]rcMove, 0, 64))
		w.status = append(w.status, make([]uint8, 0, 64))
		w.playedAt = append(w.playedAt, 0)
		w.nextAt = append(w.nextAt, 0)
	}
}
