// Package game carries out what a player asks of a game of patience, once
// for both front ends: the command line (cmd/patience) and the web page's
// worker (web/play) call it and only render what it returns.
//
// Each operation takes a context and a request whose zero value means the
// defaults of this package, and returns its result as data; the words a
// player reads are written here and in internal/wording, and shared.
//
// A request without a position is refused with ErrNoPosition, an invalid
// one with a *rules.InvalidPositionError, and a setting out of range (a
// negative count of samples, a Solver that solver.Config.Check refuses)
// with the *rules.ConfigError of the package that takes it (sample,
// player, solver), before any work.
package game
