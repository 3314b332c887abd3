package game

import (
	"testing"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/rules"
)

// TestSplitMix64: the mixer of DailyDeal gives the outputs of the
// reference splitmix64 (Vigna's splitmix64.c) from seed 1234567, published
// with it as a test vector, and from seed 0.
func TestSplitMix64(t *testing.T) {
	for _, c := range []struct {
		seed uint64
		want []uint64
	}{
		{1234567, []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821}},
		{0, []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}},
	} {
		for i, want := range c.want {
			if got := splitmix64(c.seed, uint64(i)); got != want {
				t.Errorf("splitmix64 from %d, output %d: %d, want %d", c.seed, i, got, want)
			}
		}
	}
}

// TestDailyRangeDecided: the shipped catalogue of each game covers the
// range DailyDeal draws from, and decides every deal of it, so that no
// later catalogue can change a verdict it reads (an unknown deal decided
// winnable would change the deal of some date). The ranges are the rule's:
// they must never change.
func TestDailyRangeDecided(t *testing.T) {
	want := map[rules.Game]dailyRange{
		rules.RussianCell: {tag: 1, first: 1, last: 1_000_000},
		rules.RippleFan:   {tag: 2, first: 1, last: 10_000_000},
	}
	if len(dailyRanges) != len(rules.Games()) {
		t.Errorf("%d daily ranges for %d games", len(dailyRanges), len(rules.Games()))
	}
	for _, g := range rules.Games() {
		r, ok := dailyRanges[g]
		if !ok || r != want[g] {
			t.Errorf("%v: the daily range is %+v, want %+v (it must never change)", g, r, want[g])
			continue
		}
		c := catalogue.For(g, rules.DefaultOptions())
		if c == nil || c.First > r.first || c.Last < r.last {
			t.Fatalf("%v: the catalogue (%s) does not cover %d..%d", g, c.Describe(), r.first, r.last)
		}
		if u, _, found := c.Next(r.first, catalogue.Undecided); found && u <= r.last {
			t.Errorf("%v: deal %d of the daily range is undecided", g, u)
		}
		undecided := 0
		var winnable [7]int // by class, the deal's number mod 7
		for n := r.first; n <= r.last; n++ {
			switch c.LookupUint64(n) {
			case catalogue.Winnable:
				winnable[n%7]++
			case catalogue.Unwinnable:
			default:
				undecided++
			}
		}
		if undecided != 0 {
			t.Errorf("%v: %d deals of %d..%d are not decided", g, undecided, r.first, r.last)
		}
		// Each day's class has winnable deals to find, or the search of
		// its days would never end.
		for class, k := range winnable {
			if k == 0 {
				t.Errorf("%v: no winnable deal of %d..%d is %d mod 7", g, r.first, r.last, class)
			}
		}
	}
}
