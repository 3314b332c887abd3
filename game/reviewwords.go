package game

// The words of review's judgement of a losing move, once for the command
// line's review, its play, and the page.

import (
	"fmt"
	"strconv"

	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
)

// PValue writes a p-value: "p = 0.0625" (4 significant digits), or
// "p < 0.0001".
func PValue(p float64) string {
	if p < 0.0001 {
		return "p < 0.0001"
	}
	return "p = " + strconv.FormatFloat(p, 'g', 4, 64)
}

// drawn names the arrangements a judgement compared the moves over:
// "400 fresh arrangements of the unseen cards", "all 6 arrangements of the
// unseen cards", or "" for the one there is (every card known).
func drawn(j player.Judgement) string {
	n := wording.Thousands(int64(j.Pairs))
	switch {
	case j.Exhaustive && j.Pairs == 1:
		return ""
	case j.Exhaustive:
		return "all " + n + " arrangements of the unseen cards"
	}
	return n + " fresh arrangements of the unseen cards"
}

// JudgementLines says, for review, how the losing move m compares with
// the move the player's view rated best (rv.Judgement): the counts, the
// test and the call, a line each; none for a nil rv, which judges
// nothing.
func JudgementLines(rv *player.Reviewed, m rules.Move) []string {
	if rv == nil {
		return nil
	}
	j := rv.Judgement
	if j.Call == player.NoAlternative {
		return []string{"Every other move goes back to a position already seen in the game: there is no move to compare it with."}
	}
	b := rv.BestRated.Move
	l := []string{fmt.Sprintf("  The move your view rated best: %v.", b)}
	if j.Same {
		return append(l, "  That is the move played.", "Bad luck: nothing your view could see was better; the unseen cards decided it.")
	}
	on := "With every card known (the one arrangement there is):"
	switch d := drawn(j); {
	case d != "" && !j.Exhaustive:
		on = "On " + d + ", drawn once for this judgement:"
	case d != "":
		on = "On " + d + ":"
	}
	l = append(l, on,
		fmt.Sprintf("  a win exists after %v in %d, after %v in %d;", b, j.BestWon(), m, j.PlayedWon()),
		fmt.Sprintf("  after both in %d, only after %v in %d, only after %v in %d, after neither in %d.", j.Both, b, j.BestOnly, m, j.PlayedOnly, j.Neither))
	margin := fmt.Sprintf("%g points", j.Margin*100)
	if j.Exhaustive {
		diff := fmt.Sprintf("best-rated minus played is %+.1f points, exactly", j.Diff*100)
		switch {
		case j.Call == player.Mistake:
			return append(l, fmt.Sprintf("A mistake, of %s: what you could see favoured %v.", wording.Size(j.Diff, j.SizeLow, j.SizeHigh, true, ""), b))
		case j.Diff > 0:
			return append(l, fmt.Sprintf("Bad luck: %s, below the margin of %s: %v did a little better, and the move played was as good within the margin; the unseen cards decided it.", diff, margin, b))
		}
		return append(l, fmt.Sprintf("Bad luck: %s; the move played did as well, and the unseen cards decided it.", diff))
	}
	test := fmt.Sprintf("McNemar's exact test on the %d-%d split gives %s (two-sided)", j.BestOnly, j.PlayedOnly, PValue(j.P))
	interval := fmt.Sprintf("best-rated minus played is %+.1f points (90%% interval %+.1f to %+.1f)", j.Diff*100, j.Low*100, j.High*100)
	switch {
	case j.Call == player.Mistake:
		return append(l, fmt.Sprintf("A mistake, of %s: %s; what you could see favoured %v.", wording.Size(j.Diff, j.SizeLow, j.SizeHigh, false, "95% interval"), test, b))
	case j.Call == player.BadLuck && j.Significant():
		// Both tests pass: bad luck stands (player.Call).
		return append(l, fmt.Sprintf("Bad luck: %s, below the margin of %s: the move played was as good within the margin, though %v did a little better (%s); the unseen cards decided it.", interval, margin, b, test))
	case j.Call == player.BadLuck:
		return append(l, fmt.Sprintf("Bad luck: %s, below the margin of %s: the move played was as good; the unseen cards decided it (%s).", interval, margin, test))
	}
	return append(l, fmt.Sprintf("Too close to call: %s, not below 0.05; and %s, which does not rule out a difference of %s or more.", test, interval, margin))
}

// LossWhy says in one line why a player's losing move m was played, as
// review judges it (rv, nil when not judged: the greedy player's game,
// which rates no move, or a judgement that could not be made). Review
// rates the moves with the sampled player's core over its own draw, so
// for another player it says what the sampled rating would have played.
func LossWhy(rv *player.Reviewed, m rules.Move) string {
	if rv == nil {
		return "patience review says whether that was a mistake or the cards."
	}
	j := rv.Judgement
	b := rv.BestRated.Move
	switch {
	case j.Call == player.NoAlternative:
		return "No alternative: every other move went back to a position already seen in the game."
	case j.Same:
		return fmt.Sprintf("Bad luck, as review judges it: %v is the move the sampled rating of the player's view favours; the unseen cards decided.", m)
	}
	on := "of the 1 arrangement there is (every card known)"
	if d := drawn(j); d != "" {
		on = "of " + d
	}
	counts := fmt.Sprintf("a win exists after %v (rated best) in %d %s, after %v in %d", b, j.BestWon(), on, m, j.PlayedWon())
	switch {
	case j.Call == player.Mistake && j.Exhaustive:
		return fmt.Sprintf("A mistake, of %s, as review judges it: %s.", wording.Size(j.Diff, j.SizeLow, j.SizeHigh, true, ""), counts)
	case j.Call == player.Mistake:
		return fmt.Sprintf("A mistake, of %s, as review judges it: %s (McNemar's exact %s).", wording.Size(j.Diff, j.SizeLow, j.SizeHigh, false, ""), counts, PValue(j.P))
	case j.Call == player.BadLuck && j.Exhaustive && j.Diff <= 0:
		return fmt.Sprintf("Bad luck, as review judges it: %s; the move played did as well.", counts)
	case j.Call == player.BadLuck && (j.Exhaustive || j.Significant()):
		// Both tests pass, or every arrangement solved shows a difference
		// below the margin: bad luck stands (player.Call).
		return fmt.Sprintf("Bad luck, as review judges it: %s, as good within %g points, though %v did a little better; the unseen cards decided.", counts, j.Margin*100, b)
	case j.Call == player.BadLuck:
		return fmt.Sprintf("Bad luck, as review judges it: %s, as good within %g points; the unseen cards decided.", counts, j.Margin*100)
	}
	return fmt.Sprintf("Too close to call, as review judges it: %s (patience review shows the test).", counts)
}

// PlainJudgement says review's judgement of the losing move to a person
// playing on the page, in one sentence. With named, it names the move the
// player's view rated best where it did better, as review does (the
// page names it: it is the view's own rating); without, it says "another
// move". A nil rv judges nothing: "".
func PlainJudgement(rv *player.Reviewed, named bool) string {
	if rv == nil {
		return ""
	}
	j := rv.Judgement
	how := fmt.Sprintf("%s of %s ways the hidden cards could lie", wording.Thousands(int64(j.BestWon())), wording.Thousands(int64(j.Pairs)))
	played := wording.Thousands(int64(j.PlayedWon()))
	better := "another move"
	if named {
		better = rv.BestRated.Move.String()
	}
	switch {
	case j.Call == player.NoAlternative:
		return "Every other move went back to a position you had already seen, so there was nothing better to play."
	case j.Same:
		return "Bad luck: you played the move your view rated best, so nothing you could see was better. The hidden cards decided it."
	case j.Call == player.Mistake:
		return fmt.Sprintf("A mistake, of %s: from what you could see, %s was better. It wins in %s; your move in %s.", wording.Size(j.Diff, j.SizeLow, j.SizeHigh, j.Exhaustive, ""), better, how, played)
	case j.Call == player.BadLuck && j.Diff > 0:
		// As review says: the best-rated move did a little better.
		return fmt.Sprintf("Bad luck: from what you could see, %s did a little better (it wins in %s; your move in %s), but not by enough to matter. The hidden cards decided it.", better, how, played)
	case j.Call == player.BadLuck:
		return fmt.Sprintf("Bad luck: from what you could see, no move was better by enough to matter (the best wins in %s; your move in %s). The hidden cards decided it.", how, played)
	}
	return fmt.Sprintf("Too close to call: %s looked a little better from what you could see (it wins in %s; your move in %s), but not by enough to say.", better, how, played)
}

// Outcome is where the reviewed game rv was lost, in words, first line
// first: lost names the losing move (the front end's way: with its mark in
// a table, or with what it does), and kept the move that would have kept
// the game winnable, whose line is left out when kept is "" (for a player
// who has not asked to see the face-down cards). The judgement of the
// losing move follows in JudgementLines or PlainJudgement. A nil rv has
// no outcome: no line.
func Outcome(rv *player.Reviewed, lost, kept string) []string {
	switch {
	case rv == nil:
		return nil
	case rv.LostAt == 0:
		return []string{"Lost as dealt: the start cannot be won even with all cards known."}
	case rv.LostAt > 0:
		lines := []string{fmt.Sprintf("The game was lost at move %d (%s): winnable with all cards known before it, not after.", rv.LostAt, lost)}
		switch {
		case rv.Kept.IsZero():
			lines = append(lines, "Every move that kept it winnable goes back to a position already seen in the game.")
		case kept != "":
			lines = append(lines, "A move that kept it winnable: "+kept+".")
		}
		return lines
	case rv.Lost:
		return []string{"The game cannot be won at the end, but where it was lost is unknown (a budget ran out)."}
	case rv.Won:
		return []string{"The game was won: no move lost it."}
	}
	return []string{"The game can still be won after the last move: nothing was lost yet."}
}
