package batch

import (
	"math/bits"
	"slices"
)

// dealSet is a set of deal indices (places in a DealList). For a list of at
// most denseMax deals it is a bitmap; beyond, a map of 64-deal words, so
// that its memory follows the deals added rather than the list's length
// (a header may declare 1-9000000000000000000).
type dealSet struct {
	dense  []uint64
	sparse map[uint64]uint64
	size   uint64 // members
	keys   []uint64
	sorted bool // keys holds sparse's words in order
}

const denseMax = 1 << 30 // a bitmap of at most 128 MiB

func newDealSet(n uint64) *dealSet {
	if n <= denseMax {
		return &dealSet{dense: make([]uint64, (n+63)/64)}
	}
	return &dealSet{sparse: map[uint64]uint64{}}
}

func (s *dealSet) word(w uint64) uint64 {
	if s.dense != nil {
		if w < uint64(len(s.dense)) {
			return s.dense[w]
		}
		return 0
	}
	return s.sparse[w]
}

func (s *dealSet) has(k uint64) bool { return s.word(k/64)&(1<<(k%64)) != 0 }

// add puts k in the set and reports whether it was there already.
func (s *dealSet) add(k uint64) bool {
	w, bit := k/64, uint64(1)<<(k%64)
	if s.dense != nil {
		if s.dense[w]&bit != 0 {
			return true
		}
		s.dense[w] |= bit
	} else {
		old, ok := s.sparse[w]
		if old&bit != 0 {
			return true
		}
		if !ok {
			s.sorted = false
		}
		s.sparse[w] = old | bit
	}
	s.size++
	return false
}

// nextIn returns the smallest member >= i, or n when there is none below n.
func (s *dealSet) nextIn(i, n uint64) uint64 {
	for i < n {
		w := i / 64
		if m := s.word(w) >> (i % 64); m != 0 {
			return min(n, i+uint64(bits.TrailingZeros64(m)))
		}
		next := (w + 1) * 64
		if s.sparse != nil {
			// Jump to the next word that holds a member.
			s.sortKeys()
			j, _ := slices.BinarySearch(s.keys, w+1)
			if j == len(s.keys) {
				return n
			}
			next = s.keys[j] * 64
		}
		i = next
	}
	return n
}

// nextOut returns the smallest non-member >= i, or n when there is none
// below n.
func (s *dealSet) nextOut(i, n uint64) uint64 {
	for i < n {
		m := ^s.word(i/64) >> (i % 64)
		if m != 0 {
			return min(n, i+uint64(bits.TrailingZeros64(m)))
		}
		i = (i/64 + 1) * 64
	}
	return n
}

func (s *dealSet) sortKeys() {
	if s.sorted {
		return
	}
	s.keys = s.keys[:0]
	for w := range s.sparse {
		s.keys = append(s.keys, w)
	}
	slices.Sort(s.keys)
	s.sorted = true
}
