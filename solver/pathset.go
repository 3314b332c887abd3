package solver

// pathSet is the exact set of positions on one worker's current search path.
// It is what detects repetition (moves into and out of cells make cycles); it
// never forgets an entry, unlike the transposition table, so a cycle is
// always caught even when the table has evicted the positions on the path.
//
// Open addressing with linear probing and backward-shift deletion; it grows
// when half full. The zero key is the empty mark, as in table. Each slot
// keeps its key's hash, so that deletion and growth hash nothing.
type pathSet[K keyType] struct {
	slots []pathSlot[K]
	mask  uint64
	count int
	zero  K
}

type pathSlot[K keyType] struct {
	k K
	h uint64
}

func newPathSet[K keyType]() pathSet[K] {
	return pathSet[K]{slots: make([]pathSlot[K], 256), mask: 255}
}

func (p *pathSet[K]) has(k K, h uint64) bool {
	for i := h & p.mask; ; i = (i + 1) & p.mask {
		switch p.slots[i].k {
		case k:
			return true
		case p.zero:
			return false
		}
	}
}

func (p *pathSet[K]) add(k K, h uint64) {
	if p.count*2 >= len(p.slots) {
		old := p.slots
		p.slots = make([]pathSlot[K], len(old)*2)
		p.mask = uint64(len(p.slots) - 1)
		p.count = 0
		for _, o := range old {
			if o.k != p.zero {
				p.add(o.k, o.h)
			}
		}
	}
	i := h & p.mask
	for p.slots[i].k != p.zero {
		i = (i + 1) & p.mask
	}
	p.slots[i] = pathSlot[K]{k, h}
	p.count++
}

// remove deletes k, which must be present, and shifts later entries of its
// probe run back so that lookups never stop early at the hole.
func (p *pathSet[K]) remove(k K, h uint64) {
	i := h & p.mask
	for p.slots[i].k != k {
		i = (i + 1) & p.mask
	}
	p.count--
	for {
		p.slots[i] = pathSlot[K]{}
		j := i
		for {
			j = (j + 1) & p.mask
			if p.slots[j].k == p.zero {
				return
			}
			if fillsHole(p.slots[j].h&p.mask, i, j) {
				p.slots[i] = p.slots[j]
				i = j
				break
			}
		}
	}
}

func (p *pathSet[K]) clear() {
	clear(p.slots)
	p.count = 0
}
