package game_test

import (
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
)

// judged is a review of deal 617 lost at its first move, with judgement j
// between the best-rated move 2S t5>c1 and the move played JD t4>c1.
func judged(j player.Judgement) (*player.Reviewed, rules.Move) {
	played := rules.MustMove("JD t4>c1")
	rv := &player.Reviewed{Start: dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617)), LostAt: 1, Lost: true,
		Moves:     []player.ReviewedMove{{Move: played}},
		BestRated: sample.MoveShare{Move: rules.MustMove("2S t5>c1")}, Played: sample.MoveShare{Move: played},
		Judgement: j}
	return rv, played
}

// TestJudgementWords: review's text, play's line and the page's sentence
// call the move as the judgement does, and name the best-rated move
// where it did better; review's and play's say the size of a
// mistake with its 95% interval, and when both tests pass (a 16-5 split of
// 400: p = 0.027, the 90% interval below 5 points) they say bad luck, and
// that the best-rated move did a little better.
func TestJudgementWords(t *testing.T) {
	for _, c := range []struct {
		name         string
		j            player.Judgement
		review, play []string
	}{
		{"61-24 of 400",
			player.Judgement{Call: player.Mistake, Pairs: 400, Both: 257, BestOnly: 61, PlayedOnly: 24, Neither: 58, P: 0.00007395947454563495,
				Diff: 0.0925, Low: 0.0549, High: 0.1292, SizeLow: 0.0477, SizeHigh: 0.1363, Margin: 0.05},
			[]string{"A mistake, of about 9.2 points (4.8–13.6, 95% interval): McNemar's exact test on the 61-24 split gives p < 0.0001 (two-sided)"},
			[]string{"A mistake, of about 9.2 points (4.8–13.6), as review judges it:", "(McNemar's exact p < 0.0001)"}},
		{"16-5 of 400",
			player.Judgement{Call: player.BadLuck, Pairs: 400, Both: 300, BestOnly: 16, PlayedOnly: 5, Neither: 79, P: 0.0266,
				Diff: 0.0275, Low: 0.0083, High: 0.0464, SizeLow: 0.0047, SizeHigh: 0.0501, Margin: 0.05},
			[]string{"Bad luck: best-rated minus played is +2.8 points (90% interval +0.8 to +4.6), below the margin of 5 points",
				"though 2S t5>c1 did a little better (McNemar's exact test on the 16-5 split gives p = 0.0266 (two-sided))"},
			[]string{"Bad luck, as review judges it:", "as good within 5 points, though 2S t5>c1 did a little better"}},
		{"exact, 6 arrangements",
			player.Judgement{Call: player.Mistake, Pairs: 6, Both: 2, BestOnly: 1, Neither: 3, P: 1,
				Diff: 1.0 / 6, Low: 1.0 / 6, High: 1.0 / 6, SizeLow: 1.0 / 6, SizeHigh: 1.0 / 6, Margin: 0.05, Exhaustive: true},
			[]string{"A mistake, of exactly 16.7 points: what you could see favoured 2S t5>c1."},
			[]string{"A mistake, of exactly 16.7 points, as review judges it:"}},
		{"exact, 1 of 120 better",
			player.Judgement{Call: player.BadLuck, Pairs: 120, Both: 60, BestOnly: 1, Neither: 59, P: 1,
				Diff: 1.0 / 120, Low: 1.0 / 120, High: 1.0 / 120, SizeLow: 1.0 / 120, SizeHigh: 1.0 / 120, Margin: 0.05, Exhaustive: true},
			[]string{"Bad luck: best-rated minus played is +0.8 points, exactly, below the margin of 5 points: 2S t5>c1 did a little better"},
			[]string{"Bad luck, as review judges it:", "though 2S t5>c1 did a little better"}},
	} {
		rv, m := judged(c.j)
		review := strings.Join(game.JudgementLines(rv, m), "\n")
		for _, w := range c.review {
			if !strings.Contains(review, w) {
				t.Errorf("%s: review says\n%s\nwant %q in it", c.name, review, w)
			}
		}
		line := game.LossWhy(rv, m)
		for _, w := range c.play {
			if !strings.Contains(line, w) {
				t.Errorf("%s: play says %q, want %q in it", c.name, line, w)
			}
		}
		for _, named := range []bool{true, false} {
			page := game.PlainJudgement(rv, named)
			// The best-rated move is named where it did better, as
			// review names it.
			better := c.j.Call == player.Mistake || c.j.Call == player.BadLuck && c.j.Diff > 0
			if strings.Contains(page, "2S t5>c1") != (named && better) {
				t.Errorf("%s: the page's words, named %v: %q", c.name, named, page)
			}
			line += "\n" + page
		}
		if strings.Count(strings.ToLower(review+line), "mistake") != 4*btoi(c.j.Call == player.Mistake) {
			t.Errorf("%s: the words call it otherwise than %v:\n%s\n%s", c.name, c.j.Call, review, line)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
