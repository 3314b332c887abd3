package solver

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/cespare/xxhash/v2"
)

// TestKeyHashIsXXH64 checks that each key type hashes its little-endian
// bytes with xxhash: the whole key picks the slot.
func TestKeyHashIsXXH64(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 10000; i++ {
		a, b, c := rng.Uint64(), rng.Uint64(), rng.Uint64()
		buf := binary.LittleEndian.AppendUint64(nil, a)
		if got, want := (rfKey{a}).hash(), xxhash.Sum64(buf); got != want {
			t.Fatalf("8-byte key %x: %x, want %x", a, got, want)
		}
		buf = binary.LittleEndian.AppendUint64(buf, b)
		if got, want := (rcKey{a, b}).hash(), xxhash.Sum64(buf); got != want {
			t.Fatalf("16-byte key: %x, want %x", got, want)
		}
		buf = binary.LittleEndian.AppendUint64(buf, c)
		if got, want := (rcKey3{a, b, c}).hash(), xxhash.Sum64(buf); got != want {
			t.Fatalf("24-byte key: %x, want %x", got, want)
		}
	}
}

// TestTableExact fills a small table past its cap and checks that it never
// claims a key it does not hold, and that without eviction it holds every
// key it was given.
func TestTableExact(t *testing.T) {
	keys := randomKeys(8, 5000)
	big := newTable[rcKey](1<<20, 16)
	for _, k := range keys {
		if big.visit(k, k.hash()) {
			t.Fatal("a new key was reported as seen")
		}
	}
	for _, k := range keys {
		if !big.visit(k, k.hash()) {
			t.Fatal("a stored key was lost without eviction")
		}
	}
	if big.count != len(keys) || big.evicted != 0 {
		t.Fatalf("count %d evicted %d, want %d and 0", big.count, big.evicted, len(keys))
	}
	small := newTable[rcKey](1024, 16) // 64 slots
	for _, k := range keys {
		small.visit(k, k.hash())
	}
	if small.evicted == 0 || len(small.slots) != 64 {
		t.Fatalf("the capped table did not evict (slots %d)", len(small.slots))
	}
	// Whatever it holds must be exactly keys it was given.
	given := map[rcKey]bool{}
	for _, k := range keys {
		given[k] = true
	}
	for _, k := range small.slots {
		if k != (rcKey{}) && !given[k] {
			t.Fatalf("table holds a key it was never given: %x", k)
		}
	}
}

func TestPathSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	p := newPathSet[rcKey]()
	var stack []rcKey
	in := map[rcKey]bool{}
	for step := 0; step < 20000; step++ {
		if len(stack) > 0 && rng.IntN(3) == 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			p.remove(k, k.hash())
			delete(in, k)
		} else {
			k := rcKey{rng.Uint64() & 0xFF, keyTag} // few distinct values: many collisions
			if in[k] {
				continue
			}
			p.add(k, k.hash())
			stack = append(stack, k)
			in[k] = true
		}
		// Every key on the stack is found; a sample of others is not.
		for _, k := range stack {
			if !p.has(k, k.hash()) {
				t.Fatalf("step %d: key on the path not found", step)
			}
		}
		probe := rcKey{rng.Uint64() & 0xFF, keyTag}
		if p.has(probe, probe.hash()) != in[probe] {
			t.Fatalf("step %d: membership of a probe is wrong", step)
		}
	}
}

// TestTableReuse checks that a table emptied after a large search starts
// small, holds nothing of the last search, and grows again within the
// memory it kept: no allocation on the second fill. It also checks remove,
// which restarts use.
func TestTableReuse(t *testing.T) {
	keys := randomKeys(9, 20000)
	tb := newTable[rcKey](64<<20, 16)
	fill := func(ks []rcKey) {
		for _, k := range ks {
			if tb.visit(k, k.hash()) {
				t.Fatal("a new key was reported as seen")
			}
		}
	}
	fill(keys)
	for round := 0; round < 3; round++ {
		tb.reset()
		if len(tb.slots) != 16 || tb.count != 0 {
			t.Fatalf("after reset: %d slots, count %d", len(tb.slots), tb.count)
		}
		ks := keys[:len(keys)-round*5000]
		// AllocsPerRun counts the whole process's allocations, and a
		// goroutine left by an earlier test may allocate meanwhile (seen
		// under -race); growing the table would allocate on every try.
		a := testing.AllocsPerRun(1, func() { tb.reset(); fill(ks) })
		for try := 1; try < 3 && a != 0; try++ {
			a = testing.AllocsPerRun(1, func() { tb.reset(); fill(ks) })
		}
		if a != 0 {
			t.Fatalf("round %d: %v allocations growing again", round, a)
		}
		for _, k := range ks {
			if !tb.visit(k, k.hash()) {
				t.Fatal("a stored key was lost")
			}
		}
		if tb.visit(keys[len(keys)-1], keys[len(keys)-1].hash()) != (round == 0) {
			t.Fatal("a key from an earlier fill was kept, or one of this fill lost")
		}
	}
	// remove: take out every other key; the rest must still be found.
	tb.reset()
	fill(keys)
	for i := 0; i < len(keys); i += 2 {
		tb.remove(keys[i], keys[i].hash())
	}
	if tb.count != len(keys)/2 {
		t.Fatalf("count %d after removing half of %d", tb.count, len(keys))
	}
	for i, k := range keys {
		if tb.visit(k, k.hash()) != (i%2 == 1) {
			t.Fatalf("key %d: found %v after removing every other key", i, i%2 == 1)
		}
	}
}

// randomKeys returns n random Russian Cell keys (tag bit set), the same for
// the same seed.
func randomKeys(seed uint64, n int) []rcKey {
	rng := rand.New(rand.NewPCG(seed, seed))
	keys := make([]rcKey, n)
	for i := range keys {
		keys[i] = rcKey{rng.Uint64(), rng.Uint64() | keyTag}
	}
	return keys
}
