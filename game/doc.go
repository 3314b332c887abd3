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
// A request without a position is refused with ErrNoPosition, an invalid
// one with a *rules.InvalidPositionError, and a setting out of range (a
// negative count of samples, a Solver that solver.Config.Check refuses)
// with the *rules.ConfigError of the package that takes it (sample,
// player, solver), before any work.
package game
