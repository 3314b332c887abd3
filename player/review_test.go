package player

import (
	"context"
	"slices"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

func reviewConfig(samples int) Sampling {
	return Sampling{Solver: solver.Config{Workers: 1}, Samples: samples, Seed: 3}
}

// losingGame follows the solver's win from p for k moves or more, then
// plays a legal move after which p cannot be won: the losing move is
// known. It returns the moves, or nil when no such move is found.
func losingGame(t *testing.T, p *rules.Position, k int) []rules.Move {
	t.Helper()
	res, err := solve(context.Background(), p, solver.DefaultConfig())
	if err != nil || res.Verdict != solver.Solvable {
		return nil
	}
	for ; k < len(res.Moves); k++ {
		if ms := losingMoves(t, p, res.Moves[:k]); len(ms) > 0 {
			return append(append([]rules.Move{}, res.Moves[:k]...), ms[0])
		}
	}
	return nil
}

// losingMoves returns the legal moves after which p, after the moves
// played, cannot be won.
func losingMoves(t *testing.T, p *rules.Position, played []rules.Move) []rules.Move {
	q := p.Clone()
	for _, m := range played {
		q.Apply(m)
	}
	var out []rules.Move
	for _, m := range rules.LegalMoves(q, rules.DefaultOptions(), nil) {
		c := q.Clone()
		c.Apply(m)
		r, err := solve(context.Background(), c, solver.DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict == solver.Unsolvable {
			out = append(out, m)
		}
	}
	return out
}

// TestReviewNamesTheLosingMove: games built to be lost at a known move,
// from mid-game positions with every card face up (where the comparison is exact,
// so losing a won game is a mistake) and from deals (face-down cards).
func TestReviewNamesTheLosingMove(t *testing.T) {
	faceUp, deals := 1, []uint64{3}
	if longtest.Enabled() {
		faceUp, deals = 5, []uint64{1, 3, 617, 1000, 2000}
	}
	reviewed := 0
	for i := 1; i < 40 && reviewed < faceUp; i++ {
		// Deal i on the solver's winning line, at the move that turns up
		// its last face-down card.
		p := deal(rules.RussianCell, uint64(i))
		res, err := solve(context.Background(), p, solver.DefaultConfig())
		if err != nil || res.Verdict != solver.Solvable {
			continue
		}
		for _, m := range res.Moves {
			if downCards(p) == 0 {
				break
			}
			p.Apply(m)
		}
		moves := losingGame(t, p, 0)
		if moves == nil {
			continue
		}
		rv, err := Review(context.Background(), p, moves, reviewConfig(10), Judging{Samples: 10})
		if err != nil {
			t.Fatal(err)
		}
		if rv.LostAt != len(moves) || !rv.Lost {
			t.Fatalf("position %d: lost at %d (lost %v), want %d", i, rv.LostAt, rv.Lost, len(moves))
		}
		if j := rv.Judgement; !j.Exhaustive || j.Call != Mistake || j.Diff != 1 {
			t.Fatalf("position %d: every card known, so losing is a mistake by exactly 1; got %+v", i, j)
		}
		c := moveAfter(p, moves[:len(moves)-1], rv.Kept)
		if r, _ := solve(context.Background(), c, solver.DefaultConfig()); r.Verdict != solver.Solvable {
			t.Fatalf("position %d: the move that kept it winnable (%v) does not", i, rv.Kept)
		}
		reviewed++
	}
	for _, n := range deals {
		p := deal(rules.RussianCell, n)
		moves := losingGame(t, p, 1)
		if moves == nil {
			t.Logf("deal %d: no losing move found", n)
			continue
		}
		rv, err := Review(context.Background(), p, moves, reviewConfig(20), Judging{Samples: 30})
		if err != nil {
			t.Fatal(err)
		}
		if rv.LostAt != len(moves) {
			t.Fatalf("deal %d: lost at %d, want %d", n, rv.LostAt, len(moves))
		}
		j := rv.Judgement
		if j.Pairs != 30 || len(rv.Moves) != len(moves) || !rv.Moves[0].Rated || rv.Moves[0].Rank < 1 {
			t.Fatalf("deal %d: %d pairs, %d moves reviewed, first %+v", n, j.Pairs, len(rv.Moves), rv.Moves[0])
		}
		if j.Both+j.BestOnly+j.PlayedOnly+j.Neither != j.Pairs || j.BestWon() != rv.BestRated.Winnable || j.PlayedWon() != rv.Played.Winnable {
			t.Fatalf("deal %d: counts %+v do not add up to the tallies %v and %v", n, j, rv.BestRated.Tally, rv.Played.Tally)
		}
		if (j.Call == Mistake) != (j.Significant() && j.High >= j.Margin) {
			t.Fatalf("deal %d: %v with p = %v (%d-%d)", n, j.Call, j.P, j.BestOnly, j.PlayedOnly)
		}
		reviewed++
	}
	if reviewed < faceUp+1 {
		t.Fatalf("only %d constructed games reviewed", reviewed)
	}
}

// moveAfter plays moves and then m (unless m is the zero Move) on a copy
// of p.
func moveAfter(p *rules.Position, moves []rules.Move, m rules.Move) *rules.Position {
	q := p.Clone()
	for _, x := range moves {
		q.Apply(x)
	}
	if m != (rules.Move{}) {
		q.Apply(m)
	}
	return q
}

// TestReviewBadLuck: when the move played is the one the view rated best,
// the paired differences on the judgement's 400 arrangements are all 0,
// and that shows the moves equal within the margin: bad luck.
func TestReviewBadLuck(t *testing.T) {
	cfg := reviewConfig(10)
	for n := uint64(1); n <= 20; n++ {
		p := deal(rules.RussianCell, n)
		res, err := solve(context.Background(), p, solver.DefaultConfig())
		if err != nil || res.Verdict != solver.Solvable {
			continue
		}
		for k := 0; k < min(12, len(res.Moves)); k++ {
			q := moveAfter(p, res.Moves[:k], rules.Move{})
			seen, err := sample.AddSeen(nil, p, res.Moves[:k])
			if err != nil {
				t.Fatal(err)
			}
			rt, err := sample.RankMoves(context.Background(), q.Hide(), cfg.draw(cfg.Seed), seen)
			if err != nil {
				t.Fatal(err)
			}
			b, ok := rt.Best()
			if !ok {
				continue
			}
			best := b.Move
			lose := losingMoves(t, p, res.Moves[:k])
			if !slices.Contains(lose, best) {
				continue
			}
			moves := append(append([]rules.Move{}, res.Moves[:k]...), best)
			rv, err := Review(context.Background(), p, moves, cfg, Judging{})
			if err != nil {
				t.Fatal(err)
			}
			if rv.LostAt != k+1 || rv.BestRated.Move != best {
				t.Fatalf("deal %d: lost at %d, best rated %v; want %d, %v", n, rv.LostAt, rv.BestRated.Move, k+1, best)
			}
			j := rv.Judgement
			if j.Pairs != DefaultJudgeSamples && !j.Exhaustive {
				t.Fatalf("deal %d: %d pairs, want %d", n, j.Pairs, DefaultJudgeSamples)
			}
			if j.Call != BadLuck || j.Diff != 0 || j.BestOnly+j.PlayedOnly != 0 {
				t.Fatalf("deal %d: the best-rated move played, yet %+v", n, j)
			}
			return
		}
	}
	t.Fatal("no deal in 1..20 has a losing move rated best in its first 12 positions")
}

func TestReviewLostAsDealtAndNotLost(t *testing.T) {
	p := deal(rules.RussianCell, 7) // unsolvable with all cards known
	rv, err := Review(context.Background(), p, nil, reviewConfig(10), Judging{})
	if err != nil {
		t.Fatal(err)
	}
	if rv.Before != solver.Unsolvable || rv.LostAt != 0 || !rv.Lost {
		t.Fatalf("deal 7: before %v lost at %d lost %v, want unsolvable, 0, true", rv.Before, rv.LostAt, rv.Lost)
	}
	p = deal(rules.RussianCell, 1)
	res, _ := solve(context.Background(), p, solver.DefaultConfig())
	rv, err = Review(context.Background(), p, res.Moves[:5], reviewConfig(10), Judging{})
	if err != nil {
		t.Fatal(err)
	}
	if rv.Lost || rv.LostAt != -1 || len(rv.Moves) != 5 {
		t.Fatalf("the solver's first moves: lost %v at %d", rv.Lost, rv.LostAt)
	}
	for i, m := range rv.Moves {
		if m.After != solver.Solvable {
			t.Fatalf("move %d of the solver's win: %v after it", i+1, m.After)
		}
	}
	if _, err := Review(context.Background(), p, []rules.Move{rules.MustMove("KC t1>t2")}, reviewConfig(10), Judging{}); err == nil {
		t.Fatal("an illegal move: no error")
	}
	if _, err := Review(context.Background(), p.Hide(), nil, reviewConfig(10), Judging{}); err == nil {
		t.Fatal("a start with unknown cards: no error")
	}
}
