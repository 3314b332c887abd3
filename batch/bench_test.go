package batch

import (
	"context"
	"fmt"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// BenchmarkRunRippleFan measures whole-batch throughput per deal (dealing,
// search, referee, formatting, summary), without a results file.
func BenchmarkRunRippleFan(b *testing.B) {
	benchmarkRun(b, rules.RippleFan)
}

// BenchmarkRunRussianCell is the same for Russian Cell.
func BenchmarkRunRussianCell(b *testing.B) {
	benchmarkRun(b, rules.RussianCell)
}

func benchmarkRun(b *testing.B, g rules.Game) {
	l, err := ParseDeals(fmt.Sprintf("1-%d", b.N))
	if err != nil {
		b.Fatal(err)
	}
	r, err := Open(Config{Game: g, Deals: l, Solver: solver.Config{Workers: 1}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	if _, err := r.Run(context.Background()); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkAppendRecord measures formatting one result line.
func BenchmarkAppendRecord(b *testing.B) {
	r := Record{Verdict: solver.Unsolvable, Nodes: 1234}
	buf := make([]byte, 0, 256)
	for i := range b.N {
		r.Number = dealFromIndex(i)
		buf = r.AppendJSON(buf[:0])
	}
}

// BenchmarkParseRecord measures reading one result line, as resume does.
func BenchmarkParseRecord(b *testing.B) {
	line := []byte(`{"number":"123456","verdict":"unsolvable","moves":0,"nodes":1234,"seconds":0.000012}`)
	for range b.N {
		if _, err := ParseRecord(line); err != nil {
			b.Fatal(err)
		}
	}
}

func dealFromIndex(i int) dealgen.Number { return dealgen.FromUint64(uint64(i) + 1) }
