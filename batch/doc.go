// Package batch decides many deals: the engine of `patience stats`,
// `patience find` and `patience merge`.
//
// A run deals and searches every deal of a list, or of one shard of it,
// into a results file, and can be resumed:
//
//	deals, err := batch.ParseDeals("1-100000")
//	...
//	run, err := batch.Open(batch.Config{Game: rules.RussianCell, Deals: deals,
//		Solver: solver.DefaultConfig(), Out: "rc.jsonl"})
//	...
//	res, err := run.Run(ctx) // cancel ctx to stop: finished deals are kept
//	fmt.Println(res.Summary.Report().WinRate)
//
// Run uses all cores: each worker owns a solver, a dealer and a position,
// takes chunks of deals from a shared counter, and sends its results to
// one writer goroutine, which appends them to the results file and keeps
// the Summary. The file is a header line and one JSON line per deal; it is
// written in whole lines at least once a second, so a stopped run keeps
// what it finished, and a rerun with the same file resumes where it
// stopped. Opening a file of another run fails with a *MismatchError.
//
// A run takes deal numbers, never positions: each deal is dealt by
// package dealgen, valid as dealt, and decided with
// (*solver.Solver).SolveTrusted, so that no deal is validated (checking a
// Ripple Fan deal costs about as much as deciding it).
//
// Find decides deals in order and reports those that match. Merge checks
// shard files against the list their headers declare and combines them;
// SummarizeFiles summarises files as they are. Summary computes the
// counts, the win rate with its Wilson interval, and the distributions of
// effort.
//
// Open and Find refuse a setting out of range (a negative ChunkSize, a
// shard of no deals, a Solver that solver.Config.Check refuses) with a
// *rules.ConfigError before any work; a file that does not read is a
// *FileError.
package batch
