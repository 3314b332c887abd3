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
	// count per second.
	count, rate bool
	// poll returns the count so far and the text before the bar. It is
	// called from the bar's goroutine, a few times a second.
	poll func() (count int64, description string)
}

// progress draws a progress bar until stop is called.
type progress struct {
	done chan struct{}
	quit chan struct{}
	mu   sync.Mutex // held while the bar is drawn or cleared
	bar  *progressbar.ProgressBar
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
	p.bar.Clear()
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

// drawProgress draws the bar of spec on w, updated every interval, until
// stop.
func drawProgress(w io.Writer, spec progressSpec, every time.Duration) *progress {
	n0, d0 := spec.poll()
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(d0),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionClearOnFinish(),
	}
	if spec.count {
		opts = append(opts, progressbar.OptionShowCount())
	}
	if spec.rate {
		opts = append(opts, progressbar.OptionShowIts(), progressbar.OptionSetItsString(spec.unit))
	}
	bar := progressbar.NewOptions64(spec.total, opts...)
	bar.Set64(n0)
	p := &progress{done: make(chan struct{}), quit: make(chan struct{}), bar: bar}
	go func() {
		defer close(p.done)
		t := time.NewTicker(every)
		defer t.Stop()
		update := func(last bool) {
			n, d := spec.poll()
			p.mu.Lock()
			defer p.mu.Unlock()
			bar.Set64(n)
			bar.Describe(d) // draws the bar (updates come only from here, every interval)
			if last {
				bar.Clear()
			}
		}
		for {
			select {
			case <-t.C:
				update(false)
			case <-p.quit:
				update(true)
				return
			}
		}
	}()
	return p
}
