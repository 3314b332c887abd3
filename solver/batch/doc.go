// Package batch decides many deals: the engine of `patience stats` and
// `patience merge`.
//
// A run (Open, then Runner.Run) deals and searches every deal of a list,
// or of one shard of it, on all cores: each worker owns a solver, a dealer
// and a position, takes chunks of deals from a shared counter, and sends
// its results to one writer goroutine, which appends them to the results
// file and keeps the Summary. The file is a header line and one JSON line
// per deal (DESIGN section 6); it is written in whole lines at least once
// a second, so a stopped run keeps what it finished, and a rerun with the
// same file resumes where it stopped.
//
// Merge checks shard files against the list their headers declare and
// combines them. Summary computes the counts, the win rate with its Wilson
// interval, and the distributions of effort.
package batch
