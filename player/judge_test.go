package player

import (
	"context"
	"math"
	"testing"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// pairs builds the verdicts of two moves on both+bestOnly+playedOnly+
// neither arrangements, in that order.
func pairs(both, bestOnly, playedOnly, neither int) (best, played []solver.Verdict) {
	add := func(n int, b, p solver.Verdict) {
		for range n {
			best, played = append(best, b), append(played, p)
		}
	}
	add(both, solver.Solvable, solver.Solvable)
	add(bestOnly, solver.Solvable, solver.Unsolvable)
	add(playedOnly, solver.Unsolvable, solver.Solvable)
	add(neither, solver.Unsolvable, solver.Unsolvable)
	return best, played
}

func TestSignTestExact(t *testing.T) {
	for _, c := range []struct {
		b, c int
		p    float64
	}{
		{5, 0, 0.0625},            // 2 / 2^5
		{0, 5, 0.0625},            // two-sided
		{6, 0, 0.03125},           // 2 / 2^6
		{4, 1, 0.375},             // 2 * 6/32
		{3, 3, 1},                 // capped at 1
		{0, 0, 1},                 // nothing to test
		{40, 2, 4.1109160520e-10}, // 2 * (1 + 42 + 861) / 2^42
		{10, 2, 0.03857421875},    // 2 * (1 + 12 + 66) / 4096
	} {
		got := signTest(c.b, c.c)
		if math.Abs(got-c.p) > 1e-6*c.p {
			t.Errorf("signTest(%d, %d) = %v, want %v", c.b, c.c, got, c.p)
		}
	}
}

// TestJudgeConstructed checks the three answers on constructed verdicts.
func TestJudgeConstructed(t *testing.T) {
	for _, c := range []struct {
		name                                string
		both, bestOnly, playedOnly, neither int
		want                                Call
	}{
		// Five arrangements won only after the best-rated move, none only
		// after the played one: p = 0.0625, not a mistake; and 5 of 50
		// is no proof that the moves are within 5 points either.
		{"5-0 of 50", 30, 5, 0, 15, TooClose},
		{"40-2 of 400", 200, 40, 2, 158, Mistake},
		{"equal shares on 400", 300, 0, 0, 100, BadLuck},
		{"equal shares, 40 each way, on 400", 260, 40, 40, 60, BadLuck},
		{"equal shares on 20", 10, 0, 0, 10, TooClose},
		{"played better on 400", 200, 2, 30, 168, BadLuck},
		// Both tests pass: McNemar's p = 0.027, and the 90% interval, 0.8
		// to 4.6 points, lies below the margin. Bad luck stands.
		{"16-5 of 400", 200, 16, 5, 179, BadLuck},
		// The margin crossed: 9.2 points (90% interval 5.5 to 12.9), a mistake.
		{"61-24 of 400", 257, 61, 24, 58, Mistake},
	} {
		best, played := pairs(c.both, c.bestOnly, c.playedOnly, c.neither)
		j := judgePairs(best, played, false, DefaultMargin)
		if j.Call != c.want {
			t.Errorf("%s: %v (p = %.4g, interval %+.3f to %+.3f), want %v", c.name, j.Call, j.P, j.Low, j.High, c.want)
		}
		if j.Pairs != len(best) || j.BestOnly != c.bestOnly || j.PlayedOnly != c.playedOnly {
			t.Errorf("%s: counts %+v", c.name, j)
		}
	}
	// Undecided arrangements are left out of the pairs.
	best, played := pairs(3, 5, 0, 2)
	best[0] = solver.Unknown
	if j := judgePairs(best, played, false, DefaultMargin); j.Pairs != 9 || j.Both != 2 {
		t.Errorf("an undecided arrangement counted: %+v", j)
	}
	// Every arrangement solved: the difference is exact.
	best, played = pairs(3, 1, 0, 2)
	if j := judgePairs(best, played, true, DefaultMargin); j.Call != Mistake || j.Low != j.Diff {
		t.Errorf("exact, 1-0: %+v, want a mistake", j)
	}
	best, played = pairs(3, 0, 0, 2)
	if j := judgePairs(best, played, true, DefaultMargin); j.Call != BadLuck {
		t.Errorf("exact, equal: %+v, want bad luck", j)
	}
	// Every arrangement solved, and the best-rated move better in 1 of
	// 120: half a point, within the margin, so bad luck.
	best, played = pairs(60, 1, 0, 59)
	if j := judgePairs(best, played, true, DefaultMargin); j.Call != BadLuck || j.SizeLow != j.Diff || j.SizeHigh != j.Diff {
		t.Errorf("exact, 1 of 120 better: %+v, want bad luck", j)
	}
}

// TestSizeAgreesWithTest: for every split of up to 400 pairs, the calls
// follow their definitions (a mistake is significant and not shown within
// the margin; bad luck is shown within the margin), and the 95% interval
// said with a significant difference excludes 0 and holds the difference,
// so "a mistake, of about 2 points (0.3-3.8)" never has an interval that
// says there may be none.
func TestSizeAgreesWithTest(t *testing.T) {
	checked := 0
	for _, n := range []int{20, 50, 400} {
		for b := 0; b <= n; b++ {
			for c := 0; b+c <= n; c++ {
				best, played := pairs(0, b, c, n-b-c)
				j := judgePairs(best, played, false, DefaultMargin)
				switch {
				case j.Call == Mistake && (!j.Significant() || j.High < j.Margin):
					t.Fatalf("%d-%d of %d: a mistake, yet significant %v and the 90%% interval ends at %.4f", b, c, n, j.Significant(), j.High)
				case j.Call == BadLuck && j.High >= j.Margin:
					t.Fatalf("%d-%d of %d: bad luck, yet the 90%% interval ends at %.4f", b, c, n, j.High)
				case j.Call == TooClose && (j.High < j.Margin || j.Significant()):
					t.Fatalf("%d-%d of %d: too close to call, yet %+v", b, c, n, j)
				}
				if !(j.SizeLow <= j.Low && j.Low <= j.Diff && j.Diff <= j.High && j.High <= j.SizeHigh) {
					t.Fatalf("%d-%d of %d: intervals %.4f %.4f %.4f %.4f %.4f out of order", b, c, n, j.SizeLow, j.Low, j.Diff, j.High, j.SizeHigh)
				}
				if j.Significant() {
					checked++
					if j.SizeLow <= 0 {
						t.Fatalf("%d-%d of %d: significant (p = %.4g), yet the 95%% interval starts at %.4f", b, c, n, j.P, j.SizeLow)
					}
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d significant splits checked", checked)
	}
}

// TestReviewNeverSuggestsAnUndo builds games in which the move before the
// losing one put a card in a cell, so that taking it back (a move to a
// position already seen) keeps the game winnable and keeps every
// arrangement of the view that was winnable, so that it ties for the best
// share. The review must name neither it nor any other move back to a
// position of the game. In some of the games the undo is the first move of
// the solver's win, or first by the plain share (the old advice).
func TestReviewNeverSuggestsAnUndo(t *testing.T) {
	ctx := context.Background()
	cfg := reviewConfig(10)
	found, topped := 0, 0
	for n := uint64(1); n <= 60 && (found < 3 || topped == 0); n++ {
		p := deal(rules.RussianCell, n)
		res, err := solve(ctx, p, solver.DefaultConfig())
		if err != nil || res.Verdict != solver.Solvable {
			continue
		}
	line:
		for k := 1; k < min(10, len(res.Moves)); k++ {
			q := moveAfter(p, res.Moves[:k], rules.Move{})
			for _, m := range rules.LegalMoves(q, rules.DefaultOptions(), nil) {
				if m.From.Kind != rules.Tableau || m.To.Kind != rules.Cell || q.Reveals(m) != rules.NoCard {
					continue
				}
				played := append(append([]rules.Move{}, res.Moves[:k]...), m)
				if r, _ := solve(ctx, moveAfter(p, played, rules.Move{}), solver.DefaultConfig()); r.Verdict != solver.Solvable {
					continue
				}
				lose := losingMoves(t, p, played)
				if len(lose) == 0 {
					continue
				}
				game := append(played, lose[0])
				rv, err := Review(ctx, p, game, cfg, Judging{Samples: 20})
				if err != nil {
					t.Fatal(err)
				}
				if rv.LostAt != len(game) {
					t.Fatalf("deal %d: lost at %d, want %d", n, rv.LostAt, len(game))
				}
				seen, err := sample.AddSeen(nil, p, played[:len(played)-1])
				if err != nil {
					t.Fatal(err)
				}
				view := moveAfter(p, played, rules.Move{}).Hide()
				for what, x := range map[string]rules.Move{"kept": rv.Kept, "best-rated": rv.BestRated.Move} {
					if x == (rules.Move{}) {
						continue
					}
					if seen[sample.Key(after(view, x))] {
						t.Fatalf("deal %d, game %v: the %s move %v goes back to a position of the game", n, game, what, x)
					}
				}
				// Would the old advice have named the undo: the solver's
				// first move, or the first by the plain share?
				adv, err := sample.MoveShares(ctx, view, cfg.draw(cfg.Seed))
				if err != nil {
					t.Fatal(err)
				}
				win, _ := solve(ctx, moveAfter(p, played, rules.Move{}), solver.DefaultConfig())
				if seen[sample.Key(after(view, adv.Moves[0].Move))] || seen[sample.Key(after(view, win.Moves[0]))] {
					topped++
				}
				found++
				break line
			}
		}
	}
	if found < 3 || topped == 0 {
		t.Fatalf("%d games built, %d where the old advice named the undo: too few to test the rule", found, topped)
	}
	t.Logf("%d games, %d where the old advice named the undo", found, topped)
}

// TestReviewPlayedTheBestRated: when the losing move is the one the
// player's view rated best, the review calls it bad luck (Same), and never
// "too close to call" from comparing the move with itself. The greedy
// game of 617, reviewed over 5 arrangements a move, is such a game.
func TestReviewPlayedTheBestRated(t *testing.T) {
	p := deal(rules.RussianCell, 617)
	g := play(t, p, config(Greedy, 0))
	rv, err := Review(context.Background(), p, g.MoveList(), Sampling{Samples: 5, Seed: 1, Solver: solver.Config{Workers: 1}}, Judging{Samples: 30})
	if err != nil {
		t.Fatal(err)
	}
	if rv.LostAt < 1 {
		t.Fatalf("the greedy game of 617: lost at %d, want a losing move", rv.LostAt)
	}
	if rv.BestRated.Move != rv.Played.Move {
		t.Fatalf("at move %d the view rated %v best, not the move played %v: the case is not built", rv.LostAt, rv.BestRated.Move, rv.Played.Move)
	}
	if j := rv.Judgement; j.Call != BadLuck || !j.Same {
		t.Errorf("the best-rated move played: %v (same %v), want bad luck", j.Call, j.Same)
	}
	// Nothing was tested: no interval, no p-value below 1, and the move's
	// own tally.
	if j := rv.Judgement; j.P != 1 || j.Low != 0 || j.High != 0 || j.SizeLow != 0 || j.SizeHigh != 0 || j.Significant() || j.PlayedWon() != rv.Played.Winnable {
		t.Errorf("the best-rated move played, judged as if tested: %+v", j)
	}
}
