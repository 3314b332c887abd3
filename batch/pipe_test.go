package batch

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// pipeOf returns a path that reads data from a pipe, as process
// substitution gives (/proc/self/fd/N): it can be read once, not again.
func pipeOf(t *testing.T, data []byte) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	go func() {
		w.Write(data)
		w.Close()
	}()
	return fmt.Sprintf("/proc/self/fd/%d", r.Fd())
}

// TestMergeAndSummaryFromPipes: results files given as pipes are read
// once, and merge and summarise as the files do.
func TestMergeAndSummaryFromPipes(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd")
	}
	dir := t.TempDir()
	var names []string
	var data [][]byte
	for i := range 2 {
		cfg := testConfig(t, rules.RippleFan, "1-40")
		cfg.Shard = Shard{uint64(i), 2}
		cfg.Out = filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		run(t, cfg)
		names = append(names, cfg.Out)
		data = append(data, fileBytes(t, cfg.Out))
	}
	var want bytes.Buffer
	if _, err := Merge(names, &want); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	m, err := Merge([]string{names[0], pipeOf(t, data[1])}, &got)
	if err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) || m.Summary.Total() != 40 {
		t.Fatalf("merge of a file and a pipe: %v; %d bytes, want %d", err, got.Len(), want.Len())
	}
	sum, _, err := SummarizeFiles([]string{pipeOf(t, data[0]), pipeOf(t, data[1])})
	if err != nil || sum.Total() != 40 {
		t.Fatalf("summary of two pipes: %v", err)
	}
}

func fileBytes(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
