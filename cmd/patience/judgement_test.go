package main

import (
	"encoding/json"
	"testing"
)

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
