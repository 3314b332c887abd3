package main

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
)

// hintLoopDeals are the Russian Cell deals the loop test follows hint on:
// the three on which hint --hide once led back to an earlier position
// (5, 617, 20003), and more.
var hintLoopDeals = []uint64{5, 617, 20003, 1, 2, 3, 4, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}

// followHint plays deal n of Russian Cell by hint --hide's best move, each
// time with --moves holding the game so far, until hint advises no move or
// limit moves are made. It fails when a position of the game comes again,
// and returns the number of moves made and whether the game was won.
func followHint(t *testing.T, n uint64, samples, limit int) (int, bool) {
	t.Helper()
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(n))
	num := strconv.FormatUint(n, 10)
	seen := map[string]int{sample.Key(p): 0}
	var played []string
	file := t.TempDir() + "/moves.txt"
	for len(played) < limit && !p.Won() {
		args := []string{"hint", "russian-cell", num, "--workers", "1", "--format", "json"}
		if p.Hide().Unknowns() > 0 {
			args = append(args, "--hide", "--samples", strconv.Itoa(samples))
		}
		if len(played) > 0 {
			if err := os.WriteFile(file, []byte(strings.Join(played, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			args = append(args, "--moves", file)
		}
		out := cliOK(t, "", args...)
		var doc struct {
			Best string   `json:"best"`
			Next []string `json:"next"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("deal %d: %v\n%s", n, err, out)
		}
		move := doc.Best
		if move == "" && len(doc.Next) > 0 {
			move = doc.Next[0]
		}
		if move == "" {
			break // no move advised: the game is over for the player
		}
		m, err := rules.ParseMove(move)
		if err != nil {
			t.Fatal(err)
		}
		if err := rules.Check(p, rules.DefaultOptions(), m); err != nil {
			t.Fatalf("deal %d, move %d: hint advised %v, which the referee refuses: %v", n, len(played)+1, m, err)
		}
		p.Apply(m)
		played = append(played, move)
		k := sample.Key(p)
		if at, ok := seen[k]; ok {
			t.Fatalf("deal %d: move %d (%s) goes back to the position after move %d; the game: %s", n, len(played), move, at, strings.Join(played, ", "))
		}
		seen[k] = len(played)
	}
	return len(played), p.Won()
}

// TestHintNeverLoops follows hint --hide's advice on 21 deals, with the
// game's moves given, up to 150 moves each: no position may come twice.
func TestHintNeverLoops(t *testing.T) {
	longtest.Need(t)
	start := time.Now()
	moves, won := 0, 0
	for _, n := range hintLoopDeals {
		k, w := followHint(t, n, 20, 150)
		moves += k
		if w {
			won++
		}
		t.Logf("deal %d: %d moves, won %v", n, k, w)
	}
	t.Logf("%d deals, %d moves, %d won, in %v", len(hintLoopDeals), moves, won, time.Since(start).Round(time.Second))
	// 942 moves when written; advice that stopped at once would check
	// nothing.
	if moves < 300 {
		t.Fatalf("%d moves followed on %d deals: too few for the test to mean anything", moves, len(hintLoopDeals))
	}
}
