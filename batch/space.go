package batch

import (
	"fmt"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
)

// minLineBytes is the fewest bytes a result line (with its newline) can
// take, its deal number aside:
//
//	{"number":"","verdict":"solvable","moves":0,"nodes":0,"seconds":0}
//
// Real lines are longer (an unsolvable verdict, more digits, fractions of
// a second): for Ripple Fan deals 1..10,000,000 they average about 85
// bytes. So an estimate from it is low, never high.
const minLineBytes = len(`{"number":"","verdict":"solvable","moves":0,"nodes":0,"seconds":0}` + "\n")

// minDigits returns the length of the shortest canonical deal number in
// the list.
func (l *DealList) minDigits() int {
	if l.random != nil {
		return 1 // not worth a scan: the least a line can take
	}
	best := 0
	for _, s := range l.segs {
		var n int
		switch {
		case s.ms:
			n = 2 + len(strconv.FormatUint(s.lo, 10))
		case s.big != nil:
			n = len(s.big.String())
		default:
			n = len(strconv.FormatUint(s.lo, 10))
		}
		if best == 0 || n < best {
			best = n
		}
	}
	return best
}

// SpaceError says that the results of a run cannot fit on the file system
// of its results file.
type SpaceError struct {
	Name        string // the results file's name (Config.Out)
	Deals       uint64 // deals still to decide
	Need, Avail uint64 // bytes: the least the lines take, and what is free
}

// Error says what does not fit (see Shortfall), then what to do: free
// some space, write the results elsewhere, or split the run into shards.
func (e *SpaceError) Error() string {
	return e.Shortfall() + ": free some space, write the results elsewhere, or split the run into shards"
}

// Shortfall says what does not fit, without advice: the file, the deals
// to go, the room they need and the room there is.
func (e *SpaceError) Shortfall() string {
	return fmt.Sprintf("%s: the results of %d more deals need at least %s, and its file system has %s free",
		e.Name, e.Deals, megabytes(e.Need), megabytes(e.Avail))
}

func megabytes(b uint64) string {
	if b < 10<<20 {
		return fmt.Sprintf("%.1f MB", float64(b)/1e6)
	}
	if b >= 10_000_000_000_000 {
		return fmt.Sprintf("%d TB", b/1_000_000_000_000) // rounding to MB could overflow
	}
	return fmt.Sprintf("%d MB", (b+500_000)/1_000_000)
}

// checkSpace compares the least the run's remaining lines can take with the
// free space that cfg.FreeSpace reports for the results file's directory.
// Where the free space cannot be known, it checks nothing.
func (r *Runner) checkSpace() error {
	if r.cfg.FreeSpace == nil {
		return nil
	}
	left := r.total - r.resumed
	avail, err := r.cfg.FreeSpace(filepath.Dir(r.cfg.Out))
	if err != nil || left == 0 {
		return nil
	}
	hi, need := bits.Mul64(left, uint64(minLineBytes+r.cfg.Deals.minDigits()))
	if hi != 0 {
		need = math.MaxUint64
	}
	if need > avail {
		return &SpaceError{Name: r.cfg.Out, Deals: left, Need: need, Avail: avail}
	}
	return nil
}

// removeIfNew removes the results file name if Open made it (it holds only
// a header): a refused run leaves nothing behind.
func removeIfNew(name string, existed bool) {
	if !existed {
		os.Remove(name)
	}
}
