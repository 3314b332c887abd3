package solver

// The table of positions of a Russian Cell search.
//
// Three kinds of table hold the positions, chosen once by newRCSearch from
// the Symmetry switch and the number of workers:
//
//	tableOwn      one worker, Symmetry on: a table of the worker's own
//	              (table.go), which can take a position out again (for
//	              restarts) and evicts at its cap; the warm-up of a
//	              parallel search (rc_parallel.go) uses one too
//	tableShared   several workers, Symmetry on: the lock-free shared table
//	              (conctable.go)
//	tableOrdered  Symmetry off: keys that hold the order of the columns
//	              and cells (rcKey3), in a sharded table, locked when
//	              several workers share it
//
// rcTable puts them behind one type. What is not on the hot path (emptying
// the table, giving its memory back, its figures) goes through posTable,
// which every kind implements. The lookups stay calls on the concrete
// tables, so that the compiler can inline them and no interface call is
// made per position: enter and checkPath (rc_path.go) ask rcTable.kind
// which table to use, and the other places where the kinds differ ask the
// methods below.
type rcTable struct {
	kind   tableKind
	own    *table[rcKey]        // tableOwn
	shared *concTable           // tableShared
	keys3  *sharedTable[rcKey3] // tableOrdered
	store  posTable             // the same table, for what is not the hot path
}

type tableKind uint8

const (
	tableOwn tableKind = iota
	tableShared
	tableOrdered
)

// posTable is what every kind of table offers outside the search's hot
// path.
type posTable interface {
	// clear empties the table for a search by n workers, sized for at
	// least size positions where that is known (0: not known).
	clear(n, size int)
	// release empties the table and gives its memory back.
	release()
	// stats returns the positions stored, the table's bytes and the
	// positions it has forgotten.
	stats() (count, bytes, evicted int64)
}

// newRCTable makes the table for a search by n workers with the pruning pr,
// capped at capBytes.
func newRCTable(pr pruning, n int, capBytes int64) rcTable {
	switch {
	case pr.Symmetry && n > 1:
		return sharedRCTable(newConcTable(capBytes, 1<<14))
	case pr.Symmetry:
		return ownRCTable(newTable[rcKey](capBytes, 1<<12))
	}
	shards := 1
	if n > 1 {
		shards = 64 * n
	}
	t := newSharedTable[rcKey3](capBytes, shards, 1<<12, n > 1)
	return rcTable{kind: tableOrdered, keys3: t, store: t}
}

// ownRCTable is the table t of one worker alone.
func ownRCTable(t *table[rcKey]) rcTable { return rcTable{kind: tableOwn, own: t, store: t} }

// sharedRCTable is the lock-free table t shared by several workers.
func sharedRCTable(t *concTable) rcTable {
	return rcTable{kind: tableShared, shared: t, store: t}
}

// ordered reports whether the keys hold the order of the columns and cells
// (rcKey3, Symmetry off); the other kinds take rcKey.
func (t *rcTable) ordered() bool { return t.kind == tableOrdered }

// forgets reports whether positions can be taken out of the table again
// (restarts, rc_restart.go), which only the one worker's own table allows;
// the path set is then kept only once the table could evict (rc_path.go).
func (t *rcTable) forgets() bool { return t.kind == tableOwn }

// safePoint lets the shared table grow, if it asks to, while no worker
// holds a slot (concTable.safePoint).
func (t *rcTable) safePoint() {
	if t.kind == tableShared {
		t.shared.safePoint()
	}
}

// flush adds a worker's pending inserts to the shared table's count.
func (t *rcTable) flush(pending *int64) {
	if t.kind == tableShared {
		t.shared.flush(pending)
	}
}

// setActive tells the shared table how many workers now search.
func (t *rcTable) setActive(n int) {
	if t.kind == tableShared {
		t.shared.setActive(n)
	}
}

// done tells the shared table that a worker has stopped searching.
func (t *rcTable) done() {
	if t.kind == tableShared {
		t.shared.done()
	}
}

// The posTable methods of each kind.

func (t *table[K]) clear(n, size int) { t.reset() }

func (t *table[K]) stats() (count, bytes, evicted int64) {
	return int64(t.count), t.bytes(), t.evicted
}

func (st *sharedTable[K]) clear(n, size int) { st.reset() }

func (t *concTable) clear(n, size int) { t.start(n, size) }

// release takes the table back to its smallest size.
func (t *concTable) release() { t.start(1, 0) }

// resetTable empties the table for a search by n workers, sized for at
// least size positions where that is known.
func (s *rcSearch) resetTable(n, size int) {
	s.tab.store.clear(n, size)
	for _, w := range s.workers {
		w.ctPending = 0
	}
}

// releaseTable empties the table and gives its memory back.
func (s *rcSearch) releaseTable() {
	s.tab.store.release()
	for _, w := range s.workers {
		w.ctPending = 0
	}
}
