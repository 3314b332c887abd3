package solver

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
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

// MarshalText returns String's word, so that a Verdict is written in JSON
// as the documents write a verdict: "solvable", "unsolvable" or "unknown".
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads String's word back; any other text is refused with
// a *rules.ParseError.
func (v *Verdict) UnmarshalText(b []byte) error {
	for _, w := range []Verdict{Unknown, Solvable, Unsolvable} {
		if string(b) == w.String() {
			*v = w
			return nil
		}
	}
	return &rules.ParseError{What: "verdict", Input: string(b), Err: fmt.Errorf("%q: want solvable, unsolvable or unknown", b)}
}

// DefaultMaxNodes is the default node budget per deal.
const DefaultMaxNodes = 100_000_000

// DefaultMemoryMB is the default size cap of the position table.
const DefaultMemoryMB = 1024

// Pruning switches the proven-safe reductions off one by one. Every
// reduction keeps verdicts exact; tests check that verdicts are the same
// with each one off, and docs/pruning.md in the repository proves each. The zero value, AllPruning, has every reduction on:
// each field is named so that false is the default. NoPruning turns all
// off, for a plain search.
type Pruning struct {
	// NoAutoFoundation turns off the automatic foundation moves: with it
	// off (the default) the search plays every available card that can go
	// to its foundation at once and branches on nothing else (Blake &
	// Gent, Theorem 1).
	NoAutoFoundation bool
	// PlayReturns searches the cards played back from a foundation,
	// which the default never plays: it switches SkipReturns off (Blake &
	// Gent, Corollaries 2 and 3). Only matters when returns are on.
	PlayReturns bool
	// NoSymmetry tells apart Russian Cell positions that differ only in
	// the order of columns or of cells, which the default treats as one
	// position.
	NoSymmetry bool
	// NoKingBottom lets a King that is already at the bottom of a column
	// move to an empty column, which the default never does (the result is
	// the same position).
	NoKingBottom bool
	// NoSleepSets (Russian Cell) looks up every child, where the default
	// does not look up one that is the same position as one an earlier
	// sibling's search has entered (two moves on different columns, played
	// in the other order). Sleep sets save table probes only: the positions
	// searched are the same.
	NoSleepSets bool
	// NoBlockedPair (Ripple Fan) searches on from positions where a card
	// lies above a lower card of its own suit and can never leave its pile,
	// where the default stops: the card that never leaves keeps the lower
	// card under it from its foundation, so the position cannot be won.
	NoBlockedPair bool
	// NoCellHome (Russian Cell) turns off what the default does: put a cell
	// card back on its same-suit successor as soon as that successor is a
	// column's top card, and so never keep both apart. It keeps verdicts,
	// not solution lengths, so the Shortest search does without it.
	NoCellHome bool
	// NoKingHome (Russian Cell) turns off what the default does: move a
	// King from a cell to an empty column as soon as there is one, with a
	// swap move for the one case it cannot copy. It keeps verdicts, not
	// solution lengths, so the Shortest search does without it.
	NoKingHome bool
}

// AllPruning returns every proven-safe reduction switched on: the zero
// Pruning.
func AllPruning() Pruning { return Pruning{} }

// NoPruning returns every reduction switched off: a plain search.
func NoPruning() Pruning {
	return Pruning{NoAutoFoundation: true, PlayReturns: true, NoSymmetry: true, NoKingBottom: true, NoSleepSets: true, NoBlockedPair: true, NoCellHome: true, NoKingHome: true}
}

// pruning is Pruning as the search reads it, each reduction named by what
// it does when on. It is resolved once, when the Solver is made.
type pruning struct {
	AutoFoundation, SkipReturns, Symmetry, KingBottom, SleepSets, BlockedPair, CellHome, KingHome bool
}

func (p Pruning) on() pruning {
	return pruning{AutoFoundation: !p.NoAutoFoundation, SkipReturns: !p.PlayReturns, Symmetry: !p.NoSymmetry, KingBottom: !p.NoKingBottom,
		SleepSets: !p.NoSleepSets, BlockedPair: !p.NoBlockedPair, CellHome: !p.NoCellHome, KingHome: !p.NoKingHome}
}

// Config controls a search. The zero Config is the default: the default
// rules, every reduction, all cores and the default budgets; DefaultConfig
// returns it. Every field is named so that its zero value is the default,
// and a number's 0 means the constant its comment names.
type Config struct {
	// Options are the rules options (the zero value is the default rules).
	// Which options the game takes is the rules package's to say: pass
	// the options given, for any game (see rules.NewVariant).
	Options rules.Options
	// Pruning switches reductions off; the zero value has them all on.
	Pruning Pruning
	// Workers is the cores the call uses, 0 meaning runtime.NumCPU(): for
	// Solve, the cores of its one search; where a call runs one-core
	// searches side by side (a batch run, a sample of arrangements, a
	// player's decision), how many run at once (see Split). It has that
	// one meaning in every package.
	Workers  int
	MaxNodes int64         // positions expanded over all workers; 0 means DefaultMaxNodes
	Timeout  time.Duration // 0 means none
	MemoryMB int           // position table cap of the call, all workers together; 0 means DefaultMemoryMB
	// Shortest asks for a solution of the fewest moves, automatic
	// foundation moves counted, proven shortest: when a budget ends the
	// proof first, the result is the best solution found with a proven
	// lower bound. The search that proves it runs on one core.
	Shortest bool
	// Progress, when not nil, counts the positions expanded as the
	// search goes, for a caller to read from another goroutine (a
	// progress display). It is added to each time a worker charges its
	// positions to the budget (every 1,024 at most), so it lags behind
	// the search a little, and may leave out a start of the search.
	Progress *atomic.Int64
	// Notify, when not nil, is called with the positions expanded so
	// far each time a worker charges its positions to the budget (every
	// 1,024 at most, as Progress is added to), from that worker's
	// goroutine: several may call it at once, and the search waits for
	// it, so it must be quick. It is for a caller that cannot read
	// Progress while the search runs, because no other goroutine runs
	// then (WebAssembly in a browser, on one thread).
	Notify func(searched int64)
}

// DefaultConfig returns the default configuration, the zero Config:
// default rules, all pruning, all cores, default budgets.
func DefaultConfig() Config { return Config{} }

// maxMemoryMB is the largest MemoryMB whose count of bytes an int64 holds.
const maxMemoryMB = math.MaxInt64 >> 20

// Check returns nil for a Config that a search takes, and otherwise a
// *rules.ConfigError for its first setting out of range: a negative
// Workers, MaxNodes, Timeout or MemoryMB, or a MemoryMB whose count of
// bytes no int64 holds. Every call of the library that takes a Config
// (here, and in packages sample, player, batch and game) refuses such a
// Config with that error before any work.
func (c Config) Check() error {
	bad := func(field string, v any, want string) error {
		return &rules.ConfigError{Field: "solver.Config." + field, Value: v, Want: want}
	}
	const orMore = "0 (the default) or more"
	switch {
	case c.Workers < 0:
		return bad("Workers", c.Workers, orMore)
	case c.MaxNodes < 0:
		return bad("MaxNodes", c.MaxNodes, orMore)
	case c.Timeout < 0:
		return bad("Timeout", c.Timeout, "0 (none) or more")
	case c.MemoryMB < 0 || int64(c.MemoryMB) > maxMemoryMB:
		return bad("MemoryMB", c.MemoryMB, fmt.Sprintf("0 (the default) to %d", int64(maxMemoryMB)))
	}
	return nil
}

// settings is a Config resolved once for a game, when the Solver is made:
// the reductions as the search reads them, whether returns are on, and
// whether the search plays them (returns on, SkipReturns off). Its
// Pruning hides the Config's.
type settings struct {
	Config
	Pruning     pruning
	returns     bool
	returnMoves bool
}

func (c Config) resolve(g rules.Game) settings {
	pr := c.Pruning.on()
	returns := c.Options.Returns(g)
	return settings{Config: c, Pruning: pr, returns: returns, returnMoves: returns && !pr.SkipReturns}
}

// Split divides the call's cores and memory among the one-core searches
// that a caller running several at once makes (package batch, one deal a
// search; package sample, one arrangement a search). It returns how many
// searches run at once, Workers (0 meaning runtime.NumCPU()) but no more
// than most when most > 0, and the Config of each: Workers 1 and an even
// share of MemoryMB (0 meaning DefaultMemoryMB), at least 1 MB. Workers and
// MemoryMB are so the totals for the call in every package.
func (c Config) Split(most int) (workers int, each Config) {
	workers = c.workers()
	if most > 0 {
		workers = min(workers, most)
	}
	each = c
	each.Workers = 1
	each.MemoryMB = max(1, int(c.memoryBytes()>>20)/workers)
	return workers, each
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
	Verdict Verdict // Solvable, Unsolvable, or Unknown when the search stopped first
	// Reason says which budget ended an Unknown search, or that it was
	// interrupted; it is the zero StopReason for a search that reached its
	// verdict (but see Optimal).
	Reason StopReason
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
	Elapsed time.Duration // the wall-clock time the search took

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
	// shortest says the result is a shortest search's, for Solution.
	shortest bool
}

// Solve decides position p under cfg. It is the one-shot entry point; batch
// callers should keep a Solver and call its Solve for every deal. ctx ends
// the search, and p is checked, as (*Solver).Solve says.
func Solve(ctx context.Context, p *rules.Position, cfg Config) (Result, error) {
	if err := cfg.Check(); err != nil {
		return Result{}, err
	}
	if err := rules.CheckPosition(p); err != nil {
		return Result{}, err
	}
	return New(p.Game, cfg).SolveTrusted(ctx, p)
}

// Solver keeps tables and buffers between searches, so that many deals can
// be decided without allocating for each. A Solver runs one search at a
// time.
type Solver struct {
	game rules.Game
	cfg  settings
	bad  error // cfg.Check's error, which every search returns
	rc   *rcSearch
	rf   *rfSearch
	src  *rcShortest // made at the first shortest search
	srf  *rfShortest
	// interrupted holds the context of the search in progress, which the
	// searches look at every budgetStep positions.
	interrupted interrupt
}

// New returns a solver for game g. A solver for a game that is not
// rules.RussianCell or rules.RippleFan (the zero Game) refuses every
// position with ErrWrongGame, which matches rules.ErrNoGame too, and a
// solver of a Config out of range (Config.Check) with Check's
// *rules.ConfigError.
func New(g rules.Game, cfg Config) *Solver {
	if err := cfg.Check(); err != nil {
		return &Solver{game: g, bad: err}
	}
	s := &Solver{game: g, cfg: cfg.resolve(g)}
	if g == rules.RippleFan {
		s.rf = newRFSearch(s.cfg, &s.interrupted)
	} else {
		s.rc = newRCSearch(s.cfg, &s.interrupted)
	}
	return s
}

// shapeError is the refusal of a position that is not of its game's shape
// (SolveTrusted, which does not call rules.Validate): an
// *rules.InvalidPositionError, which says what is wrong in the words of
// format and args.
func shapeError(format string, args ...any) error {
	return &rules.InvalidPositionError{Err: rules.Problems{fmt.Sprintf(format, args...)}}
}

// ErrWrongGame is the error of a Solve given a position of another game
// than the Solver's, and of the calls above it given a position of
// another game than theirs (player.Player.Next, game.SeenOf).
var ErrWrongGame = errors.New("wrong game")

// wrongGameError is the refusal of a position of another game than the
// solver's (ErrWrongGame), or by a solver of no game; when either game is
// no game, it matches rules.ErrNoGame too.
type wrongGameError struct{ solver, position rules.Game }

func (e *wrongGameError) Error() string {
	if !isGame(e.solver) {
		return fmt.Sprintf("%v: a solver for %v, which is no game (rules.RussianCell or rules.RippleFan)", ErrWrongGame, e.solver)
	}
	return fmt.Sprintf("%v: solver is for %s, position is %s", ErrWrongGame, e.solver, e.position)
}

func (e *wrongGameError) Unwrap() []error {
	if isGame(e.solver) && isGame(e.position) {
		return []error{ErrWrongGame}
	}
	return []error{ErrWrongGame, rules.ErrNoGame}
}

// isGame reports whether g is one of the two games.
func isGame(g rules.Game) bool { return g == rules.RussianCell || g == rules.RippleFan }

// Solve decides position p, which must be of the solver's game and have
// every card known (no rules.UnknownCard: see the sample package for positions
// with unknown face-down cards).
//
// When ctx is done the search ends soon (within about a thousand
// positions), and Solve returns the result so far, with an Unknown
// verdict (or, for a shortest search, the best line found), and ctx's
// error: errors.Is(err, context.Canceled) for a cancel, with the reason
// Interrupted; context.DeadlineExceeded for ctx's deadline, with the reason
// TimeLimit. A ctx already done returns at once, with no position
// searched. A budget of the Config that runs out (MaxNodes, Timeout) is a
// result, not an error: the verdict is Unknown and the reason says which
// budget. The other errors are for a position the solver cannot take: one
// that fails rules.Validate (a *rules.InvalidPositionError, such as an
// empty board or a card twice), of another game (ErrWrongGame), or with
// unknown cards (rules.ErrUnknownCards). A Config out of range is refused
// first, with a *rules.ConfigError (Config.Check).
//
// A Solver runs one search at a time; many Solvers may search at once,
// each with its own position table (Config.MemoryMB each) and workers.
// The function Solve makes a Solver for each call, so it is safe to call
// from many goroutines.
//
// Checking p costs about as much as deciding a Ripple Fan deal: a caller
// that decides many positions it knows to be valid (deals that package
// dealgen built) may call SolveTrusted instead.
func (s *Solver) Solve(ctx context.Context, p *rules.Position) (Result, error) {
	if s.bad != nil {
		return Result{}, s.bad
	}
	if err := rules.CheckPosition(p); err != nil {
		return Result{}, err
	}
	return s.SolveTrusted(ctx, p)
}

// SolveTrusted is Solve without the check of rules.Validate: it trusts p
// to pass it, as the deals that package dealgen builds do (and positions
// reached from them by legal moves, and arrangements filled in by
// rules.Position.Fill from a valid position). Batch runs over deal
// numbers use it, so that no deal is checked. On a position that fails
// rules.Validate (a card twice or missing, piles no deal could make), its
// verdict means nothing: it may be wrong. It still refuses a position of
// another game (ErrWrongGame), with unknown cards, and a Config out of
// range, as Solve does; a nil position, or one not of the game's shape
// (Russian Cell's 7 columns and 2 cells, Ripple Fan's 13 piles face up),
// is an *rules.InvalidPositionError.
func (s *Solver) SolveTrusted(ctx context.Context, p *rules.Position) (Result, error) {
	if s.bad != nil {
		return Result{}, s.bad
	}
	if p == nil {
		return Result{}, rules.CheckPosition(nil)
	}
	if !isGame(s.game) || p.Game != s.game {
		return Result{}, &wrongGameError{solver: s.game, position: p.Game}
	}
	if unknownDown(p) {
		return Result{}, p.NeedKnown("an exact search")
	}
	start := time.Now()
	s.interrupted.watch(ctx)
	defer s.interrupted.clear()
	if s.interrupted.Load() {
		return Result{Verdict: Unknown, Reason: s.interrupted.reason(), shortest: s.cfg.Shortest}, ctx.Err()
	}
	var r Result
	var err error
	switch {
	case s.cfg.Shortest:
		r, err = s.solveShortest(p)
	case s.rf != nil:
		r, err = s.rf.solve(p)
	default:
		r, err = s.rc.solve(p)
	}
	r.Elapsed = time.Since(start)
	r.shortest = s.cfg.Shortest
	if err == nil && (r.Reason.Kind == Interrupted || r.Reason.Kind == TimeLimit && errors.Is(ctx.Err(), context.DeadlineExceeded)) {
		err = ctx.Err() // ended by ctx, not by a budget
	}
	return r, err
}

// interrupt is how a search learns that its caller's context is done. It
// is polled with the budget, every budgetStep positions: a look at a
// channel costs no more than a look at an atomic flag, and nothing is set
// up for a search that ends sooner, which batch runs of millions of small
// deals need.
type interrupt struct {
	ctx  context.Context
	done <-chan struct{} // ctx.Done(), nil for a context that never ends
}

// watch makes ctx the context of the next search.
func (i *interrupt) watch(ctx context.Context) {
	i.ctx = ctx
	i.done = ctx.Done()
}

// clear forgets the context, so that the Solver holds none between
// searches.
func (i *interrupt) clear() { *i = interrupt{} }

// Load reports whether the context is done.
func (i *interrupt) Load() bool {
	select {
	case <-i.done:
		return true
	default:
		return false
	}
}

// reason is the stop reason for a done context: TimeLimit for a deadline
// that passed, Interrupted for a cancel.
func (i *interrupt) reason() StopReason {
	if i.ctx != nil && errors.Is(i.ctx.Err(), context.DeadlineExceeded) {
		return StopReason{Kind: TimeLimit}
	}
	return StopReason{Kind: Interrupted}
}

// StopKind names what ended a search before its verdict was known.
type StopKind uint8

// The stop kinds.
const (
	// NotStopped is the kind of a search that ran to its verdict.
	NotStopped StopKind = iota
	// NodeBudget: the search expanded Config.MaxNodes positions.
	NodeBudget
	// TimeLimit: Config.Timeout passed, or the context's deadline.
	TimeLimit
	// Interrupted: the context was cancelled.
	Interrupted
	// PathTooLong: a line of play grew longer than the search can follow.
	PathTooLong
)

// StopReason says why a search ended with an Unknown verdict (or, for a
// shortest search, before its proof). Its String is the text that results
// files and solutions hold in their "reason" field.
type StopReason struct {
	Kind StopKind // what stopped the search; NotStopped for a search that ran to its verdict
	// Limit is the node budget for NodeBudget, and the longest path, in
	// moves, for PathTooLong; 0 for the other kinds.
	Limit int64
}

// String returns the reason in words: "node budget of N reached", "time
// limit reached", "interrupted", "search path longer than N moves", or ""
// for NotStopped.
func (r StopReason) String() string {
	switch r.Kind {
	case NodeBudget:
		return fmt.Sprintf("node budget of %d reached", r.Limit)
	case TimeLimit:
		return "time limit reached"
	case Interrupted:
		return "interrupted"
	case PathTooLong:
		return fmt.Sprintf("search path longer than %d moves", r.Limit)
	case NotStopped:
		return ""
	}
	return fmt.Sprintf("StopKind(%d)", r.Kind)
}

// ErrBadReason is the error of ParseStopReason for a text that no
// StopReason writes (in a *rules.ParseError, as every ParseX's is).
var ErrBadReason = errors.New("not a stop reason")

// ParseStopReason reads the text of StopReason.String back.
func ParseStopReason(s string) (StopReason, error) {
	number := func(prefix, suffix string, k StopKind) (StopReason, bool) {
		n, ok := strings.CutPrefix(s, prefix)
		if !ok {
			return StopReason{}, false
		}
		if n, ok = strings.CutSuffix(n, suffix); !ok {
			return StopReason{}, false
		}
		v, err := strconv.ParseInt(n, 10, 64)
		if err != nil || v < 0 || strconv.FormatInt(v, 10) != n {
			return StopReason{}, false
		}
		return StopReason{Kind: k, Limit: v}, true
	}
	switch s {
	case "":
		return StopReason{}, nil
	case "time limit reached":
		return StopReason{Kind: TimeLimit}, nil
	case "interrupted":
		return StopReason{Kind: Interrupted}, nil
	}
	if r, ok := number("node budget of ", " reached", NodeBudget); ok {
		return r, nil
	}
	if r, ok := number("search path longer than ", " moves", PathTooLong); ok {
		return r, nil
	}
	return StopReason{}, &rules.ParseError{What: "stop reason", Input: s, Err: fmt.Errorf("%w: %q", ErrBadReason, s)}
}

// unknownDown reports whether a face-down card of p is rules.UnknownCard. A
// position that passed rules.Validate has unknown cards nowhere else. The
// batch runs call Solve for millions of deals, so this looks only at the
// face-down cards, which Ripple Fan has none of.
func unknownDown(p *rules.Position) bool {
	for i := range p.Tableau {
		for _, c := range p.Tableau[i].Down {
			if c == rules.UnknownCard {
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
	intr     *interrupt    // the Solver's context, or nil
	progress *atomic.Int64 // Config.Progress
	notify   func(int64)   // Config.Notify
	stop     atomic.Bool
	reason   atomic.Pointer[StopReason]
}

func newBudget(cfg settings, intr *interrupt) *budget {
	b := &budget{max: cfg.maxNodes(), intr: intr, progress: cfg.Progress, notify: cfg.Notify}
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
//
// It is called once a position, so it must stay within the compiler's
// inlining budget without the profile (default.pgo), as a program that
// imports this package builds it: the charge is in chargeAll, not
// inlined, so that only the count and the test remain here. With the
// charge written out here, tick was 2 over the budget (cost 82) and was
// called, not inlined, unless the profile happened to mark the call hot:
// 1.6% of the instructions of a Ripple Fan run (TestHotHelpersInline).
func (b *budget) tick(n *int64, every int64) bool {
	*n++
	return *n >= every && b.chargeAll(n)
}

// chargeAll charges the nodes counted in *n and sets it to 0. It reports
// whether the search must stop.
//
//go:noinline
func (b *budget) chargeAll(n *int64) bool {
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
		b.halt(b.intr.reason())
		return true
	}
	total := b.nodes.Add(n)
	if b.progress != nil {
		b.progress.Add(n)
	}
	if b.notify != nil {
		b.notify(total)
	}
	if total >= b.max {
		b.halt(b.spent())
		return true
	}
	if !b.deadline.IsZero() && time.Now().After(b.deadline) {
		b.halt(StopReason{Kind: TimeLimit})
		return true
	}
	return false
}

// spent is the reason of a search that used up this budget's nodes.
func (b *budget) spent() StopReason { return StopReason{Kind: NodeBudget, Limit: b.max} }

// halt stops every worker; the first reason given is the search's (a
// halt for a win gives the zero reason, and none is kept).
func (b *budget) halt(reason StopReason) {
	if reason.Kind != NotStopped {
		b.reason.CompareAndSwap(nil, &reason)
	}
	b.stop.Store(true)
}

// why is the reason the search stopped, or the zero reason.
func (b *budget) why() StopReason {
	if r := b.reason.Load(); r != nil {
		return *r
	}
	return StopReason{}
}

// pathTooLong is the reason of a search that met a line of play longer
// than maxSearchDepth.
var pathTooLong = StopReason{Kind: PathTooLong, Limit: maxSearchDepth}
