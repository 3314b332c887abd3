package main

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
)

// hintOptions are the flags of hint.
type hintOptions struct {
	ascii  bool
	count  int
	format string
	sf     startFlags
	fl     searchFlags
	smp    sampleFlags
}

// hintLong and hintExample are the help of hint.
const hintLong = `hint decides a deal or a position, as solve does, and then gives only what a
player needs next: whether the game can still be won, and if it can, the next
move of a winning line (or the next few, with -n).

A position in the middle of a game is read with --position: the position
JSON (patience deal --format json writes one) or the board text that deal
prints (a board copied from solve --steps, without its title line, is read
as a board of GAME). Or give the deal and what you played with --moves FILE: the moves,
one a line in short notation ("5C t3>t6"), are replayed by the referee first,
face-down cards and all.

When the position cannot be won, hint says why where it can: when no move
is left, or when some cards block one another so that none of them can ever
move (such as a King above a lower card of its suit in a Ripple Fan pile).
The verdict itself always comes from the full search.

What a player sees: with face-down cards unknown ("??" in the position, or
--hide after --moves), hint draws --samples arrangements of the unseen cards
(--seed makes the draw repeatable; with no more arrangements than --samples,
it takes every one) and, for every legal move, counts the arrangements in
which a win still exists after that move, with every card known from then
on. Every move is judged on the same arrangements. It prints the best move
and every legal move ranked (-n N: the N best), as play, review and the web
page rank them: a card to its foundation first, then by the count, and
among equal counts the move that begins the solver's win in more
arrangements. A move that the next move can undo (other than a cell card
to a column) keeps every win by undoing it, which is no progress: it is
ranked by the arrangements whose win begins with it (N in "[undo (N)]"),
not by its share, so it can stand below moves with lower shares; the
player plays the same way, and wins more with it than by the plain share
(benchmarks/BENCHMARKS.md). The cells are
interchangeable, and so are empty columns: a move to either cell is listed
once, as "JD t4>c1 (or c2)". A count is an upper bound
for play that cannot see the cards, not a strategy's win rate.

With --moves, hint knows the positions of the game: a move back to one of
them is listed last, marked "[seen]", and never advised (with every card
known, a win found that goes back is replaced by a move to a new position
that keeps a win), so following hint never goes round in a loop.

With --format json, hint writes one line of JSON (docs/formats.md, "Hint
JSON"): the verdict, the moves to go and the next moves; with unknown
cards, the share of the position and every legal move ranked with its
counts.`

const hintExample = `  patience hint russian-cell 617
  patience hint russian-cell 617 -n 5 --format json
  patience hint ripple-fan 5
  patience hint russian-cell --position stuck.txt -n 3
  patience hint ripple-fan --position endgame.json
  patience hint russian-cell 617 --moves played.txt
  patience hint russian-cell 617 --moves played.txt --hide
  patience deal russian-cell 617 --hide > seen.txt; patience hint russian-cell --position seen.txt -n 5`

func newHintCommand(s streams) *cobra.Command {
	o := &hintOptions{}
	cmd := &cobra.Command{
		Use:     "hint GAME (NUMBER | --position FILE)",
		Short:   "Say whether a position can still be won, and the next move",
		Long:    hintLong,
		Example: hintExample,
		Args:    gameArgs,
		RunE:    func(cmd *cobra.Command, args []string) error { return runHint(s, cmd, o, args) },
	}
	cmd.ValidArgsFunction = gameFirst
	intFlag(cmd.Flags(), &o.count, "count", "n", 1, "how many moves of the winning line to show (with unknown cards: how many of the ranked moves; default all)")
	formatFlag(cmd, &o.format, "output format: text or json", textOrJSON)
	cmd.Flags().BoolVar(&o.ascii, "ascii", false, "draw suits as letters (C S H D), not symbols")
	cmd.Flags().StringVar(&o.sf.position, "position", "", "read the position from FILE (JSON or board text; - for stdin)")
	cmd.Flags().StringVar(&o.sf.moves, "moves", "", "play the moves in FILE first: one move a line such as \"5C t3>t6\", a JSON list of moves (such as [\"5C t3>t6\"]), or a solution of the same deal")
	o.sf.addHide(cmd, "make every face-down card unknown (??), after --moves, and answer over the arrangements of the unseen cards")
	o.smp.add(cmd)
	o.fl.add(cmd, "workers searching the position together (with unknown cards: arrangements searched at once, one core each)")
	return cmd
}

// runHint runs hint with its flags parsed into o: game.GetHint answers,
// and this renders the answer (writeHint).
func runHint(s streams, cmd *cobra.Command, o *hintOptions, args []string) error {
	if err := checkFormat(o.format, textOrJSON); err != nil {
		return err
	}
	if o.count < 1 {
		return badInput("-n must be at least 1, not %d", o.count)
	}
	if o.sf.moves != "" {
		o.sf.seen = map[string]bool{} // the game's positions: never advised again
	}
	cfg, at, err := searchStart(s, args, o.sf, o.fl)
	if err != nil {
		return err
	}
	if err := o.smp.check(cmd, at.pos, o.sf.hide); err != nil {
		return err
	}
	noteNothingHidden(s, at.pos, o.sf.hide)
	req := game.Request{Position: at.pos, Seen: o.sf.seen, Solver: cfg, Samples: o.smp.samples, Seed: o.smp.seed}
	var searched atomic.Int64
	if at.pos.Unknowns() == 0 {
		req.Solver.Progress = &searched
	}
	bar := searchProgress(s, cfg.MaxNodes, &searched)
	h, err := game.GetHint(cmd.Context(), req)
	bar.stop()
	if err != nil && !game.Stopped(err) {
		return err
	}
	show := o.count
	if !h.Exact && !cmd.Flags().Changed("count") {
		show = len(h.Rating.Ranked)
	}
	if err := writeHint(s, o, h, at, show); err != nil {
		return err
	}
	if err != nil {
		return interrupted{signalOf(cmd.Context())}
	}
	return nil
}

// writeHint writes hint's answer h for the position at: as JSON, or for
// people, with at most show moves.
func writeHint(s streams, o *hintOptions, h *game.Hint, at start, show int) error {
	num, from := at.num, at.num
	if at.played > 0 {
		num = "" // a position of its own now, carried whole
	}
	if !h.Exact {
		switch {
		case o.format == "json":
			fmt.Fprintf(s.out, "%s\n", mustMarshal(h.ViewDoc(from, show)))
		case h.Case() == game.HintStopped:
			printLines(s.out, h.Lines())
		default:
			printAdvice(s.out, h, show, style(s.out, o.ascii))
		}
		return nil
	}
	if o.format == "json" {
		d := h.Doc(num, show, num == "" || o.sf.position != "")
		if at.played > 0 {
			d.Position.Number = from // the deal the position came from
		}
		fmt.Fprintf(s.out, "%s\n", mustMarshal(d))
		return nil
	}
	printHint(s.out, h, show, style(s.out, o.ascii))
	return nil
}

// printHint writes the answer h, of a position with every card known, for
// people: its words (h.Lines) and the next moves (at most show).
func printHint(w io.Writer, h *game.Hint, show int, st boardStyle) {
	lines := h.Lines()
	switch h.Case() {
	case game.HintUndecided:
		lines[0] += " Try a larger --max-nodes or --timeout."
	case game.HintDetour:
		printLines(w, lines)
		m, _ := h.Move()
		writeMoves(w, h.Position, []rules.Move{m}, st, false)
		return
	case game.HintNext:
		n := min(show, len(h.Result.Moves))
		if n == 1 {
			fmt.Fprintln(w, lines[0]+" Next move:")
		} else {
			fmt.Fprintf(w, "%s Next %d moves:\n", lines[0], n)
		}
		writeMoves(w, h.Position, h.Result.Moves[:n], st, false)
		return
	}
	printLines(w, lines)
}

// printLines writes lines of game's words, one a line, with the later
// lines of a line that holds several ("Why: ...") indented.
func printLines(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(w, strings.ReplaceAll(l, "\n", "\n  "))
	}
}

// printWhy writes "Why:" and the cause of a loss that the search proved,
// when game.Why finds one it can show; otherwise nothing.
func printWhy(w io.Writer, p *rules.Position) {
	if why := game.Why(p); why != "" {
		fmt.Fprintln(w, "Why: "+strings.ReplaceAll(why, "\n", "\n  "))
	}
}
