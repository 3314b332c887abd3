// Package game carries out what a player asks of a game of patience, once
// for both front ends: the command line (cmd/patience) and the web page's
// worker (web/play) call it and only render what it returns.
//
// Each operation takes a context and a request whose zero value means the
// defaults of this package, and returns its result as data; the words a
// player reads are written here and in internal/wording, and shared.
//
// Concurrency: the package keeps no state that changes, and its
// operations read the positions, moves and Request.Seen sets they are
// given without changing them, so they are safe to call from many
// goroutines at once, on the same position too, as the solver's and
// sample's functions are. A result belongs to its caller: a method that
// fills one in (PlayOutcome.Judge) changes it, and SeenAlong adds to the
// set it is given, so such a value is shared between goroutines only
// under the caller's own lock.
//
// # Errors
//
// Each failure a caller may tell apart has a sentinel, which errors.Is
// matches, or a type, which errors.As finds:
//
//   - ErrNoPosition: a Request without a Position (GetHint, Solve), a nil
//     position of SeenOf, and a Record without a solution (Record.Start,
//     Check).
//   - solver.ErrWrongGame: a position of history of another game than
//     the one on screen (SeenOf).
//   - ErrNoCatalogue: a game this build has no catalogue of (RandomDeal),
//     or none that decides every deal DailyDeal draws from.
//   - rules.ErrNoGame: a game that is no game, the zero rules.Game among
//     them (RandomDeal, with ErrNoCatalogue, and DailyDeal).
//   - catalogue.ErrNoDifficulty: a difficulty that RandomDeal has no deal
//     of.
//   - *rules.ConfigError: a setting out of range (a negative count of
//     samples, a Solver that solver.Config.Check refuses), from the
//     package that takes it (sample, player, solver), before any work;
//     and a date outside the years 1 to 9999 (DailyDeal).
//   - *SamplesError: a count of arrangements out of range
//     (CheckSamples).
//   - *rules.InvalidPositionError: a position that fails rules.Validate
//     (Search, Play, Review, WhereWrong, HandMoves and the others that
//     take a position).
//   - *rules.MoveError: a move that is not legal where it is played
//     (HandMoves, SeenAlong).
//   - rules.Problems: what is wrong with a document read, one problem a
//     line (ReadPosition, ReadMoveFile, ReadRecord).
//   - *rules.WrongDocumentError: another document given in a document's
//     place (ReadPosition, ReadPositionOf, ReadMoveFile, ReadRecord).
//   - *rules.ParseError: a kind that is none of the application's
//     documents (ParseKind).
package game
