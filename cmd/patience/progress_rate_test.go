package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestProgressNoRateBeforeItIsKnown: a bar shows "…" where its rate goes
// until something has been counted over half a second, never "0 deals/hr".
func TestProgressNoRateBeforeItIsKnown(t *testing.T) {
	var buf bytes.Buffer
	var polls atomic.Int64
	spec := progressSpec{total: 100, unit: "deals", count: true, rate: true,
		poll: func() (int64, string) { polls.Add(1); return 0, "win -" }}
	p := drawProgress(&buf, spec, time.Millisecond)
	waitFor(t, func() bool { return polls.Load() > 5 })
	p.stop()
	out := buf.String()
	if !strings.Contains(out, "win -, …") || regexp.MustCompile(`\b0 deals/`).MatchString(out) {
		t.Errorf("the bar before any deal is done: %q", out)
	}
	for _, c := range []struct {
		counted, left int64
		elapsed       time.Duration
		want          string
	}{
		{0, 100, time.Minute, ", …"},
		{5, 100, 100 * time.Millisecond, ", …"},
		{100, 200, 10 * time.Second, ", 10 deals/s, 20s left"},
		{3, 0, time.Minute, ", 3 deals/min"},
		{1, 5, time.Hour, ", 1 deals/hr, 5h0m0s left"},
		{1, 1 << 62, time.Hour, ", 1 deals/hr"},
	} {
		if got := speedText(c.counted, c.left, c.elapsed, "deals"); got != c.want {
			t.Errorf("speedText(%d, %d, %v) = %q, want %q", c.counted, c.left, c.elapsed, got, c.want)
		}
	}
}

// TestProgressTextMatchesBar: every drawing of the bar shows the count of
// its text ("found 3 of 4" with 75%), never the bar a step ahead.
func TestProgressTextMatchesBar(t *testing.T) {
	var buf bytes.Buffer
	var n atomic.Int64
	spec := progressSpec{total: 4, unit: "found",
		poll: func() (int64, string) {
			k := n.Load()
			return k, fmt.Sprintf("found %d of 4", k)
		}}
	p := drawProgress(&buf, spec, time.Millisecond)
	for k := int64(1); k <= 3; k++ {
		seen := fmt.Sprintf("found %d of 4", k-1)
		waitFor(t, func() bool {
			p.mu.Lock()
			defer p.mu.Unlock()
			return strings.Contains(buf.String(), seen)
		})
		n.Store(k)
	}
	waitFor(t, func() bool {
		p.mu.Lock()
		defer p.mu.Unlock()
		return strings.Contains(buf.String(), "found 3 of 4")
	})
	p.stop()
	frame := regexp.MustCompile(`found (\d) of 4 +(\d+)%`)
	frames := frame.FindAllStringSubmatch(buf.String(), -1)
	if len(frames) < 4 {
		t.Fatalf("%d drawings: %q", len(frames), buf.String())
	}
	for _, f := range frames {
		if want := fmt.Sprint(25 * int(f[1][0]-'0')); f[2] != want {
			t.Errorf("drawn %q: the bar is at %s%%, its text at %s%%", f[0], f[2], want)
		}
	}
}
