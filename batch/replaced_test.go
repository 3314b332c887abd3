//go:build unix

package batch

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/patience-solver/patience/internal/outfile"
	"github.com/patience-solver/patience/rules"
)

// TestRunOutReplaced: a run whose results file is replaced under it (by a
// rename over its name) stops at the next write, saying so.
func TestRunOutReplaced(t *testing.T) {
	dir := t.TempDir()
	out, r, ch := runWriting(t, dir)
	defer r.Close()
	// Once results are coming, another file takes the name.
	other := filepath.Join(dir, "other")
	if err := os.WriteFile(other, []byte("other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(other, out); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-ch:
		var re *ReplacedError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), "was replaced or removed") {
			t.Errorf("run whose file was replaced: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the run went on for 30 s after its file was replaced")
	}
	if b, _ := os.ReadFile(out); string(b) != "other\n" {
		t.Errorf("the file that took the name was written: %q", b)
	}
}

// TestRunOutTruncated: a run whose results file is cut short under it
// (": > file") stops at the next write, saying so, and writes nothing
// after the cut, which would leave zero bytes where the old lines were.
func TestRunOutTruncated(t *testing.T) {
	out, r, ch := runWriting(t, t.TempDir())
	if err := os.Truncate(out, 0); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-ch:
		var te *TruncatedError
		if !errors.As(err, &te) || !strings.Contains(err.Error(), "was cut to") {
			t.Errorf("run whose file was truncated: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the run went on for 30 s after its file was truncated")
	}
	r.Close()
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if i := strings.IndexByte(string(b), 0); i >= 0 {
		t.Errorf("the truncated file holds a zero byte at %d of %d: the run wrote after the cut", i, len(b))
	}
}

// runWriting starts a run of 3,000,000 Ripple Fan deals on one worker,
// flushing every 10 ms, to dir/rf.jsonl, and returns once its results
// are coming: the file's name, the run, and where its error comes.
func runWriting(t *testing.T, dir string) (string, *Runner, chan error) {
	t.Helper()
	out := filepath.Join(dir, "rf.jsonl")
	cfg := testConfig(t, rules.RippleFan, "1-3000000")
	cfg.Out, cfg.Solver.Workers, cfg.FlushEvery = out, 1, 10*time.Millisecond
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ch := make(chan error, 1)
	go func() {
		_, err := r.Run(context.Background())
		ch <- err
	}()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if st, err := os.Stat(out); err == nil && st.Size() > 2000 {
			return out, r, ch
		}
		if time.Now().After(deadline) {
			t.Fatal("no results within 30 s")
		}
	}
}

// TestRunToDevice: a run whose results file is not a regular file (a
// device or a pipe: here a named pipe that a reader drains) writes its
// lines there with nothing to resume, lock or sync.
func TestRunToDevice(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-50")
	cfg.Out = drainedFIFO(t)
	for range 2 { // no lock: a second run is no problem
		r, err := Open(cfg)
		if err != nil {
			t.Fatal(err)
		}
		res, err := r.Run(context.Background())
		if err != nil || res.Done != 50 || res.Resumed != 0 {
			t.Fatalf("run to a pipe: %+v, %v", res, err)
		}
	}
	cfg.RetryUnknown = true
	if _, err := Open(cfg); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("--retry-unknown on a pipe: %v", err)
	}
}

// TestOpenLocksTheFileNamed: a file renamed over the results file's name
// between Open's opening and locking it (as merge renames its file) is the
// one the run locks and resumes, not the old one that no name leads to.
func TestOpenLocksTheFileNamed(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "rf.jsonl")
	cfg := testConfig(t, rules.RippleFan, "1-30")
	cfg.Out = filepath.Join(dir, "full.jsonl")
	run(t, cfg) // 30 results: the file that takes the name
	cfg.Deals, _ = ParseDeals("1-30")
	cfg.Out = out
	// The old file: the same run's header, no results.
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	renamed := false
	outfile.AfterOpen = func(name string) {
		if !renamed {
			renamed = true
			if err := os.Rename(filepath.Join(dir, "full.jsonl"), name); err != nil {
				t.Error(err)
			}
		}
	}
	defer func() { outfile.AfterOpen = nil }()
	r, err = Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if !renamed || r.Snapshot().Resumed != 30 {
		t.Errorf("renamed %v; resumed %d deals, want the 30 of the file now named %s", renamed, r.Snapshot().Resumed, out)
	}
}

// drainedFIFO makes a named pipe in a temporary folder, with a reader
// that reads and drops whatever is written to it, and returns its path.
func drainedFIFO(t *testing.T) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(name, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	// Held open for reading and writing, the pipe always has a reader
	// and never ends.
	r, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, r)
	t.Cleanup(func() { r.Close() })
	return name
}
