package solver

import (
	"math/bits"
	"unsafe"
)

// depthTable is the transposition table of the shortest search
// (shortest.go): for each position expanded, its whole packed key and the
// number of moves (g) after which the current deepening pass expanded it.
// As in table, the hash only picks the slot and membership is decided by
// comparing the whole key.
//
// Entries carry the pass that wrote them; an entry of an earlier pass is
// ignored (and overwritten when its position comes up again), so the table
// is not cleared between passes.
//
// It starts small and doubles at three quarters full, up to its cap. At the
// cap an insert that finds no empty slot within evictWindow slots of its
// home overwrites one of them. A forgotten position is only expanded again:
// the search prunes on what the table holds, never on what it lacks.
type depthTable[K keyType] struct {
	keys    []K
	vals    []uint32 // pass<<16 | g
	mask    uint64
	count   int
	maxDisp int
	capLen  int
	minLen  int
	rotor   int
	evicted int64
	zero    K
}

func newDepthTable[K keyType](capBytes int64, minLen int) *depthTable[K] {
	var k K
	size := int64(unsafe.Sizeof(k)) + 4
	capLen := 1 << (63 - bits.LeadingZeros64(uint64(max(capBytes/size, 64))))
	t := &depthTable[K]{capLen: capLen, minLen: min(minLen, capLen)}
	t.alloc(t.minLen)
	return t
}

func (t *depthTable[K]) alloc(n int) {
	t.keys = make([]K, n)
	t.vals = make([]uint32, n)
	t.mask = uint64(n - 1)
	t.count = 0
	t.maxDisp = 0
}

// reset empties the table for a new search; a table grown large is dropped.
func (t *depthTable[K]) reset() {
	if len(t.keys) > t.minLen*4 {
		t.alloc(t.minLen)
	} else {
		clear(t.keys)
		clear(t.vals)
		t.count = 0
		t.maxDisp = 0
	}
	t.evicted = 0
}

// enter is called when the search is about to expand key k (hash h) after
// g moves in pass pass. It reports true when the position must be skipped:
// this pass has already expanded it after at most g moves. Otherwise it
// records (pass, g) for k and reports false.
func (t *depthTable[K]) enter(k K, h uint64, pass uint16, g int) bool {
	v := uint32(pass)<<16 | uint32(min(g, 0xFFFF))
	for {
		i := h & t.mask
		for d := 0; ; d++ {
			s := &t.keys[i]
			if *s == k {
				old := t.vals[i]
				if old>>16 == uint32(pass) && old&0xFFFF <= v&0xFFFF {
					return true
				}
				t.vals[i] = v
				return false
			}
			if *s == t.zero {
				if t.count >= len(t.keys)/4*3 && len(t.keys) < t.capLen {
					break // grow, then insert
				}
				*s = k
				t.vals[i] = v
				t.count++
				t.maxDisp = max(t.maxDisp, d)
				return false
			}
			// Every key lies within maxDisp slots of its home, so past
			// that k is not in the table.
			if d >= t.maxDisp && d >= evictWindow-1 && len(t.keys) >= t.capLen {
				t.rotor++
				j := (h + uint64(t.rotor%evictWindow)) & t.mask
				t.keys[j] = k
				t.vals[j] = v
				t.evicted++
				return false
			}
			i = (i + 1) & t.mask
		}
		t.grow()
	}
}

func (t *depthTable[K]) grow() {
	keys, vals := t.keys, t.vals
	t.alloc(len(keys) * 2)
	for x, k := range keys {
		if k == t.zero {
			continue
		}
		i := k.hash() & t.mask
		d := 0
		for t.keys[i] != t.zero {
			i = (i + 1) & t.mask
			d++
		}
		t.keys[i] = k
		t.vals[i] = vals[x]
		t.count++
		t.maxDisp = max(t.maxDisp, d)
	}
}

// bytes returns the memory the table holds.
func (t *depthTable[K]) bytes() int64 {
	var k K
	return int64(len(t.keys)) * (int64(unsafe.Sizeof(k)) + 4)
}
