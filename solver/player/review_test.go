package player

import (
	"context"
	"slices"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/solver/sample"
)

func reviewConfig(samples int) Sampling {
	return Sampling{Solver: solver.Config{Workers: 1}, Samples: samples, Seed: 3}
}

// losingGame follows the solver's win from p for k moves or more, then
// plays a legal move after which p cannot be won: the losing move is
// known. It returns the moves, or nil when no such move is found.
func losingGame(t *testing.T, p *rules.Position, k int) []rules.Move {
	t.Helper()
	res, err := Solve(context.Background(), p, solver.DefaultConfig())
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
		r, err := Solve(context.Background(), c, solver.DefaultConfig())
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
		res, err := Solve(context.Background(), p, solver.DefaultConfig())
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
		rv, err := Review(context.Background(), p, moves, reviewConfig(10))
		if err != nil {
			t.Fatal(err)
		}
		if rv.LostAt != len(moves) || !rv.Lost {
			t.Fatalf("position %d: lost at %d (lost %v), want %d", i, rv.LostAt, rv.Lost, len(moves))
		}
		if !rv.Exhaustive || !rv.Mistake || rv.Diff != 1 {
			t.Fatalf("position %d: every card known, so losing is a mistake by exactly 1; got exhaustive %v mistake %v diff %v", i, rv.Exhaustive, rv.Mistake, rv.Diff)
		}
		c := moveAfter(p, moves[:len(moves)-1], rv.Kept)
		if r, _ := Solve(context.Background(), c, solver.DefaultConfig()); r.Verdict != solver.Solvable {
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
		rv, err := Review(context.Background(), p, moves, reviewConfig(20))
		if err != nil {
			t.Fatal(err)
		}
		if rv.LostAt != len(moves) {
			t.Fatalf("deal %d: lost at %d, want %d", n, rv.LostAt, len(moves))
		}
		if rv.Pairs != 20 || len(rv.Moves) != len(moves) || !rv.Moves[0].Rated || rv.Moves[0].Rank < 1 {
			t.Fatalf("deal %d: %d pairs, %d moves reviewed, first %+v", n, rv.Pairs, len(rv.Moves), rv.Moves[0])
		}
		if rv.Mistake != (rv.Low > 0 || rv.High < 0) {
			t.Fatalf("deal %d: mistake %v with interval %v to %v", n, rv.Mistake, rv.Low, rv.High)
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
// the paired differences are all 0 and it cannot be a mistake.
func TestReviewBadLuck(t *testing.T) {
	cfg := reviewConfig(10)
	for n := uint64(1); n <= 20; n++ {
		p := deal(rules.RussianCell, n)
		res, err := Solve(context.Background(), p, solver.DefaultConfig())
		if err != nil || res.Verdict != solver.Solvable {
			continue
		}
		for k := 0; k < min(12, len(res.Moves)); k++ {
			q := moveAfter(p, res.Moves[:k], rules.Move{})
			adv, err := sample.Hint(context.Background(), q.Hide(), cfg.draw(cfg.Seed))
			if err != nil {
				t.Fatal(err)
			}
			best := adv.Moves[0].Move
			lose := losingMoves(t, p, res.Moves[:k])
			if !slices.Contains(lose, best) {
				continue
			}
			moves := append(append([]rules.Move{}, res.Moves[:k]...), best)
			rv, err := Review(context.Background(), p, moves, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if rv.LostAt != k+1 || rv.BestRated.Move != best {
				t.Fatalf("deal %d: lost at %d, best rated %v; want %d, %v", n, rv.LostAt, rv.BestRated.Move, k+1, best)
			}
			if rv.Mistake || rv.Diff != 0 || rv.Low != 0 || rv.High != 0 {
				t.Fatalf("deal %d: the best-rated move played, yet mistake %v (diff %v, %v to %v)", n, rv.Mistake, rv.Diff, rv.Low, rv.High)
			}
			return
		}
	}
	t.Fatal("no deal in 1..20 has a losing move rated best in its first 12 positions")
}

func TestReviewLostAsDealtAndNotLost(t *testing.T) {
	p := deal(rules.RussianCell, 7) // unsolvable with all cards known
	rv, err := Review(context.Background(), p, nil, reviewConfig(10))
	if err != nil {
		t.Fatal(err)
	}
	if rv.Before != solver.Unsolvable || rv.LostAt != 0 || !rv.Lost {
		t.Fatalf("deal 7: before %v lost at %d lost %v, want unsolvable, 0, true", rv.Before, rv.LostAt, rv.Lost)
	}
	p = deal(rules.RussianCell, 1)
	res, _ := Solve(context.Background(), p, solver.DefaultConfig())
	rv, err = Review(context.Background(), p, res.Moves[:5], reviewConfig(10))
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
	if _, err := Review(context.Background(), p, []rules.Move{rules.MustMove("KC t1>t2")}, reviewConfig(10)); err == nil {
		t.Fatal("an illegal move: no error")
	}
	if _, err := Review(context.Background(), p.Hide(), nil, reviewConfig(10)); err == nil {
		t.Fatal("a start with unknown cards: no error")
	}
}

// TestBestRatedLeavesOutUndoableMoves checks that the move a review calls
// best-rated is the most winnable move that is not one that can be undone
// at once (other than a cell card to a column), on the positions of the
// greedy player's games, and that such moves were at the top of the list
// often enough for the check to mean something.
func TestBestRatedLeavesOutUndoableMoves(t *testing.T) {
	o := solver.DefaultConfig().Options
	cfg := reviewConfig(10)
	checked, skipped := 0, 0
	for d := uint64(1); d <= 6; d++ {
		p := deal(rules.RussianCell, d)
		g := play(t, p, config(Greedy, 0))
		q := p.Clone()
		for _, m := range g.Moves {
			view := q.Hide()
			adv, err := sample.Hint(context.Background(), view, cfg.draw(cfg.Seed))
			if err != nil {
				t.Fatal(err)
			}
			best := bestRated(view, o, adv.Moves)
			skip := func(ms sample.MoveShare) bool {
				return ms.Move.From.Kind != rules.Cell && undoable(view, o, ms.Move)
			}
			i := slices.IndexFunc(adv.Moves, func(ms sample.MoveShare) bool { return !skip(ms) })
			switch {
			case i < 0 && best.Move != adv.Moves[0].Move:
				t.Fatalf("deal %d: every move can be undone, and the best-rated is %v, not the first", d, best.Move)
			case i >= 0 && best.Move != adv.Moves[i].Move:
				t.Fatalf("deal %d: best-rated %v, want %v", d, best.Move, adv.Moves[i].Move)
			}
			if skip(adv.Moves[0]) {
				skipped++
			}
			checked++
			q.Apply(m.Move)
		}
	}
	if checked < 50 || skipped == 0 {
		t.Fatalf("%d positions checked, %d with an undoable move on top: too few to test the rule", checked, skipped)
	}
	t.Logf("%d positions, %d with an undoable move on top", checked, skipped)
}
