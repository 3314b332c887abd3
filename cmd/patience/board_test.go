package main

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestRedBoardsAsBefore: boards drawn in colour by the command line are,
// byte for byte, those that rules.FormatBoard drew in colour before the
// colour left package rules (testdata/boards-coloured.txt, written by the
// build of 3a10889): the start and every seventh position of the
// solver's wins of Russian Cell 617 and 24 and Ripple Fan 2217, and the
// Russian Cell deals with their face-down cards unknown, in letters and
// in symbols.
func TestRedBoardsAsBefore(t *testing.T) {
	want, err := os.ReadFile("testdata/boards-coloured.txt")
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for _, p := range redBoardCases(t) {
		for _, uni := range []bool{false, true} {
			got.WriteString(formatBoard(p, "", boardStyle{rules.BoardStyle{Unicode: uni}, true}))
			got.WriteString("\n")
		}
	}
	if n := strings.Count(got.String(), ansiRed); n < 400 {
		t.Fatalf("only %d red cards and labels drawn", n)
	}
	if got.String() != string(want) {
		g, w := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				t.Fatalf("line %d: %q, before %q", i+1, g[i], w[i])
			}
		}
		t.Fatalf("%d lines, before %d", len(g), len(w))
	}
	if b := formatBoard(redBoardCases(t)[0], "617", boardStyle{}); strings.Contains(b, "\x1b") {
		t.Errorf("escape codes without colour:\n%q", b)
	}
}

func redBoardCases(t *testing.T) []*rules.Position {
	t.Helper()
	var ps []*rules.Position
	for _, d := range []struct {
		g rules.Game
		n uint64
	}{{rules.RussianCell, 617}, {rules.RussianCell, 24}, {rules.RippleFan, 2217}} {
		p := dealgen.Deal(d.g, dealgen.FromUint64(d.n))
		ps = append(ps, p.Clone())
		cfg := solver.DefaultConfig()
		cfg.Workers = 1
		r, err := solver.Solve(context.Background(), p, cfg)
		if err != nil || r.Verdict != solver.Solvable {
			t.Fatalf("deal %d: %v, %v", d.n, r.Verdict, err)
		}
		for i, m := range r.Moves {
			p.Apply(m)
			if i%7 == 6 {
				ps = append(ps, p.Clone())
			}
		}
		if d.g == rules.RussianCell {
			ps = append(ps, dealgen.Deal(d.g, dealgen.FromUint64(d.n)).Hide())
		}
	}
	return ps
}
