package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
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

// oneDecimal, as percent's uncertainty, writes a percentage with one
// decimal.
const oneDecimal = 0.05

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

// unknownCards says how many face-down cards of p are unknown.
func unknownCards(p *rules.Position) string {
	if n := p.Unknowns(); n != 1 {
		return fmt.Sprintf("%d face-down cards are unknown (??)", n)
	}
	return "1 face-down card is unknown (??)"
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

// shareDoc is the JSON that solve --format json writes for a position with
// unknown cards (docs/formats.md, "Share JSON"), of kind "share".
type shareDoc struct {
	rules.DocHeader
	Game         string            `json:"game"`
	Position     rules.PositionDoc `json:"position"`
	Rules        shareRules        `json:"rules"`
	Hidden       int               `json:"hidden"`
	Unseen       []string          `json:"unseen"`
	Arrangements int               `json:"arrangements"`
	Exhaustive   bool              `json:"exhaustive"`
	Seed         string            `json:"seed,omitempty"`
	Winnable     int               `json:"winnable"`
	Unwinnable   int               `json:"unwinnable"`
	Unknown      int               `json:"unknown"`
	Reason       string            `json:"reason,omitempty"`
	Share        float64           `json:"share"`
	Low          float64           `json:"low"`
	High         float64           `json:"high"`
	MaxNodes     int64             `json:"max_nodes"`
	Nodes        int64             `json:"nodes"`
	Seconds      float64           `json:"seconds"`
	// Interrupted says SIGINT or SIGTERM ended the run; Stopped
	// arrangements were left undecided and are counted in Unknown.
	Interrupted bool `json:"interrupted,omitempty"`
	Stopped     int  `json:"stopped,omitempty"`
}

type shareRules struct {
	Returns bool `json:"returns"`
}

// shareRange returns the share of the decided arrangements and its range:
// the 95% Wilson interval for a sample; for every arrangement (exhaustive),
// the exact bounds over all of them, as if every unknown were a loss or a
// win (the share itself when none is unknown).
func shareRange(sh sample.Share) (share, low, high float64) {
	return tallyRange(sh.Tally, sh.Exhaustive)
}

// tallyRange is shareRange for any tally: of the position, or after a move.
func tallyRange(t sample.Tally, exhaustive bool) (share, low, high float64) {
	r := t.Rate()
	if !exhaustive {
		return r.Value, r.Low, r.High
	}
	n := float64(t.Total())
	if n == 0 {
		return r.Value, 0, 1
	}
	return r.Value, float64(t.Winnable) / n, float64(t.Winnable+t.Unknown) / n
}

func marshalShare(p *rules.Position, num string, cfg solver.Config, sh sample.Share) []byte {
	return mustMarshal(newShareDoc(p, num, cfg, sh))
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

// newShareDoc fills the share JSON of sh.
func newShareDoc(p *rules.Position, num string, cfg solver.Config, sh sample.Share) shareDoc {
	share, low, high := shareRange(sh)
	d := shareDoc{
		DocHeader:    game.ShareDocument.Header(),
		Game:         p.Game.String(),
		Position:     rules.NewPositionDoc(p, num),
		Rules:        shareRules{Returns: cfg.Options.Returns(p.Game)},
		Hidden:       sh.Hidden,
		Unseen:       make([]string, len(sh.Unseen)),
		Arrangements: sh.Total(),
		Exhaustive:   sh.Exhaustive,
		Winnable:     sh.Winnable,
		Unwinnable:   sh.Unwinnable,
		Unknown:      sh.Unknown,
		Reason:       sh.Reason.String(),
		Share:        share,
		Low:          low,
		High:         high,
		MaxNodes:     cfg.MaxNodes,
		Nodes:        sh.Nodes,
		Seconds:      sh.Elapsed.Seconds(),
		Interrupted:  sh.Stopped > 0,
		Stopped:      sh.Stopped,
	}
	if !sh.Exhaustive {
		d.Seed = strconv.FormatUint(sh.Seed, 10)
	}
	for i, c := range sh.Unseen {
		d.Unseen[i] = c.String()
	}
	if math.IsNaN(d.Seconds) || math.IsInf(d.Seconds, 0) {
		d.Seconds = 0
	}
	return d
}

// printShare writes solve's answer for a position with unknown cards.
func printShare(w io.Writer, p *rules.Position, num string, cfg solver.Config, sh sample.Share, st boardStyle) {
	fmt.Fprint(w, formatBoard(p, num, st))
	fmt.Fprintln(w)
	onoff := "on"
	if !cfg.Options.Returns(p.Game) {
		onoff = "off"
	}
	fmt.Fprintf(w, "Rules: foundation returns %s.\n", onoff)
	fmt.Fprintf(w, "%s. The cards seen nowhere lie under them, in some order:\n", unknownCards(p))
	fmt.Fprintf(w, "  %s\n\n", cardList(sh.Unseen, st))
	fmt.Fprintf(w, "%s:\n", solvedText(sh))
	tallyLines(w, sh.Tally, sh.Reason)
	fmt.Fprintln(w)
	if sh.Stopped > 0 {
		fmt.Fprintf(w, "Interrupted: %s of the %s arrangements were left undecided and count as unknown.\n\n",
			thousands(int64(sh.Stopped)), thousands(int64(sh.Total())))
	}
	fmt.Fprintf(w, "Winnable: %s\n\n", shareText(sh))
	fmt.Fprintln(w, "This is the share of the arrangements in which a win exists with every card")
	fmt.Fprintln(w, "known: an upper bound on what play that cannot see the face-down cards can")
	fmt.Fprintln(w, "win, not the win rate of a way of playing.")
	fmt.Fprintf(w, "Searched %s positions in %s.\n", thousands(sh.Nodes), seconds(sh.Elapsed))
}

// solvedText says which arrangements were solved: "Solved 200
// arrangements of the unseen cards, drawn at random (seed 1), each with
// every card known".
func solvedText(sh sample.Share) string {
	const known = ", each with every card known"
	solved := "Solved"
	if sh.Stopped > 0 {
		solved = "Set out to solve"
	}
	switch {
	case sh.Exhaustive && sh.Total() == 1:
		return solved + " the one arrangement of the unseen card, with every card known"
	case sh.Exhaustive:
		return fmt.Sprintf("%s all %s arrangements of the unseen cards", solved, thousands(int64(sh.Total()))) + known
	}
	return fmt.Sprintf("%s %s arrangements of the unseen cards, drawn at random (seed %d)", solved, thousands(int64(sh.Total())), sh.Seed) + known
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

// shareText writes the share of the winnable arrangements with its
// interval, or exactly when every arrangement was solved.
func shareText(sh sample.Share) string {
	share, low, high := shareRange(sh)
	if !sh.Exhaustive {
		s := rateText(sh.Rate())
		if sh.Unknown > 0 {
			s += ", of the decided arrangements"
		}
		return s
	}
	if sh.Unknown == 0 {
		return fmt.Sprintf("%s of %s (%s), exact: every arrangement was solved",
			thousands(int64(sh.Winnable)), thousands(int64(sh.Total())), percent(share, oneDecimal))
	}
	return fmt.Sprintf("%s of the %s decided (%s); with the %s unknown, between %s and %s of all arrangements",
		thousands(int64(sh.Winnable)), thousands(int64(sh.Decided())), percent(share, oneDecimal),
		thousands(int64(sh.Unknown)), percent(low, oneDecimal), percent(high, oneDecimal))
}

// moveRate writes a count and its share briefly: "171 of 200 (85.5%, 95%
// Wilson interval 80.0% to 89.7%)", with no interval when every arrangement
// was solved.
func moveRate(t sample.Tally, exhaustive bool) string {
	c := rateCells(t, exhaustive)
	s := fmt.Sprintf("%s of %s (%s", c.wins, c.of, c.share)
	if c.interval != "" {
		s += ", 95% Wilson interval " + c.interval
	}
	if c.unknown != "" {
		s += "; " + c.unknown
	}
	return s + ")"
}

// rateCells are the parts of a count and its share, for moveRate and for
// the table of moves.
type rateCellsT struct{ wins, of, share, interval, unknown string }

func rateCells(t sample.Tally, exhaustive bool) rateCellsT {
	r := t.Rate()
	half := (r.High - r.Low) / 2
	if exhaustive || r.Of == 0 {
		half = oneDecimal
	}
	c := rateCellsT{wins: thousands(int64(r.Wins)), of: thousands(int64(r.Of)), share: percent(r.Value, half)}
	if r.Of == 0 {
		c.share = "-"
	}
	if !exhaustive && r.Of > 0 {
		c.interval = percent(r.Low, half) + " to " + percent(r.High, half)
	}
	if t.Unknown > 0 {
		c.unknown = thousands(int64(t.Unknown)) + " unknown"
	}
	return c
}

// printAdvice writes hint's answer for a position with unknown cards: the
// share of the position, then the moves, best first, as sample.RankMoves ranks
// them.
func printAdvice(w io.Writer, h *game.Hint, show int, st boardStyle) {
	p, adv := h.Position, h.Rating
	fmt.Fprintf(w, "%s.\n%s.\n", unknownCards(p), solvedText(adv.Share))
	fmt.Fprintf(w, "This position can be won in %s.\n", moveRate(adv.Tally, adv.Exhaustive))
	if adv.Unknown > 0 {
		fmt.Fprintf(w, "Unknown arrangements (%s) are left out of the shares.\n", adv.Reason)
	}
	best, _ := adv.Best()
	switch c := h.Case(); c {
	case game.HintNoMove, game.HintOnlyBack, game.HintHopeless:
		fmt.Fprintln(w, h.Headline())
		return
	case game.HintAllSeen, game.HintNoFresh:
		fmt.Fprintln(w, h.Headline())
	default:
		fmt.Fprintln(w)
		fmt.Fprintf(w, "Best move: %s   %s\n", moveWithTwins(best.MoveShare), describe(p, best.Move, st))
		fmt.Fprintf(w, "A win still exists after it in %s", moveRate(best.Tally, adv.Exhaustive))
		ties := 0
		for _, m := range adv.Ranked[1:] {
			if !m.Seen && m.Score == best.Score && m.Unknown == best.Unknown {
				ties++
			}
		}
		switch ties {
		case 0:
			fmt.Fprintln(w, ".")
		case 1:
			fmt.Fprintln(w, "; 1 other move does as well.")
		default:
			fmt.Fprintf(w, "; %d other moves do as well.\n", ties)
		}
		if best.Discounted {
			fmt.Fprintf(w, "It can be undone at once: ranked by the %d arrangements whose win begins with it.\n", best.Score)
		}
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
	fmt.Fprintln(w, "A move's count is the number of arrangements in which a win still exists after")
	fmt.Fprintln(w, "it, with every card known from then on: an upper bound for play that cannot see")
	fmt.Fprintln(w, "the face-down cards, not the win rate of a way of playing.")
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
	cells := make([]rateCellsT, len(moves))
	var ww, sw, iw int
	for i, m := range moves {
		c := rateCells(m.Tally, exhaustive)
		if c.interval != "" {
			c.interval = "(" + c.interval + ")"
		}
		if c.unknown != "" {
			c.interval += " " + c.unknown
		}
		cells[i] = c
		ww, sw, iw = max(ww, len(c.wins)), max(sw, len(c.share)), max(iw, len(c.interval))
	}
	nw := len(fmt.Sprint(len(moves)))
	mw := 10
	for _, m := range moves {
		mw = max(mw, len(moveWithTwins(m.MoveShare)))
	}
	for i, m := range moves {
		c := cells[i]
		line := fmt.Sprintf("%*d. %-*s %*s of %s  %*s", nw, i+1, mw, moveWithTwins(m.MoveShare), ww, c.wins, c.of, sw, c.share)
		if iw > 0 {
			line += fmt.Sprintf("  %-*s", iw, c.interval)
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
