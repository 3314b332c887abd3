package main

import (
	"strings"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// TestLibraryErrorsGetFlags checks that the library's errors, which name
// no flag, reach the user with the flag or command that resolves them, and
// that the library's own words name none.
func TestLibraryErrorsGetFlags(t *testing.T) {
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	p.Cells[0], p.Tableau[0].Up = p.Tableau[0].Up[0], nil
	_, solvitaire := rules.MarshalSolvitaire(p)
	dup := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(1))
	dup.Tableau[6].Up[0] = dup.Tableau[0].Up[0]
	cases := []struct {
		err  error
		want string
	}{
		{&batch.MismatchError{Name: "r.jsonl", Problems: []string{"its max_nodes is 1, this run's is 2"}, RetryUnknown: true},
			"r.jsonl holds results of a different run; use another --out, or the same flags as that run\n" +
				"r.jsonl: its max_nodes is 1, this run's is 2\n" +
				"r.jsonl: to search its unknown deals again with this run's budget, add --retry-unknown"},
		{&batch.SpaceError{Name: "r.jsonl", Deals: 10, Need: 2e6, Avail: 1e6},
			"r.jsonl: the results of 10 more deals need at least 2.0 MB, and its file system has 1.0 MB free: free some space, write --out elsewhere, split the run with --shard, or check nothing with --no-space-check"},
		{&batch.FileError{Name: "r.jsonl", Line: 7, Truncated: true},
			"r.jsonl line 7: the last line is cut short (a run was killed while writing it); resume the run with the same --out to repair it"},
		{&batch.FileError{Name: "r.jsonl", Line: 3, Err: batch.ErrSecondHeader},
			"r.jsonl line 3: a second header: results files cannot be joined with cat, use patience merge --out"},
		{&rules.WrongDocumentError{Got: rules.ResultsDocument, Want: rules.PositionDocument},
			"this is a results file of patience stats, not a position: read it with patience stats --summary FILE"},
		{&rules.WrongDocumentError{Kind: "review", Want: rules.MoveListDocument},
			"this is the review of a played game (as patience review --format json writes it), not a list of moves: give the game itself: play's record (play --format json) or its moves"},
		{&rules.WrongDocumentError{Kind: "play", Want: rules.PositionDocument},
			"this is the record of a played game (as patience play --format json writes it), not a position: check its moves with patience check FILE, or give it to --moves (review GAME --moves FILE starts from its own start)"},
		{&rules.WrongDocumentError{Kind: "positon", Want: rules.PositionDocument},
			`"patience": "positon" is not a kind of document patience writes; want "position"`},
		{&batch.BuildError{Name: "r.jsonl", File: "v1.0.0+abc", This: "v1.1.0+def"},
			"r.jsonl was made by patience v1.0.0+abc, and this is patience v1.1.0+def: its results may differ from this build's; use another --out, or add --force to resume it with this build (its header then names both)"},
		{solvitaire, "the Solvitaire deal format has no cells: empty them first, or use --format json"},
		{rules.CheckPosition(dup), "card 3D appears twice (t1 and t7)\ncard TS is missing"},
	}
	for _, c := range cases {
		if c.err == nil {
			t.Fatalf("no error for %q", c.want)
		}
		if strings.Contains(c.err.Error(), "--") {
			t.Errorf("the library's error names a flag: %q", c.err)
		}
		if got := strings.Join(problemLines(usageError{c.err}), "\n"); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}
