package solver

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

var benchSink uint64

func loadedBoard(b *testing.B, n uint64) *rcBoard {
	var bd rcBoard
	if err := bd.load(deal(rules.RussianCell, n)); err != nil {
		b.Fatal(err)
	}
	return &bd
}

// BenchmarkRCGenMoves measures Russian Cell move generation (with move
// scoring) on the first positions of a few deals.
func BenchmarkRCGenMoves(b *testing.B) {
	boards := []*rcBoard{loadedBoard(b, 1), loadedBoard(b, 617), loadedBoard(b, 385)}
	buf := make([]rcMove, 0, 64)
	pr := AllPruning().on()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf = boards[i%len(boards)].genMoves(buf, pr, true)
		benchSink += uint64(len(buf))
	}
}

// BenchmarkRCMakeUnmake measures playing and taking back a move, which keeps
// the packed key up to date.
func BenchmarkRCMakeUnmake(b *testing.B) {
	bd := loadedBoard(b, 617)
	moves := bd.genMoves(nil, AllPruning().on(), true)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		u := bd.make(moves[i%len(moves)])
		benchSink += bd.key[0]
		bd.unmake(u)
	}
}

// BenchmarkRCChildKey measures computing a child's key without playing the
// move.
func BenchmarkRCChildKey(b *testing.B) {
	bd := loadedBoard(b, 617)
	moves := bd.genMoves(nil, AllPruning().on(), true)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k, _ := bd.childKey(moves[i%len(moves)])
		benchSink += k[0]
	}
}

// BenchmarkHashKey measures XXH64 of a 16-byte key.
func BenchmarkHashKey(b *testing.B) {
	k := rcKey{0x0123456789abcdef, keyTag | 0x42}
	for i := 0; b.Loop(); i++ {
		k[0]++
		benchSink += k.hash()
	}
}

// BenchmarkTableVisit measures entering keys into a table holding about a
// million positions (16 MiB of slots, beyond the L2 cache), half of them
// already present.
func BenchmarkTableVisit(b *testing.B) {
	const n = 1 << 20
	keys := randomKeys(1, n)
	t := newTable[rcKey](64<<20, 1<<21)
	for _, k := range keys[:n/2] {
		t.visit(k, k.hash())
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := keys[(i*7919)%n]
		if t.visit(k, k.hash()) {
			benchSink++
		}
	}
}

// benchSolve solves deals 1..n of game g once per iteration and reports
// positions per second. It calls SolveTrusted, as batch runs do; checked
// calls Solve instead, which validates each deal first.
func benchSolve(b *testing.B, g rules.Game, n uint64, checked bool) {
	solve := (*Solver).SolveTrusted
	if checked {
		solve = (*Solver).Solve
	}
	cfg := testConfig(1)
	s := New(g, cfg)
	var d dealgen.Dealer
	p := rules.NewPosition(g)
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		for k := uint64(1); k <= n; k++ {
			d.DealInto(g, dealgen.FromUint64(k), p)
			r, err := solve(s, context.Background(), p)
			if err != nil {
				b.Fatal(err)
			}
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(b.N)*float64(n)/b.Elapsed().Seconds(), "deals/s")
}

// BenchmarkSolveRussianCell solves Russian Cell deals 1..100.
func BenchmarkSolveRussianCell(b *testing.B) { benchSolve(b, rules.RussianCell, 100, false) }

// BenchmarkSolveRippleFan solves Ripple Fan deals 1..10,000.
func BenchmarkSolveRippleFan(b *testing.B) { benchSolve(b, rules.RippleFan, 10_000, false) }

// BenchmarkSolveRippleFanChecked is BenchmarkSolveRippleFan with each deal
// validated (Solve, not SolveTrusted): what batch runs would pay if they
// checked dealgen's deals.
func BenchmarkSolveRippleFanChecked(b *testing.B) { benchSolve(b, rules.RippleFan, 10_000, true) }

// BenchmarkTableGrow measures filling a table from its smallest size to
// half a million positions, doubling (and rehashing) on the way, as a hard
// deal does.
func BenchmarkTableGrow(b *testing.B) {
	const n = 1 << 19
	keys := randomKeys(2, n)
	t := newTable[rcKey](1<<30, 1<<12)
	for b.Loop() {
		t.reset()
		for _, k := range keys {
			t.visit(k, k.hash())
		}
	}
}
