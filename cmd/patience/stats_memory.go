package main

import (
	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/solver"
)

// countListMemory counts the memory that the list of deals holds within
// --memory: the workers' position tables share what is left. A list of
// ranges takes next to nothing; a --deals-file of millions of scattered
// deals takes tens of bytes a deal. A list that leaves less than 1 MB for
// each worker's table is refused.
func countListMemory(list *batch.DealList, cfg *solver.Config, sf searchFlags) error {
	mb := int((list.MemoryBytes() + 1<<20 - 1) >> 20)
	if mb <= 1 {
		return nil // within the headroom that --memory leaves besides the tables
	}
	if left := sf.memoryMB - mb; left < sf.workers {
		return badInput("the list of deals takes about %d MB of --memory %d, which leaves less than 1 MB for each of the %d workers' position tables: give --memory %d or more, or split the list over several runs",
			mb, sf.memoryMB, sf.workers, mb+sf.workers)
	}
	cfg.MemoryMB = sf.memoryMB - mb
	return nil
}
