package batch

import (
	"path/filepath"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestLineOutsideDeclaredDeals: a line whose deal the file's header does
// not declare is refused by Merge and SummarizeFiles alike, naming the file
// and the line.
func TestLineOutsideDeclaredDeals(t *testing.T) {
	dir := t.TempDir()
	h := Header{Game: rules.RippleFan, Deals: "1-3", Shard: Whole, MaxNodes: 100}
	p := writeFile(t, filepath.Join(dir, "a.jsonl"), h, []string{line(1), line(2), line(5000), line(3)})
	want := p + ` line 4: deal 5000 is not in the declared deals "1-3"`
	if _, _, err := SummarizeFiles([]string{p}); err == nil || err.Error() != want {
		t.Errorf("SummarizeFiles: got %v, want %q", err, want)
	}
	if _, err := Merge([]string{p}, nil); err == nil || err.Error() != want {
		t.Errorf("Merge: got %v, want %q", err, want)
	}
}
