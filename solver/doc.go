// Package solver decides Russian Cell and Ripple Fan positions exactly: it
// searches the whole space of positions (with only proven-safe pruning),
// and returns a verdict with a winning move list when there is one.
//
// The verdict contract: Solvable comes with moves that win (replay them
// with rules.Replay to see); Unsolvable means the search ended with no
// win, every position compared by its whole packed key; Unknown means a
// budget ran out or the search was interrupted, and Result.Reason (a
// StopReason) says which.
//
// Solve decides one position; a Solver keeps its tables for many:
//
//	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
//	res, err := solver.Solve(ctx, p, solver.DefaultConfig())
//	if err != nil {
//		return err // not a position the solver takes
//	}
//	fmt.Println(res.Verdict, len(res.Moves), "moves")
//
// The context ends a search: Solve returns the result so far (an Unknown
// verdict, with the reason Interrupted when cancelled and TimeLimit past
// its deadline) and the context's error, which errors.Is(err,
// context.Canceled) or context.DeadlineExceeded recognises. A budget of
// the Config that runs out (MaxNodes, Timeout) is a result, not an error.
// Config also sets the rules, the pruning, the number of
// cores, the node budget and the memory of the position table (a full
// table forgets positions and searches them again when it meets them, so
// a search with too small a table may run out of its node budget, Unknown,
// where a larger table decides it; a verdict it gives is still exact). The
// zero Config
// is DefaultConfig: every field is named so that its zero value is the
// default. A negative number is refused, before any work, with a
// *rules.ConfigError (Config.Check).
// Config.Shortest asks for a solution of the fewest moves, proven so.
//
// A position that fails rules.Validate (an empty board, a card twice) is
// refused with a *rules.InvalidPositionError, never answered: Solve checks
// its position once, before searching. (*Solver).SolveTrusted skips the
// check, for the deals package dealgen builds, as batch runs do: checking
// a Ripple Fan deal costs about as much as deciding it.
//
// Result.Solution gives the result as the solution document that
// rules.MarshalSolution writes and `patience check` reads.
//
// Positions with unknown face-down cards ("??") are refused
// (rules.ErrUnknownCards): package sample answers for them over the
// arrangements of the unseen cards. Package batch decides many deals into
// a results file. FindBlockage finds the cause of some losses, as data (game.Why words it).
//
// # Errors
//
// Each failure a caller may tell apart has a sentinel, which errors.Is
// matches, or a type, which errors.As finds:
//
//   - ErrWrongGame: a position of another game than the Solver's, or any
//     position given to a Solver of no game (Solver.Solve,
//     Solver.SolveTrusted).
//   - rules.ErrNoGame: a Solver of no game (New of the zero rules.Game),
//     or a position of no game.
//   - *rules.InvalidPositionError: a position that fails rules.Validate
//     (Solve, Solver.Solve), and a nil position or one not of its game's
//     shape (Solver.SolveTrusted).
//   - rules.ErrUnknownCards: a position with unknown face-down cards
//     (Solve, Solver.Solve, Solver.SolveTrusted).
//   - *rules.ParseError: text that is not a StopReason (ParseStopReason),
//     or not a verdict's word (Verdict.UnmarshalText).
//   - ErrBadReason: the same, matched through that *rules.ParseError.
package solver
