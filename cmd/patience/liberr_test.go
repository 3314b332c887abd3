package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/catbuild"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
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

// TestCatbuildWords: catalogue build and catalogue label word each of
// package catbuild's errors, which name no flag, in the words they said
// before the work moved there (from the command line of commit 4d74d4e),
// as bad input; a results file that does not read is bad input in batch's
// words, and any other error is left as it is.
func TestCatbuildWords(t *testing.T) {
	_, parseErr := batch.ParseDeals("x")
	rc, rf := rules.RussianCell, rules.RippleFan
	for _, c := range []struct {
		words func(error) error
		err   error
		want  string
	}{
		{buildError, &catbuild.GameError{Name: "rf.jsonl", Got: rf, Want: rc}, "rf.jsonl holds ripple-fan results, not russian-cell"},
		{buildError, &catbuild.PlayerError{Name: "g.jsonl", Player: "greedy"}, "g.jsonl holds the games of the greedy player, not the solver's verdicts: a catalogue is made of verdicts"},
		{buildError, &catbuild.RulesError{Name: "noret.jsonl", First: "rc.jsonl", Game: rc, Options: rules.Options{NoReturns: true}},
			"noret.jsonl was run with other rules than rc.jsonl (foundation returns off, not on)"},
		{buildError, &catbuild.DealsError{Name: "rc5.jsonl", First: "rc.jsonl", Deals: "1-5", FirstDeals: "1-60"},
			"rc.jsonl declares deals 1-60 and rc5.jsonl deals 1-5: give the range to cover with --deals A-B"},
		{buildError, &catbuild.RangeError{Deals: "x", Err: parseErr}, `--deals: bad deal number "x": want digits such as 617, #12,345 or ms3000000000`},
		{buildError, &catbuild.RangeError{Name: "a.jsonl", Deals: "1-4294967297", TooMany: true}, "--deals 1-4294967297: a catalogue covers at most 2^32 deals"},
		{buildError, &catbuild.RangeError{Deals: "1-5,9"}, "deals 1-5,9: a catalogue covers one range of plain deal numbers, A-B; give --deals A-B"},
		{buildError, &catbuild.ConflictError{Name: "bad.jsonl", Deal: 7}, "bad.jsonl: deal 7 is solvable in one file and unsolvable in another: the files cannot both be right"},
		{buildError, &catbuild.MissingError{First: 1, Last: 4294967296, Count: 4294967236, Deal: 61},
			"4,294,967,236 of the deals 1-4294967296 are not in the files (the first is 61): finish the run (run its stats command again) or give --deals"},

		{labelError, &catbuild.GameError{Name: "rf.jsonl", Got: rf, Want: rc}, "rf.jsonl holds ripple-fan games, not Russian Cell"},
		{labelError, &catbuild.PlayerError{Name: "v.jsonl", Want: "greedy"}, "v.jsonl: want the greedy player's games (stats --player greedy), not the solver's verdicts"},
		{labelError, &catbuild.PlayerError{Name: "s1.jsonl", Player: "sampled", Samples: 10, Want: "greedy"},
			"s1.jsonl: want the greedy player's games (stats --player greedy), not the sampled player's with 10 samples"},
		{labelError, &catbuild.PlayerError{Name: "s5.jsonl", Player: "sampled", Samples: 5, Want: "sampled", WantSamples: 10},
			"s5.jsonl: want the sampled player's games with 10 samples, not the sampled player's with 5 samples"},
		{labelError, &catbuild.PlayerError{Name: "g.jsonl", Player: "greedy", Want: "sampled", WantSamples: 10},
			"g.jsonl: want the sampled player's games with 10 samples, not the greedy player's"},
		{labelError, &catbuild.RangeError{Name: "g.jsonl", Deals: "1-3,5"},
			"g.jsonl: the greedy run covers deals 1-3,5: it must cover one range of plain deal numbers (stats --deals A-B)"},
		{labelError, &catbuild.SeedError{Name: "s4.jsonl", Seed: 4}, "s4.jsonl: seed 4; the labels count the seeds 1, 2, 3"},
		{labelError, &catbuild.SeedError{Name: "s1.jsonl", Seed: 1, Duplicate: true}, "s1.jsonl: a second file of seed 1"},
		{labelError, &catbuild.UndecidedError{Deal: 2, Status: catalogue.Undecided}, "deal 2 is unknown: the catalogue must decide every deal to label"},
		{labelError, &catbuild.VerdictError{Name: "g.jsonl", Deal: 2, Catalogue: catalogue.Unwinnable, File: solver.Solvable},
			"deal 2: the catalogue says unsolvable, a results file solvable: they are not of the same rules or solver"},
		{labelError, &catbuild.MissingError{Name: "g.jsonl", First: 1, Last: 8, Count: 1, Deal: 3}, "g.jsonl: deal 3 is missing: finish the run (run its stats command again)"},
		{labelError, &catbuild.UnsampledError{Deal: 2, Files: 2},
			"deal 2: greedy lost it, and 2 of the sampled files of the seeds 1, 2, 3 hold it: run the missing seeds, or finish their runs"},
		{labelError, &catbuild.StartError{Labels: 2, Catalogue: 1},
			"the labels start at deal 2 and the catalogue at 1: a catalogue's labels start where it does (use --list)"},
	} {
		got := c.words(c.err)
		var ue usageError
		if !errors.As(got, &ue) || got.Error() != c.want {
			t.Errorf("%T: %q (%T), want bad input %q", c.err, got, got, c.want)
		}
	}
	fe := &batch.FileError{Name: "a.jsonl", Line: 2, Err: errors.New("a blank line")}
	other := errors.New("another error")
	for _, words := range []func(error) error{buildError, labelError} {
		if got := words(fe); got != (usageError{fe}) {
			t.Errorf("a *batch.FileError: %#v, want it as bad input", got)
		}
		if got := words(other); got != other {
			t.Errorf("another error: %#v, want it as it is", got)
		}
	}
}
