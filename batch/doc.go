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
// # Errors
//
// Each failure a caller may tell apart has a sentinel, which errors.Is
// matches, or a type, which errors.As finds:
//
//   - ErrNoDeals: a run without deals (Open), a deals file that names
//     none (ReadDeals).
//   - rules.ErrNoGame: a run or a search of no game, the zero rules.Game
//     (Open, Find).
//   - *rules.ConfigError: a setting out of range (a negative ChunkSize,
//     a shard of no deals, a Solver that solver.Config.Check refuses,
//     RetryUnknown for a results file that is not a regular file), before
//     any work (Open, Find).
//   - ErrListTooLong: a list of deals too long for the header of its
//     results file (Open).
//   - *SpaceError: a run whose results cannot fit on the file system of
//     its results file (Open).
//   - *MismatchError: a results file to resume that another run wrote
//     (Open).
//   - *BuildError: a results file to resume that another build of
//     patience made, without Config.Force (Open).
//   - *WriteError: a results file that cannot be written (Open, Run).
//   - *ReplacedError: a results file replaced or removed while a run
//     wrote it (Run).
//   - *TruncatedError: a results file cut short while a run wrote it
//     (Run).
//   - *FileError: a results file that does not read, with its name and
//     line (NewReader, Reader.Next, Merge, SummarizeFiles, Open), and a
//     deals file (ReadDeals).
//   - ErrSecondHeader: a results file with a second header, as two files
//     joined with cat make, in its *FileError (Reader.Next).
//   - *rules.WrongDocumentError: another document given as a results or
//     deals file (NewReader, ReadDeals, ParseHeader).
//   - ResultsProblems: what is wrong with results files taken together
//     (Merge, SummarizeFiles): none given, a file given twice, headers
//     that disagree (other games, rules or players), deals missing,
//     counted twice or out of place.
//   - *SpoolSpaceError: standard input or a pipe, to be read more than
//     once, that the temporary directory has no room to copy, in its
//     *FileError (Merge, SummarizeFiles).
//   - *rules.ParseError: text that is not deals, a shard, a results header
//     or a result line (ParseDeals, ParseShard, ParseHeader, ParseRecord),
//     and a line of a deals file, in its *FileError (ReadDeals).
package batch
