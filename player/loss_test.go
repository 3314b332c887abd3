package player

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestFindLossAgreesWithReview: on games lost at a known move and played
// on a few moves past it, FindLoss names the same losing move with the
// same judgement as the full review; and it says so when nothing was lost,
// or the game was lost as dealt.
func TestFindLossAgreesWithReview(t *testing.T) {
	cfg := reviewConfig(10)
	compared := 0
	for _, n := range []uint64{3, 617} {
		p := deal(rules.RussianCell, n)
		moves := losingGame(t, p, 3)
		if moves == nil {
			continue
		}
		lost := len(moves)
		q := moveAfter(p, moves, rules.Move{})
		for i := 0; i < 4; i++ {
			ms := rules.LegalMoves(q, rules.DefaultOptions(), nil)
			if len(ms) == 0 {
				break
			}
			q.Apply(ms[i%len(ms)])
			moves = append(moves, ms[i%len(ms)])
		}
		want, err := Review(context.Background(), p, moves, cfg, Judging{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := FindLoss(context.Background(), p, moves, cfg, Judging{})
		if err != nil {
			t.Fatal(err)
		}
		if got.LostAt != lost || want.LostAt != lost || !got.Lost || got.Won {
			t.Fatalf("deal %d: FindLoss says lost at %d (lost %v), Review %d; built to be lost at %d", n, got.LostAt, got.Lost, want.LostAt, lost)
		}
		if got.Judgement != want.Judgement || got.Kept != want.Kept ||
			got.BestRated.Move != want.BestRated.Move || got.Played.Winnable != want.Played.Winnable {
			t.Fatalf("deal %d: FindLoss judges %+v, Review %+v", n, got, want)
		}
		if got.Moves[lost-1].After != solver.Unsolvable {
			t.Fatalf("deal %d: after the losing move: %v", n, got.Moves[lost-1].After)
		}
		compared++
	}
	if compared == 0 {
		t.Fatal("no lost game built")
	}
	p := deal(rules.RussianCell, 7) // unsolvable with all cards known
	if rv, err := FindLoss(context.Background(), p, nil, cfg, Judging{}); err != nil || rv.LostAt != 0 || !rv.Lost {
		t.Fatalf("deal 7: %+v %v, want lost as dealt", rv, err)
	}
	p = deal(rules.RussianCell, 1)
	res, _ := solve(context.Background(), p, solver.DefaultConfig())
	if rv, err := FindLoss(context.Background(), p, res.Moves[:5], cfg, Judging{}); err != nil || rv.Lost || rv.LostAt != -1 {
		t.Fatalf("the solver's first moves: %+v %v", rv, err)
	}
	if _, err := FindLoss(context.Background(), p, []rules.Move{rules.MustMove("KC t1>t2")}, cfg, Judging{}); err == nil {
		t.Fatal("an illegal move: no error")
	}
}

// TestLocateLoss: LocateLoss names the losing move FindLoss names, with
// the start's verdict and the nodes of its searches; 0 for a deal lost as
// dealt, -1 for a game not lost, and an error for an illegal move.
func TestLocateLoss(t *testing.T) {
	cfg := reviewConfig(10)
	located := 0
	for _, n := range []uint64{3, 617} {
		p := deal(rules.RussianCell, n)
		moves := losingGame(t, p, 3)
		if moves == nil {
			continue
		}
		want, err := FindLoss(context.Background(), p, moves, cfg, Judging{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := LocateLoss(context.Background(), p, moves, cfg.Solver)
		if err != nil {
			t.Fatal(err)
		}
		if got.LostAt != len(moves) || got.LostAt != want.LostAt || got.Start.Verdict != solver.Solvable || got.Nodes <= got.Start.Nodes {
			t.Fatalf("deal %d: LocateLoss %+v, FindLoss lost at %d; built to be lost at %d", n, got, want.LostAt, len(moves))
		}
		located++
	}
	if located == 0 {
		t.Fatal("no lost game built")
	}
	if l, err := LocateLoss(context.Background(), deal(rules.RussianCell, 7), nil, cfg.Solver); err != nil || l.LostAt != 0 || l.Start.Verdict != solver.Unsolvable {
		t.Fatalf("deal 7: %+v %v, want lost as dealt", l, err)
	}
	p := deal(rules.RussianCell, 1)
	res, _ := solve(context.Background(), p, solver.DefaultConfig())
	if l, err := LocateLoss(context.Background(), p, res.Moves[:5], cfg.Solver); err != nil || l.LostAt != -1 || l.Start.Verdict != solver.Solvable {
		t.Fatalf("the solver's first moves: %+v %v", l, err)
	}
	if _, err := LocateLoss(context.Background(), p, []rules.Move{rules.MustMove("KC t1>t2")}, cfg.Solver); err == nil {
		t.Fatal("an illegal move: no error")
	}
}
