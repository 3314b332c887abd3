package main

import (
	"runtime"

	"github.com/patience-solver/patience/solver"
)

// maxMemoryMB is the largest --memory: 16 TiB, more than any machine this
// runs on has, and far below where a count of bytes would overflow.
const maxMemoryMB = 1 << 24

// workersPerCore is how many workers per core --workers may ask for, at
// least minMaxWorkers in all: more workers than cores only take turns on
// them, and each takes memory of its own.
const (
	workersPerCore = 8
	minMaxWorkers  = 64
)

// maxWorkers is the largest --workers on this machine.
func maxWorkers() int { return max(minMaxWorkers, workersPerCore*runtime.NumCPU()) }

// workerKB is the memory that each worker of one search (solve and hint,
// all cards known) holds besides the shared position table: its path set,
// move lists, stack and board. Measured: peak resident memory of
// "solve russian-cell 308860 --memory 16 --max-nodes 3000000" grew by 68 to
// 113 KB a worker from 16 to 256 workers.
const workerKB = 128

// checkLimits refuses --workers and --memory values that no machine can
// honour: far more workers than cores, a table larger than the machine's
// memory (or than maxMemoryMB, where a count of bytes would wrap around).
func (f *searchFlags) checkLimits() error {
	if n := maxWorkers(); f.workers > n {
		return badInput("--workers %d is far more than the %d cores: at most %d here; more workers than cores only take turns on them", f.workers, runtime.NumCPU(), n)
	}
	if f.memoryMB > maxMemoryMB {
		return badInput("--memory %d is too large: at most %d (16 TB)", f.memoryMB, maxMemoryMB)
	}
	if f.memoryMB > solver.DefaultMemoryMB {
		if mb, ok := physicalMB(); ok && int64(f.memoryMB) > mb {
			return badInput("--memory %d is more than this machine's memory (%d MB)", f.memoryMB, mb)
		}
	}
	return nil
}

// shareTable takes, for a search whose workers share one position table
// (solve and hint with every card known), each worker's own memory out of
// the table's part of --memory, so that --memory covers both. It refuses
// workers whose own memory leaves less than 1 MB for the table.
func (f *searchFlags) shareTable(cfg *solver.Config) error {
	own := f.workers * workerKB / 1024 // MB, rounded down: the headroom holds the rest
	if f.memoryMB-own < 1 {
		return badInput("--memory %d holds the position table and %d KB for each of the %d workers: give --memory %d or more, or fewer --workers", f.memoryMB, workerKB, f.workers, own+1)
	}
	cfg.MemoryMB = f.memoryMB - own
	return nil
}
