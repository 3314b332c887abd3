package batch

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestMergeHugeShardCounts: shard counts far above the number of deals
// (most shards empty) merge without a look at every shard, and a missing
// shard that holds a deal is still named.
func TestMergeHugeShardCounts(t *testing.T) {
	for _, count := range []uint64{math.MaxUint64, 1_000_000_000} {
		t.Run(fmt.Sprint(count), func(t *testing.T) {
			dir := t.TempDir()
			var names []string
			for i := range uint64(3) {
				h := Header{Game: rules.RippleFan, Deals: "1-3", Shard: Shard{i, count}, MaxNodes: 100}
				names = append(names, writeFile(t, filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i)), h, []string{line(int(i) + 1)}))
			}
			m, err := Merge(names, nil)
			if err != nil || m.Summary.Total() != 3 {
				t.Fatalf("three shards of %d: %v", count, err)
			}
			_, err = Merge([]string{names[0], names[2]}, nil)
			var p ResultsProblems
			want := fmt.Sprintf("no file for shard 1/%d of \"1-3\"", count)
			if !errors.As(err, &p) || p[0] != want || !strings.Contains(err.Error(), "1 of 3 deals are missing: 2") {
				t.Errorf("shards 0 and 2 of %d: got %v, want %q first", count, err, want)
			}
		})
	}
}
