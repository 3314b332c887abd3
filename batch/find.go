package batch

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// FindConfig says which deals Find looks through and how it decides them.
// Game is required: Find refuses the zero rules.Game.
type FindConfig struct {
	// Game is the game of the deals.
	Game rules.Game
	// From is the first deal number to look at (a plain PySolFC number);
	// 0 means 1.
	From uint64
	// Solver sets the rules, pruning and budgets of every search, and
	// the totals for the call, as in Config: Solver.Workers deals (0:
	// runtime.NumCPU()) are decided at once, one core each, and
	// Solver.MemoryMB (0: solver.DefaultMemoryMB) is split evenly among
	// them.
	Solver solver.Config
	// Match picks the records to report; nil picks every record.
	Match func(Record) bool
	// Progress, if not nil, counts the deals reported on in order, as
	// Find goes: for a progress display, which may read it from any
	// goroutine (the one way every long call of the library reports
	// progress; Solver.Progress counts positions).
	Progress *atomic.Int64
}

// resolve checks cfg, sets From 0 to 1 and a nil Match to one that picks
// every record.
func (cfg *FindConfig) resolve() error {
	if cfg.From == 0 {
		cfg.From = 1
	}
	if err := cfg.Solver.Check(); err != nil {
		return err
	}
	if _, err := rules.NewVariant(cfg.Game, cfg.Solver.Options); err != nil {
		return err
	}
	if cfg.Match == nil {
		cfg.Match = func(Record) bool { return true }
	}
	return nil
}

// Find decides the deals From, From+1, ... on Solver.Workers cores and calls emit
// with each record that Match picks, in deal order, until emit returns
// false, the deal numbers run out, or ctx is done. It returns how many deals
// it reported on in order (matching or not) and how many of them were
// unknown; when ctx ended it, with ctx's error (errors.Is(err,
// context.Canceled) or context.DeadlineExceeded). Before any work it
// refuses a cfg without a game, a Solver that solver.Config.Check refuses
// (with a *rules.ConfigError) and a nil emit. Its other errors are for an
// internal failure (a solution the referee rejects).
func Find(ctx context.Context, cfg FindConfig, emit func(Record) bool) (scanned, unknown uint64, err error) {
	if emit == nil {
		return 0, 0, errors.New("batch: Find needs a function to emit the records to, not nil")
	}
	scanned, unknown, err = find(ctx, cfg, emit)
	if err == nil {
		err = ctx.Err()
	}
	return scanned, unknown, err
}

// find is Find, but for the error of ctx.
func find(ctx context.Context, cfg FindConfig, emit func(Record) bool) (scanned, unknown uint64, err error) {
	if err := cfg.resolve(); err != nil {
		return 0, 0, err
	}
	workers, scfg := cfg.Solver.Split(0)

	type result struct {
		i   uint64
		rec Record
		err error
	}
	results := make(chan result, 4*workers)
	var next atomic.Uint64
	var stop atomic.Bool
	// The searches in progress end with ctx, or when Find is done with
	// them (emit said enough, or a failure).
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	halt := func() {
		stop.Store(true)
		cancel()
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := worker{ctx: ctx, game: cfg.Game, s: solver.New(cfg.Game, scfg), p: rules.NewPosition(cfg.Game), opts: scfg.Options}
			for !stop.Load() {
				k := next.Add(1) - 1
				n := cfg.From + k
				if n < cfg.From { // wrapped past 2^64-1
					return
				}
				rec, err := w.solve(dealgen.FromUint64(n))
				if err == errInterrupted {
					return
				}
				results <- result{k, rec, err}
				if err != nil {
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	defer context.AfterFunc(ctx, halt)()

	// Results arrive out of order; hold them until their turn.
	pending := map[uint64]result{}
	for r := range results {
		pending[r.i] = r
		for {
			p, ok := pending[scanned]
			if !ok || stop.Load() {
				break
			}
			delete(pending, scanned)
			if p.err != nil {
				err = p.err
				halt()
				break
			}
			scanned++
			if cfg.Progress != nil {
				cfg.Progress.Add(1)
			}
			if p.rec.Verdict == solver.Unknown {
				unknown++
			}
			if cfg.Match(p.rec) && !emit(p.rec) {
				halt()
			}
		}
	}
	return scanned, unknown, err
}
