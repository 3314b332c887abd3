package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// fuzzNodes is the node budget of each search in FuzzSolve, for the solver
// and for the plain search alike: small, so that most positions are decided
// by both and each run takes milliseconds.
const fuzzNodes = 20_000

// FuzzSolve searches positions reached by random play from a deal: the deal
// number, the game and the moves come from the fuzzer (each byte picks one of
// the legal moves, returns included for Russian Cell). For Ripple Fan, whose
// numbered deals are almost never won, sorted layouts (see sortedRippleFan)
// stand in when asked, to reach winnable positions. Then:
//   - the position reached is valid;
//   - the solver returns no error, and an unknown verdict says why;
//   - a solvable verdict's moves win under the referee;
//   - when the solver and the plain reference search both decide within the
//     budget, they agree;
//   - with two workers, a decided verdict is the one of one worker.
func FuzzSolve(f *testing.F) {
	for _, s := range fuzzSolveSeeds {
		f.Add(s.n, s.ripple, s.sorted, s.two, s.plays)
	}
	f.Fuzz(func(t *testing.T, n uint64, ripple, sorted, two bool, plays []byte) {
		fuzzSolveOne(t, n, ripple, sorted, two, plays)
	})
}

// fuzzSolveSeeds is FuzzSolve's seed corpus. Each seed reaches a position
// that the solver and the plain search both decide within fuzzNodes, so
// that it compares them (TestFuzzSolveSeedsCompare).
var fuzzSolveSeeds = []struct {
	n                   uint64
	ripple, sorted, two bool
	plays               []byte
}{
	{1, true, false, false, []byte{}},
	{617, false, false, true, []byte{0, 1, 2, 3, 4, 5, 6, 7}},
	{385, false, false, true, []byte{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}},
	{2217, true, false, false, []byte{0, 0, 0}},
	{7, true, true, true, []byte{1, 2, 3, 4, 5}},
	{99, false, false, false, []byte("a long game played at random, move after move, until few cards are left")},
}

// fuzzSolveOne is one run of FuzzSolve. It returns the verdict, and
// whether the plain search decided too and so was compared.
func fuzzSolveOne(t *testing.T, n uint64, ripple, sorted, two bool, plays []byte) (Verdict, bool) {
	t.Helper()
	g, o := rules.RussianCell, rules.DefaultOptions()
	if ripple {
		g, o = rules.RippleFan, rules.Options{NoReturns: true}
	}
	var p *rules.Position
	if ripple && sorted {
		p = sortedRippleFan(rand.New(rand.NewPCG(n, 1)))
	} else {
		p = deal(g, n%1_000_000+1)
	}
	var buf []rules.Move
	for _, b := range plays {
		buf = rules.LegalMoves(p, o, buf)
		if len(buf) == 0 {
			break
		}
		p.Apply(buf[int(b)%len(buf)])
	}
	if err := rules.Validate(p); err != nil {
		t.Fatalf("random play reached an invalid position: %v\n%s", err, rules.MarshalPosition(p, ""))
	}

	cfg := DefaultConfig()
	cfg.Options = o
	cfg.Workers = 1
	cfg.MaxNodes = fuzzNodes
	cfg.MemoryMB = 4
	one := fuzzSolve(t, p, cfg)
	if two {
		cfg.Workers = 2
		if r := fuzzSolve(t, p, cfg); r.Verdict != Unknown && one.Verdict != Unknown && r.Verdict != one.Verdict {
			t.Fatalf("1 worker: %v, 2 workers: %v\n%s", one.Verdict, r.Verdict, rules.MarshalPosition(p, ""))
		}
	}
	if one.Verdict == Unknown {
		return Unknown, false
	}
	won, ok := plainSolve(p, o, g == rules.RussianCell, fuzzNodes)
	if ok && won != (one.Verdict == Solvable) {
		t.Fatalf("solver: %v, plain search: won=%v\n%s", one.Verdict, won, rules.MarshalPosition(p, ""))
	}
	return one.Verdict, ok
}

// TestFuzzSolveSeedsCompare checks FuzzSolve's seeds: each must be decided
// by both searches, or the seed checks only that the solver returns, and
// together they must hold won and lost positions of both games.
func TestFuzzSolveSeedsCompare(t *testing.T) {
	type kind struct {
		ripple bool
		v      Verdict
	}
	seen := map[kind]int{}
	for i, s := range fuzzSolveSeeds {
		v, compared := fuzzSolveOne(t, s.n, s.ripple, s.sorted, s.two, s.plays)
		if !compared {
			t.Errorf("seed %d (deal %d, ripple %v, sorted %v): %v, not compared with the plain search", i, s.n, s.ripple, s.sorted, v)
			continue
		}
		seen[kind{s.ripple, v}]++
	}
	for _, k := range []kind{{false, Solvable}, {false, Unsolvable}, {true, Solvable}, {true, Unsolvable}} {
		if seen[k] == 0 {
			t.Errorf("no seed compares a %v position of ripple=%v: %v", k.v, k.ripple, seen)
		}
	}
}

// fuzzSolve solves p and checks the result's contract.
func fuzzSolve(t *testing.T, p *rules.Position, cfg Config) Result {
	t.Helper()
	r, err := Solve(context.Background(), p, cfg)
	if err != nil {
		t.Fatalf("Solve: %v\n%s", err, rules.MarshalPosition(p, ""))
	}
	switch r.Verdict {
	case Solvable:
		end, err := rules.Replay(p, cfg.Options, r.Moves)
		if err != nil || !end.Won() {
			t.Fatalf("%d workers: the solution does not win: %v\n%s", cfg.Workers, err, rules.MarshalPosition(p, ""))
		}
	case Unknown:
		if r.Reason.Kind == NotStopped || r.Nodes < cfg.MaxNodes {
			t.Fatalf("%d workers: unknown (%q) after %d of %d nodes", cfg.Workers, r.Reason, r.Nodes, cfg.MaxNodes)
		}
	case Unsolvable:
		if len(r.Moves) != 0 {
			t.Fatalf("unsolvable with %d moves", len(r.Moves))
		}
	}
	return r
}

// FuzzParseStopReason: ParseStopReason never panics; a text it reads is
// the String of the reason it returns, and an error is ErrBadReason's.
func FuzzParseStopReason(f *testing.F) {
	seeds := []string{"", "time limit reached", "interrupted", "node budget of 100 reached", "search path longer than 4096 moves",
		"node budget of -1 reached", "node budget of 01 reached", "node budget of 99999999999999999999 reached", "Interrupted", " interrupted", "\xff"}
	known := func(r StopReason) bool { return r.Kind <= PathTooLong && r.Limit >= 0 }
	bad := func(err error) bool { return errors.Is(err, ErrBadReason) }
	testgames.FuzzNames(f, seeds, ParseStopReason, StopReason.String, known, true, bad)
}
