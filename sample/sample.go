package sample

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/stat"
)

// DefaultSamples is the default number of arrangements drawn to judge one
// position (Estimate, MoveShares): enough for a share within about 7 points at
// 95%. The sampled player, which draws for every move, has its own default
// per decision (player.DecisionSamples).
const DefaultSamples = 200

// DefaultSeed is the default seed of the draw. A fixed default makes the
// same question give the same answer every time.
const DefaultSeed = 1

// Config says how many arrangements to draw and how to decide them. The
// zero Config is the default: DefaultSamples arrangements, DefaultSeed, the
// default solver Config.
type Config struct {
	// Solver sets the rules, pruning and budgets of each arrangement's
	// search: MaxNodes and Timeout are per arrangement. Solver.Workers and
	// Solver.MemoryMB are the totals for the call: Workers arrangements
	// (0: runtime.NumCPU()) are searched at once, one core each, and
	// MemoryMB (0: solver.DefaultMemoryMB) is split evenly among them (see
	// solver.Config.Split).
	Solver solver.Config
	// Samples is how many arrangements to draw; 0 means DefaultSamples.
	// When the unseen cards have at most Samples arrangements, each is
	// solved once instead.
	Samples int
	// Seed picks the arrangements; 0 means DefaultSeed. The same seed
	// gives the same arrangements, whatever the number of workers.
	Seed uint64
}

// interrupted is the error of a call that its context ended before every
// arrangement was decided: errors.Is(err, context.Canceled) or
// context.DeadlineExceeded tells which.
func interrupted(ctx context.Context) error {
	return fmt.Errorf("interrupted before every arrangement was decided: %w", ctx.Err())
}

// stopReason is the reason of an arrangement that ctx left undecided:
// TimeLimit for ctx's deadline, Interrupted for a cancel.
func stopReason(ctx context.Context) solver.StopReason {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return solver.StopReason{Kind: solver.TimeLimit}
	}
	return solver.StopReason{Kind: solver.Interrupted}
}

// check refuses, with a *rules.ConfigError, a Config out of range: a
// negative Samples, or a Solver that solver.Config.Check refuses.
func (c Config) check() error {
	if c.Samples < 0 {
		return &rules.ConfigError{Field: "sample.Config.Samples", Value: c.Samples, Want: "0 (DefaultSamples) or more"}
	}
	return c.Solver.Check()
}

func (c Config) samples() int {
	if c.Samples <= 0 {
		return DefaultSamples
	}
	return c.Samples
}

func (c Config) seed() uint64 {
	if c.Seed == 0 {
		return DefaultSeed
	}
	return c.Seed
}

// Tally counts the verdicts over a set of arrangements.
type Tally struct {
	Winnable   int // the arrangements whose search found a win
	Unwinnable int // the arrangements whose search proved no win exists
	// Unknown counts the arrangements whose search ran out of budget.
	// They are left out of Rate: it is the share of the decided ones.
	Unknown int
}

// Total is the number of arrangements counted.
func (t Tally) Total() int { return t.Winnable + t.Unwinnable + t.Unknown }

// Decided is the number of arrangements with a verdict.
func (t Tally) Decided() int { return t.Winnable + t.Unwinnable }

// Rate is the share of the decided arrangements that are winnable, with
// its 95% Wilson interval.
func (t Tally) Rate() stat.Rate { return stat.NewRate(uint64(t.Winnable), uint64(t.Decided())) }

func (t *Tally) add(v solver.Verdict) {
	switch v {
	case solver.Solvable:
		t.Winnable++
	case solver.Unsolvable:
		t.Unwinnable++
	default:
		t.Unknown++
	}
}

// Share is the answer of Estimate: how many arrangements of the unseen
// cards can be won.
type Share struct {
	// Hidden is the number of unknown face-down cards, and Unseen the
	// cards that lie under them, in deck order.
	Hidden int
	Unseen []rules.Card
	// Exhaustive is set when every arrangement was solved, once each: the
	// unseen cards have no more arrangements than the sample size. The
	// share is then exact.
	Exhaustive bool
	// Seed is the seed of the draw (meaningless when Exhaustive).
	Seed uint64
	// Tally counts the verdicts, one per arrangement solved.
	Tally
	// Reason is why the first unknown arrangement (in draw order) is
	// unknown, or the zero reason.
	Reason solver.StopReason
	// Nodes is the number of positions expanded, over every search.
	Nodes   int64
	Elapsed time.Duration
	// CutShort is how many arrangements the context left undecided; they
	// are counted as unknown.
	CutShort int
}

// Estimate decides the arrangements of p's unseen cards: a sample of
// cfg.Samples drawn uniformly with cfg.Seed, or all of them when there are
// no more. p may have no unknown cards, and then its one arrangement is p
// itself. A p that fails rules.Validate is refused with a
// *rules.InvalidPositionError; the arrangements, filled in from a valid p,
// are not checked again. A cfg out of range (a negative Samples, or a
// Solver that solver.Config.Check refuses) is refused first, with a
// *rules.ConfigError.
//
// When ctx is done, the searches in progress end soon and no more start:
// every arrangement not decided counts as unknown (Share.CutShort counts
// them), with the reason solver.Interrupted for a cancel and
// solver.TimeLimit for ctx's deadline, and Estimate returns the share so
// far with an error that errors.Is ctx's (context.Canceled or
// context.DeadlineExceeded).
//
// Each call decides the arrangements on cfg.Solver.Workers searches at
// once, one core each, that share cfg.Solver.MemoryMB; calls are
// independent, and safe to make from many goroutines.
func Estimate(ctx context.Context, p *rules.Position, cfg Config) (Share, error) {
	start := time.Now()
	sh, _, _, err := decide(ctx, p, cfg)
	if err != nil {
		return Share{}, err
	}
	sh.Elapsed = time.Since(start)
	if sh.CutShort > 0 {
		return sh, interrupted(ctx)
	}
	return sh, nil
}

// decide draws the arrangements of p, solves each, and returns the share,
// the arrangements and their outcomes, in draw order.
func decide(ctx context.Context, p *rules.Position, cfg Config) (Share, [][]rules.Card, []outcome, error) {
	if err := cfg.check(); err != nil {
		return Share{}, nil, nil, err
	}
	if err := rules.CheckPosition(p); err != nil {
		return Share{}, nil, nil, err
	}
	arr, exhaustive := Arrangements(p, cfg.samples(), cfg.seed())
	outs, _, err := solveAll(ctx, p.Game, cfg, len(arr), func(i int) *rules.Position { return p.Fill(arr[i]) })
	if err != nil {
		return Share{}, nil, nil, err
	}
	sh := Share{Hidden: p.Unknowns(), Unseen: p.Unseen(), Exhaustive: exhaustive, Seed: cfg.seed()}
	for _, o := range outs {
		sh.add(o.verdict)
		if o.stopped {
			sh.CutShort++
		}
		sh.Nodes += o.nodes
		if o.verdict == solver.Unknown && sh.Reason.Kind == solver.NotStopped {
			sh.Reason = o.reason
		}
	}
	return sh, arr, outs, nil
}

// Arrangements returns the arrangements of p's unseen cards to solve, each
// a list of cards for p.Fill (in its slot order). When the unseen cards
// have at most samples arrangements, it returns every one of them once, in
// lexicographic order of the cards' deck order, and exhaustive is true.
// Otherwise it returns samples arrangements drawn uniformly and
// independently: arrangement i is a shuffle of the unseen cards by a PCG
// generator seeded with (seed, i), so it depends on nothing but the seed
// and i. A nil p, or samples below 1, gives none.
func Arrangements(p *rules.Position, samples int, seed uint64) (arr [][]rules.Card, exhaustive bool) {
	if p == nil || samples < 1 {
		return nil, false
	}
	unseen := p.Unseen()
	n := len(unseen)
	if total, ok := factorialAtMost(n, samples); ok {
		arr = make([][]rules.Card, total)
		for i := range arr {
			arr[i] = unrank(unseen, i)
		}
		return arr, true
	}
	arr = make([][]rules.Card, samples)
	for i := range arr {
		a := slices.Clone(unseen)
		src := rand.NewPCG(seed, uint64(i))
		for k := len(a) - 1; k > 0; k-- {
			j := below(src, uint64(k+1))
			a[k], a[j] = a[j], a[k]
		}
		arr[i] = a
	}
	return arr, false
}

// factorialAtMost returns n! and true when n! <= limit, or false.
func factorialAtMost(n, limit int) (int, bool) {
	f := 1
	for k := 2; k <= n; k++ {
		f *= k
		if f > limit {
			return 0, false
		}
	}
	return f, f <= limit
}

// unrank returns the i-th permutation of cards (0-based, lexicographic in
// the order of cards).
func unrank(cards []rules.Card, i int) []rules.Card {
	pool := slices.Clone(cards)
	out := make([]rules.Card, 0, len(cards))
	f := 1
	for k := 2; k < len(pool); k++ {
		f *= k
	}
	for len(pool) > 0 {
		j := 0
		if len(pool) > 1 {
			j = i / f
			i %= f
			f /= len(pool) - 1
		}
		out = append(out, pool[j])
		pool = slices.Delete(pool, j, j+1)
	}
	return out
}

// below returns a uniform random number in [0, n), n > 0, by rejection:
// values under 2^64 mod n are drawn again, so that every remainder is
// equally likely.
func below(src *rand.PCG, n uint64) uint64 {
	low := -n % n // 2^64 mod n
	for {
		if x := src.Uint64(); x >= low {
			return x % n
		}
	}
}

// outcome is one search's result, as much of it as the package needs.
type outcome struct {
	verdict solver.Verdict
	reason  solver.StopReason
	first   rules.Move // the first move of the win, when Solvable with moves
	hasMove bool
	nodes   int64
	done    bool // searched (to a verdict, or until a budget ended it)
	stopped bool // left undecided by ctx
}

// errReferee marks a win that the referee did not accept: an internal
// failure, never an answer.
var errReferee = errors.New("the solver's move list failed the referee")

// solveAll decides positions 0..n-1 (position(i) gives each) on cfg's
// workers, one search per core, and returns the outcomes in order. Every
// win is replayed by the referee first. When ctx ends the run, it reports
// stopped, and the positions left undecided (the searches it ended among
// them) have an unknown outcome with the reason solver.Interrupted.
func solveAll(ctx context.Context, g rules.Game, cfg Config, n int, position func(int) *rules.Position) (outs []outcome, stopped bool, err error) {
	outs = make([]outcome, n)
	workers, scfg := cfg.Solver.Split(max(n, 1))

	var next atomic.Int64
	var failed atomic.Bool
	var once sync.Once
	var firstErr error
	fail := func(err error) {
		once.Do(func() { firstErr = err })
		failed.Store(true)
	}
	solvers := make([]*solver.Solver, workers)
	for w := range solvers {
		solvers[w] = solver.New(g, scfg)
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := solvers[w]
			for !failed.Load() && ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				p := position(i)
				// Filled in from a position checked once, at the
				// start of the call: valid, so not checked again.
				res, err := s.SolveTrusted(ctx, p)
				if ctx.Err() != nil && (err != nil || res.Verdict == solver.Unknown) {
					return // ended by ctx: left undecided
				}
				if err != nil {
					fail(err)
					return
				}
				o := outcome{verdict: res.Verdict, reason: res.Reason, nodes: res.Nodes, done: true}
				if res.Verdict == solver.Solvable {
					end, err := rules.Replay(p, scfg.Options, res.Moves)
					if err != nil {
						fail(fmt.Errorf("%w: %w", errReferee, err))
						return
					}
					if !end.Won() {
						fail(fmt.Errorf("%w: it does not win", errReferee))
						return
					}
					if len(res.Moves) > 0 {
						o.first, o.hasMove = res.Moves[0], true
					}
				}
				outs[i] = o
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, false, firstErr
	}
	stopped = false
	for i := range outs {
		if !outs[i].done {
			outs[i] = outcome{verdict: solver.Unknown, reason: stopReason(ctx), stopped: true}
			stopped = true
		}
	}
	return outs, stopped, nil
}
