package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
)

// reviewOptions are the flags of review.
type reviewOptions struct {
	format         string
	ascii          bool
	sf             startFlags
	fl             searchFlags
	samples, judge int
	seed           uint64
}

// reviewLong and reviewExample are the help of review.
const reviewLong = `review replays the moves you played (--moves, in any form --moves takes
elsewhere: one move a line such as "5C t3>t6", a JSON move list, or the
record that play writes) from a deal or a position with every card known, and
shows for every move:

  after   the verdict after the move with all cards known (exact)
  view    Russian Cell: the share of the arrangements of the cards you could
          not see in which the position before the move could be won
          (--samples arrangements, --seed), what you could know at the time
  rank    Russian Cell: the move's place in hint's ranking given the game so
          far (moves that differ only in which cell or empty column count
          once; moves back to a position of the game come last)

It names the first move that turned a winnable game into a lost one, a move
that would have kept it winnable with all cards known, and the move your view
rated best (hint's best move, given the game so far); neither goes back to a
position already seen in the game. It then judges the losing move on one
fresh draw of --judge-samples arrangements (default 400), decided once:

  bad luck           the move played was as good within 5 points: the 90%
                     interval of the paired difference (best-rated minus
                     played) stays below 5 points; the unseen cards decided
  mistake            otherwise, when the best-rated move keeps significantly
                     more of them winnable: McNemar's exact test (a two-sided
                     sign test on the arrangements won after only one move),
                     p < 0.05; said with its size and 95% interval, "a
                     mistake, of about 9.2 points (4.8–13.6)"
  too close to call  neither

Both tests can pass: a difference that is there, but shown below 5 points.
Bad luck stands then (the margin is what "as good" means), and the review
says the best-rated move did a little better. It prints the counts and the
p-value. With every possible arrangement solved (few cards unseen, or none,
as in Ripple Fan) the comparison is exact: a mistake from 5 points up.`

const reviewExample = `  patience review russian-cell 617 --moves played.txt
  patience review russian-cell 617 --moves played.txt --judge-samples 1000
  patience review russian-cell 617 --moves game.json --format json
  patience play russian-cell 617 --player greedy --format json > g.json; patience review russian-cell 617 --moves g.json
  patience review ripple-fan --position start.json --moves played.txt`

func newReviewCommand(s streams) *cobra.Command {
	o := &reviewOptions{}
	cmd := &cobra.Command{
		Use:     "review GAME (NUMBER | --position FILE) --moves FILE",
		Short:   "Say where a played game was lost: a mistake, bad luck, or too close to call",
		Long:    reviewLong,
		Example: reviewExample,
		Args:    gameArgs,
		RunE:    func(cmd *cobra.Command, args []string) error { return runReview(cmd.Context(), s, o, args) },
	}
	cmd.ValidArgsFunction = gameFirst
	formatFlag(cmd, &o.format, "output format: text or json", textOrJSON)
	cmd.Flags().BoolVar(&o.ascii, "ascii", false, "draw suits as letters (C S H D), not symbols")
	cmd.Flags().StringVar(&o.sf.position, "position", "", "read the start position from FILE (JSON or board text; - for stdin); every card known")
	cmd.Flags().StringVar(&o.sf.moves, "moves", "", "the moves played (JSON move list, a solution or play record, or one move a line such as \"5C t3>t6\")")
	intFlag(cmd.Flags(), &o.samples, "samples", "", game.ReviewSamples, "Russian Cell: arrangements of the unseen cards drawn for each move's view")
	intFlag(cmd.Flags(), &o.judge, "judge-samples", "", game.JudgeSamples, "arrangements of the unseen cards drawn once, at the losing move only, to judge it")
	uint64Flag(cmd.Flags(), &o.seed, "seed", game.Seed, "the seed of the draws")
	o.fl.add(cmd, "arrangements searched at once, one core each")
	return cmd
}

// runReview runs review with its flags parsed into o.
func runReview(ctx context.Context, s streams, o *reviewOptions, args []string) error {
	if err := checkFormat(o.format, textOrJSON); err != nil {
		return err
	}
	if o.sf.moves == "" {
		return badInput("missing --moves FILE: the moves you played, one a line such as \"5C t3>t6\"")
	}
	if err := checkSamples("samples", o.samples); err != nil {
		return err
	}
	if err := checkSamples("judge-samples", o.judge); err != nil {
		return err
	}
	if err := checkSeed(o.seed); err != nil {
		return err
	}
	cfg, err := o.fl.config()
	if err != nil {
		return err
	}
	if o.sf.moves == "-" && o.sf.position == "-" {
		return badInput("--position and --moves cannot both read standard input")
	}
	mf, err := readMoveDoc(s, o.sf.moves)
	if err != nil {
		return err
	}
	p, num, err := reviewStart(s, args, o.sf, mf)
	if err != nil {
		return err
	}
	if err := p.NeedKnown("review"); err != nil {
		return usageError{fmt.Errorf("%v: review needs the true position the game was played from", err)}
	}
	moves, err := movesFrom(o.sf.moves, mf, p, num)
	if err != nil {
		return err
	}
	if _, err := rules.Replay(p, cfg.Options, moves); err != nil {
		return usageError{fmt.Errorf("%s: %v", fileName(o.sf.moves), err)}
	}
	rv, err := game.Review(ctx, game.Played{Start: p, Moves: moves, Solver: cfg, Samples: o.samples, Seed: o.seed, JudgeSamples: o.judge})
	if sig := signalOf(ctx); sig != 0 {
		fmt.Fprintf(s.err, "patience: review stopped by %s before it was done: nothing to report\n", sigName(sig))
		return interrupted{sig}
	}
	if err != nil {
		return err
	}
	if o.format == "json" {
		fmt.Fprintf(s.out, "%s\n", mustMarshal(game.ReviewDocOf(rv, cfg.Options, num, o.sf.position != "" || num == "")))
		return nil
	}
	printReview(s.out, rv, num, style(s.out, o.ascii))
	return nil
}

// reviewStart returns the start of the game to review: the deal number
// or --position given, or else the start a play or solution record given
// to --moves carries (its deal, or its position).
func reviewStart(s streams, args []string, sf startFlags, mf game.MoveFile) (*rules.Position, string, error) {
	if len(args) > 1 || sf.position != "" || mf.Record == nil {
		return readStart(s, args, sf)
	}
	g, err := parseGame(args[0])
	if err != nil {
		return nil, "", err
	}
	sol := mf.Record.Solution
	switch {
	case sol.Game != g:
		return nil, "", badInput("%s is a game of %s, not %s", fileName(sf.moves), sol.Game, g)
	case sol.Position != nil:
		return sol.Position, "", nil
	}
	return readStart(s, []string{args[0], sol.Number}, sf)
}

func printReview(w io.Writer, rv *player.Reviewed, num string, st boardStyle) {
	p := rv.Start
	fmt.Fprint(w, formatBoard(p, num, st))
	fmt.Fprintln(w)
	fmt.Fprintf(w, "With all cards known the start is %s.\n", rv.Before)
	rc := p.Game == rules.RussianCell
	if rc {
		fmt.Fprintf(w, "view: the share of %d arrangements of the unseen cards (seed %d) in which the\nposition before the move can be won; rank: the move's place in hint's ranking,\ngiven the game so far.\n", rv.Samples, rv.Seed)
	}
	fmt.Fprintln(w)
	width := len(fmt.Sprint(len(rv.Moves)))
	if rc {
		fmt.Fprintf(w, "%*s  %-11s %-11s %-16s %s\n", width+1, "#", "move", "after", "view", "rank")
	} else {
		fmt.Fprintf(w, "%*s  %-11s %s\n", width+1, "#", "move", "after")
	}
	for i, m := range rv.Moves {
		mark := " "
		if i+1 == rv.LostAt {
			mark = "*"
		}
		line := fmt.Sprintf("%*d.%s %-11s %-11s", width, i+1, mark, m.Move.String(), m.After.String())
		if m.Rated {
			view := "-"
			if t := m.View; t.Decided() > 0 {
				view = fmt.Sprintf("%s (%d/%d)", wording.Percent(float64(t.Winnable)/float64(t.Decided()), 0.5), t.Winnable, t.Decided())
			}
			line += fmt.Sprintf(" %-16s %d of %d", view, m.Rank, m.Choices)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	fmt.Fprintln(w)
	var lost, kept string
	if rv.LostAt > 0 {
		lost, kept = rv.Moves[rv.LostAt-1].Move.String()+", marked *", rv.Kept.String()
	}
	for i, l := range game.Outcome(rv, lost, kept) {
		if i > 0 {
			l = "  " + l // the losing move's details
		}
		fmt.Fprintln(w, l)
	}
	if rv.LostAt > 0 {
		for _, l := range game.JudgementLines(rv, rv.Moves[rv.LostAt-1].Move) {
			fmt.Fprintln(w, l)
		}
	}
}
