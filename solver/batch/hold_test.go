package batch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/rules"
)

// TestHold: a results file that a run is writing cannot be held, with the
// error a second run gets; one no run writes can, and then no run can
// start on it; a missing file or a device is not held.
func TestHold(t *testing.T) {
	out := filepath.Join(t.TempDir(), "rf.jsonl")
	cfg := testConfig(t, rules.RippleFan, "1-10")
	cfg.Out = out
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, second := Open(cfg)
	if _, err := Hold(out); err == nil || second == nil || err.Error() != second.Error() {
		t.Errorf("Hold of a file a run writes: %v; a second run: %v", err, second)
	}
	r.Close()
	h, err := Hold(out)
	if err != nil || h == nil || h.Empty() {
		t.Fatalf("Hold of a file no run writes: %v, %v", h, err)
	}
	if hd, err := h.Header(); err != nil || hd.Game != rules.RippleFan || hd.Deals != "1-10" {
		t.Errorf("header %+v, %v", hd, err)
	}
	if _, err := Open(cfg); err == nil || !strings.Contains(err.Error(), "is being written by another patience run") {
		t.Errorf("a run on a held file: %v", err)
	}
	h.Release()
	h.Release() // twice is harmless
	if h, err := Hold(os.DevNull); h != nil || err != nil {
		t.Errorf("Hold(%s) = %v, %v; want nothing held", os.DevNull, h, err)
	}

	// A missing file is made empty and held: no run can start on it until
	// it is abandoned, and then it is gone.
	none := filepath.Join(t.TempDir(), "none.jsonl")
	h, err = Hold(none)
	if err != nil || h == nil || !h.Empty() {
		t.Fatalf("Hold of a missing file: %v, %v", h, err)
	}
	cfg.Out = none
	if _, err := Open(cfg); err == nil || !strings.Contains(err.Error(), "is being written by another patience run") {
		t.Errorf("a run on a held new file: %v", err)
	}
	h.Abandon()
	if _, err := os.Stat(none); !os.IsNotExist(err) {
		t.Errorf("an abandoned new file is still there: %v", err)
	}
	if _, err := Hold(t.TempDir()); err == nil {
		t.Error("Hold of a directory: no error")
	}
}

// TestRunOutReplaced: a run whose results file is replaced under it (by a
// rename over its name) stops at the next write, saying so.
func TestRunOutReplaced(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "rf.jsonl")
	cfg := testConfig(t, rules.RippleFan, "1-3000000")
	cfg.Out, cfg.Solver.Workers, cfg.FlushEvery = out, 1, 10*time.Millisecond
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	type done struct {
		res *Result
		err error
	}
	ch := make(chan done, 1)
	go func() {
		res, err := r.Run(context.Background())
		ch <- done{res, err}
	}()
	// Once results are coming, another file takes the name.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if st, err := os.Stat(out); err == nil && st.Size() > 2000 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no results within 30 s")
		}
	}
	other := filepath.Join(dir, "other")
	if err := os.WriteFile(other, []byte("other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(other, out); err != nil {
		t.Fatal(err)
	}
	select {
	case d := <-ch:
		var re *ReplacedError
		if !errors.As(d.err, &re) || !strings.Contains(d.err.Error(), "was replaced or removed") {
			t.Errorf("run whose file was replaced: %v", d.err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the run went on for 30 s after its file was replaced")
	}
	if b, _ := os.ReadFile(out); string(b) != "other\n" {
		t.Errorf("the file that took the name was written: %q", b)
	}
}

// TestRunToDevice: a run whose results file is a device (/dev/null)
// writes its lines there with nothing to resume, lock or sync.
func TestRunToDevice(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-50")
	cfg.Out = os.DevNull
	for range 2 { // no lock: a second run is no problem
		r, err := Open(cfg)
		if err != nil {
			t.Fatal(err)
		}
		res, err := r.Run(context.Background())
		if err != nil || res.Done != 50 || res.Resumed != 0 {
			t.Fatalf("run to %s: %+v, %v", os.DevNull, res, err)
		}
	}
	cfg.RetryUnknown = true
	if _, err := Open(cfg); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("--retry-unknown on %s: %v", os.DevNull, err)
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
	afterOpen = func(name string) {
		if !renamed {
			renamed = true
			if err := os.Rename(filepath.Join(dir, "full.jsonl"), name); err != nil {
				t.Error(err)
			}
		}
	}
	defer func() { afterOpen = nil }()
	r, err = Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if !renamed || r.Progress().Resumed != 30 {
		t.Errorf("renamed %v; resumed %d deals, want the 30 of the file now named %s", renamed, r.Progress().Resumed, out)
	}
}
