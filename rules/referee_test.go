package rules_test

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/patience-solver/patience/rules"
)

func TestMoveErrorText(t *testing.T) {
	e := &rules.MoveError{Index: 12, Move: mvMove(t, "5C t3>t6"), Reason: "5C is face down"}
	if got, want := e.Error(), "move 12 (5C t3>t6): 5C is face down"; got != want {
		t.Fatalf("Error() = %q, want %q", got, want)
	}
}

func TestReplay(t *testing.T) {
	start := mvPos(t, rules.RussianCell, `
		t1: 2C
		t2: KD / 5C 9H 2D
		t3: 6C
		c: - -
		f: C1`)
	keep := start.Clone()
	moves := []rules.Move{
		mvMove(t, "2C t1>f"),  // 1
		mvMove(t, "5C t2>t3"), // 2: turns up KD
		mvMove(t, "KD t2>t1"), // 3
		mvMove(t, "2D t3>c1"), // 4
		mvMove(t, "2D c1>c2"), // 5: illegal
		mvMove(t, "9H t3>c2"), // never looked at
	}

	t.Run("win-free legal prefix", func(t *testing.T) {
		p, err := rules.Replay(start, mvReturnsOn, moves[:4])
		if err != nil {
			t.Fatal(err)
		}
		want := mvPos(t, rules.RussianCell, `
			t1: KD
			t3: 6C 5C 9H
			c: 2D -
			f: C2`)
		if !p.Equal(want) {
			t.Fatalf("got %+v, want %+v", p, want)
		}
		if p.Won() {
			t.Fatal("Won")
		}
	})
	t.Run("first illegal move", func(t *testing.T) {
		p, err := rules.Replay(start, mvReturnsOn, moves)
		var me *rules.MoveError
		if !errors.As(err, &me) {
			t.Fatalf("err = %v, want a *MoveError", err)
		}
		if me.Index != 5 || me.Move != moves[4] || me.Reason != "a card may not move from a cell to a cell" {
			t.Fatalf("got %+v", me)
		}
		if got, want := err.Error(), "move 5 (2D c1>c2): a card may not move from a cell to a cell"; got != want {
			t.Fatalf("Error() = %q, want %q", got, want)
		}
		before, _ := rules.Replay(start, mvReturnsOn, moves[:4])
		if p == nil || !p.Equal(before) {
			t.Fatalf("Replay returned %+v, want the position before move 5", p)
		}
	})
	t.Run("start unchanged", func(t *testing.T) {
		if !start.Equal(keep) {
			t.Fatal("Replay changed its start position")
		}
	})
	t.Run("no automatic foundation moves", func(t *testing.T) {
		// AC is free and the foundation is empty: Replay must leave it.
		p, err := rules.Replay(mvPos(t, rules.RussianCell, "t1: AC\nt2: KS"), mvReturnsOn, nil)
		if err != nil || p.Foundations != [4]int{} || len(p.Tableau[0].Up) != 1 {
			t.Fatalf("Replay of no moves: %+v, %v", p, err)
		}
	})
	t.Run("returns off", func(t *testing.T) {
		p := mvPos(t, rules.RussianCell, "t1: 5C\nf: C4")
		m := []rules.Move{mvMove(t, "4C f>t1")}
		if _, err := rules.Replay(p, mvReturnsOn, m); err != nil {
			t.Fatal(err)
		}
		_, err := rules.Replay(p, mvReturnsOff, m)
		if err == nil || err.Error() != "move 1 (4C f>t1): foundation returns are off" {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("nil start", func(t *testing.T) {
		if _, err := rules.Replay(nil, mvReturnsOn, nil); err == nil {
			t.Fatal("no error")
		}
	})
}

// TestCheckOddPositions feeds Check positions that no game produces: it
// must give a reason, not panic.
func TestCheckOddPositions(t *testing.T) {
	m := mvMove(t, "5C t1>t2")
	short := rules.NewPosition(rules.RussianCell)
	short.Tableau = short.Tableau[:1]
	short.Cells = nil
	noUp := mvPos(t, rules.RussianCell, "t1: 5C\nt2: 6C /")
	badFound := mvPos(t, rules.RussianCell, "t1: 5C\nt2: AS\nf: C14 S-3")
	for _, tc := range []struct {
		name   string
		p      *rules.Position
		m      rules.Move
		reason string
	}{
		{"nil position", nil, m, "there is no position"},
		{"unknown game", &rules.Position{Game: 9}, m, "unknown game 9"},
		{"missing pile", short, m, "t2 does not exist"},
		{"missing cell", short, mvMove(t, "5C t1>c1"), "c1 does not exist"},
		{"face-down top card", noUp, m, "t2's top card is face down"},
		{"foundation too high", badFound, mvMove(t, "5C t1>f"), "the clubs foundation is complete"},
		{"foundation return too high", badFound, mvMove(t, "KC f>c1"), "KC is not the top card of the clubs foundation"},
		{"negative foundation", badFound, mvMove(t, "AS t2>f"), "the spades foundation has a bad height -3"},
		{"negative foundation return", badFound, mvMove(t, "AS f>c1"), "the spades foundation is empty"},
	} {
		err := rules.Check(tc.p, mvReturnsOn, tc.m)
		if err == nil || err.Error() != tc.reason {
			t.Errorf("%s: Check = %v, want %q", tc.name, err, tc.reason)
		}
		var me *rules.MoveError
		if !errors.As(err, &me) || me.Index != 0 || me.Move != tc.m || me.Reason != tc.reason {
			t.Errorf("%s: Check's error %#v is not the *MoveError of the move, with Index 0", tc.name, err)
		}
		if noGame := tc.p != nil && tc.p.Game == 9; errors.Is(err, rules.ErrNoGame) != noGame {
			t.Errorf("%s: errors.Is(Check's error, rules.ErrNoGame) is %v", tc.name, !noGame)
		}
		if tc.p != nil {
			_ = rules.LegalMoves(tc.p, mvReturnsOn, nil) // must not panic
		}
	}
}

// mvFuzzLoc turns a byte into a place, including places that do not
// exist: kind = top 2 bits (3 is no kind), index = low 4 bits, but 0 for
// a foundation unless bit 4 is set.
func mvFuzzLoc(b byte) rules.Loc {
	l := rules.Loc{Kind: rules.LocKind(b >> 6), Index: b & 15}
	if l.Kind == rules.Foundation && b&16 == 0 {
		l.Index = 0
	}
	return l
}

// FuzzReferee builds a random layout from a seed and a move list from the
// bytes, 3 bytes a move. A move whose first byte has the top bit set is
// the legal move numbered by the other two bytes (LegalMoves); any other
// is raw (card = low 6 bits, so some are no card; places from mvFuzzLoc).
// The list stops at the first move Check rejects, or at a win. Then Replay
// must agree: the same final position and 52 cards in place, or the same rejection
// at the same move, with the position before it.
func FuzzReferee(f *testing.F) {
	f.Add(int64(1), false, true, []byte("\x80\x00\x00\x80\x00\x01\x80\x00\x02"))
	f.Add(int64(2), true, true, []byte("\x80\x00\x00\x80\x00\x00\x80\x00\x00"))
	f.Add(int64(3), false, false, []byte("\x05\x02\x05\x80\x00\x07"))
	f.Add(int64(4), false, true, []byte("\x23\x80\x41\x80\x00\x03"))
	f.Fuzz(func(t *testing.T, seed int64, ripple, returns bool, data []byte) {
		g := rules.RussianCell
		if ripple {
			g = rules.RippleFan
		}
		o := rules.Options{NoReturns: !returns}
		start := mvDeal(g, rand.New(rand.NewSource(seed)))
		keep := start.Clone()
		shadow := start.Clone()
		var moves []rules.Move
		var legal []rules.Move
		reason := ""
		// A game ends when it is won (Replay refuses moves after it).
		for len(data) >= 3 && reason == "" && !shadow.Won() {
			b := data[:3]
			data = data[3:]
			legal = rules.LegalMoves(shadow, o, legal)
			var m rules.Move
			if b[0]&0x80 != 0 {
				if len(legal) == 0 {
					break
				}
				m = legal[(int(b[1])<<8|int(b[2]))%len(legal)]
			} else {
				m = rules.Move{Card: rules.Card(b[0] & 63), From: mvFuzzLoc(b[1]), To: mvFuzzLoc(b[2])}
			}
			moves = append(moves, m)
			if err := rules.Check(shadow, o, m); err != nil {
				if b[0]&0x80 != 0 {
					t.Fatalf("LegalMoves lists %v, Check says %q", m, err)
				}
				if slices.Contains(legal, m) {
					t.Fatalf("LegalMoves lists %v, Check says %q", m, err)
				}
				reason = err.Error()
				break
			}
			if !slices.Contains(legal, m) {
				t.Fatalf("Check accepts %v, LegalMoves does not list it", m)
			}
			shadow.Apply(m)
		}

		got, err := rules.Replay(start, o, moves)
		if !start.Equal(keep) {
			t.Fatal("Replay changed its start position")
		}
		if !got.Equal(shadow) {
			t.Fatalf("Replay's position differs from the one played move by move")
		}
		if reason == "" {
			if err != nil {
				t.Fatalf("Replay: %v", err)
			}
			if err := mvCheckCards(got); err != nil {
				t.Fatal(err)
			}
			if err := mvFaceDownOnTop(got); err != nil {
				t.Fatal(err)
			}
			return
		}
		var me *rules.MoveError
		if !errors.As(err, &me) || me.Index != len(moves) || me.Reason != reason || me.Move != moves[len(moves)-1] {
			t.Fatalf("Replay: %v; want move %d rejected with %q", err, len(moves), reason)
		}
	})
}

// TestReplayRefusesMovesAfterTheWin: a game ends when it is won, so a move
// list that goes on is refused at the first move after the win, even when
// the rules allow that move (a King back from its foundation).
func TestReplayRefusesMovesAfterTheWin(t *testing.T) {
	start := mvPos(t, rules.RussianCell, "t4: KD\nf: C13 S13 H13 D12")
	win, back := mvMove(t, "KD t4>f"), mvMove(t, "KD f>t1")
	end, err := rules.Replay(start, mvReturnsOn, []rules.Move{win})
	if err != nil || !end.Won() {
		t.Fatalf("the win: %v", err)
	}
	if err := rules.Check(end, mvReturnsOn, back); err != nil {
		t.Fatalf("KD f>t1 after the win is legal by the rules, but Check says %v", err)
	}
	p, err := rules.Replay(start, mvReturnsOn, []rules.Move{win, back, win})
	var me *rules.MoveError
	if !errors.As(err, &me) || me.Index != 2 || me.Move != back || !p.Won() {
		t.Fatalf("Replay after the win: %v, won %v", err, p.Won())
	}
	if got, want := err.Error(), "move 2 (KD f>t1): the game was won at move 1; move 2 comes after it"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
	// A start that is won already takes no move.
	_, err = rules.Replay(end, mvReturnsOn, []rules.Move{back})
	if got, want := fmt.Sprint(err), "move 1 (KD f>t1): the game is won already: no move comes after the win"; got != want {
		t.Errorf("from a won start: %q, want %q", got, want)
	}
}
