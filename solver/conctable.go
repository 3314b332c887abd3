package solver

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// concTable is the position table that several workers share when they
// search one Russian Cell deal together. Probes take no lock.
//
// Each slot holds one rcKey in two words. Key word 1 never has bit 62 set
// (bits 56..62 are unused), so the table uses that bit to say the slot is
// complete. A writer claims an empty slot by a compare-and-swap of word 1
// from 0 to the key's word 1 (incomplete), stores word 0, then sets the
// complete bit. A reader that finds its word 1 in an incomplete slot waits
// the few nanoseconds until it is complete, then compares word 0. At the cap
// the table overwrites a slot the same way (claim by compare-and-swap from
// the old complete value); a reader re-reads word 1 after word 0 and tries
// again if it changed. A reader may still pair the new word 0 with an equal
// word 1 (an ABA), but then the pair it sees is the new key, which the
// writer is entering, so "seen" is still true of it. A key is therefore
// reported as seen only if some worker entered exactly that key.
//
// Like table, it starts small and doubles at three quarters full. Doubling
// needs every worker out of the table: a worker that finds the table full
// enough raises growReq, and each worker calls safePoint between positions;
// the last to arrive rehashes while the others wait. Until then inserts go
// on into the remaining quarter, and a probe that runs past probeWindow
// slots overwrites one of them: the position is searched again when it is
// met again, which costs time and nodes (of the budget), never a wrong
// verdict.
type concTable struct {
	slots  []concSlot
	mask   uint64
	capLen int
	minLen int
	// The fields above are read on every probe; the counters below are
	// written by all workers, so they live on other cache lines.
	_       [64]byte
	count   atomic.Int64
	evicted atomic.Int64
	rotor   atomic.Uint64

	growReq atomic.Bool
	mu      sync.Mutex
	cond    *sync.Cond
	active  int // workers searching (under mu)
	waiting int // workers parked at a safe point (under mu)
	epoch   uint64
}

type concSlot struct{ w0, w1 atomic.Uint64 }

const (
	slotDone    = uint64(1) << 62
	probeWindow = 64
)

// newConcSlots makes n empty slots, on huge pages where the kernel allows.
func newConcSlots(n int) []concSlot {
	s := make([]concSlot, n)
	adviseHuge(unsafe.Pointer(unsafe.SliceData(s)), uintptr(n)*unsafe.Sizeof(concSlot{}))
	return s
}

func newConcTable(capBytes int64, minLen int) *concTable {
	t := &concTable{}
	t.cond = sync.NewCond(&t.mu)
	t.capLen = capSlots(capBytes, int64(unsafe.Sizeof(concSlot{})))
	t.minLen = min(minLen, t.capLen)
	t.slots = newConcSlots(t.minLen)
	t.mask = uint64(t.minLen - 1)
	return t
}

// start prepares the table for a search by n workers, with at least size
// slots (within the cap): a search known to be large skips the first
// doublings, during which every worker but one waits.
func (t *concTable) start(n, size int) {
	size = min(max(size, t.minLen), t.capLen)
	if len(t.slots) > size*4 || len(t.slots) < size {
		t.slots = newConcSlots(size)
		t.mask = uint64(size - 1)
	} else {
		clear(t.slots)
	}
	t.count.Store(0)
	t.evicted.Store(0)
	t.growReq.Store(false)
	t.active, t.waiting = n, 0
}

// setActive sets the number of workers searching, keeping the table: the
// split phase fills it with one worker, then all of them go on.
func (t *concTable) setActive(n int) {
	t.mu.Lock()
	t.active, t.waiting = n, 0
	t.mu.Unlock()
}

// countBatch is how many inserts a worker makes before it adds them to the
// shared count: one shared counter written on every insert would bounce its
// cache line between the cores. The count, and so the moment the table asks
// to grow, is then late by less than countBatch inserts per worker, which
// the quarter of the table left free at that moment easily holds.
const countBatch = 256

// visit enters key k (hash h) and reports whether it was there already.
// pending is the calling worker's count of inserts not yet added to
// t.count.
func (t *concTable) visit(k rcKey, h uint64, pending *int64) bool {
	for i, d := h&t.mask, 0; ; i, d = (i+1)&t.mask, d+1 {
		s := &t.slots[i]
		v1 := s.w1.Load()
		if v1 == 0 {
			if s.w1.CompareAndSwap(0, k[1]) {
				s.w0.Store(k[0])
				s.w1.Store(k[1] | slotDone)
				if *pending++; *pending >= countBatch {
					t.flush(pending)
				}
				return false
			}
			v1 = s.w1.Load() // lost the race: see who won
		}
		if seen, same := t.match(s, v1, k); same {
			if seen {
				return true
			}
		}
		if d >= probeWindow-1 {
			t.overwrite(h, k)
			return false
		}
	}
}

// flush adds a worker's pending inserts to the shared count, and asks the
// table to grow when it is three quarters full.
func (t *concTable) flush(pending *int64) {
	if *pending == 0 {
		return
	}
	n := t.count.Add(*pending)
	*pending = 0
	if n >= int64(len(t.slots))/4*3 && len(t.slots) < t.capLen {
		t.growReq.Store(true)
	}
}

// match compares slot s, whose word 1 was read as v1, with k. same reports
// whether word 1 matched; seen whether the whole key did.
func (t *concTable) match(s *concSlot, v1 uint64, k rcKey) (seen, same bool) {
	for {
		if v1&^slotDone != k[1] {
			return false, false
		}
		if v1&slotDone == 0 {
			runtime.Gosched()
			v1 = s.w1.Load()
			continue
		}
		v0 := s.w0.Load()
		if again := s.w1.Load(); again != v1 {
			v1 = again
			continue
		}
		return v0 == k[0], true
	}
}

// overwrite puts k in one of the probe window's slots, forgetting the key
// there.
func (t *concTable) overwrite(h uint64, k rcKey) {
	for {
		j := (h + t.rotor.Add(1)%probeWindow) & t.mask
		s := &t.slots[j]
		old := s.w1.Load()
		if old&slotDone == 0 && old != 0 {
			continue // being written: pick another
		}
		if s.w1.CompareAndSwap(old, k[1]) {
			s.w0.Store(k[0])
			s.w1.Store(k[1] | slotDone)
			if old != 0 {
				t.evicted.Add(1)
			}
			return
		}
	}
}

// safePoint is called by a worker between positions, when it holds no slot.
// If the table asked to grow, the worker waits there until every active
// worker has arrived and the last one has doubled the table.
func (t *concTable) safePoint() {
	if !t.growReq.Load() {
		return
	}
	t.mu.Lock()
	t.arrive()
	t.mu.Unlock()
}

// arrive parks the caller at the barrier, or grows the table if it is the
// last active worker to come. t.mu is held.
func (t *concTable) arrive() {
	if !t.growReq.Load() {
		return
	}
	t.waiting++
	if t.waiting >= t.active {
		t.grow()
		return
	}
	e := t.epoch
	for t.epoch == e {
		t.cond.Wait()
	}
}

// done is called by a worker that has stopped searching, so that a growth
// never waits for it.
func (t *concTable) done() {
	t.mu.Lock()
	t.active--
	if t.growReq.Load() && t.active > 0 && t.waiting >= t.active {
		t.grow()
	}
	t.mu.Unlock()
}

// grow doubles the table. Every other active worker is parked, so plain
// rehashing is safe; t.mu is held.
func (t *concTable) grow() {
	if len(t.slots) < t.capLen {
		old := t.slots
		t.slots = newConcSlots(2 * len(old))
		t.mask = uint64(len(t.slots) - 1)
		for i := range old {
			v1 := old[i].w1.Load()
			if v1 == 0 {
				continue
			}
			k := rcKey{old[i].w0.Load(), v1 &^ slotDone}
			for j := k.hash() & t.mask; ; j = (j + 1) & t.mask {
				if t.slots[j].w1.Load() == 0 {
					t.slots[j].w0.Store(k[0])
					t.slots[j].w1.Store(v1)
					break
				}
			}
		}
	}
	t.growReq.Store(false)
	t.waiting = 0
	t.epoch++
	t.cond.Broadcast()
}

func (t *concTable) stats() (count, bytes, evicted int64) {
	return t.count.Load(), int64(len(t.slots)) * int64(unsafe.Sizeof(concSlot{})), t.evicted.Load()
}
