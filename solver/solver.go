// Package solver decides Russian Cell and Ripple Fan positions exactly: it
// searches the whole space of positions (with only proven-safe pruning), and
// returns a verdict with a winning move list when there is one.
//
// The verdict contract (DESIGN 4.1): Solvable comes with moves that win;
// Unsolvable means the search ended with no win, every position compared by
// its whole packed key; Unknown means a budget ran out, and says which.
package solver

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/patience-solver/patience/rules"
)

// Verdict is the outcome of a search.
type Verdict uint8

// The three verdicts.
const (
	Unknown Verdict = iota
	Solvable
	Unsolvable
)

// String returns "solvable", "unsolvable" or "unknown", as in the JSON forms.
func (v Verdict) String() string {
	switch v {
	case Solvable:
		return "solvable"
	case Unsolvable:
		return "unsolvable"
	}
	return "unknown"
}

// DefaultMaxNodes is the default node budget per deal.
const DefaultMaxNodes = 100_000_000

// DefaultMemoryMB is the default size cap of the position table.
const DefaultMemoryMB = 1024

// Pruning switches the proven-safe reductions on and off one by one. Every
// switch keeps verdicts exact; tests check that verdicts are the same with
// each one off. AllPruning turns all on; the zero value is a plain search.
type Pruning struct {
	// AutoFoundation plays every available card that can go to its
	// foundation at once and branches on nothing else (Blake & Gent,
	// Theorem 1; DESIGN 4.2).
	AutoFoundation bool
	// SkipReturns never plays a card back from a foundation (Blake & Gent,
	// Corollaries 2 and 3; DESIGN 4.2). Only matters when returns are on.
	SkipReturns bool
	// Symmetry treats Russian Cell positions that differ only in the order
	// of columns or of cells as one position.
	Symmetry bool
	// KingBottom never moves a King that is already at the bottom of a
	// column to an empty column (the result is the same position).
	KingBottom bool
	// SleepSets (Russian Cell) does not look up a child that is the same
	// position as one an earlier sibling's search has entered (two moves on
	// different columns, played in the other order). It saves table probes
	// only: the positions searched are the same (see russian.go).
	SleepSets bool
	// BlockedPair (Ripple Fan) stops at positions where a card lies above a
	// lower card of its own suit and can never leave its pile (see
	// ripple.go for the proof).
	BlockedPair bool
	// CellHome (Russian Cell) puts a cell card back on its same-suit
	// successor as soon as that successor is a column's top card, and so
	// never keeps both apart (see russian.go for the proof).
	CellHome bool
	// KingHome (Russian Cell) moves a King from a cell to an empty column
	// as soon as there is one, with a swap move for the one case it cannot
	// copy (see russian.go for the proof).
	KingHome bool
}

// AllPruning returns every proven-safe reduction switched on.
func AllPruning() Pruning {
	return Pruning{AutoFoundation: true, SkipReturns: true, Symmetry: true, KingBottom: true, SleepSets: true, BlockedPair: true, CellHome: true, KingHome: true}
}

// Config controls a search.
type Config struct {
	Options  rules.Options
	Pruning  Pruning
	Workers  int           // 0 means runtime.NumCPU()
	MaxNodes int64         // positions expanded over all workers; 0 means DefaultMaxNodes
	Timeout  time.Duration // 0 means none
	MemoryMB int           // position table cap; 0 means DefaultMemoryMB
	// Shortest asks for a solution of the fewest moves, proven shortest
	// (see shortest.go). The search that proves it runs on one core.
	Shortest bool
	// Progress, when not nil, counts the positions expanded as the
	// search goes, for a caller to read from another goroutine (a
	// progress display). It is added to each time a worker charges its
	// positions to the budget (every 1,024 at most), so it lags behind
	// the search a little, and may leave out a start of the search.
	Progress *atomic.Int64
}

// DefaultConfig returns the default configuration: default rules, all
// pruning, all cores, default budgets.
func DefaultConfig() Config {
	return Config{Options: rules.DefaultOptions(), Pruning: AllPruning()}
}

func (c Config) workers() int {
	if c.Workers <= 0 {
		return runtime.NumCPU()
	}
	return c.Workers
}

func (c Config) maxNodes() int64 {
	if c.MaxNodes <= 0 {
		return DefaultMaxNodes
	}
	return c.MaxNodes
}

func (c Config) memoryBytes() int64 {
	if c.MemoryMB <= 0 {
		return DefaultMemoryMB << 20
	}
	return int64(c.MemoryMB) << 20
}

// Result is the outcome of a search.
type Result struct {
	Verdict Verdict
	// Reason says which budget ended an Unknown search.
	Reason string
	// Moves wins from the start position when Verdict is Solvable. It lists
	// every move, automatic foundation moves included; t and c numbers are
	// those of the start position.
	Moves []rules.Move
	// Forced counts the moves of Moves that were the only move the search
	// considered where they were played: automatic foundation moves, and
	// moves from a position with one move to branch on. With Nodes and the
	// length of Moves it measures how hard the deal was.
	Forced int
	// Nodes is the number of positions expanded, over all workers.
	Nodes int64
	// Stored is the number of positions in the table at the end, and
	// TableBytes the memory the table held.
	Stored     int64
	TableBytes int64
	// Evicted counts positions the table forgot for lack of room.
	Evicted int64
	Elapsed time.Duration

	// Set by a shortest search (Config.Shortest) only:
	//
	// Optimal says that Moves is proven shortest: no solution has fewer
	// moves. A Solvable verdict without it means a budget ended the proof;
	// Moves is then the best solution found, and Reason says which budget.
	Optimal bool
	// LowerBound is proven: no solution has fewer moves. It equals the
	// length of Moves when Optimal is set; it is 0 for an unsolvable
	// position.
	LowerBound int
}

// Solve decides position p under cfg. It is the one-shot entry point; batch
// callers should keep a Solver and call its Solve for every deal.
func Solve(p *rules.Position, cfg Config) (Result, error) {
	s := New(p.Game, cfg)
	return s.Solve(p)
}

// Solver keeps tables and buffers between searches, so that many deals can
// be decided without allocating for each.
type Solver struct {
	game rules.Game
	cfg  Config
	rc   *rcSearch
	rf   *rfSearch
	src  *rcShortest // made at the first shortest search
	srf  *rfShortest
	// interrupted, once set by Interrupt, ends every search soon.
	interrupted atomic.Bool
}

// ReasonInterrupted is the reason of an Unknown verdict from a search that
// Interrupt ended.
const ReasonInterrupted = "interrupted"

// Interrupt ends the search in progress soon (within about a thousand
// positions), with an Unknown verdict whose reason is ReasonInterrupted,
// and every later search at once. It may be called from any goroutine.
func (s *Solver) Interrupt() { s.interrupted.Store(true) }

// New returns a solver for game g.
func New(g rules.Game, cfg Config) *Solver {
	s := &Solver{game: g, cfg: cfg}
	if g == rules.RippleFan {
		s.rf = newRFSearch(cfg, &s.interrupted)
	} else {
		s.rc = newRCSearch(cfg, &s.interrupted)
	}
	return s
}

// Solve decides position p, which must be of the solver's game, must
// pass rules.Validate, and must have every card known (no rules.Unknown:
// see the sample package for positions with unknown face-down cards).
func (s *Solver) Solve(p *rules.Position) (Result, error) {
	if p.Game != s.game {
		return Result{}, fmt.Errorf("solver is for %s, position is %s", s.game, p.Game)
	}
	if unknownDown(p) {
		return Result{}, p.NeedKnown("an exact search")
	}
	start := time.Now()
	var r Result
	var err error
	if s.interrupted.Load() {
		return Result{Verdict: Unknown, Reason: ReasonInterrupted}, nil
	}
	switch {
	case s.cfg.Shortest:
		r, err = s.solveShortest(p)
	case s.rf != nil:
		r, err = s.rf.solve(p)
	default:
		r, err = s.rc.solve(p)
	}
	r.Elapsed = time.Since(start)
	return r, err
}

// unknownDown reports whether a face-down card of p is rules.Unknown. A
// position that passed rules.Validate has unknown cards nowhere else. The
// batch runs call Solve for millions of deals, so this looks only at the
// face-down cards, which Ripple Fan has none of.
func unknownDown(p *rules.Position) bool {
	for i := range p.Tableau {
		for _, c := range p.Tableau[i].Down {
			if c == rules.Unknown {
				return true
			}
		}
	}
	return false
}

// budget is shared by all workers of one search: the node count over all of
// them, the deadline, and the stop flag raised by a win or a spent budget.
type budget struct {
	nodes    atomic.Int64
	max      int64
	deadline time.Time
	intr     *atomic.Bool  // the Solver's interrupt flag, or nil
	progress *atomic.Int64 // Config.Progress
	stop     atomic.Bool
	reason   atomic.Value // string
}

func newBudget(cfg Config, intr *atomic.Bool) *budget {
	b := &budget{max: cfg.maxNodes(), intr: intr, progress: cfg.Progress}
	if cfg.Timeout > 0 {
		b.deadline = time.Now().Add(cfg.Timeout)
	}
	return b
}

// budgetStep is how many nodes a worker expands between looks at the shared
// budget.
const budgetStep = 1024

// tick counts one more node expanded in *n, the nodes a worker has not
// charged yet, and charges them every `every` nodes. It reports whether the
// search must stop.
func (b *budget) tick(n *int64, every int64) bool {
	*n++
	if *n < every {
		return false
	}
	stop := b.charge(*n)
	*n = 0
	return stop
}

// charge adds n expanded nodes and reports whether the search must stop.
func (b *budget) charge(n int64) bool {
	if b.stop.Load() {
		return true
	}
	if b.intr != nil && b.intr.Load() {
		b.halt(ReasonInterrupted)
		return true
	}
	total := b.nodes.Add(n)
	if b.progress != nil {
		b.progress.Add(n)
	}
	if total >= b.max {
		b.halt(fmt.Sprintf("node budget of %d reached", b.max))
		return true
	}
	if !b.deadline.IsZero() && time.Now().After(b.deadline) {
		b.halt("time limit reached")
		return true
	}
	return false
}

func (b *budget) halt(reason string) {
	if reason != "" {
		b.reason.CompareAndSwap(nil, reason)
	}
	b.stop.Store(true)
}

func (b *budget) why() string {
	if r, ok := b.reason.Load().(string); ok {
		return r
	}
	return ""
}
