package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// checkSamples refuses the count n of the flag --name out of game's
// range (game.CheckSamples), in the command line's words.
func checkSamples(name string, n int) error {
	if game.CheckSamples(n) != nil {
		return badInput("--%s must be 1 to %s, not %d", name, thousands(game.MaxSamples), n)
	}
	return nil
}

// sampleFlags are the flags of solve and hint for positions with unknown
// face-down cards.
type sampleFlags struct {
	samples int
	seed    uint64
}

func (f *sampleFlags) add(cmd *cobra.Command) {
	intFlag(cmd.Flags(), &f.samples, "samples", "", game.HintSamples, "with unknown cards (??): how many arrangements of the unseen cards to draw and solve")
	uint64Flag(cmd.Flags(), &f.seed, "seed", game.Seed, "with unknown cards (??): the seed of the draw; the same seed draws the same arrangements")
}

// check refuses --samples out of range, and --samples or --seed for a
// position without unknown cards, where they would mean nothing.
func (f *sampleFlags) check(cmd *cobra.Command, p *rules.Position, hide bool) error {
	if err := checkSamples("samples", f.samples); err != nil {
		return err
	}
	if err := checkSeed(f.seed); err != nil {
		return err
	}
	if p.Unknowns() == 0 {
		for _, name := range []string{"samples", "seed"} {
			if !cmd.Flags().Changed(name) {
				continue
			}
			if hide {
				return badInput("--%s applies only to a position with unknown face-down cards (??), and this one has no face-down card to hide", name)
			}
			return badInput("--%s applies only to a position with unknown face-down cards (??), and this one has none: add --hide to hide its face-down cards", name)
		}
	}
	return nil
}

// noteNothingHidden says on stderr that --hide changes nothing, when p has
// no face-down card to hide.
func noteNothingHidden(s streams, p *rules.Position, hide bool) {
	if !hide || p.Unknowns() > 0 {
		return
	}
	what := "this position has no face-down card"
	if p.Game == rules.RippleFan {
		what = "Ripple Fan deals every card face up"
	}
	fmt.Fprintf(s.err, "patience: note: %s, so --hide changes nothing\n", what)
}

func cardList(cs []rules.Card, st boardStyle) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
		if st.Unicode {
			names[i] = c.Symbol()
		}
	}
	return strings.Join(names, " ")
}

// mustMarshal is json.Marshal of a value made only of strings, numbers,
// bools and lists of them, which cannot fail, without HTML escaping (so
// that a move reads "5C t3>t6").
func mustMarshal(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("mustMarshal: " + err.Error())
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// printShare writes solve's answer c for a position with unknown cards,
// its board titled with the deal's number num, if any.
func printShare(w io.Writer, c *game.Chance, num string, st boardStyle) {
	p, cfg, sh := c.Position, c.Config, c.Share
	fmt.Fprint(w, formatBoard(p, num, st))
	fmt.Fprintln(w)
	onoff := "on"
	if !cfg.Options.Returns(p.Game) {
		onoff = "off"
	}
	fmt.Fprintf(w, "Rules: foundation returns %s.\n", onoff)
	fmt.Fprintf(w, "%s. The cards seen nowhere lie under them, in some order:\n", game.UnknownCards(p))
	fmt.Fprintf(w, "  %s\n\n", cardList(sh.Unseen, st))
	fmt.Fprintf(w, "%s:\n", game.SolvedText(sh))
	tallyLines(w, sh.Tally, sh.Reason)
	fmt.Fprintln(w)
	if sh.CutShort > 0 {
		fmt.Fprintf(w, "Interrupted: %s of the %s arrangements were left undecided and count as unknown.\n\n",
			thousands(int64(sh.CutShort)), thousands(int64(sh.Total())))
	}
	fmt.Fprintf(w, "Winnable: %s\n\n", game.ShareText(sh))
	fmt.Fprintln(w, game.ShareNote)
	fmt.Fprintf(w, "Searched %s positions in %s.\n", thousands(sh.Nodes), seconds(sh.Elapsed))
}

// tallyLines writes the count of each verdict, one a line.
func tallyLines(w io.Writer, t sample.Tally, reason solver.StopReason) {
	width := len(thousands(int64(t.Total())))
	fmt.Fprintf(w, "  winnable    %*s\n", width, thousands(int64(t.Winnable)))
	fmt.Fprintf(w, "  unwinnable  %*s\n", width, thousands(int64(t.Unwinnable)))
	if t.Unknown == 0 {
		fmt.Fprintf(w, "  unknown     %*s\n", width, "0")
		return
	}
	if reason.Kind == solver.Interrupted {
		fmt.Fprintf(w, "  unknown     %*s  (%s; left out of the share)\n", width, thousands(int64(t.Unknown)), reason)
		return
	}
	fmt.Fprintf(w, "  unknown     %*s  (%s; left out of the share: try a larger budget)\n", width, thousands(int64(t.Unknown)), reason)
}

// printAdvice writes hint's answer for a position with unknown cards: the
// share of the position, then the moves, best first, as sample.RankMoves ranks
// them.
func printAdvice(w io.Writer, h *game.Hint, show int, st boardStyle) {
	p, adv := h.Position, h.Rating
	printLines(w, h.Lines())
	switch h.Case() {
	case game.HintNoMove, game.HintOnlyBack, game.HintHopeless:
		return
	case game.HintNext:
		best, _ := adv.Best()
		fmt.Fprintln(w)
		printLines(w, h.BestLines(moveWithTwins(best.MoveShare)+"   "+describe(p, best.Move, st)))
	}

	if n := min(show, len(adv.Ranked)); n > 1 {
		fmt.Fprintln(w)
		if n == len(adv.Ranked) {
			fmt.Fprintln(w, "Every legal move, best first (arrangements with a win after it):")
		} else {
			fmt.Fprintf(w, "The %d best of the %d legal moves (arrangements with a win after it):\n", n, len(adv.Ranked))
		}
		writeMoveTable(w, p, adv.Ranked[:n], adv.Exhaustive, st)
		undo, seen := false, false
		for _, m := range adv.Ranked[:n] {
			undo, seen = undo || m.Discounted, seen || m.Seen
		}
		if undo {
			fmt.Fprintln(w, "A move marked \"undo\" can be undone at once: a win exists after it wherever one")
			fmt.Fprintln(w, "existed before it, by undoing it, which is no progress. It is ranked by the")
			fmt.Fprintln(w, "arrangements whose win begins with it (the count in brackets), not by its")
			fmt.Fprintln(w, "share, so it can stand below moves whose shares are lower.")
		}
		if seen {
			fmt.Fprintln(w, "A move marked \"seen\" goes back to a position already seen in the game: it is")
			fmt.Fprintln(w, "listed last and never advised.")
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, game.MoveCountNote)
	fmt.Fprintf(w, "Searched %s positions in %s (%s searches).\n", thousands(adv.Nodes), seconds(adv.Elapsed), thousands(int64(adv.Total()+adv.Searches)))
}

// moveWithTwins writes a move in short notation, with the other empty
// cells or columns it could go to as well: "JD t4>c1 (or c2)".
func moveWithTwins(m sample.MoveShare) string {
	s := m.Move.String()
	if len(m.Twins) == 0 {
		return s
	}
	to := make([]string, len(m.Twins))
	for i, l := range m.Twins {
		to[i] = l.String()
	}
	return s + " (or " + strings.Join(to, ", ") + ")"
}

// writeMoveTable writes the moves, one a line, in aligned columns: number,
// move, count, share, interval (for a sample), what the move does.
func writeMoveTable(w io.Writer, p *rules.Position, moves []sample.RatedMove, exhaustive bool, st boardStyle) {
	cells := make([]game.RateCells, len(moves))
	var ww, sw, iw int
	for i, m := range moves {
		c := game.RateCellsOf(m.Tally, exhaustive)
		if c.Interval != "" {
			c.Interval = "(" + c.Interval + ")"
		}
		if c.Unknown != "" {
			c.Interval += " " + c.Unknown
		}
		cells[i] = c
		ww, sw, iw = max(ww, len(c.Wins)), max(sw, len(c.Share)), max(iw, len(c.Interval))
	}
	nw := len(fmt.Sprint(len(moves)))
	mw := 10
	for _, m := range moves {
		mw = max(mw, len(moveWithTwins(m.MoveShare)))
	}
	for i, m := range moves {
		c := cells[i]
		line := fmt.Sprintf("%*d. %-*s %*s of %s  %*s", nw, i+1, mw, moveWithTwins(m.MoveShare), ww, c.Wins, c.Of, sw, c.Share)
		if iw > 0 {
			line += fmt.Sprintf("  %-*s", iw, c.Interval)
		}
		var marks []string
		if m.Discounted {
			marks = append(marks, fmt.Sprintf("undo (%d)", m.Score))
		}
		if m.Seen {
			marks = append(marks, "seen")
		}
		note := ""
		if len(marks) > 0 {
			note = "  [" + strings.Join(marks, ", ") + "]"
		}
		fmt.Fprintf(w, "%s  %s%s\n", line, describe(p, m.Move, st), note)
	}
}

// checkSeed refuses --seed 0: the libraries read a seed of 0 as the
// default seed, so it would draw as seed 1 does while the output said 0.
func checkSeed(seed uint64) error {
	if seed == 0 {
		return badInput("--seed 0 draws as the default seed %d does: give %d, or another number from 1 up", game.Seed, game.Seed)
	}
	return nil
}
