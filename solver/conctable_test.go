package solver

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
)

// TestConcTableStress has many goroutines enter the same keys into the
// lock-free shared table at once, in different orders, while it grows
// under them. Many keys share their second word (the word a slot is
// claimed by), so that a reader pairing the wrong first word with it
// would show. Each key must be reported new by at least one goroutine
// (never seen before anyone entered it), and new again only as often as
// the table has forgotten a key. Run it with -race as well.
func TestConcTableStress(t *testing.T) {
	const (
		workers = 8
		keys    = 40_000
	)
	tab := newConcTable(64<<20, 1<<12) // 4,096 slots at first: it must grow
	tab.start(workers, 0)
	key := func(i int) rcKey { return rcKey{uint64(i)*0x9e3779b97f4a7c15 + 1, keyTag | uint64(i%7)} }
	var news [keys]atomic.Int32
	var wg sync.WaitGroup
	for g := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var pending int64
			rng := rand.New(rand.NewPCG(uint64(g), 99))
			order := rng.Perm(keys)
			for n, i := range order {
				if n%4 == 0 {
					tab.safePoint() // as the search does between positions
				}
				k := key(i)
				if !tab.visit(k, k.hash(), &pending) {
					news[i].Add(1)
				}
			}
			tab.flush(&pending)
			tab.done()
		}()
	}
	wg.Wait()
	count, _, evicted := tab.stats()
	total := int64(0)
	for i := range keys {
		n := news[i].Load()
		if n < 1 {
			t.Fatalf("key %d was reported seen by every goroutine, new by none", i)
		}
		total += int64(n)
	}
	// A key is new again only after it was overwritten (evicted), which
	// the table does when a probe runs past its window while a growth
	// waits for the workers.
	if total-keys > evicted {
		t.Fatalf("%d keys reported new twice, only %d evictions", total-keys, evicted)
	}
	if count > total {
		t.Fatalf("the table counts %d inserts, %d keys were reported new", count, total)
	}
	if len(tab.slots) <= 1<<12 {
		t.Fatalf("the table never grew (%d slots)", len(tab.slots))
	}
}
