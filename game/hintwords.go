package game

import (
	"fmt"

	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// HintCase is which answer a hint gives: the front ends show its words
// (Headline) and, where there is one, the move.
type HintCase int

// The answers of a hint.
const (
	// HintStopped: the context ended before the answer was whole.
	HintStopped HintCase = iota
	// HintWon (exact): the game is already won.
	HintWon
	// HintNext: a next move, of a win (exact) or the best (the view).
	HintNext
	// HintDetour (exact): the win found goes back to a position of the
	// game; the move is to a new position after which a win exists.
	HintDetour
	// HintNoDetour (exact): the win found goes back, and no move to a new
	// position keeps a win.
	HintNoDetour
	// HintLost (exact): the position cannot be won.
	HintLost
	// HintUndecided (exact): a budget ran out before the search decided.
	HintUndecided
	// HintNoMove (the view): there is no legal move.
	HintNoMove
	// HintOnlyBack (the view): no card can move but back from a
	// foundation.
	HintOnlyBack
	// HintHopeless (the view): no arrangement can be won.
	HintHopeless
	// HintAllSeen (the view): every move goes back to a position of the
	// game.
	HintAllSeen
	// HintNoFresh (the view): no arrangement can be won after any move to
	// a new position.
	HintNoFresh
)

// hintCaseWords are the words of the hint cases, in their order.
var hintCaseWords = [...]string{HintStopped: "stopped", HintWon: "won", HintNext: "next move", HintDetour: "detour",
	HintNoDetour: "no detour", HintLost: "lost", HintUndecided: "undecided", HintNoMove: "no move",
	HintOnlyBack: "only back", HintHopeless: "hopeless", HintAllSeen: "all seen", HintNoFresh: "no fresh move"}

// String names the case in a few words, such as "next move" (for a
// program's messages and tests: the front ends say a hint with Headline).
func (c HintCase) String() string {
	if c >= 0 && int(c) < len(hintCaseWords) {
		return hintCaseWords[c]
	}
	return fmt.Sprintf("HintCase(%d)", int(c))
}

// Case says which answer h gives.
func (h *Hint) Case() HintCase {
	switch {
	case h.stopped:
		return HintStopped
	case h.Exact:
		return h.exactCase()
	}
	r := h.Rating
	switch {
	case len(r.Moves) == 0:
		return HintNoMove
	case len(r.Ranked) == 0:
		return HintOnlyBack
	case r.Winnable == 0 && r.Unknown == 0:
		return HintHopeless
	case r.Fresh() == 0:
		return HintAllSeen
	case !h.hasMove:
		return HintNoFresh
	}
	return HintNext
}

func (h *Hint) exactCase() HintCase {
	switch h.Result.Verdict {
	case solver.Unsolvable:
		return HintLost
	case solver.Unknown:
		return HintUndecided
	}
	switch {
	case len(h.Result.Moves) == 0:
		return HintWon
	case h.Detour && h.hasMove:
		return HintDetour
	case h.Detour:
		return HintNoDetour
	}
	return HintNext
}

// Headline is the first sentence of the answer, in the words both front
// ends show; "" for the cases whose words are a front end's own (a stop, a
// budget: what to do next differs) and for the view's best move, which
// the front ends show with its counts.
func (h *Hint) Headline() string {
	switch h.Case() {
	case HintWon:
		return wonSentence
	case HintNext:
		if h.Exact {
			return wording.CanBeWon(len(h.Result.Moves))
		}
	case HintDetour:
		return "This position can be won (" + wording.Moves(len(h.Result.Moves)) + " to go), but the win found goes back to a position already seen in the game. A move to a new position after which a win still exists:"
	case HintNoDetour:
		return "This position can be won (" + wording.Moves(len(h.Result.Moves)) + " to go), but the win found goes back to a position already seen in the game. No move to a new position was found after which a win exists."
	case HintLost:
		return lostSentence
	case HintNoMove:
		return "There is no legal move: the position cannot be won."
	case HintOnlyBack:
		return "No card can move but back from a foundation, which no win needs: the position cannot be won."
	case HintHopeless:
		return "No move can help: no arrangement can be won."
	case HintAllSeen:
		return "Every move goes back to a position already seen in the game: none is advised."
	case HintNoFresh:
		return "No move can help: no arrangement can be won after any move to a new position."
	}
	return ""
}

// The sentences of an exact verdict that hint and "can I still win?"
// share.
const (
	wonSentence  = "The game is already won."
	lostSentence = "This position cannot be won: no sequence of moves wins from here."
)

// Why is the cause of a loss the search proved, in words, when one can be
// shown (solver.FindBlockage); else "".
func (h *Hint) Why() string {
	if h.Case() != HintLost {
		return ""
	}
	return Why(h.Position)
}

// Why is the cause, in words, of the loss of p, a position the search
// proved lost, when one can be shown (solver.FindBlockage: no move left,
// or cards that block one another for ever); else "". The verdict itself
// always comes from the search.
func Why(p *rules.Position) string {
	if b, ok := solver.FindBlockage(p); ok {
		return why{p, &b}.words()
	}
	return ""
}

// Headline is the first sentence of an exact answer (Exact): the game is
// won, can be won in so many moves, or cannot be won; "" for an unknown
// verdict, whose words are a front end's own.
func (c *Chance) Headline() string {
	switch res := c.Result; {
	case !c.Exact || res.Verdict == solver.Unknown:
		return ""
	case res.Verdict == solver.Unsolvable:
		return lostSentence
	case len(res.Moves) == 0:
		return wonSentence
	default:
		return wording.CanBeWon(len(res.Moves))
	}
}

// Why is the cause of a loss the search proved, in words, when one can be
// shown; else "".
func (c *Chance) Why() string {
	if !c.Exact || c.Result.Verdict != solver.Unsolvable {
		return ""
	}
	return Why(c.Position)
}

// Lines are the words of the answer h, without its moves, which each
// front end draws in its own way after them: the headline and, for a loss,
// its cause ("Why: ...", whose later lines a front end may indent). For a
// stop or a budget, what the search did (what to try next is the front
// end's). For the player's view, the share of the position first; for
// its best move, see BestLines.
func (h *Hint) Lines() []string {
	var lines []string
	if !h.Exact && !h.stopped {
		lines = h.shareLines()
	}
	switch h.Case() {
	case HintStopped:
		if !h.Exact {
			return []string{"Interrupted before every arrangement was decided, so no move can be ranked (" + wording.Thousands(h.Rating.Nodes) + " positions searched)."}
		}
		return []string{"Interrupted: the search stopped after " + wording.Thousands(h.Result.Nodes) + " positions, before deciding."}
	case HintUndecided:
		return append(lines, "Unknown: the search stopped ("+h.Result.Reason.String()+") before deciding.")
	case HintLost:
		lines = append(lines, h.Headline())
		if why := h.Why(); why != "" {
			lines = append(lines, "Why: "+why)
		}
		return lines
	}
	if hl := h.Headline(); hl != "" {
		lines = append(lines, hl)
	}
	return lines
}

// shareLines are the first words of an answer over the arrangements of the
// unseen cards: how many cards are unknown, the arrangements solved, and
// the share of them that can be won.
func (h *Hint) shareLines() []string {
	r := h.Rating
	lines := []string{UnknownCards(h.Position) + ".", SolvedText(r.Share) + ".",
		"This position can be won in " + MoveRate(r.Tally, r.Exhaustive) + "."}
	if r.Unknown > 0 {
		lines = append(lines, "Unknown arrangements ("+r.Reason.String()+") are left out of the shares.")
	}
	return lines
}

// BestLines are the words of the best move of an answer over the unseen
// cards (Case HintNext, not Exact), which the front end names in name (the
// move and what it does): the count after it, how many other moves do as
// well, and why a move that can be undone is ranked as it is. An answer
// that ranks no move has none.
func (h *Hint) BestLines(name string) []string {
	r := h.Rating
	best, ok := r.Best()
	if !ok {
		return nil
	}
	count := "A win still exists after it in " + MoveRate(best.Tally, r.Exhaustive)
	ties := 0
	for _, m := range r.Ranked[1:] {
		if !m.Seen && m.Score == best.Score && m.Unknown == best.Unknown {
			ties++
		}
	}
	switch ties {
	case 0:
		count += "."
	case 1:
		count += "; 1 other move does as well."
	default:
		count += fmt.Sprintf("; %d other moves do as well.", ties)
	}
	lines := []string{"Best move: " + name, count}
	if best.Discounted {
		lines = append(lines, fmt.Sprintf("It can be undone at once: ranked by the %d arrangements whose win begins with it.", best.Score))
	}
	return lines
}

// Lines are the words of the answer c: with every card known, the verdict
// (the headline, or for a budget what stopped the search) and, for a loss,
// its cause ("Why: ..."); for the player's view, how many cards are
// unknown, the arrangements solved and the share of them that can be won.
func (c *Chance) Lines() []string {
	if !c.Exact {
		sh := c.Share
		lines := []string{UnknownCards(c.Position) + ".", SolvedText(sh) + ".", "Winnable: " + ShareText(sh) + "."}
		if sh.Unknown > 0 {
			lines = append(lines, "Unknown arrangements ("+sh.Reason.String()+") are left out of the share.")
		}
		return lines
	}
	lines := []string{c.Headline()}
	if lines[0] == "" {
		lines = wording.Verdict(c.Result, false)
	}
	if why := c.Why(); why != "" {
		lines = append(lines, "Why: "+why)
	}
	return lines
}

// The notes under a share, with the line breaks the command line prints
// them with (the page joins the lines): what a share is, and what a
// move's count is.
const (
	ShareNote = "This is the share of the arrangements in which a win exists with every card\n" +
		"known: an upper bound on what play that cannot see the face-down cards can\n" +
		"win, not the win rate of a way of playing."
	MoveCountNote = "A move's count is the number of arrangements in which a win still exists after\n" +
		"it, with every card known from then on: an upper bound for play that cannot see\n" +
		"the face-down cards, not the win rate of a way of playing."
)
