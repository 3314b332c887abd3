package solver

import (
	"context"
	"encoding/hex"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
)

// TestStoredVerdicts decides Russian Cell deals 200001..215000 and compares
// each verdict with the one stored in testdata, one bit a deal (1: won),
// taken from a million-deal run made before the CellHome and KingHome
// pruning existed, whose every win the referee replayed. It guards the
// pruning against a gap that only some deals show: the range holds two of
// the deals that CellHome and KingHome together once lost (212166,
// 212765). It skips under -short.
func TestStoredVerdicts(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("decides 15,000 deals")
	}
	const lo, hi = 200001, 215000
	text, err := os.ReadFile("../testdata/russian-cell-verdicts-200001-215000.hex")
	if err != nil {
		t.Fatal(err)
	}
	bits, err := hex.DecodeString(strings.Join(strings.Fields(string(text)), ""))
	if err != nil || len(bits) != (hi-lo+1+7)/8 {
		t.Fatalf("stored verdicts: %v, %d bytes", err, len(bits))
	}
	var next sync.Mutex
	d := uint64(lo)
	var wg sync.WaitGroup
	var mu sync.Mutex
	wrong, won := 0, 0
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := New(rules.RussianCell, testConfig(1))
			for {
				next.Lock()
				n := d
				d++
				next.Unlock()
				if n > hi {
					return
				}
				p := deal(rules.RussianCell, n)
				r, err := s.Solve(context.Background(), p)
				if err == nil && r.Verdict == Solvable {
					// A win counts only once the referee has replayed it.
					if end, rerr := rules.Replay(p, rules.DefaultOptions(), r.Moves); rerr != nil || !end.Won() {
						err = rerr
						r.Verdict = Unknown
					}
				}
				i := n - lo
				want := bits[i/8]>>(i%8)&1 == 1
				mu.Lock()
				if err != nil || r.Verdict == Unknown || (r.Verdict == Solvable) != want {
					wrong++
					if wrong <= 10 {
						t.Errorf("deal %d: %v (%v), stored: won %v", n, r.Verdict, err, want)
					}
				}
				if r.Verdict == Solvable {
					won++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if wrong > 0 || won != 13680 {
		t.Fatalf("%d verdicts differ; %d won, want 13,680", wrong, won)
	}
}
