package catalogue

import (
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestPick: a winnable pick is always a winnable deal, any pick is within
// the catalogue, a seed repeats its pick, and the picks spread out.
func TestPick(t *testing.T) {
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		c := For(g, rules.DefaultOptions())
		if c == nil {
			t.Fatalf("no catalogue of %s", g)
		}
		winnable, any := map[uint64]bool{}, map[uint64]bool{}
		other := 0
		for seed := uint64(0); seed < 200; seed++ {
			n := c.Pick(true, seed)
			if v := c.LookupUint64(n); v != Winnable {
				t.Fatalf("%s seed %d: winnable pick %d is %s", g, seed, n, v)
			}
			if c.Pick(true, seed) != n {
				t.Fatalf("%s seed %d: two winnable picks differ", g, seed)
			}
			winnable[n] = true
			m := c.Pick(false, seed)
			if m < c.First || m > c.Last {
				t.Fatalf("%s seed %d: pick %d is outside %s", g, seed, m, c.Describe())
			}
			if c.LookupUint64(m) != Winnable {
				other++
			}
			any[m] = true
		}
		if len(winnable) < 190 || len(any) < 190 {
			t.Errorf("%s: 200 seeds picked %d winnable deals and %d deals", g, len(winnable), len(any))
		}
		if other == 0 {
			t.Errorf("%s: 200 picks of any deal were all winnable", g)
		}
	}
}
