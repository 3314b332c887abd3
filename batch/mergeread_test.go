package batch

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestMergeCopiesWhatItChecked: lines appended to an input after merge
// checked it (a run still writing it) are not copied, and an input cut
// short after the check makes merge fail rather than write a file that
// lacks its lines.
func TestMergeCopiesWhatItChecked(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(t, rules.RippleFan, "1-200")
	var names []string
	for i := range uint64(2) {
		sc := cfg
		sc.Shard = Shard{i, 2}
		sc.Out = filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		sc.Solver.Workers = 1
		run(t, sc)
		names = append(names, sc.Out)
	}
	defer func() { betweenReadings = nil }()

	// A line of deal 1 appended to shard 0 between the check and the copy.
	s0 := fileBytes(t, names[0])
	first := strings.SplitAfter(string(s0), "\n")[1]
	betweenReadings = func() {
		f, err := os.OpenFile(names[0], os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(first)
		f.Close()
	}
	var buf bytes.Buffer
	if _, err := Merge(names, &buf); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "\n") - 1; n != 200 {
		t.Errorf("merged %d result lines, want the 200 checked", n)
	}
	if n := strings.Count(buf.String(), strings.TrimSuffix(first, "\n")); n != 1 {
		t.Errorf("the first line of shard 0 is in the merged file %d times, want once", n)
	}

	// Shard 1 cut to its header between the check and the copy.
	if err := os.WriteFile(names[0], s0, 0o644); err != nil {
		t.Fatal(err)
	}
	s1 := fileBytes(t, names[1])
	betweenReadings = func() {
		if err := os.Truncate(names[1], int64(bytes.IndexByte(s1, '\n')+1)); err != nil {
			t.Fatal(err)
		}
	}
	buf.Reset()
	if _, err := Merge(names, &buf); err == nil || !strings.Contains(err.Error(), "changed while merge read it") {
		t.Errorf("merge of a file cut short after its check: %v", err)
	}
}
