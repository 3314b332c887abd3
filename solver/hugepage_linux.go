package solver

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePageMin is the smallest allocation worth backing with huge pages.
const hugePageMin = 4 << 20

// adviseHuge asks the kernel to back a freshly made table of n bytes at p
// with huge pages. A table is touched at random, one slot here and one
// there, so with small pages nearly every page of it faults in on its own;
// in a virtual machine each of those faults is slow. The advice is only a
// hint: if the kernel declines, nothing changes but the speed.
func adviseHuge(p unsafe.Pointer, n uintptr) {
	if n < hugePageMin {
		return
	}
	_ = unix.Madvise(unsafe.Slice((*byte)(p), n), unix.MADV_HUGEPAGE)
}
