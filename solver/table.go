package solver

import (
	"math/bits"
	"sync"
	"unsafe"
)

// keyType is a packed position key: a fixed-size array of uint64 that can
// hash itself. The zero value is the empty mark.
type keyType interface {
	comparable
	hash() uint64
}

// The keys are hashed with XXH64 (seed 0), the algorithm of the xxhash
// package, over their words in little-endian byte order: the whole key picks
// the slot. The keys are one to three words, so the hot paths compute XXH64
// for exactly that length inline, on the words themselves, rather than
// through xxhash.Sum64 on a byte slice, whose set-up for any length costs
// more than the hashing of 16 bytes (TestKeyHashIsXXH64 checks every key
// type against xxhash.Sum64 of its bytes).

func (k rcKey) hash() uint64 {
	// xxhLane twice and xxhAvalanche, written out so that the compiler
	// inlines the whole hash into the search's hot paths.
	h := bits.RotateLeft64((xxhPrime5+16)^bits.RotateLeft64(k[0]*xxhPrime2, 31)*xxhPrime1, 27)*xxhPrime1 + xxhPrime4
	h = bits.RotateLeft64(h^bits.RotateLeft64(k[1]*xxhPrime2, 31)*xxhPrime1, 27)*xxhPrime1 + xxhPrime4
	h = (h ^ h>>33) * xxhPrime2
	h = (h ^ h>>29) * xxhPrime3
	return h ^ h>>32
}
func (k rcKey3) hash() uint64 {
	return xxhAvalanche(xxhLane(xxhLane(xxhLane(xxhSeed(24), k[0]), k[1]), k[2]))
}
func (k rfKey) hash() uint64 { return xxhAvalanche(xxhLane(xxhSeed(8), k[0])) }

// The XXH64 constants.
const (
	xxhPrime1 uint64 = 0x9E3779B185EBCA87
	xxhPrime2 uint64 = 0xC2B2AE3D27D4EB4F
	xxhPrime3 uint64 = 0x165667B19E3779F9
	xxhPrime4 uint64 = 0x85EBCA77C2B2AE63
	xxhPrime5 uint64 = 0x27D4EB2F165667C5
)

// xxhSeed is XXH64's starting state, with seed 0, for an input of n < 32
// bytes.
func xxhSeed(n uint64) uint64 { return xxhPrime5 + n }

// xxhLane mixes one 8-byte lane w into the state h, as XXH64 does for the
// whole 8-byte lanes of a short input.
func xxhLane(h, w uint64) uint64 {
	k := bits.RotateLeft64(w*xxhPrime2, 31) * xxhPrime1
	return bits.RotateLeft64(h^k, 27)*xxhPrime1 + xxhPrime4
}

// xxhAvalanche is XXH64's final mixing.
func xxhAvalanche(h uint64) uint64 {
	h ^= h >> 33
	h *= xxhPrime2
	h ^= h >> 29
	h *= xxhPrime3
	h ^= h >> 32
	return h
}

// table is an exact set of visited positions: open addressing with linear
// probing over a power-of-two slice of whole packed keys. The hash (xxhash of
// the key, computed by the caller) only picks the slot; membership is decided
// by comparing the whole key, so no verdict rests on a hash.
//
// The zero key marks an empty slot: every key encoding in this package sets
// a tag bit, so no real position packs to zero.
//
// Growth and eviction. The table starts small and doubles (rehashing) when it
// is three quarters full, until it reaches its cap (from --memory; see
// capSlots: the cap holds the table and, while it doubles, the half-size
// table it is rehashed from). At the cap
// it stops growing: an insert that finds no empty slot within evictWindow
// slots of its home overwrites one of them. A forgotten position costs only
// speed (it may be searched again); positions on the current search path are
// kept apart from this table (pathSet), so cycle detection never depends on
// it.
type table[K keyType] struct {
	slots []K
	// bufs are the two pieces of memory the table takes its slots from
	// (see alloc); slots lies in bufs[cur]. They are kept from one search
	// to the next, so a worker deciding many deals allocates nothing after
	// its hardest one.
	bufs    [2][]K
	cur     int
	mask    uint64
	count   int
	maxDisp int // longest probe any insert has made; lookups stop there
	capLen  int // slot count at the cap
	minLen  int // slot count after reset
	rotor   int
	evicted int64
	zero    K
}

const evictWindow = 16

// capSlots returns the most slots of size bytes that a table capped at
// capBytes may have: the largest power of two (64 at least) such that the
// table and the half-size table it grew from fit in capBytes together. Both
// are alive while the table doubles, so the memory a table ever holds stays
// within its cap, growth included.
func capSlots(capBytes, size int64) int {
	n := max(capBytes/size*2/3, 64)
	return 1 << (63 - bits.LeadingZeros64(uint64(n)))
}

func newTable[K keyType](capBytes int64, minLen int) *table[K] {
	var k K
	capLen := capSlots(capBytes, int64(unsafe.Sizeof(k)))
	minLen = min(minLen, capLen)
	t := &table[K]{capLen: capLen, minLen: minLen}
	t.alloc(minLen)
	return t
}

// alloc makes slots an empty table of n slots in the buffer that does not
// hold the current ones (which grow still reads), cleared, or in fresh
// memory if that buffer is too small. So a table that doubles takes its
// sizes from the two buffers in turn; after a search they hold its final
// size and the half size, as the memory cap allows (capSlots).
func (t *table[K]) alloc(n int) {
	o := 1 - t.cur
	if cap(t.bufs[o]) < n {
		t.bufs[o] = nil
		t.bufs[o] = make([]K, n)
		adviseHuge(unsafe.Pointer(unsafe.SliceData(t.bufs[o])), uintptr(n)*unsafe.Sizeof(t.zero))
	} else {
		clear(t.bufs[o][:n])
	}
	t.cur = o
	t.slots = t.bufs[o][:n]
	t.mask = uint64(n - 1)
	t.count = 0
	t.maxDisp = 0
}

// reset empties the table for a new search. A table that grew large for a
// hard search starts small again, so easy searches after it stay cheap; its
// memory is kept for the next hard one. The small table goes in the buffer
// from which doubling reaches the large buffer's size in the large buffer.
func (t *table[K]) reset() {
	if len(t.slots) > t.minLen*4 {
		big := 0
		if cap(t.bufs[1]) > cap(t.bufs[0]) {
			big = 1
		}
		steps := bits.Len(uint(cap(t.bufs[big])/t.minLen)) - 1
		if steps%2 == 0 {
			t.cur = 1 - big // alloc takes the other one: big
		} else {
			t.cur = big
		}
		t.alloc(t.minLen)
	} else {
		clear(t.slots)
		t.count = 0
		t.maxDisp = 0
	}
	t.evicted = 0
}

// release empties the table and gives its memory back (to the garbage
// collector), for a caller that needs the memory for something else.
func (t *table[K]) release() {
	t.bufs = [2][]K{}
	t.alloc(t.minLen)
	t.evicted = 0
}

// visit inserts key k (with hash h = k.hash()) and reports whether it was
// already there.
func (t *table[K]) visit(k K, h uint64) bool {
	for {
		i := h & t.mask
		for d := 0; ; d++ {
			s := &t.slots[i]
			if *s == k {
				return true
			}
			if *s == t.zero {
				if t.count >= len(t.slots)/4*3 && len(t.slots) < t.capLen {
					break // grow, then insert
				}
				*s = k
				t.count++
				if d > t.maxDisp {
					t.maxDisp = d
				}
				return false
			}
			if d >= t.maxDisp && d >= evictWindow-1 && len(t.slots) >= t.capLen {
				// At the cap with no empty slot near home: overwrite one of
				// the window's slots. The slot stays occupied, so no other
				// key's probe sequence is cut.
				t.rotor++
				j := (h + uint64(t.rotor%evictWindow)) & t.mask
				t.slots[j] = k
				t.evicted++
				return false
			}
			i = (i + 1) & t.mask
		}
		t.grow()
	}
}

// remove takes key k (with hash h) out of the table, if it is there, and
// shifts the later keys of its probe run back so that no lookup stops
// early at the hole.
func (t *table[K]) remove(k K, h uint64) {
	i := h & t.mask
	for d := 0; t.slots[i] != k; d++ {
		if t.slots[i] == t.zero || d > max(t.maxDisp, evictWindow) {
			return // not there (a full table may have evicted it)
		}
		i = (i + 1) & t.mask
	}
	t.count--
	for {
		t.slots[i] = t.zero
		j := i
		for {
			j = (j + 1) & t.mask
			if t.slots[j] == t.zero {
				return
			}
			if fillsHole(t.slots[j].hash()&t.mask, i, j) {
				t.slots[i] = t.slots[j]
				i = j
				break
			}
		}
	}
}

// fillsHole reports, for backward-shift deletion in a linear-probing table,
// whether the key at slot j, whose home slot is home, moves into the hole
// at slot i before it: it does unless its home lies cyclically in (i, j].
func fillsHole(home, i, j uint64) bool {
	return (j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)
}

func (t *table[K]) grow() {
	old := t.slots
	t.alloc(len(old) * 2)
	for _, k := range old {
		if k != t.zero {
			t.reinsert(k)
		}
	}
}

// reinsert places a key known to be absent; used only while growing.
func (t *table[K]) reinsert(k K) {
	h := k.hash()
	i := h & t.mask
	for d := 0; ; d++ {
		if t.slots[i] == t.zero {
			t.slots[i] = k
			t.count++
			if d > t.maxDisp {
				t.maxDisp = d
			}
			return
		}
		i = (i + 1) & t.mask
	}
}

// bytes returns the memory the table holds.
func (t *table[K]) bytes() int64 {
	var k K
	return int64(len(t.slots)) * int64(unsafe.Sizeof(k))
}

// sharedTable splits a table into shards, each behind its own mutex, so that
// several workers searching one deal can share it. With one shard and
// locking off it is a plain table with no synchronisation cost.
type sharedTable[K keyType] struct {
	shards  []shard[K]
	shift   uint
	locking bool
}

type shard[K keyType] struct {
	mu sync.Mutex
	t  *table[K]
	_  [40]byte // keep shards' locks on separate cache lines
}

// newSharedTable makes a table of nshards shards (rounded up to a power of
// two) sharing capBytes; locking must be on when several workers use it.
func newSharedTable[K keyType](capBytes int64, nshards int, minLen int, locking bool) *sharedTable[K] {
	n := 1 << bits.Len(uint(nshards-1))
	st := &sharedTable[K]{shards: make([]shard[K], n), locking: locking}
	st.shift = uint(64 - bits.TrailingZeros(uint(n))) // 64 for one shard: h>>64 is 0
	for i := range st.shards {
		st.shards[i].t = newTable[K](capBytes/int64(n), minLen)
	}
	return st
}

func (st *sharedTable[K]) visit(k K, h uint64) bool {
	sh := &st.shards[h>>st.shift]
	if !st.locking {
		return sh.t.visit(k, h)
	}
	sh.mu.Lock()
	v := sh.t.visit(k, h)
	sh.mu.Unlock()
	return v
}

func (st *sharedTable[K]) reset() {
	for i := range st.shards {
		st.shards[i].t.reset()
	}
}

// release empties the table and gives its memory back (see table.release).
func (st *sharedTable[K]) release() {
	for i := range st.shards {
		st.shards[i].t.release()
	}
}

// stats returns stored positions, table bytes and evictions.
func (st *sharedTable[K]) stats() (count int64, bytes int64, evicted int64) {
	for i := range st.shards {
		t := st.shards[i].t
		count += int64(t.count)
		bytes += t.bytes()
		evicted += t.evicted
	}
	return
}
