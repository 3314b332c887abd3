package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver/player"
	"github.com/patience-solver/patience/solver/sample"
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

// TestJudgementWords: review's text and play's line say the size of a
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
				Diff: 1.0 / 6, Low: 1.0 / 6, High: 1.0 / 6, SizeLow: 1.0 / 6, SizeHigh: 1.0 / 6, Margin: 0.05, Exact: true},
			[]string{"A mistake, of exactly 16.7 points: what you could see favoured 2S t5>c1."},
			[]string{"A mistake, of exactly 16.7 points, as review judges it:"}},
		{"exact, 1 of 120 better",
			player.Judgement{Call: player.BadLuck, Pairs: 120, Both: 60, BestOnly: 1, Neither: 59, P: 1,
				Diff: 1.0 / 120, Low: 1.0 / 120, High: 1.0 / 120, SizeLow: 1.0 / 120, SizeHigh: 1.0 / 120, Margin: 0.05, Exact: true},
			[]string{"Bad luck: best-rated minus played is +0.8 points, exactly, below the margin of 5 points: 2S t5>c1 did a little better"},
			[]string{"Bad luck, as review judges it:", "though 2S t5>c1 did a little better"}},
	} {
		rv, m := judged(c.j)
		var b bytes.Buffer
		printJudgement(&b, rv, m)
		for _, w := range c.review {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: review says\n%s\nwant %q in it", c.name, b.String(), w)
			}
		}
		line := lossWhyText(rv, m)
		for _, w := range c.play {
			if !strings.Contains(line, w) {
				t.Errorf("%s: play says %q, want %q in it", c.name, line, w)
			}
		}
		if strings.Contains(b.String()+line, "mistake") != (c.j.Call == player.Mistake) {
			t.Errorf("%s: the words call it otherwise than %v:\n%s\n%s", c.name, c.j.Call, b.String(), line)
		}
	}
}

// TestReviewJSONSameHasNoTest: when the move played is the one the view
// rated best (the greedy game of 617, rated over 5 arrangements a move,
// as in the player's TestReviewPlayedTheBestRated), the review JSON says
// bad luck and carries no test of the move against itself.
func TestReviewJSONSameHasNoTest(t *testing.T) {
	g, _ := playJSON(t, "russian-cell", "617", "--player", "greedy")
	out := cliOK(t, "", "review", "russian-cell", "617", "--moves", cliWriteFile(t, "g.json", g), "--format", "json",
		"--samples", "5", "--seed", "1", "--judge-samples", "30", "--workers", "1")
	var d struct {
		Version   int                        `json:"version"`
		Judgement string                     `json:"judgement"`
		BestRated *struct{ Move string }     `json:"best_rated"`
		Played    *struct{ Move string }     `json:"played"`
		Test      map[string]json.RawMessage `json:"test"`
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if d.BestRated == nil || d.Played == nil || d.BestRated.Move != d.Played.Move {
		t.Fatalf("the greedy game of 617 no longer plays the best-rated move at its losing move: %s", out)
	}
	if d.Version != 3 || d.Judgement != "bad luck" || d.Test != nil {
		t.Errorf("the best-rated move played: version %d, %q, test %v; want version 3, bad luck and no test", d.Version, d.Judgement, d.Test)
	}
}
