package batch

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
	for _, name := range []string{filepath.Join(t.TempDir(), "none.jsonl"), os.DevNull} {
		if h, err := Hold(name); h != nil || err != nil {
			t.Errorf("Hold(%s) = %v, %v; want nothing held", name, h, err)
		}
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
