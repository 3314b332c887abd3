// Package sample answers the questions of a player who cannot see the
// face-down cards. A position may mark them unknown (rules.UnknownCard, "??").
// The cards under them are the cards seen nowhere else, in an order the
// player does not know. Each order (an arrangement) that agrees with what
// is visible gives one full position, and the solver decides that
// position exactly. Over a sample of arrangements, the package reports:
//
//   - Estimate: in how many of them the position can be won, with a 95%
//     Wilson interval;
//   - MoveShares: for every legal move, in how many of them a win still
//     exists after that move, counted over the same arrangements for every
//     move, the most winnable first: raw shares, not advice;
//   - RankMoves: the moves of MoveShares ranked, given the positions already
//     seen in the game, by the one rating core that hint, the sampled
//     player, review and the web page share (a move back to a position of
//     the game is never advised; a move that can be undone ranks below
//     progress). Its Best is the advice: the one entry point for "what to
//     play next".
//
// For example:
//
//	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617)).Hide()
//	sh, err := sample.Estimate(ctx, p, sample.Config{Solver: solver.DefaultConfig()})
//	// sh.Winnable of sh.Total() arrangements can be won; sh.Rate() has the interval.
//
// A context that ends (cancelled, or its deadline) ends the run early: the
// call returns what it decided so far with an error that errors.Is the
// context's, and the arrangements not decided count as unknown.
//
// Every arrangement is equally likely for a shuffled deck, given what the
// player sees. An arrangement counts as winnable when a win exists with all
// of its cards known: the "thoughtful" standard of solvers. So the share is
// an upper bound on what any way of playing without seeing the cards can
// win, not the win rate of a playing strategy.
//
// When the unseen cards have no more arrangements than the sample size,
// every arrangement is solved once, and the share is exact.
//
// # Errors
//
// The package declares no error of its own: the failures a caller may
// tell apart are package rules', which errors.As finds:
//
//   - *rules.ConfigError: a Config out of range (a negative Samples, or a
//     Solver that solver.Config.Check refuses), before any work.
//   - *rules.InvalidPositionError: a position that fails rules.Validate
//     (Estimate, MoveShares, Compare, RankMoves, AddSeen).
//   - *rules.MoveError: a move of AddSeen that is not legal where it is
//     played, with its number in the list.
package sample
