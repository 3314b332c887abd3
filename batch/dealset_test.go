package batch

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDealSet checks both forms of the set (bitmap and map of words)
// against a plain map, on the members, their count and the runs of
// non-members that nextOut and nextIn find.
func TestDealSet(t *testing.T) {
	for _, n := range []uint64{1, 63, 64, 65, 1000, denseMax + 1} {
		for seed := uint64(1); seed <= 3; seed++ {
			rng := rand.New(rand.NewPCG(seed, n))
			s := newDealSet(n)
			if (n > denseMax) != (s.sparse != nil) {
				t.Fatalf("n %d: the wrong form", n)
			}
			want := map[uint64]bool{}
			span := min(n, 3000) // members among the first deals, and a few far out
			for range 400 {
				k := rng.Uint64N(span)
				if rng.IntN(10) == 0 {
					k = n - 1 - rng.Uint64N(span)
				}
				if s.add(k) != want[k] {
					t.Fatalf("n %d: add(%d) said %v", n, k, !want[k])
				}
				want[k] = true
			}
			if s.size != uint64(len(want)) {
				t.Fatalf("n %d: size %d, want %d", n, s.size, len(want))
			}
			// Walk the runs of members and non-members from the start,
			// checking every boundary against the map.
			var members uint64
			for i := uint64(0); i < n; {
				if want[i] {
					j := s.nextOut(i, n)
					for k := i; k < j; k++ {
						if !want[k] {
							t.Fatalf("n %d: nextOut(%d) = %d skips non-member %d", n, i, j, k)
						}
					}
					if j < n && want[j] {
						t.Fatalf("n %d: nextOut(%d) = %d, a member", n, i, j)
					}
					members += j - i
					i = j
				} else {
					j := s.nextIn(i, n)
					if j < n && !want[j] {
						t.Fatalf("n %d: nextIn(%d) = %d, not a member", n, i, j)
					}
					for k := range want {
						if k >= i && k < j {
							t.Fatalf("n %d: nextIn(%d) = %d skips member %d", n, i, j, k)
						}
					}
					i = j
				}
			}
			if members != s.size {
				t.Fatalf("n %d: the runs hold %d members, want %d", n, members, s.size)
			}
		}
	}
}

// TestMergeHugeList: a header may declare more deals than a bitmap could
// hold; merge then says which are missing, in memory that follows the
// lines read.
func TestMergeHugeList(t *testing.T) {
	f := filepath.Join(t.TempDir(), "huge.jsonl")
	text := `{"patience":"results","version":1,"game":"ripple-fan","deals":"1-9000000000000000000","shard":"0/1","rules":{"returns":false},"max_nodes":100000000}` + "\n" +
		`{"number":"2","verdict":"unsolvable","moves":0,"nodes":1,"seconds":0}` + "\n"
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Merge([]string{f}, nil)
	if err == nil || !strings.Contains(err.Error(), "8999999999999999999 of 9000000000000000000 deals are missing: 1, 3-9000000000000000000") {
		t.Fatalf("got %v", err)
	}
}
