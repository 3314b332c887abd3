package sample

import (
	"context"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// game20003 is a game of Russian Cell deal 20003 that hint once led round a
// loop: its last move, KS t1>c1, was then undone by the advice KS c1>t1.
const game20003 = "9D t2>t4, QC t5>t2, JD t5>t3, TD t4>t3, 8D t4>t3, 2D t7>t4, 3H t3>t5, AC t5>t6, 4H t5>t4, QD t6>t5, AC t6>f, 2C t6>f, TS t2>t7, AS t2>f, 6S t4>t2, KS t1>c1"

func parseGame(t *testing.T, s string) []rules.Move {
	var ms []rules.Move
	for _, f := range strings.Split(s, ", ") {
		m, err := rules.ParseMove(f)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// TestRateNeverAdvisesGoingBack: with the game's history, the move back to
// the position before the last move is listed, marked Seen, last, and not
// advised; without it, that move keeps every win and is advised.
func TestRateNeverAdvisesGoingBack(t *testing.T) {
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(20003))
	moves := parseGame(t, game20003)
	end, err := rules.Replay(start, rules.DefaultOptions(), moves)
	if err != nil {
		t.Fatal(err)
	}
	view := end.Hide()
	undo := rules.MustMove("KS c1>t1")
	cfg := config(20, 1, 1)
	bare, err := RankMoves(context.Background(), view, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b, ok := bare.Best(); !ok || b.Move != undo {
		t.Fatalf("without history the best move is %v (%v), the test wants the undo %v there", b.Move, ok, undo)
	}
	rt, err := RankMoves(context.Background(), view, cfg, seenOf(t, start, moves))
	if err != nil {
		t.Fatal(err)
	}
	b, ok := rt.Best()
	if !ok || b.Move == undo || b.Seen {
		t.Fatalf("with history the best move is %v (ok %v, seen %v)", b.Move, ok, b.Seen)
	}
	last := rt.Ranked[len(rt.Ranked)-1]
	if !SameMove(last.MoveShare, undo) || !last.Seen || rt.Fresh() != len(rt.Ranked)-1 || !rt.History {
		t.Fatalf("the undo should be listed last and marked seen: %+v", rt.Ranked)
	}
}

// TestRateOrder checks the ranking rules on the positions of two games
// without history: a move that can be undone (not from a cell) is ranked by
// the arrangements whose win begins with it, so a move that makes progress
// at the same share comes first; and at least one such case occurs.
func TestRateOrder(t *testing.T) {
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(20003))
	moves := parseGame(t, game20003)
	cfg := config(20, 1, 1)
	q := start.Clone()
	below := 0
	for i := 0; i <= len(moves); i++ {
		rt, err := RankMoves(context.Background(), q.Hide(), cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, m := range rt.Ranked {
			discount := m.Undoable && m.Move.From.Kind != rules.Cell
			want := m.Winnable
			if discount {
				want = min(m.Leads, m.Winnable)
			}
			if m.Score != want || m.Discounted != discount || m.Seen {
				t.Fatalf("position %d, move %v: %+v", i, m.Move, m)
			}
			if m.Move.From.Kind == rules.Foundation {
				t.Fatalf("position %d: a move back from a foundation is ranked: %v", i, m.Move)
			}
			if k > 0 {
				prev := rt.Ranked[k-1]
				if prev.Move.To.Kind != rules.Foundation && (m.Move.To.Kind == rules.Foundation || m.Score > prev.Score) {
					t.Fatalf("position %d: %v (%d) ranked below %v (%d)", i, m.Move, m.Score, prev.Move, prev.Score)
				}
			}
			for _, x := range rt.Ranked[:k] {
				if m.Discounted && m.Score < m.Winnable && x.Winnable == m.Winnable && !x.Discounted {
					below++
				}
			}
		}
		if i < len(moves) {
			q.Apply(moves[i])
		}
	}
	if below == 0 {
		t.Fatal("no move that can be undone was ranked below a move of the same share: the rule is not tested")
	}
	t.Logf("%d moves that can be undone ranked below a progress move of the same share", below)
}

// seenOf is AddSeen of a game the test knows to be legal.
func seenOf(t *testing.T, start *rules.Position, moves []rules.Move) map[string]bool {
	t.Helper()
	seen, err := AddSeen(nil, start, moves)
	if err != nil {
		t.Fatal(err)
	}
	return seen
}

// TestAddSeenRefuses: AddSeen says what is wrong, never panics: a view
// whose moves name a card it hides, an illegal move, no start.
func TestAddSeenRefuses(t *testing.T) {
	start := deal(617)
	m := rules.LegalMoves(start, rules.DefaultOptions(), nil)[0]
	if _, err := AddSeen(nil, start.Hide(), []rules.Move{{Card: start.Tableau[6].Down[0], From: rules.Loc{Kind: rules.Tableau, Index: 6}, To: rules.Loc{Kind: rules.Foundation}}}); err == nil {
		t.Error("a move of a hidden card from a view: no error")
	}
	if seen, err := AddSeen(nil, start, []rules.Move{m, m}); err == nil || len(seen) != 2 {
		t.Errorf("an illegal second move: %v, %d views", err, len(seen))
	}
	if _, err := AddSeen(nil, nil, nil); err == nil {
		t.Error("no start: no error")
	}
	if seen, err := AddSeen(nil, start.Hide(), []rules.Move{m}); err != nil || len(seen) != 2 {
		t.Errorf("a view and a move of a visible card: %v, %d views", err, len(seen))
	}
}
