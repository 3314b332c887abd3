package batch

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/solver"
)

// rec makes a record; a win of m moves has m/4 of them forced.
func rec(n uint64, v solver.Verdict, nodes int64, moves int) *Record {
	r := &Record{Number: dealgen.FromUint64(n), Verdict: v, Nodes: nodes, Moves: moves, Forced: moves / 4, Elapsed: time.Duration(nodes) * time.Microsecond}
	if v == solver.Unknown {
		r.Reason = "node budget of 100 reached"
	}
	return r
}

func TestSummaryReport(t *testing.T) {
	var s Summary
	for i := uint64(1); i <= 100; i++ {
		v := solver.Unsolvable
		switch {
		case i%10 == 0:
			v = solver.Unknown
		case i%2 == 0:
			v = solver.Solvable
		}
		moves := 0
		if v == solver.Solvable {
			moves = int(i)
		}
		s.Add(rec(i, v, int64(i), moves))
	}
	r := s.Report()
	if r.Deals != 100 || r.Solvable != 40 || r.Unsolvable != 50 || r.Unknown != 10 {
		t.Fatalf("counts %+v", r)
	}
	if r.WinRate.Wins != 40 || r.WinRate.Of != 90 || r.IfUnknownLost.Wins != 40 || r.IfUnknownLost.Of != 100 || r.IfUnknownWon.Wins != 50 || r.IfUnknownWon.Of != 100 {
		t.Errorf("rates %+v %+v %+v", r.WinRate, r.IfUnknownLost, r.IfUnknownWon)
	}
	// Nodes 1..100: mean 50.5, nearest-rank median 50, p99 99, max 100.
	if r.Nodes.Mean != 50.5 || r.Nodes.Median != 50 || r.Nodes.P99 != 99 || r.Nodes.Max != 100 {
		t.Errorf("nodes %+v", r.Nodes)
	}
	if math.Abs(r.Seconds.Mean-50.5e-6) > 1e-12 || r.Seconds.Max != 100e-6 {
		t.Errorf("seconds %+v", r.Seconds)
	}
	if r.Moves.Count != 40 || r.Moves.Max != 98 {
		t.Errorf("moves %+v", r.Moves)
	}
	if len(r.Hardest) != 10 || r.Hardest[0].Number != "100" || r.Hardest[9].Number != "91" || r.Hardest[0].Verdict != solver.Unknown {
		t.Errorf("hardest %+v", r.Hardest)
	}
	for _, h := range r.Hardest {
		if (h.Forced != nil) != (h.Verdict == solver.Solvable) || h.Forced != nil && *h.Forced != h.Moves/4 {
			t.Errorf("hardest deal %s, %s in %d moves: forced %v", h.Number, h.Verdict, h.Moves, h.Forced)
		}
	}
}

// TestSummaryForced checks the forced-move figures: their distribution
// over the wins that record them, and their share of those wins' moves,
// with wins from older lines (NoForced) counted among the moves but not
// the forced moves.
func TestSummaryForced(t *testing.T) {
	var s Summary
	for i := uint64(1); i <= 100; i++ {
		s.Add(rec(i, solver.Solvable, 1, 100)) // forced 25
	}
	r := s.Report()
	if r.Forced.Count != 100 || r.Forced.Mean != 25 || r.Forced.Max != 25 || r.ForcedShare != 0.25 {
		t.Errorf("forced %+v, share %v; want 100 wins, 25 forced each, share 0.25", r.Forced, r.ForcedShare)
	}
	old := rec(101, solver.Solvable, 1, 60)
	old.Forced = NoForced
	s.Add(old)
	s.Add(rec(102, solver.Solvable, 1, 40)) // forced 10
	s.Add(rec(103, solver.Unsolvable, 1, 0))
	r = s.Report()
	// Forced moves 100*25+10 of 100*100+40 moves; the older win is left out.
	if r.Moves.Count != 102 || r.Forced.Count != 101 || r.Forced.Median != 25 || r.Forced.P99 != 25 {
		t.Errorf("moves %+v, forced %+v", r.Moves, r.Forced)
	}
	if want := 2510.0 / 10040; math.Abs(r.ForcedShare-want) > 1e-15 {
		t.Errorf("share %v, want %v", r.ForcedShare, want)
	}
	var none Summary
	none.Add(old)
	if r := none.Report(); r.Forced.Count != 0 || r.ForcedShare != 0 || r.Hardest[0].Forced != nil {
		t.Errorf("only an older win: forced %+v, share %v, hardest %+v", r.Forced, r.ForcedShare, r.Hardest[0])
	}
}

func TestHardestTiesAndOrder(t *testing.T) {
	// Equal nodes: the lower number first, whatever the order of adding.
	var a, b Summary
	for i := uint64(1); i <= 30; i++ {
		a.Add(rec(i, solver.Unsolvable, 7, 0))
		b.Add(rec(31-i, solver.Unsolvable, 7, 0))
	}
	ra, rb := a.Report(), b.Report()
	for i := range ra.Hardest {
		if ra.Hardest[i].Number != rb.Hardest[i].Number || ra.Hardest[i].Number != dealgen.FromUint64(uint64(i+1)).String() {
			t.Fatalf("hardest differ: %v vs %v", ra.Hardest, rb.Hardest)
		}
	}
}

func TestHistogramQuantiles(t *testing.T) {
	var h histogram
	for v := uint64(0); v < 2048; v++ {
		h.add(v)
	}
	if q := h.quantile(0.5); q != 1023 {
		t.Errorf("median of 0..2047 = %d, want 1023", q)
	}
	// Large values are within 0.4%.
	var g histogram
	for _, v := range []uint64{3_000_000, 5_000_000, 7_000_000, 1 << 62, math.MaxUint64} {
		g.add(v)
	}
	for q, want := range map[float64]uint64{0.2: 3_000_000, 0.6: 7_000_000} {
		got := g.quantile(q)
		if math.Abs(float64(got)-float64(want)) > 0.004*float64(want) {
			t.Errorf("quantile(%v) = %d, want %d ± 0.4%%", q, got, want)
		}
	}
	if g.quantile(1) != math.MaxUint64 || g.max != math.MaxUint64 {
		t.Errorf("max = %d", g.quantile(1))
	}
	for k := 0; k < histBucket(math.MaxUint64); k++ {
		lo, hi := histRange(k)
		if histBucket(lo) != k || histBucket(hi) != k {
			t.Fatalf("bucket %d: range %d..%d maps to %d..%d", k, lo, hi, histBucket(lo), histBucket(hi))
		}
	}
}

func TestTraceIsBounded(t *testing.T) {
	var s Summary
	const n = 100_000
	for i := uint64(1); i <= n; i++ {
		v := solver.Unsolvable
		if i%4 == 0 {
			v = solver.Solvable
		}
		s.Add(rec(i, v, 1, 0))
	}
	tr := s.Trace()
	if len(tr) > traceMax+1 || len(tr) < traceMax/2 {
		t.Fatalf("%d trace points", len(tr))
	}
	last := tr[len(tr)-1]
	if last.Deals != n || last.Solvable != n/4 || last.Unsolvable != 3*n/4 {
		t.Errorf("last point %+v", last)
	}
	for i := 1; i < len(tr); i++ {
		if tr[i].Deals <= tr[i-1].Deals {
			t.Fatalf("trace not increasing at %d: %+v %+v", i, tr[i-1], tr[i])
		}
	}
}

func TestEffortBins(t *testing.T) {
	var s Summary
	for _, n := range []int64{0, 0, 1, 5, 9, 10, 99, 1000, 123456} {
		s.Add(rec(1, solver.Unsolvable, n, 0))
	}
	bins := s.Effort(5)
	var total uint64
	for i, b := range bins {
		total += b.Count
		if i > 0 && b.Lo != bins[i-1].Hi+1 {
			t.Errorf("bins %v and %v do not meet", bins[i-1], b)
		}
	}
	if total != 9 || bins[0].Lo != 0 || bins[0].Count != 2 || bins[len(bins)-1].Hi < 123456 {
		t.Errorf("bins %+v", bins)
	}
}

// TestPlayerReportSeed: a player report's seed is a number in Go and a
// string in its JSON, as the stats document has always written it; a
// player that draws none has no "seed", and seed 0 is written all the same.
func TestPlayerReportSeed(t *testing.T) {
	for _, c := range []struct {
		seed *uint64
		want string
	}{
		{new(uint64(math.MaxUint64)), `"samples":50,"seed":"18446744073709551615","played"`},
		{new(uint64(0)), `"samples":50,"seed":"0","played"`},
		{nil, `"samples":50,"played"`},
	} {
		b, err := json.Marshal(PlayerReport{Name: "sampled", Samples: 50, Seed: c.seed})
		if err != nil || !strings.Contains(string(b), c.want) {
			t.Errorf("seed %v: %s, %v; want %s in it", c.seed, b, err, c.want)
			continue
		}
		var back PlayerReport
		if err := json.Unmarshal(b, &back); err != nil || (back.Seed == nil) != (c.seed == nil) || back.Seed != nil && *back.Seed != *c.seed {
			t.Errorf("seed %v read back: %v, %v", c.seed, back.Seed, err)
		}
	}
}
