package batch

import (
	"math/big"
	"unsafe"
)

// MemoryBytes returns about how many bytes the list holds: its segments,
// its lookup indexes, and its canonical form, which a run keeps as its
// header's "deals". A range costs as little as one deal, so only a long
// list of scattered deals (a --deals-file of millions of lines) takes much:
// about 80 bytes a deal. A run counts it within its --memory.
func (l *DealList) MemoryBytes() uint64 {
	if l.random != nil {
		return uint64(unsafe.Sizeof(*l.random)) + 64
	}
	n := uint64(cap(l.segs)) * uint64(unsafe.Sizeof(segment{}))
	n += uint64(cap(l.small)+cap(l.bigs)) * 8
	n += uint64(len(l.ms)) * 48 // a map entry of two uint64s, with its share of the buckets
	digits := uint64(0)
	for _, s := range l.segs {
		switch {
		case s.big != nil:
			n += uint64(unsafe.Sizeof(big.Int{})) + uint64(len(s.big.Bits()))*8
			digits += 2*uint64(len(s.big.String())) + 2
		case s.ms:
			digits += 22
		default:
			digits += 2*decimalDigits(s.lo) + 2 // both ends of a range, a comma and a dash
		}
	}
	return n + digits
}

// decimalDigits returns the number of decimal digits of u.
func decimalDigits(u uint64) uint64 {
	d := uint64(1)
	for u >= 10 {
		u /= 10
		d++
	}
	return d
}

// compact drops the spare capacity that appending left in the segments,
// once the list is complete.
func (l *DealList) compact() {
	if cap(l.segs) > len(l.segs)+len(l.segs)/16 {
		l.segs = append([]segment(nil), l.segs...)
	}
}
