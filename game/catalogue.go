package game

import (
	"math"

	"github.com/patience-solver/patience/catalogue"
)

// Listed is what a look-up of deals in the catalogue found.
type Listed struct {
	// Found is how many deals were listed.
	Found int
	// Next is the deal to go on from with a search, or 0 when there is
	// none (the catalogue ends at the last plain deal number).
	Next uint64
	// Unknown is how many deals left unknown by the catalogue's budget
	// were passed over, of the Scanned deals looked at.
	Unknown, Scanned uint64
}

// FindInCatalogue lists, with emit, the deals of c of verdict kind from
// deal from on, until there are count of them or the catalogue ends. It
// stops early when emit returns false.
func FindInCatalogue(c *catalogue.Catalogue, kind catalogue.Verdict, from uint64, count int, emit func(uint64) bool) Listed {
	start := from
	var l Listed
	for l.Found < count {
		n, skipped, ok := c.Next(from, kind)
		l.Unknown += skipped
		if !ok {
			break
		}
		l.Found++
		from = n + 1
		if !emit(n) {
			l.Next, l.Scanned = from, from-start
			return l
		}
	}
	if l.Found == count {
		l.Next, l.Scanned = from, from-start
		return l
	}
	l.Next = max(from, c.Last+1)
	if c.Last == math.MaxUint64 {
		l.Next = 0
	}
	l.Scanned = l.Next - start
	return l
}
