package main

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressSpec says what a progress bar shows.
type progressSpec struct {
	// total is the count at which the work is done.
	total int64
	// unit names what is counted, as in "1,234 deals/s".
	unit string
	// count shows the count and the total after the bar, and rate the
	// count per second and the time left, after the text: "…" until
	// there is a rate to show (something counted over at least half a
	// second), never a rate of 0.
	count, rate bool
	// budget says that total is a budget, which the work may end well
	// short of: the rate comes without a time left.
	budget bool
	// delay is how long to wait before the bar shows: work done sooner
	// leaves the terminal untouched.
	delay time.Duration
	// poll returns the count so far and the text before the bar. It is
	// called from the bar's goroutine, a few times a second.
	poll func() (count int64, description string)
}

// progress draws a progress bar until stop is called.
type progress struct {
	done chan struct{}
	quit chan struct{}
	mu   sync.Mutex // held while the bar is drawn or cleared, and for bar
	bar  *progressbar.ProgressBar
	out  *muteWriter
}

// muteWriter is the bar's writer, muted while the bar takes a new count
// (see draw).
type muteWriter struct {
	w    io.Writer
	mute bool
}

func (m *muteWriter) Write(p []byte) (int, error) {
	if m.mute {
		return len(p), nil
	}
	return m.w.Write(p)
}

// above runs print, which writes to the terminal, with the bar cleared
// out of its way; the bar comes back at its next update. On a nil
// progress (no bar shown) it just runs print.
func (p *progress) above(print func()) {
	if p == nil {
		print()
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Clear()
	}
	print()
}

// stop draws the bar one last time, clears it, and returns once it is
// gone. It does nothing on a nil progress (no bar shown).
func (p *progress) stop() {
	if p == nil {
		return
	}
	close(p.quit)
	<-p.done
}

// startProgress shows a progress bar on stderr when stderr is a terminal
// and quiet is not set (--quiet); otherwise it shows nothing and returns
// nil, so that stderr stays clean in pipes, files and logs.
func startProgress(s streams, quiet bool, spec progressSpec) *progress {
	f, ok := s.err.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) || spec.total <= 0 {
		return nil
	}
	return drawProgress(s.err, spec, 250*time.Millisecond)
}

// minRateAge is the least time over which a rate is measured.
var minRateAge = 500 * time.Millisecond

// drawProgress draws the bar of spec on w, updated every interval, until
// stop.
func drawProgress(w io.Writer, spec progressSpec, every time.Duration) *progress {
	p := &progress{done: make(chan struct{}), quit: make(chan struct{}), out: &muteWriter{w: w}}
	start := time.Now()
	n0, _ := spec.poll()
	go func() {
		defer close(p.done)
		if spec.delay > 0 {
			select {
			case <-time.After(spec.delay):
			case <-p.quit:
				return // done before the bar was due: nothing shown
			}
		}
		t := time.NewTicker(every)
		defer t.Stop()
		p.update(spec, start, n0, false)
		for {
			select {
			case <-t.C:
				p.update(spec, start, n0, false)
			case <-p.quit:
				p.update(spec, start, n0, true)
				return
			}
		}
	}()
	return p
}

// update polls spec and draws the bar, made at the first call; last
// clears it.
func (p *progress) update(spec progressSpec, start time.Time, n0 int64, last bool) {
	n, d := spec.poll()
	if spec.rate {
		left := spec.total - n
		if spec.budget {
			left = 0
		}
		d += speedText(n-n0, left, time.Since(start), spec.unit)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar == nil {
		opts := []progressbar.Option{
			progressbar.OptionSetWriter(p.out),
			progressbar.OptionSetDescription(d),
			progressbar.OptionSetPredictTime(false), // speedText says the time left, where there is a rate
			// The bar's clock starts with the bar: after a delay, it
			// would be behind.
			progressbar.OptionSetElapsedTime(spec.delay == 0),
			progressbar.OptionSetWidth(30),
			progressbar.OptionClearOnFinish(),
		}
		if spec.count {
			opts = append(opts, progressbar.OptionShowCount())
		}
		p.bar = progressbar.NewOptions64(spec.total, opts...)
	}
	// The new count would draw the bar with the old text: only the
	// drawing with both new (Describe) is shown.
	p.out.mute = true
	p.bar.Set64(min(n, spec.total))
	p.out.mute = false
	p.bar.Describe(d)
	if last {
		p.bar.Clear()
	}
}

// speedText is the rate after a bar's text: ", 1,234 deals/s, 5m left",
// or ", …" while nothing has been counted over minRateAge.
func speedText(counted, left int64, elapsed time.Duration, unit string) string {
	if counted <= 0 || elapsed < minRateAge {
		return ", …"
	}
	perSec := float64(counted) / elapsed.Seconds()
	var r string
	switch {
	case perSec >= 1:
		r = thousands(int64(perSec+0.5)) + " " + unit + "/s"
	case perSec*60 >= 1:
		r = thousands(int64(perSec*60+0.5)) + " " + unit + "/min"
	default:
		r = thousands(int64(perSec*3600+0.5)) + " " + unit + "/hr"
	}
	if secs := float64(left) / perSec; left > 0 && secs < 1e9 {
		r += ", " + (time.Duration(secs) * time.Second).String() + " left"
	}
	return ", " + r
}
