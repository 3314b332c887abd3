package catbuild

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestLabelsAsTheCommandLineDid: the labels of deals 1-8 from the greedy
// player's games and the sampled player's of seeds 1, 2 and 3 (testdata,
// from patience stats --player), applied to the catalogue of deals 1-8
// (testdata/verdicts.cat), make, byte for byte, the catalogue that
// `patience catalogue label` wrote before the work moved here
// (testdata/labelled.cat, by the command line of commit 4d74d4e), whose
// --list gave the labels below.
func TestLabelsAsTheCommandLineDid(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	c, err := catalogue.Parse(read("verdicts.cat"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := ReadLabels(c, fileInput("greedy.jsonl"), []Input{fileInput("s1.jsonl"), fileInput("s2.jsonl"), fileInput("s3.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	E, H, V, N := catalogue.Easy, catalogue.Hard, catalogue.VeryHard, catalogue.NoDifficulty
	if want := []catalogue.Difficulty{E, V, V, H, V, V, N, V}; l.First != 1 || !reflect.DeepEqual(l.Of, want) {
		t.Errorf("labels from %d: %v, want from 1: %v", l.First, l.Of, want)
	}
	d, err := l.Apply(c)
	if err != nil {
		t.Fatal(err)
	}
	if want := "(devel), " + buildinfo.String(); d.Builder != want {
		t.Errorf("builder %q, want %q", d.Builder, want)
	}
	d.Builder = "(devel), (devel)" // the builds that wrote testdata/labelled.cat
	if got, want := d.Encode(), read("labelled.cat"); !bytes.Equal(got, want) {
		t.Errorf("the labelled catalogue differs from the command line's:\n%q\nwant\n%q", got, want)
	}
}

// played is the record of a player's game of deal n, of verdict v.
func played(n uint64, v solver.Verdict, won bool) batch.Record {
	r := verdict(n, v)
	r.Outcome, r.GameMoves = batch.Lost, 10
	if won {
		r.Outcome = batch.Won
	}
	return r
}

// playerHeader is the header of a player's games of Russian Cell deals.
func playerHeader(deals, player string, samples int, seed uint64) batch.Header {
	h := header(deals)
	h.Player, h.Samples, h.Seed = player, samples, seed
	return h
}

// labelFiles are a greedy player's file of deals 1-4 (1 won, 2 and 3
// lost, 4 lost and unsolvable) and the sampled player's of seeds 1, 2
// and 3 of deals 2 and 3 (2 won with two seeds, 3 with one).
func labelFiles() (Input, []Input) {
	S, U := solver.Solvable, solver.Unsolvable
	greedy := results("g", playerHeader("1-4", "greedy", 0, 0), played(1, S, true), played(2, S, false), played(3, S, false), played(4, U, false))
	var sampled []Input
	for i, wins := range [][2]bool{{true, true}, {true, false}, {false, false}} {
		seed := uint64(i + 1)
		sampled = append(sampled, results(fmt.Sprint("s", seed), playerHeader("2-3", "sampled", 10, seed), played(2, S, wins[0]), played(3, S, wins[1])))
	}
	return greedy, sampled
}

// deals1to4 is a catalogue of deals 1-4: 4 cannot be won, the rest can,
// but for those the lists given (unwinnable, unknown) name.
func deals1to4(t *testing.T, unwinnable, unknown []uint64) *catalogue.Catalogue {
	t.Helper()
	c, err := catalogue.New(rules.RussianCell, rules.DefaultOptions(), 1, 4, nil, append(unwinnable, 4), unknown)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestReadLabels labels deals 1-4 by the definition.
func TestReadLabels(t *testing.T) {
	greedy, sampled := labelFiles()
	l, err := ReadLabels(deals1to4(t, nil, nil), greedy, sampled)
	if err != nil {
		t.Fatal(err)
	}
	want := []catalogue.Difficulty{catalogue.Easy, catalogue.Medium, catalogue.Hard, catalogue.NoDifficulty}
	if l.First != 1 || !reflect.DeepEqual(l.Of, want) {
		t.Errorf("labels from %d: %v, want from 1: %v", l.First, l.Of, want)
	}
}

// TestReadLabelsErrors: each refusal of ReadLabels and Labels.Apply is a
// typed error, whose fields say what was found.
func TestReadLabelsErrors(t *testing.T) {
	S := solver.Solvable
	label := func(c *catalogue.Catalogue, change func(greedy *Input, sampled []Input) []Input) error {
		greedy, sampled := labelFiles()
		if change != nil {
			sampled = change(&greedy, sampled)
		}
		_, err := ReadLabels(c, greedy, sampled)
		return err
	}
	c := deals1to4(t, nil, nil)
	greedyIs := func(in Input) func(*Input, []Input) []Input {
		return func(g *Input, s []Input) []Input { *g = in; return s }
	}
	sampledAre := func(in ...Input) func(*Input, []Input) []Input {
		return func(*Input, []Input) []Input { return in }
	}

	rf, err := catalogue.New(rules.RippleFan, rules.DefaultOptions(), 1, 4, nil, []uint64{4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantError(t, label(rf, nil), &GameError{Got: rules.RippleFan, Want: rules.RussianCell})
	rfGreedy := playerHeader("1-4", "greedy", 0, 0)
	rfGreedy.Game = rules.RippleFan
	wantError(t, label(c, greedyIs(results("g", rfGreedy))), &GameError{Name: "g", Got: rules.RippleFan, Want: rules.RussianCell})

	wantError(t, label(c, greedyIs(results("g", header("1-4")))), &PlayerError{Name: "g", Want: "greedy"})
	wantError(t, label(c, greedyIs(results("g", playerHeader("1-4", "sampled", 10, 1)))),
		&PlayerError{Name: "g", Player: "sampled", Samples: 10, Want: "greedy"})
	wantError(t, label(c, greedyIs(results("g", playerHeader("1-2,4", "greedy", 0, 0)))), &RangeError{Name: "g", Deals: "1-2,4"})
	wantError(t, label(c, sampledAre(results("s5", playerHeader("2-3", "sampled", 5, 1)))),
		&PlayerError{Name: "s5", Player: "sampled", Samples: 5, Want: "sampled", WantSamples: 10})
	wantError(t, label(c, sampledAre(results("s4", playerHeader("2-3", "sampled", 10, 4)))), &SeedError{Name: "s4", Seed: 4})
	wantError(t, label(c, func(_ *Input, s []Input) []Input {
		return append(s[:2], results("again", playerHeader("2-3", "sampled", 10, 1)))
	}), &SeedError{Name: "again", Seed: 1, Duplicate: true})

	wantError(t, label(deals1to4(t, nil, []uint64{2}), nil), &UndecidedError{Deal: 2, Status: catalogue.Undecided})
	wantError(t, label(deals1to4(t, []uint64{3}, nil), nil), &VerdictError{Name: "g", Deal: 3, Catalogue: catalogue.Unwinnable, File: S})
	noThree := func() Input {
		return results("g", playerHeader("1-4", "greedy", 0, 0), played(1, S, true), played(2, S, false))
	}
	wantError(t, label(deals1to4(t, []uint64{3}, nil), greedyIs(noThree())), &VerdictError{Name: "s1", Deal: 3, Catalogue: catalogue.Unwinnable, File: S})
	wantError(t, label(c, greedyIs(noThree())), &MissingError{Name: "g", First: 1, Last: 4, Count: 2, Deal: 3})
	wantError(t, label(c, func(_ *Input, s []Input) []Input { return s[1:] }), &UnsampledError{Deal: 2, Files: 2})
	// A greedy file that declares far more deals than it holds is refused
	// at its first missing deal, with no room taken for the whole range.
	wantError(t, label(c, greedyIs(results("g", playerHeader("1-1000000000000", "greedy", 0, 0)))),
		&MissingError{Name: "g", First: 1, Last: 1e12, Count: 1e12, Deal: 1})

	// Labels apply to a catalogue that starts where they do.
	from2, err := catalogue.New(rules.RussianCell, rules.DefaultOptions(), 2, 4, nil, []uint64{4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	greedy, sampled := labelFiles()
	l, err := ReadLabels(c, greedy, sampled)
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.Apply(from2)
	wantError(t, err, &StartError{Labels: 1, Catalogue: 2})
	c.Builder = "v1+abc, v0+old"
	d, err := l.Apply(c)
	if err != nil || d.Builder != "v1+abc, "+buildinfo.String() || d.Difficulty(3) != catalogue.Hard {
		t.Errorf("applied: %v; builder %q, deal 3 %v", err, d.Builder, d.Difficulty(3))
	}
}
