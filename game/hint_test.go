package game

import (
	"context"
	"strings"
	"testing"

	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// TestGetHintExact: with every card known, a hint of a winnable deal is
// the first move of a win the referee replays; of a won position, that it
// is won; of a lost one, that it cannot be won, with the search's verdict.
func TestGetHintExact(t *testing.T) {
	ctx := context.Background()
	p := testgames.Deal(rules.RussianCell, 617)
	h, err := GetHint(ctx, Request{Position: p})
	if err != nil {
		t.Fatal(err)
	}
	m, ok := h.Move()
	if !h.Exact || h.Case() != HintNext || !ok || m != h.Result.Moves[0] || !strings.HasPrefix(h.Headline(), "This position can be won (") {
		t.Fatalf("deal 617: case %v, move %v %v, headline %q", h.Case(), m, ok, h.Headline())
	}
	end, err := rules.Replay(p, h.Config.Options, h.Result.Moves)
	if err != nil || !end.Won() {
		t.Fatalf("the win does not replay: %v", err)
	}
	w, err := GetHint(ctx, Request{Position: end})
	if err != nil || w.Case() != HintWon || w.Headline() != wonSentence {
		t.Errorf("a won position: %v, %v", w.Case(), err)
	}
	// A Ripple Fan deal the search proves lost.
	for n := uint64(1); n < 20; n++ {
		q := testgames.Deal(rules.RippleFan, n)
		l, err := GetHint(ctx, Request{Position: q})
		if err != nil {
			t.Fatal(err)
		}
		if l.Result.Verdict != solver.Unsolvable {
			continue
		}
		if _, ok := l.Move(); l.Case() != HintLost || ok || l.Headline() != lostSentence {
			t.Errorf("ripple fan %d: case %v, a move %v", n, l.Case(), ok)
		}
		return
	}
	t.Error("no Ripple Fan deal of 1..19 is proved lost")
}

// TestGetHintDetour: when the win found begins with a move back to a
// position of the game, the hint is a move to a new position after which
// a win still exists, never the move back.
func TestGetHintDetour(t *testing.T) {
	ctx := context.Background()
	p := testgames.Deal(rules.RussianCell, 617)
	first, err := GetHint(ctx, Request{Position: p})
	if err != nil {
		t.Fatal(err)
	}
	m0, _ := first.Move()
	// The game so far: as if the position after m0 had been seen.
	after := p.Clone()
	after.Apply(m0)
	seen := map[string]bool{sample.Key(p.Hide()): true, sample.Key(after.Hide()): true}
	h, err := GetHint(ctx, Request{Position: p, Seen: seen})
	if err != nil {
		t.Fatal(err)
	}
	m, ok := h.Move()
	if !h.Detour || h.Case() != HintDetour || !ok || m == m0 || sample.Seen(seen, p, m) {
		t.Fatalf("detour: case %v, move %v (first %v), %v", h.Case(), m, m0, ok)
	}
	q := p.Clone()
	q.Apply(m)
	if c, err := Solve(ctx, Request{Position: q}); err != nil || c.Result.Verdict != solver.Solvable {
		t.Errorf("after the detour %v: %v, %v", m, c, err)
	}
}

// TestGetHintView: with the face-down cards unknown, every legal move is
// rated and the best advised; Solve gives the share of the same draw.
func TestGetHintView(t *testing.T) {
	ctx := context.Background()
	p := testgames.Deal(rules.RussianCell, 617).Hide()
	req := Request{Position: p, Samples: 10}
	h, err := GetHint(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	best, ok := h.Rating.Best()
	m, has := h.Move()
	if h.Exact || h.Case() != HintNext || !ok || !has || m != best.Move || h.Rating.Total() != 10 {
		t.Fatalf("the view: case %v, move %v %v, best %v, %d arrangements", h.Case(), m, has, best.Move, h.Rating.Total())
	}
	c, err := Solve(ctx, req)
	if err != nil || c.Exact || c.Share.Total() != 10 || c.Share.Tally != h.Rating.Share.Tally {
		t.Errorf("chances: %+v, %v; the hint's share %+v", c.Share.Tally, err, h.Rating.Share.Tally)
	}
}

// TestStopped: a context already ended gives the answer so far, marked
// stopped, and the context's error.
func TestStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, p := range []*rules.Position{testgames.Deal(rules.RussianCell, 617), testgames.Deal(rules.RussianCell, 617).Hide()} {
		h, err := GetHint(ctx, Request{Position: p, Samples: 4})
		if !Stopped(err) || h == nil || !h.stopped || h.Case() != HintStopped {
			t.Errorf("unknowns %d: %v, %v", p.Unknowns(), h, err)
		}
	}
}
