package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestProgressSilentOffTerminal checks that no bar is shown (and nothing
// written) with --quiet, when stderr is not a file, when it is a file but
// not a terminal, or when there is nothing to do.
func TestProgressSilentOffTerminal(t *testing.T) {
	polled := false
	spec := progressSpec{total: 10, unit: "deals", count: true, poll: func() (int64, string) { polled = true; return 0, "x" }}
	var buf bytes.Buffer
	if p := startProgress(streams{err: &buf}, false, spec); p != nil {
		t.Error("a bar on a buffer")
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if p := startProgress(streams{err: f}, false, spec); p != nil {
		t.Error("a bar on a regular file")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if p := startProgress(streams{err: w}, false, spec); p != nil {
		t.Error("a bar on a pipe")
	}
	if p := startProgress(streams{err: os.Stderr}, true, spec); p != nil {
		t.Error("a bar with --quiet")
	}
	if polled || buf.Len() > 0 {
		t.Errorf("polled %v, wrote %q", polled, buf.String())
	}
	if st, _ := f.Stat(); st.Size() != 0 {
		t.Errorf("wrote %d bytes to the file", st.Size())
	}
	// A nil progress (no bar) can be stopped, and prints above nothing.
	var p *progress
	p.stop()
	p.above(func() { buf.WriteString("line\n") })
	if buf.String() != "line\n" {
		t.Errorf("above without a bar wrote %q", buf.String())
	}
}

// TestProgressDraws draws a bar on a buffer: it shows the description and
// the count of the last poll, keeps printed lines clear of the bar, and
// leaves the line blank once stopped.
func TestProgressDraws(t *testing.T) {
	var buf bytes.Buffer // written only by the bar's goroutine under p.mu, or after stop
	var n atomic.Int64
	spec := progressSpec{total: 5, unit: "deals", count: true, rate: true,
		poll: func() (int64, string) {
			k := n.Load()
			return k, "done " + string(rune('0'+k))
		}}
	defer func(a time.Duration) { minRateAge = a }(minRateAge)
	minRateAge = 0 // a rate at once: the test is quick
	p := drawProgress(&buf, spec, time.Millisecond)
	n.Store(2)
	waitFor(t, func() bool {
		p.mu.Lock()
		defer p.mu.Unlock()
		return strings.Contains(buf.String(), "done 2")
	})
	p.above(func() { buf.WriteString("LINE\n") })
	n.Store(3)
	p.stop()
	out := buf.String()
	for _, want := range []string{"done 2", "(2/5", "deals/s", "done 3", "(3/5"} {
		if !strings.Contains(out, want) {
			t.Errorf("the bar lacks %q: %q", want, out)
		}
	}
	// The printed line starts a line of its own: the bar was cleared
	// (overwritten with spaces, back to the start of the line) before it.
	if !regexp.MustCompile(`\r +\rLINE\n`).MatchString(out) {
		t.Errorf("the line was not printed on a cleared line: %q", out)
	}
	if !regexp.MustCompile(`\r +\r$`).MatchString(out) {
		t.Errorf("the bar was not cleared at the end: %q", out)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(time.Millisecond)
	}
}
