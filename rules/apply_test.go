package rules_test

import (
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestApplyNoAliasing moves a group away and then builds on the column it
// left: the cards that went away must not change. This is what a shared
// backing array between the two columns would break.
func TestApplyNoAliasing(t *testing.T) {
	p := mvPos(t, rules.RussianCell, `
		t1: 9S 5C 9H 2D
		t2: 6C
		t3: 6H
		c: 5H -`)
	for _, s := range []string{
		"5C t1>t2", // t1 keeps 9S; the group 5C 9H 2D goes to t2
		"5H c1>t3", // unrelated
		"5H t3>c1",
	} {
		m := mvMove(t, s)
		if err := rules.Check(p, mvReturnsOn, m); err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		p.Apply(m)
	}
	// Now put cards on t1, in the slots the group used to hold.
	p.Tableau[0].Up = append(p.Tableau[0].Up, rules.MustCards("8S 7S 6S")...)
	want := mvPos(t, rules.RussianCell, `
		t1: 9S 8S 7S 6S
		t2: 6C 5C 9H 2D
		t3: 6H
		c: 5H -`)
	if !p.Equal(want) {
		t.Fatalf("got %+v, want %+v", p, want)
	}
	// And the other way: build on the group's new column, then move the
	// group back; the first column must not see it.
	p.Apply(mvMove(t, "5H c1>t3"))
	p.Apply(mvMove(t, "9H t2>c1"))
	p.Tableau[1].Up = append(p.Tableau[1].Up, rules.MustCard("QD"))
	if got := p.Tableau[0].Up; len(got) != 4 || got[3] != rules.MustCard("6S") {
		t.Fatalf("t1 changed: %v", got)
	}
}

// TestApplyTurnsUp checks the automatic turn from every kind of move that
// can uncover a card, and that nothing else is turned.
func TestApplyTurnsUp(t *testing.T) {
	for _, tc := range []struct{ pos, move, after string }{
		{"t2: AD 9C / 8C 4H\nt3: 9C", "8C t2>t3", "t2: AD / 9C\nt3: 9C 8C 4H"},
		{"t2: 9C / AS", "AS t2>f", "t2: / 9C\nf: S1"},
		{"t2: 9C / AS", "AS t2>c2", "t2: / 9C\nc: - AS"},
		{"t2: 9C / AS 2S", "2S t2>c1", "t2: 9C / AS\nc: 2S -"},
		{"t2: 9C / KS\nt3:", "KS t2>t3", "t2: / 9C\nt3: KS"},
	} {
		p := mvPos(t, rules.RussianCell, tc.pos)
		m := mvMove(t, tc.move)
		if err := rules.Check(p, mvReturnsOn, m); err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		p.Apply(m)
		if want := mvPos(t, rules.RussianCell, tc.after); !p.Equal(want) {
			t.Fatalf("%s: got %+v, want %+v", tc.move, p, want)
		}
	}
}

// TestApplyPanics checks that Apply refuses, loudly, a card that is not
// where the move says.
func TestApplyPanics(t *testing.T) {
	for _, s := range []string{"5C t1>t2", "5C c1>t2", "QD t3>f"} {
		p := mvPos(t, rules.RussianCell, "t2: 6C\nt3: QD / 2S")
		func() {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(r.(string), "rules: Apply") {
					t.Fatalf("Apply(%s) did not panic as it should: %v", s, r)
				}
			}()
			p.Apply(mvMove(t, s))
		}()
	}
}
