package batch

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
)

// TestRandomDealsFixed holds the first deals of two random lists: results
// files name such a list by its seed alone, so the draw must never change.
func TestRandomDealsFixed(t *testing.T) {
	for spec, want := range map[string][]string{
		"random:5@1": {"583617565399095728", "1110170230321903564", "13920589245474420857", "14910606466291203664", "6838842091144844884"},
		"random:3@0": {"17245864264275106281", "2119924119265875214", "12026422546608662672"},
	} {
		l, err := ParseDeals(spec)
		if err != nil {
			t.Fatal(err)
		}
		if l.Len() != uint64(len(want)) || l.String() != spec {
			t.Fatalf("%s: %d deals, %q", spec, l.Len(), l.String())
		}
		for i, w := range want {
			if got := l.At(uint64(i)).String(); got != w {
				t.Errorf("%s deal %d: %s, want %s", spec, i, got, w)
			}
		}
	}
}

// TestRandomDeals: a random list holds N distinct deals from 1 to 2^64-1,
// finds each at its place and no other deal, is the same for the same
// seed and another for another, and spreads its deals evenly.
func TestRandomDeals(t *testing.T) {
	const n = 1 << 16
	l, err := ParseDeals(" random:65536@42 ")
	if err != nil {
		t.Fatal(err)
	}
	if l.String() != "random:65536@42" {
		t.Errorf("canonical form %q", l.String())
	}
	again, _ := ParseDeals("random:65536@42")
	other, _ := ParseDeals("random:65536@43")
	seen := map[uint64]bool{}
	var buckets [16]int
	same := 0
	for i := range uint64(n) {
		d := l.At(i)
		u, ok := d.Uint64()
		if !ok || u == 0 || d.IsMS() {
			t.Fatalf("deal %d: %v", i, d)
		}
		if seen[u] {
			t.Fatalf("deal %d: %d drawn twice", i, u)
		}
		seen[u] = true
		if j, ok := l.Index(d); !ok || j != i {
			t.Fatalf("Index(%d) = %d, %v; want %d", u, j, ok, i)
		}
		if again.At(i) != d {
			t.Fatalf("deal %d differs for the same seed", i)
		}
		if other.At(i) == d {
			same++
		}
		buckets[u>>60]++
	}
	if same > 0 {
		t.Errorf("%d deals the same at the same place for another seed", same)
	}
	// Each sixteenth of 1..2^64-1 holds n/16 = 4096 deals, give or take
	// sqrt(4096) = 64: allow 6 standard deviations.
	for b, c := range buckets {
		if c < 4096-384 || c > 4096+384 {
			t.Errorf("bucket %d holds %d deals, want about 4096: %v", b, c, buckets)
		}
	}
	// Odd and even, and the low bits, are spread evenly too.
	var low [8]int
	for u := range seen {
		low[u%8]++
	}
	for b, c := range low {
		if c < 8192-550 || c > 8192+550 {
			t.Errorf("deals = %d mod 8: %d, want about 8192", b, c)
		}
	}
	// Deals not drawn are not found.
	rng := rand.New(rand.NewPCG(1, 2))
	found := 0
	for range 100000 {
		u := rng.Uint64()
		if _, ok := l.Index(dealgen.FromUint64(u)); ok != seen[u] {
			t.Fatalf("Index(%d) = %v, but the list holds it: %v", u, ok, seen[u])
		} else if ok {
			found++
		}
	}
	if found > 0 {
		t.Logf("%d of 100000 random numbers in the list", found)
	}
	if _, ok := l.Index(dealgen.FromUint64(0)); ok {
		t.Error("0 found")
	}
	// The permutation is one: its inverse undoes it, 0 and 2^64-1 too.
	for _, x := range []uint64{0, 1, 2, 1 << 63, ^uint64(0)} {
		if y := l.random.unpermute(l.random.permute(x)); y != x {
			t.Errorf("unpermute(permute(%d)) = %d", x, y)
		}
	}
}

// TestRandomDealsShards: the shards of a random list are disjoint and
// cover it.
func TestRandomDealsShards(t *testing.T) {
	l, _ := ParseDeals("random:1001@7")
	seen := map[dealgen.Number]bool{}
	for k := range uint64(3) {
		sh := Shard{k, 3}
		for j := range sh.Len(l.Len()) {
			d := l.At(sh.Global(j))
			if seen[d] {
				t.Fatalf("deal %v in two shards", d)
			}
			seen[d] = true
		}
	}
	if len(seen) != 1001 {
		t.Fatalf("the shards hold %d deals, want 1001", len(seen))
	}
}

func TestRandomDealsErrors(t *testing.T) {
	for spec, want := range map[string]string{
		"random:10":                      "no @SEED",
		"random:@1":                      "N is not a whole number",
		"random:0@1":                     "N must be at least 1",
		"random:-5@1":                    "N is not a whole number",
		"random:1e3@1":                   "N is not a whole number",
		"random:10@x":                    "SEED is not a whole number",
		"random:10@18446744073709551616": "SEED is not a whole number",
		"random:9223372036854775808@1":   "N is more than",
		"1-10,random:5@1":                "random:N@SEED is a list of deals of its own",
	} {
		_, err := ParseDeals(spec)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseDeals(%q): %v, want %q", spec, err, want)
			continue
		}
		// The spec is quoted once: "random:0@1", not "\"random:0@1\"".
		if msg := err.Error(); strings.Contains(msg, `\"`) || !strings.Contains(msg, `"`+strings.TrimPrefix(spec, "1-10,")+`"`) {
			t.Errorf("ParseDeals(%q): %q does not quote the deals once", spec, msg)
		}
	}
	if _, err := ReadDeals(strings.NewReader("5\nrandom:3@1\n"), "deals.txt"); err == nil || !strings.Contains(err.Error(), "of its own") {
		t.Errorf("a deals file with a random item: %v", err)
	}
}
