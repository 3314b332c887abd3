package game

import (
	"context"
	"strings"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestWhyWording checks the explanations of a few lost positions word for
// word: single blocked cards, cards that block one another, no move left,
// and a Russian Cell deadlock with both cells full; and that positions
// that can be won, or are won, get none.
func TestWhyWording(t *testing.T) {
	rcBoard, _, err := rules.ParseBoard(`Russian Cell
Foundations:  C JC   S --   H 6H   D 4D
Cells:        c1 QS   c2 TD
t1:  KD
t2:  [JD] AS QH JH TH 8S 7S 6S 5S 4S 3S
t3:  --
t4:  9H 8H
t5:  --
t6:  [5D] [KC] [QC] [2S] 9D 8D 7D 6D
t7:  [7H] [9S] [KH] [KS] [QD] [JS] TS
`)
	if err != nil {
		t.Fatal(err)
	}
	// Ripple Fan, all but the diamonds home: JD above QD above KD in one
	// pile, JD on top. Nothing can move.
	stuck := rules.NewPosition(rules.RippleFan)
	stuck.Foundations = [4]int{13, 13, 13, 10}
	stuck.Tableau[4].Up = rules.MustCards("JD KD QD")
	for _, c := range []struct {
		name string
		p    *rules.Position
		want string
	}{
		{"ripple fan 5", testgames.Deal(rules.RippleFan, 5),
			"KD is above 3D in pile 8: the King can only go to its foundation, and 3D must get there first."},
		{"ripple fan 4", testgames.Deal(rules.RippleFan, 4),
			"JC is above 6C and QC in pile 2: it can only go to its foundation, after 6C, or onto QC, which lies under it."},
		{"ripple fan 1", testgames.Deal(rules.RippleFan, 1), `These cards block one another, so that none of them can ever move:
QS in pile 5 goes to its foundation only after 3S, which lies under 3D in pile 7; and onto no card but KS, which lies under it.
6C in pile 6 goes to its foundation only after 5C, which lies under 6H in pile 13; and onto no card but 7C, which lies under 3D in pile 7.
3D in pile 7 goes to its foundation only after AD, which lies under 6H in pile 13; and onto no card but 4D, which lies under QS in pile 5.
TH in pile 10 goes to its foundation only after AH, which lies under it; and onto no card but JH, which lies under 6H in pile 13.
6H in pile 13 goes to its foundation only after AH, which lies under TH in pile 10; and onto no card but 7H, which lies under 6C in pile 6.`},
		{"ripple fan, no move", stuck,
			"No card can move: no pile's top card can go to its foundation or onto the next higher card of its suit."},
		{"russian cell, cells full", rcBoard, `These cards (and the 10 face-down cards under them) block one another, so that none of them can ever move:
QS in cell 1 goes to its foundation only after AS, which lies under QH in column 2; and onto no card but KS, which lies face down under JS in column 7.
TD in cell 2 goes to its foundation only after 5D, which lies face down under 9D in column 6; and onto no card but JD, which lies face down under QH in column 2.
QH in column 2 goes to its foundation only after 7H, which lies face down under JS in column 7; to a cell only if one is free, but both cells hold cards of this list; and, with the cards on it, onto no card but KH, which lies face down under JS in column 7.
Under QH in column 2, no card can move with the cards on it, as each could go only onto the next higher card of its suit: AS needs 2S (face down in column 6, under 9D).
9D in column 6 goes to its foundation only after 5D, which lies face down under it; to a cell only if one is free, but both cells hold cards of this list; and, with the cards on it, onto no card but TD, which is stuck in cell 2.
JS (face down) in column 7 goes to its foundation only after 9S, which lies face down under it; to a cell only if one is free, but both cells hold cards of this list; and, with the cards on it, onto no card but QS, which is stuck in cell 1.`},
	} {
		if err := rules.Validate(c.p); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		cfg := solver.DefaultConfig()
		cfg.Workers = 1
		if r, err := solver.Solve(context.Background(), c.p, cfg); err != nil || r.Verdict != solver.Unsolvable {
			t.Fatalf("%s: %v, %v", c.name, r.Verdict, err)
		}
		if got := Why(c.p); got != c.want {
			t.Errorf("%s:\n%s\nwant:\n%s", c.name, got, c.want)
		}
	}
	// Nothing to explain: a winnable deal, a won position.
	won := rules.NewPosition(rules.RippleFan)
	won.Foundations = [4]int{13, 13, 13, 13}
	for _, p := range []*rules.Position{testgames.Deal(rules.RippleFan, 2217), testgames.Deal(rules.RussianCell, 1), won} {
		if got := Why(p); got != "" {
			t.Errorf("a cause for a position that is won or can be: %q", got)
		}
	}
}

// TestWhyLineACard: a cause of one card is one sentence; of several, a
// heading and a line a card, on the Ripple Fan deals (nearly all lost to
// a deadlock, one in seven of several cards).
func TestWhyLineACard(t *testing.T) {
	n := 300
	if !longtest.Enabled() {
		n = 60
	}
	several := 0
	for d := 1; d <= n; d++ {
		p := testgames.Deal(rules.RippleFan, uint64(d))
		b, ok := solver.FindBlockage(p)
		if !ok || b.NoMove() {
			continue
		}
		lines := 1
		if len(b.Cards) > 1 {
			lines = 1 + len(b.Cards)
			several++
		}
		if text := Why(p); strings.Count(text, "\n")+1 != lines {
			t.Fatalf("deal %d: %d cards, text:\n%s", d, len(b.Cards), text)
		}
	}
	if several < n/10 {
		t.Errorf("%d causes of several cards in deals 1..%d: want at least %d", several, n, n/10)
	}
}
