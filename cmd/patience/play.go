package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/solver"
)

// playerFlags are the flags that choose a player and its sampling.
type playerFlags struct {
	player  string
	samples int
	seed    uint64
}

func (f *playerFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.player, "player", "", "who plays: sampled (rates moves over arrangements of the unseen cards) or greedy (a fixed rule, no search)")
	intFlag(cmd.Flags(), &f.samples, "samples", "", game.DecisionSamples, "sampled player: arrangements of the unseen cards drawn at each decision")
	uint64Flag(cmd.Flags(), &f.seed, "seed", game.Seed, "sampled player: the seed of the draws; the same seed plays the same game")
}

// config reads the flags of cmd into a player's configuration: --samples
// and --seed are refused beside the greedy player, who draws nothing.
func (f *playerFlags) config(cmd *cobra.Command, cfg solver.Config) (player.Config, error) {
	if f.player == "" {
		return player.Config{}, badInput("missing --player: use sampled or greedy")
	}
	k, err := player.ParseKind(f.player)
	if err != nil {
		return player.Config{}, usageError{err}
	}
	if err := checkSamples("samples", f.samples); err != nil {
		return player.Config{}, err
	}
	if err := checkSeed(f.seed); err != nil {
		return player.Config{}, err
	}
	if k == player.Greedy {
		for _, name := range []string{"samples", "seed"} {
			if cmd.Flags().Changed(name) {
				return player.Config{}, badInput("--%s applies only to the sampled player", name)
			}
		}
	}
	return player.Config{Kind: k, Sampling: player.Sampling{Solver: cfg, Samples: f.samples, Seed: f.seed}}, nil
}

// playOptions are the flags of play.
type playOptions struct {
	format string
	ascii  bool
	sf     startFlags
	fl     searchFlags
	pf     playerFlags
}

// playLong and playExample are the help of play.
const playLong = `play lets a player play a deal, or a position, as a person at a card table
must: seeing only the face-up cards, the cells, the foundations and how many
cards lie face down in each column. The face-down cards turn up only as moves
uncover them.

  sampled  at each choice, rates every legal move by the share of --samples
           arrangements of the unseen cards in which a win still exists
           after it (as hint --hide does), and plays the best
  greedy   a fixed rule with no search: a card that turns up a face-down
           card first (from the column with the most), then a card onto
           its successor, a cell card to a column, a King to an empty
           column, a card to a cell

Four other players (reveal, adaptive, rollout, conditioned) were measured
against sampled and removed, as none beat it on both fixed deal sets; their
figures are in benchmarks/BENCHMARKS.md.

Both play a card to its foundation at once without rating it, play the only
move without rating it, never play a card back from the foundations, and
never move to a position already seen in the game. The game ends when it is
won, or when no move leads to a position not yet seen. When none of the
sampled player's arrangements can be won, it plays on by the greedy rule
("no win" in the list) until a face-down card turns up, then rates its moves
again; when that is exact (every possible arrangement solved), it plays the
lost game out by the rule. A move that
can be undone at once is rated by the arrangements whose win begins with it
(a win that goes back through the position before it is no use to a player
who never repeats a position).

play prints each move with the share it was rated at, the outcome, and for a
lost game the first move after which the game could no longer be won with all
cards known (or "lost as dealt" when it never could). The outcome is the
player's; the deal's verdict with all cards known is given beside it.

--format json writes the record of the game in the solution format, with the
verdict of the deal, the moves played, and "player", "samples", "seed",
"outcome" (won or lost), "ended", "lost_after" and "shares" (one per move:
{"winnable","of"} or null for a move played unrated). check accepts a won
game's record.

Ctrl-C, SIGTERM, SIGHUP or SIGQUIT stops the game: the moves made so far
are shown, or with --format json written as the record of the game so far,
with "outcome":"stopped" and "stopped" naming the signal, such as "SIGINT".
The exit code is 128 plus the signal's number (130 for SIGINT, 143 for
SIGTERM).

--moves FILE plays those moves first (with every card known: the player
starts after them).`

const playExample = `  patience play russian-cell 617
  patience play russian-cell 617 --player sampled
  patience play russian-cell 617 --player greedy
  patience play russian-cell 617 --player sampled --samples 200 --seed 5
  patience play russian-cell 617 --player sampled --format json > game.json; patience check game.json
  patience play russian-cell --position midgame.json --player sampled
  patience play ripple-fan 5 --player greedy`

func newPlayCommand(s streams) *cobra.Command {
	o := &playOptions{}
	cmd := &cobra.Command{
		Use:     "play GAME (NUMBER | --position FILE) [--player sampled|greedy]",
		Short:   "Let a player who cannot see the face-down cards play a deal",
		Long:    playLong,
		Example: playExample,
		Args:    gameArgs,
		RunE:    func(cmd *cobra.Command, args []string) error { return runPlay(s, cmd, o, args) },
	}
	cmd.ValidArgsFunction = gameFirst
	formatFlag(cmd, &o.format, "output format: text or json", textOrJSON)
	cmd.Flags().BoolVar(&o.ascii, "ascii", false, "draw suits as letters (C S H D), not symbols")
	cmd.Flags().StringVar(&o.sf.position, "position", "", "read the start position from FILE (JSON or board text; - for stdin); every card known")
	cmd.Flags().StringVar(&o.sf.moves, "moves", "", "play the moves in FILE first (JSON move list, a solution, or one move a line such as \"5C t3>t6\")")
	o.pf.add(cmd)
	cmd.Flags().Lookup("player").Usage += " (default: " + player.Default.String() + ", the strongest measured)"
	o.fl.add(cmd, "arrangements searched at once, one core each")
	return cmd
}

// runPlay runs play with its flags parsed into o.
func runPlay(s streams, cmd *cobra.Command, o *playOptions, args []string) error {
	if err := checkFormat(o.format, textOrJSON); err != nil {
		return err
	}
	cfg, at, err := searchStart(s, args, o.sf, o.fl)
	if err != nil {
		return err
	}
	p, num, played := at.pos, at.num, at.played
	if o.pf.player == "" {
		o.pf.player = player.Default.String()
	}
	pc, err := o.pf.config(cmd, cfg)
	if err != nil {
		return err
	}
	if played > 0 {
		num = ""
	}
	if err := p.NeedKnown("play"); err != nil {
		return usageError{fmt.Errorf("%v: the game is played from the true position, and the player is shown only its face-up cards", err)}
	}
	ctx := cmd.Context()
	out, err := game.Play(ctx, p, pc)
	var rep *playReport
	if out != nil {
		rep = &playReport{out}
	}
	sig := signalOf(ctx)
	if sig != 0 && rep != nil && rep.Unfinished {
		// The game so far: the moves made, or the record of an
		// unfinished game, marked as stopped by the signal.
		n := len(rep.Game.Moves)
		if o.format == "json" {
			sol := rep.Record(game.RecordOf{Number: num, Start: p, Options: cfg.Options, Player: pc, WithPosition: o.sf.position != "" || num == ""})
			sol.Play.Outcome, sol.Play.Signal = game.OutcomeStopped, sigName(sig)
			sol.Play.Ended = fmt.Sprintf("stopped by %s after %s", sigName(sig), wording.Moves(n))
			fmt.Fprintf(s.out, "%s\n", game.MarshalRecord(sol))
		} else {
			rep.printMoves(s.out, num, pc, style(s.out, o.ascii))
		}
		fmt.Fprintf(s.err, "patience: play stopped by %s after %s: the game was not finished\n", sigName(sig), wording.Moves(n))
		return interrupted{sig}
	}
	if sig != 0 && rep == nil {
		fmt.Fprintf(s.err, "patience: play stopped by %s before the first move\n", sigName(sig))
		return interrupted{sig}
	}
	if err != nil && !game.Stopped(err) {
		return err
	}
	// With a signal after the game ended, the record is whole but
	// for the verdict with all cards known (unknown: interrupted).
	sol := rep.Record(game.RecordOf{Number: num, Start: p, Options: cfg.Options, Player: pc, WithPosition: o.sf.position != "" || num == ""})
	if o.format == "json" {
		fmt.Fprintf(s.out, "%s\n", game.MarshalRecord(sol))
	} else {
		if played > 0 {
			fmt.Fprintf(s.out, "After the %d moves of %s:\n", played, o.sf.moves)
		}
		if sig == 0 {
			_ = rep.Judge(ctx, p, pc) // a stop leaves the loss unjudged; the signal is reported below
		}
		rep.print(s.out, num, pc, style(s.out, o.ascii))
	}
	if sig != 0 {
		fmt.Fprintf(s.err, "patience: play stopped by %s after the game ended, before the verdict with all cards known was found\n", sigName(sig))
		return interrupted{sig}
	}
	return nil
}

// playReport is a played game (game.PlayOutcome), with what the command
// line prints of it.
type playReport struct{ *game.PlayOutcome }

// print writes the game for people.
func (r *playReport) print(w io.Writer, num string, pc player.Config, st boardStyle) {
	gm := r.Game
	r.printMoves(w, num, pc, st)
	if gm.Won {
		fmt.Fprintf(w, "Outcome: won in %s.\n", wording.Moves(len(gm.Moves)))
	} else {
		fmt.Fprintf(w, "Outcome: lost after %s, with %d of 52 cards on the foundations (%s).\n", wording.Moves(len(gm.Moves)), gm.End.OnFoundations(), gm.Ended)
	}
	fmt.Fprint(w, noWinText(gm))
	switch {
	case gm.Won:
		fmt.Fprintln(w, "With all cards known: solvable (the game shows it).")
	case r.Start.Verdict == solver.Unsolvable:
		fmt.Fprintln(w, "With all cards known: unsolvable. Lost as dealt: no way of playing could win it.")
	case r.Start.Verdict == solver.Unknown:
		fmt.Fprintf(w, "With all cards known: unknown (%s), so where it was lost is not known.\n", r.Start.Reason)
	case r.LostAt > 0:
		m := gm.Moves[r.LostAt-1].Move
		fmt.Fprintf(w, "With all cards known: solvable. It could no longer be won after move %d (%v).\n", r.LostAt, m)
		fmt.Fprintln(w, game.LossWhy(r.Why, m))
	default:
		fmt.Fprintln(w, "With all cards known: solvable; where it was lost is unknown (a budget ran out).")
	}
}

// noWinText says, for a game in which the sampled player found no
// arrangement that could be won, where, and how it played on; "" when it
// never did.
func noWinText(gm *player.PlayedGame) string {
	at := gm.NoWin()
	if len(at) == 0 {
		return ""
	}
	var b strings.Builder
	last := gm.Moves[at[len(at)-1]-1]
	sampled := at
	if last.Exhaustive {
		sampled = at[:len(at)-1]
	}
	if len(sampled) > 0 {
		fmt.Fprintf(&b, "At %s, none of the arrangements the player drew could be won (\"no win\"): from\n", movesText(sampled))
		b.WriteString("there it played by the greedy rule until a face-down card turned up or the game ended.\n")
	}
	if last.Exhaustive && last.Rating.Total() == 1 {
		fmt.Fprintf(&b, "At move %d, with every card known, the position could not be won: the game was lost,\nand the player played it out by the greedy rule.\n", at[len(at)-1])
	} else if last.Exhaustive {
		fmt.Fprintf(&b, "At move %d, no arrangement of the unseen cards could be won (all %d possible ones were\n", at[len(at)-1], last.Rating.Total())
		b.WriteString("solved): the game was lost, and the player played it out by the greedy rule.\n")
	}
	return b.String()
}

// movesText names move numbers: "move 17", "moves 17 and 28", "moves 3,
// 17 and 28".
func movesText(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	if len(s) == 1 {
		return "move " + s[0]
	}
	return "moves " + strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// printMoves writes the start as the player saw it, who played, and the
// moves made.
func (r *playReport) printMoves(w io.Writer, num string, pc player.Config, st boardStyle) {
	gm := r.Game
	p, view := gm.Start, gm.Start.Hide()
	fmt.Fprint(w, formatBoard(view, num, st))
	fmt.Fprintln(w)
	who := "the greedy player (a fixed rule, no search)"
	if pc.Kind != player.Greedy {
		who = fmt.Sprintf("the %s player (%d arrangements of the unseen cards per decision, seed %d)", pc.Kind, pc.Samples, pc.Seed)
	}
	if view.Unknowns() == 0 {
		// Nothing is face down (Ripple Fan, or a late position).
		if pc.Kind != player.Greedy {
			who = "the " + pc.Kind.String() + " player"
		}
		fmt.Fprintf(w, "Played by %s; every card is face up, so it sees them all.\n\n", who)
	} else {
		fmt.Fprintf(w, "Played by %s,\nwho sees only the face-up cards; face-down cards turn up as they are uncovered.\n\n", who)
	}
	q := p.Clone()
	width := len(fmt.Sprint(len(gm.Moves)))
	for i, d := range gm.Moves {
		fmt.Fprintf(w, "%*d. %-11s %-16s %s\n", width, i+1, d.Move.String(), howText(d), describe(q, d.Move, st))
		q.Apply(d.Move)
	}
	if len(gm.Moves) > 0 {
		fmt.Fprintln(w)
	}
}

// howText says how a move was chosen: its share, or why it was not rated.
func howText(d player.Decision) string {
	switch d.How {
	case player.Automatic:
		return "(foundation)"
	case player.Only:
		return "(only move)"
	case player.Rule:
		return "(rule)"
	case player.Hopeless:
		switch n := d.Rating.Total(); {
		case n == 0:
			return "(no win)"
		case d.Exhaustive && n == 1:
			return "no win (known)"
		case d.Exhaustive:
			return fmt.Sprintf("no win (0/%d) exact", n)
		default:
			return fmt.Sprintf("no win (0/%d)", n)
		}
	case player.Planned:
		return "100% (known)"
	}
	t := d.Rating
	if t.Decided() == 0 {
		return "- (unknown)"
	}
	s := fmt.Sprintf("%s (%d/%d)", strings.TrimSpace(wording.Percent(float64(t.Winnable)/float64(t.Decided()), 0.5)), t.Winnable, t.Decided())
	if d.Exhaustive {
		s += " exact"
	}
	return s
}
