package solver_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// badPositions are positions that fail rules.Validate, for each game: an
// empty board, and a deal with one card twice (and so one card missing).
func badPositions(g rules.Game) map[string]*rules.Position {
	dup := dealgen.Deal(g, dealgen.FromUint64(5))
	t := dup.Tableau[len(dup.Tableau)-1]
	t.Up[len(t.Up)-1] = dup.Tableau[0].Up[0]
	return map[string]*rules.Position{
		"empty board":     rules.NewPosition(g),
		"duplicated card": dup,
	}
}

// checkInvalid fails t unless err is a *rules.InvalidPositionError that
// wraps Validate's problems of p.
func checkInvalid(t *testing.T, err error, p *rules.Position) {
	t.Helper()
	var ip *rules.InvalidPositionError
	if !errors.As(err, &ip) {
		t.Fatalf("error %v (%T), want a *rules.InvalidPositionError", err, err)
	}
	var ps rules.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("error %v: errors.As finds no rules.Problems in it", err)
	}
	if want := rules.Validate(p); want == nil || want.Error() != ps.Error() {
		t.Errorf("problems %q, want Validate's %v", ps, want)
	}
}

func TestSolveRefusesInvalidPositions(t *testing.T) {
	cfg := solver.DefaultConfig()
	cfg.Workers = 1
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		for name, p := range badPositions(g) {
			t.Run(g.String()+"/"+name, func(t *testing.T) {
				res, err := solver.Solve(context.Background(), p, cfg)
				checkInvalid(t, err, p)
				if res.Verdict != solver.Unknown || res.Nodes != 0 {
					t.Errorf("solver.Solve: %v after %d positions, want no search", res.Verdict, res.Nodes)
				}
				res, err = solver.New(g, cfg).Solve(context.Background(), p)
				checkInvalid(t, err, p)
				if res.Verdict != solver.Unknown || res.Nodes != 0 {
					t.Errorf("(*Solver).Solve: %v after %d positions, want no search", res.Verdict, res.Nodes)
				}
			})
		}
	}
	// A board labelled as one game and laid out as the other is refused
	// with Validate's *LayoutMismatch inside.
	p := dealgen.Deal(rules.RippleFan, dealgen.FromUint64(1))
	p.Game = rules.RussianCell
	_, err := solver.Solve(context.Background(), p, cfg)
	var lm *rules.LayoutMismatch
	var ip *rules.InvalidPositionError
	if !errors.As(err, &ip) || !errors.As(err, &lm) {
		t.Errorf("a Ripple Fan layout labelled Russian Cell: error %v, want an *InvalidPositionError holding a *LayoutMismatch", err)
	}
	if _, err := solver.Solve(context.Background(), nil, cfg); !errors.As(err, &ip) {
		t.Errorf("no position: error %v, want an *InvalidPositionError", err)
	}
}

// The document Result.Solution makes is read back by rules.ReadSolution as
// it was written, and its moves win when replayed from its start, as
// patience check does: for a numbered deal, for a position of no deal,
// and for a shortest search.
func TestSolutionRoundTrip(t *testing.T) {
	cfg := solver.DefaultConfig()
	cfg.Workers = 1
	const doc = `{"game": "ripple-fan",
	  "tableau": [{"up": ["KC", "JC"]}, {"up": ["QC"]}, {"up": []}, {"up": []}, {"up": []}, {"up": []},
	    {"up": []}, {"up": []}, {"up": []}, {"up": []}, {"up": []}, {"up": []}, {"up": []}],
	  "foundations": {"C": 10, "S": 13, "H": 13, "D": 13}}`
	endgame, _, err := rules.ReadPosition(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		start    *rules.Position
		number   string
		shortest bool
	}{
		{"deal", dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617)), "617", false},
		{"position", endgame, "", false},
		{"shortest", endgame, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := cfg
			cfg.Shortest = c.shortest
			res, err := solver.Solve(context.Background(), c.start, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != solver.Solvable {
				t.Fatalf("verdict %v, want a solvable deal for the test", res.Verdict)
			}
			sol := res.Solution(c.start, c.number, cfg.Options)
			data := rules.MarshalSolution(sol)
			back, err := rules.ReadSolution(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("ReadSolution of %s: %v", data, err)
			}
			if again := rules.MarshalSolution(back); !bytes.Equal(again, data) {
				t.Errorf("read back and written again:\n%s\nwant\n%s", again, data)
			}
			if back.Verdict != rules.VerdictSolvable || back.Number != c.number || back.Options != cfg.Options || back.Nodes != res.Nodes || back.Forced != res.Forced {
				t.Errorf("read back %+v, want the result's verdict, number %q, options, nodes and forced", back, c.number)
			}
			if (back.Shortest != nil) != c.shortest {
				t.Errorf("shortest %v, want it set only for a shortest search", back.Shortest)
			}
			if c.shortest && (!back.Shortest.Proven || back.Shortest.LowerBound != len(res.Moves)) {
				t.Errorf("shortest %+v, want proven with %d moves", *back.Shortest, len(res.Moves))
			}
			start := back.Position
			if c.number == "" && start == nil {
				t.Fatal("a position of no deal is not carried in the document")
			}
			if c.number != "" {
				if start != nil {
					t.Errorf("a numbered deal carried whole, want it named by its number alone")
				}
				n, err := dealgen.ParseNumber(back.Number)
				if err != nil {
					t.Fatal(err)
				}
				start = dealgen.Deal(back.Game, n)
			}
			end, err := rules.Replay(start, back.Options, back.Moves)
			if err != nil || !end.Won() {
				t.Errorf("replayed from the document's start: %v, won %v", err, end != nil && end.Won())
			}
		})
	}
}

// FindBlockage proves no cause of loss for a position no game can reach:
// an empty board has no move, but that is no loss of a game.
func TestFindBlockageRefusesInvalidPositions(t *testing.T) {
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		for name, p := range badPositions(g) {
			if b, ok := solver.FindBlockage(p); ok {
				t.Errorf("%s %s: FindBlockage finds %v", g, name, b.Cards)
			}
		}
	}
	if _, ok := solver.FindBlockage(nil); ok {
		t.Error("FindBlockage(nil) found a cause")
	}
}
