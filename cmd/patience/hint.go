package main

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
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
	intFlag(cmd.Flags(), &o.count, "count", "n", 1, "how many moves of the winning line to show (with unknown cards: how many of the ranked moves; default all)")
	cmd.Flags().StringVar(&o.format, "format", "text", "output format: text or json")
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
	if err := checkFormat(o.format, "text", "json"); err != nil {
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
	if h.Stopped {
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
			fmt.Fprintf(s.out, "%s\n", mustMarshal(newAdviceDoc(h, from, show)))
		case h.Stopped:
			fmt.Fprintf(s.out, "Interrupted before every arrangement was decided, so no move can be ranked (%s positions searched).\n",
				thousands(h.Rating.Nodes))
		default:
			printAdvice(s.out, h, show, style(s.out, o.ascii))
		}
		return nil
	}
	if o.format == "json" {
		d := newHintDoc(h, num, show, num == "" || o.sf.position != "")
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
// people: the headline, and the next moves (at most show) or why not.
func printHint(w io.Writer, h *game.Hint, show int, st boardStyle) {
	res := h.Result
	switch h.Case() {
	case game.HintStopped:
		fmt.Fprintf(w, "Interrupted: the search stopped after %s positions, before deciding.\n", thousands(res.Nodes))
		return
	case game.HintUndecided:
		fmt.Fprintf(w, "Unknown: the search stopped (%s) before deciding. Try a larger --max-nodes or --timeout.\n", res.Reason)
		return
	case game.HintLost:
		fmt.Fprintln(w, h.Headline())
		if why := h.Why(); why != "" {
			fmt.Fprintln(w, "Why: "+strings.ReplaceAll(why, "\n", "\n  "))
		}
		return
	case game.HintDetour:
		m, _ := h.Move()
		fmt.Fprintln(w, h.Headline())
		writeMoves(w, h.Position, []rules.Move{m}, st, false)
		return
	case game.HintNext:
		n := min(show, len(res.Moves))
		fmt.Fprint(w, h.Headline()+" ")
		if n == 1 {
			fmt.Fprintln(w, "Next move:")
		} else {
			fmt.Fprintf(w, "Next %d moves:\n", n)
		}
		writeMoves(w, h.Position, res.Moves[:n], st, false)
		return
	}
	fmt.Fprintln(w, h.Headline())
}

// printWhy writes "Why:" and the cause of a loss that the search proved,
// when game.Why finds one it can show; otherwise nothing.
func printWhy(w io.Writer, p *rules.Position) {
	if why := game.Why(p); why != "" {
		fmt.Fprintln(w, "Why: "+strings.ReplaceAll(why, "\n", "\n  "))
	}
}

// hintDoc is the JSON that hint --format json writes for a position with
// every card known (docs/formats.md, "Hint JSON"), of kind "hint".
type hintDoc struct {
	rules.DocHeader
	Game     string             `json:"game"`
	Number   string             `json:"number,omitempty"`
	Position *rules.PositionDoc `json:"position,omitempty"`
	Rules    shareRules         `json:"rules"`
	Verdict  string             `json:"verdict"`
	Reason   string             `json:"reason,omitempty"`
	ToGo     *int               `json:"to_go,omitempty"`
	Next     []string           `json:"next,omitempty"`
	Why      string             `json:"why,omitempty"`
	// Detour: the win found goes back to a position of the game (--moves);
	// Next is then a move to a new position after which a win still
	// exists (none when every such move loses).
	Detour   bool    `json:"detour,omitempty"`
	MaxNodes int64   `json:"max_nodes"`
	Nodes    int64   `json:"nodes"`
	Seconds  float64 `json:"seconds"`
}

// newHintDoc fills hint's JSON for the answer h of a position with every
// card known: the first count moves of a win, or the cause of a loss
// where one is found.
func newHintDoc(h *game.Hint, num string, count int, withPosition bool) hintDoc {
	p, res, cfg := h.Position, h.Result, h.Config
	d := hintDoc{DocHeader: game.HintDocument.Header(), Game: p.Game.String(), Number: num, Rules: shareRules{Returns: cfg.Options.Returns(p.Game)},
		Verdict: res.Verdict.String(), Reason: res.Reason.String(), MaxNodes: cfg.MaxNodes, Nodes: res.Nodes,
		Seconds: res.Elapsed.Seconds()}
	if withPosition {
		pd := rules.NewPositionDoc(p, num)
		d.Position = &pd
	}
	switch res.Verdict {
	case solver.Solvable:
		togo := len(res.Moves)
		d.ToGo = &togo
		if h.Detour {
			d.Detour = true
			if m, ok := h.Move(); ok {
				d.Next = []string{m.String()}
			}
			break
		}
		for _, m := range res.Moves[:min(count, togo)] {
			d.Next = append(d.Next, m.String())
		}
	case solver.Unsolvable:
		d.Why = h.Why()
	}
	return d
}

// adviceDoc is the JSON of hint --format json for a position with unknown
// cards: the position's share, as solve writes it, and the moves ranked.
// Its kind is "hint", as for a position with every card known.
type adviceDoc struct {
	shareDoc
	// History says the game's moves were given (--moves): moves back to
	// one of its positions are marked seen and never advised.
	History  bool           `json:"history,omitempty"`
	Best     string         `json:"best,omitempty"`
	Moves    []moveShareDoc `json:"moves"`
	Searches int            `json:"searches"`
}

type moveShareDoc struct {
	Move         string  `json:"move"`
	Winnable     int     `json:"winnable"`
	Unwinnable   int     `json:"unwinnable"`
	Unknown      int     `json:"unknown"`
	Share        float64 `json:"share"`
	Low          float64 `json:"low"`
	High         float64 `json:"high"`
	TurnsUnknown bool    `json:"turns_unknown,omitempty"`
	// OrTo lists the other empty cells or columns the move could go to,
	// to the same effect (the move itself stays one valid move).
	OrTo []string `json:"or_to,omitempty"`
	// Undoable: the next move can undo it. RankedBy, for such a move other
	// than a cell card to a column: the arrangements whose win begins with
	// it, which it is ranked by. Seen: it goes back to a position of the
	// game (never advised).
	Undoable bool `json:"undoable,omitempty"`
	RankedBy *int `json:"ranked_by,omitempty"`
	Seen     bool `json:"seen,omitempty"`
}

// newAdviceDoc fills hint's JSON for a position with unknown cards: at
// most show moves, the most winnable first. A run that was stopped lists
// no move.
func newAdviceDoc(h *game.Hint, num string, show int) adviceDoc {
	p, adv, cfg, stopped := h.Position, h.Rating, h.Config, h.Stopped
	d := adviceDoc{shareDoc: newShareDoc(p, num, cfg, adv.Share), History: adv.History, Moves: []moveShareDoc{}, Searches: adv.Searches}
	d.DocHeader = game.HintDocument.Header()
	if stopped {
		return d
	}
	if b, ok := adv.Best(); ok {
		d.Best = b.Move.String()
	}
	for _, m := range adv.Ranked[:min(show, len(adv.Ranked))] {
		share, low, high := tallyRange(m.Tally, adv.Exhaustive)
		md := moveShareDoc{Move: m.Move.String(), Winnable: m.Winnable, Unwinnable: m.Unwinnable,
			Unknown: m.Unknown, Share: share, Low: low, High: high, TurnsUnknown: m.TurnsUnknown,
			Undoable: m.Undoable, Seen: m.Seen}
		if m.Discounted {
			by := m.Score
			md.RankedBy = &by
		}
		for _, l := range m.Twins {
			md.OrTo = append(md.OrTo, l.String())
		}
		d.Moves = append(d.Moves, md)
	}
	return d
}
