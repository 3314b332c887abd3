package rules_test

import (
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// Test helpers carry the prefix "mv" so that they cannot clash with the
// helpers of other test files in this package.

// mvPos builds a position from a compact text, one line per part:
//
//	t3: KD QS / 5C 9H 2D   pile 3: face-down KD QS, then face-up 5C 9H 2D
//	t6: 6C                 pile 6: face up only (no slash)
//	c: 7D -                cells c1, c2 ("-" for empty)
//	f: C3 H13              foundation heights (others 0)
//
// Piles not named are empty. The position need not hold all 52 cards.
func mvPos(t testing.TB, g rules.Game, spec string) *rules.Position {
	t.Helper()
	p := rules.NewPosition(g)
	for _, line := range strings.Split(spec, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("mvPos: bad line %q", line)
		}
		switch {
		case key == "c":
			for i, f := range strings.Fields(val) {
				if f != "-" {
					p.Cells[i] = rules.MustCard(f)
				}
			}
		case key == "f":
			for _, f := range strings.Fields(val) {
				s, err := rules.ParseSuit(f[:1])
				if err != nil {
					t.Fatalf("mvPos: %v", err)
				}
				h, err := strconv.Atoi(f[1:])
				if err != nil {
					t.Fatalf("mvPos: %v", err)
				}
				p.Foundations[s] = h
			}
		case strings.HasPrefix(key, "t"):
			i, err := strconv.Atoi(key[1:])
			if err != nil {
				t.Fatalf("mvPos: bad pile %q", key)
			}
			down, up, ok := strings.Cut(val, "/")
			if !ok {
				down, up = "", val
			}
			p.Tableau[i-1] = rules.Pile{Down: rules.MustCards(down), Up: rules.MustCards(up)}
		default:
			t.Fatalf("mvPos: bad line %q", line)
		}
	}
	return p
}

// mvDeal deals a random layout: the 52 cards shuffled by r, then Russian
// Cell's column 1 gets one face-up card and column k (2..7) k-1 face-down
// and 5 face-up cards; Ripple Fan's 13 piles get 4 face-up cards each.
// Every pile gets its own array.
func mvDeal(g rules.Game, r *rand.Rand) *rules.Position {
	deck := make([]rules.Card, rules.NumCards)
	for i := range deck {
		deck[i] = rules.Card(i)
	}
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	p := rules.NewPosition(g)
	take := func(n int) []rules.Card {
		out := slices.Clone(deck[:n])
		deck = deck[n:]
		return out
	}
	if g == rules.RussianCell {
		p.Tableau[0].Up = take(1)
		for k := 2; k <= 7; k++ {
			p.Tableau[k-1].Down = take(k - 1)
			p.Tableau[k-1].Up = take(5)
		}
	} else {
		for i := range p.Tableau {
			p.Tableau[i].Up = take(4)
		}
	}
	return p
}

// mvCheckCards returns an error unless every one of the 52 cards is in
// exactly one place of p (a foundation of height h holds its first h
// cards).
func mvCheckCards(p *rules.Position) error {
	var seen [rules.NumCards]int
	add := func(c rules.Card) error {
		if !c.Valid() {
			return fmt.Errorf("invalid card %d", uint8(c))
		}
		seen[c]++
		return nil
	}
	for _, pl := range p.Tableau {
		for _, c := range pl.Down {
			if err := add(c); err != nil {
				return err
			}
		}
		for _, c := range pl.Up {
			if err := add(c); err != nil {
				return err
			}
		}
	}
	for _, c := range p.Cells {
		if c != rules.NoCard {
			if err := add(c); err != nil {
				return err
			}
		}
	}
	for s, h := range p.Foundations {
		if h < 0 || h > 13 {
			return fmt.Errorf("foundation %v has height %d", rules.Suit(s), h)
		}
		for r := 0; r < h; r++ {
			seen[rules.NewCard(rules.Rank(r), rules.Suit(s))]++
		}
	}
	for c, n := range seen {
		if n != 1 {
			return fmt.Errorf("%v is in %d places", rules.Card(c), n)
		}
	}
	return nil
}

// mvFaceDownOnTop returns an error if a pile has face-down cards but no
// face-up card: the turn must have happened.
func mvFaceDownOnTop(p *rules.Position) error {
	for i, pl := range p.Tableau {
		if len(pl.Up) == 0 && len(pl.Down) > 0 {
			return fmt.Errorf("%v has a face-down top card", rules.T(i))
		}
	}
	return nil
}

func mvMove(t testing.TB, s string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

var (
	mvReturnsOn  = rules.Options{}
	mvReturnsOff = rules.Options{NoReturns: true}
)

// A case plays one move on a position. A legal move (reason "") must pass
// Check, be listed by LegalMoves, and give the position after. An illegal
// one must fail Check with exactly the reason, and not be listed.
type mvCase struct {
	name string
	// noReturns turns foundation returns off; they are on otherwise.
	noReturns bool
	pos       string
	move      string      // in short notation; or
	raw       *rules.Move // a move ParseMove cannot express
	reason    string      // "" when legal
	after     string      // the position after a legal move
}

// rcBase is a Russian Cell position used by many cases.
const rcBase = `
t1: 4S
t2: 3S / KH 4C 9D
t3: KD / 5C 9H 2D
t4:
t5: 3D
t6: 6C
t7: QD
c: 7D -
f: C4 H12 D1
`

var mvRussianCellCases = []mvCase{
	// Groups: any face-up card with everything above, whatever the order.
	{name: "group regardless of sequence, then the turn", pos: rcBase, move: "5C t3>t6",
		after: `t1: 4S
			t2: 3S / KH 4C 9D
			t3: / KD
			t4:
			t5: 3D
			t6: 6C 5C 9H 2D
			t7: QD
			c: 7D -
			f: C4 H12 D1`},
	{name: "one card, top of a column", pos: rcBase, move: "2D t3>t5",
		after: `t1: 4S
			t2: 3S / KH 4C 9D
			t3: KD / 5C 9H
			t4:
			t5: 3D 2D
			t6: 6C
			t7: QD
			c: 7D -
			f: C4 H12 D1`},
	{name: "group from the middle of the face-up cards",
		pos:   "t1: 8S 5C 9H 2D\nt2: 6C",
		move:  "5C t1>t2",
		after: "t1: 8S\nt2: 6C 5C 9H 2D"},
	{name: "group whose bottom card is wrong", pos: rcBase, move: "9H t3>t6",
		reason: "9H cannot go on 6C, only on TH"},
	{name: "wrong rank", pos: "t1: 5C\nt2: 7C", move: "5C t1>t2",
		reason: "5C cannot go on 7C, only on 6C"},
	{name: "wrong suit", pos: "t1: 5C\nt2: 6S", move: "5C t1>t2",
		reason: "5C cannot go on 6S, only on 6C"},
	{name: "building up is not allowed", pos: "t1: 7C\nt2: 6C", move: "7C t1>t2",
		reason: "7C cannot go on 6C, only on 8C"},

	// Empty columns take Kings only.
	{name: "King to an empty column", pos: "t1: 2S KH", move: "KH t1>t4",
		after: "t1: 2S\nt4: KH"},
	{name: "King-headed group to an empty column, then the turn", pos: rcBase, move: "KH t2>t4",
		after: `t1: 4S
			t2: / 3S
			t3: KD / 5C 9H 2D
			t4: KH 4C 9D
			t5: 3D
			t6: 6C
			t7: QD
			c: 7D -
			f: C4 H12 D1`},
	{name: "King at the bottom of a column to an empty column", pos: "t1: KH 5C", move: "KH t1>t2",
		after: "t2: KH 5C"},
	{name: "King from a cell to an empty column", pos: "t1: 2S\nc: - KS", move: "KS c2>t3",
		after: "t1: 2S\nt3: KS"},
	{name: "non-King to an empty column", pos: rcBase, move: "5C t3>t4",
		reason: "5C cannot go to an empty column: only a King may"},
	{name: "non-King from a cell to an empty column", pos: rcBase, move: "7D c1>t4",
		reason: "7D cannot go to an empty column: only a King may"},
	{name: "Queen-headed group to an empty column", pos: "t1: 2S QH KC", move: "QH t1>t2",
		reason: "QH cannot go to an empty column: only a King may"},
	{name: "King onto a column", pos: "t1: KH\nt2: AH", move: "KH t1>t2",
		reason: "KH may go only to an empty column"},

	// The card must be there, face up.
	{name: "face-down card", pos: rcBase, move: "KD t3>t4",
		reason: "KD is face down"},
	{name: "card not in the column", pos: rcBase, move: "5C t2>t6",
		reason: "5C is not in t2"},
	{name: "card in another column", pos: rcBase, move: "6C t3>t1",
		reason: "6C is not in t3"},

	// Foundations.
	{name: "column top to its foundation, then the turn", pos: "t1: AH / AC\nt2: 5D", move: "AC t1>f",
		after: "t1: / AH\nt2: 5D\nf: C1"},
	{name: "King to its foundation", pos: rcBase + "t1: KH", move: "KH t1>f",
		after: strings.Replace(strings.Replace(rcBase, "t1: 4S", "t1:", 1), "H12", "H13", 1)},
	{name: "cell card to its foundation", pos: "c: 2D -\nf: D1", move: "2D c1>f",
		after: "f: D2"},
	{name: "column top skips a rank", pos: "t1: 3C\nf: C1", move: "3C t1>f",
		reason: "3C cannot go to its foundation, which needs 2C next"},
	{name: "Ace needed", pos: "t1: 2C", move: "2C t1>f",
		reason: "2C cannot go to its foundation, which needs AC next"},
	{name: "cell card wrong rank", pos: "c: 7D -\nf: D1", move: "7D c1>f",
		reason: "7D cannot go to its foundation, which needs 2D next"},
	{name: "non-top card to a foundation", pos: "t1: AC 5H", move: "AC t1>f",
		reason: "AC is not the top card of t1; only a top card may go to a foundation"},

	// Cells.
	{name: "column top to an empty cell, then the turn", pos: "t1: 9S / 2D", move: "2D t1>c1",
		after: "t1: / 9S\nc: 2D -"},
	{name: "column top to the second cell", pos: rcBase, move: "2D t3>c2",
		after: strings.Replace(strings.Replace(rcBase, "9H 2D", "9H", 1), "c: 7D -", "c: 7D 2D", 1)},
	{name: "one card per cell", pos: rcBase, move: "2D t3>c1",
		reason: "2D cannot go to c1, which is not empty"},
	{name: "non-top card to a cell", pos: rcBase, move: "5C t3>c2",
		reason: "5C is not the top card of t3; only a top card may go to a cell"},
	{name: "cell to cell", pos: rcBase, move: "7D c1>c2",
		reason: "a card may not move from a cell to a cell"},
	{name: "cell card onto a column", pos: "t1: 8D\nc: - 7D", move: "7D c2>t1",
		after: "t1: 8D 7D"},
	{name: "cell card onto a wrong column", pos: rcBase, move: "7D c1>t3",
		reason: "7D cannot go on 2D, only on 8D"},
	{name: "card not in an empty cell", pos: rcBase, move: "5C c2>t6",
		reason: "5C is not in c2, which is empty"},
	{name: "card not in a full cell", pos: rcBase, move: "5C c1>t6",
		reason: "5C is not in c1, which holds 7D"},

	// Foundation returns.
	{name: "return to an empty cell", pos: rcBase, move: "4C f>c2",
		after: strings.Replace(strings.Replace(rcBase, "c: 7D -", "c: 7D 4C", 1), "C4", "C3", 1)},
	{name: "return to a column", pos: "t1: 5C\nf: C4", move: "4C f>t1",
		after: "t1: 5C 4C\nf: C3"},
	{name: "return of a King to an empty column", pos: "t1: 5C\nf: H13", move: "KH f>t2",
		after: "t1: 5C\nt2: KH\nf: H12"},
	{name: "return of a King onto a column", pos: "t1: 5C\nf: H13", move: "KH f>t1",
		reason: "KH may go only to an empty column"},
	{name: "return of a non-King to an empty column", pos: "t1: 5C\nf: C4", move: "4C f>t2",
		reason: "4C cannot go to an empty column: only a King may"},
	{name: "return onto a wrong column", pos: rcBase, move: "4C f>t6",
		reason: "4C cannot go on 6C, only on 5C"},
	{name: "return to a full cell", pos: rcBase, move: "4C f>c1",
		reason: "4C cannot go to c1, which is not empty"},
	{name: "return of a card below the top", pos: rcBase, move: "3C f>c2",
		reason: "3C is not the top card of the clubs foundation"},
	{name: "return of a card above the top", pos: rcBase, move: "5C f>c2",
		reason: "5C is not the top card of the clubs foundation"},
	{name: "return from an empty foundation", pos: rcBase, move: "AS f>c2",
		reason: "the spades foundation is empty"},
	{name: "returns off: to a cell", noReturns: true, pos: rcBase, move: "4C f>c2",
		reason: "foundation returns are off"},
	{name: "returns off: to a column", noReturns: true, pos: "t1: 5C\nf: C4", move: "4C f>t1",
		reason: "foundation returns are off"},
	{name: "returns off: other moves still legal", noReturns: true, pos: "t1: 5C\nt2: 4C\nf: C3",
		move: "4C t2>t1", after: "t1: 5C 4C\nf: C3"},

	// Places.
	{name: "same column", pos: "t1: 5C 9H 6C", move: "5C t1>t1",
		reason: "a move must change place"},
	{name: "same cell", pos: rcBase, move: "7D c1>c1",
		reason: "a move must change place"},
	{name: "foundation to foundation", pos: rcBase, move: "4C f>f",
		reason: "a move must change place"},
	{name: "t8 does not exist", pos: rcBase, move: "2D t3>t8",
		reason: "t8 does not exist"},
	{name: "t13 does not exist as a source", pos: rcBase, move: "2D t13>t5",
		reason: "t13 does not exist"},
	{name: "c3 does not exist", pos: rcBase,
		raw:    &rules.Move{Card: rules.MustCard("2D"), From: rules.T(2), To: rules.C(2)},
		reason: "c3 does not exist"},
	{name: "unknown kind of place", pos: rcBase,
		raw:    &rules.Move{Card: rules.MustCard("2D"), From: rules.T(2), To: rules.Loc{Kind: 7}},
		reason: "unknown kind of place 7"},
	{name: "a foundation with a number", pos: rcBase,
		raw:    &rules.Move{Card: rules.MustCard("2D"), From: rules.T(2), To: rules.Loc{Kind: rules.Foundation, Index: 3}},
		reason: "the foundations take no number (index 3)"},
	{name: "no card", pos: rcBase,
		raw:    &rules.Move{Card: rules.NoCard, From: rules.T(2), To: rules.T(4)},
		reason: "the move has no valid card"},
	{name: "card out of range", pos: rcBase,
		raw:    &rules.Move{Card: 52, From: rules.T(2), To: rules.T(4)},
		reason: "the move has no valid card"},
}

var mvRippleFanCases = []mvCase{
	{name: "top card onto its successor", pos: "t1: 9H 5C\nt2: 2D 6C", move: "5C t1>t2",
		after: "t1: 9H\nt2: 2D 6C 5C"},
	{name: "last card of a pile leaves it empty", pos: "t1: 5C\nt2: 6C", move: "5C t1>t2",
		after: "t2: 6C 5C"},
	{name: "top card to its foundation", pos: "t1: 9H 3C\nf: C2", move: "3C t1>f",
		after: "t1: 9H\nf: C3"},
	{name: "King to its foundation", pos: "t1: KS\nf: S12", move: "KS t1>f",
		after: "f: S13"},
	{name: "only the top card moves", pos: "t1: 5C 9H\nt2: 6C", move: "5C t1>t2",
		reason: "only the top card of a pile may move in Ripple Fan"},
	{name: "only the top card goes to a foundation", pos: "t1: AC 9H", move: "AC t1>f",
		reason: "only the top card of a pile may move in Ripple Fan"},
	{name: "empty pile never filled", pos: "t1: 5C", move: "5C t1>t2",
		reason: "an empty pile can never be filled in Ripple Fan"},
	{name: "empty pile never filled, even by a King", pos: "t1: KC", move: "KC t1>t13",
		reason: "an empty pile can never be filled in Ripple Fan"},
	{name: "King onto a pile", pos: "t1: KC\nt2: AC", move: "KC t1>t2",
		reason: "KC may go only to its foundation in Ripple Fan"},
	{name: "wrong successor", pos: "t1: 5C\nt6: 7C", move: "5C t1>t6",
		reason: "5C cannot go on 7C, only on 6C"},
	{name: "wrong suit", pos: "t1: 5C\nt6: 6H", move: "5C t1>t6",
		reason: "5C cannot go on 6H, only on 6C"},
	{name: "wrong rank to a foundation", pos: "t1: 3C\nf: C1", move: "3C t1>f",
		reason: "3C cannot go to its foundation, which needs 2C next"},
	{name: "no cells", pos: "t1: 5C", move: "5C t1>c1",
		reason: "Ripple Fan has no cells"},
	{name: "no cells as a source", pos: "t1: 5C", move: "6C c1>t1",
		reason: "Ripple Fan has no cells"},
	{name: "no returns, even with returns on", pos: "t1: 5C\nf: C4", move: "4C f>t1",
		reason: "foundation cards never come back in Ripple Fan"},
	{name: "no returns with returns off", noReturns: true, pos: "t1: 5C\nf: C4", move: "4C f>t1",
		reason: "foundation cards never come back in Ripple Fan"},
	{name: "card not in the pile", pos: "t1: 5C\nt2: 6C", move: "5C t3>t2",
		reason: "5C is not in t3"},
	{name: "t13 exists", pos: "t13: 5C\nt2: 6C", move: "5C t13>t2",
		after: "t2: 6C 5C"},
	{name: "t14 does not exist", pos: "t1: 5C",
		raw:    &rules.Move{Card: rules.MustCard("5C"), From: rules.T(0), To: rules.T(13)},
		reason: "t14 does not exist"},
	{name: "same pile", pos: "t1: 5C", move: "5C t1>t1",
		reason: "a move must change place"},
}

func TestRules(t *testing.T) {
	for _, g := range []struct {
		game  rules.Game
		cases []mvCase
	}{{rules.RussianCell, mvRussianCellCases}, {rules.RippleFan, mvRippleFanCases}} {
		for _, tc := range g.cases {
			t.Run(g.game.String()+"/"+tc.name, func(t *testing.T) {
				opts := rules.Options{NoReturns: tc.noReturns}
				p := mvPos(t, g.game, tc.pos)
				before := p.Clone()
				var m rules.Move
				if tc.raw != nil {
					m = *tc.raw
				} else {
					m = mvMove(t, tc.move)
				}
				err := rules.Check(p, opts, m)
				if !p.Equal(before) {
					t.Fatal("Check changed the position")
				}
				listed := slices.Contains(rules.LegalMoves(p, opts, nil), m)
				if tc.reason != "" {
					if err == nil {
						t.Fatalf("Check(%v) = nil, want %q", m, tc.reason)
					}
					if err.Error() != tc.reason {
						t.Fatalf("Check(%v) = %q, want %q", m, err, tc.reason)
					}
					if listed {
						t.Fatalf("LegalMoves lists the illegal %v", m)
					}
					return
				}
				if err != nil {
					t.Fatalf("Check(%v) = %q, want nil", m, err)
				}
				if !listed {
					t.Fatalf("LegalMoves does not list %v: %v", m, rules.LegalMoves(p, opts, nil))
				}
				p.Apply(m)
				want := mvPos(t, g.game, tc.after)
				if !p.Equal(want) {
					t.Fatalf("after %v:\n got %+v\nwant %+v", m, p, want)
				}
			})
		}
	}
}

func TestWon(t *testing.T) {
	for _, tc := range []struct {
		game rules.Game
		pos  string
		move string
	}{
		{rules.RussianCell, "t4: KD\nf: C13 S13 H13 D12", "KD t4>f"},
		{rules.RussianCell, "c: - KD\nf: C13 S13 H13 D12", "KD c2>f"},
		{rules.RippleFan, "t13: KH\nf: C13 S13 H12 D13", "KH t13>f"},
	} {
		p := mvPos(t, tc.game, tc.pos)
		if p.Won() {
			t.Fatalf("%v: won before the last move", tc.game)
		}
		if got := p.OnFoundations(); got != 51 {
			t.Fatalf("%v: OnFoundations = %d, want 51", tc.game, got)
		}
		q, err := rules.Replay(p, rules.DefaultOptions(), []rules.Move{mvMove(t, tc.move)})
		if err != nil {
			t.Fatal(err)
		}
		if !q.Won() {
			t.Fatalf("%v: not won after %s", tc.game, tc.move)
		}
		if err := mvCheckCards(q); err != nil {
			t.Fatal(err)
		}
		if ms := rules.LegalMoves(q, rules.Options{NoReturns: true}, nil); len(ms) != 0 {
			t.Fatalf("%v: moves in a won position without returns: %v", tc.game, ms)
		}
	}
	// With returns on, a won Russian Cell position still has moves: each
	// King back to both cells and to every column.
	p := mvPos(t, rules.RussianCell, "f: C13 S13 H13 D13")
	if got, want := len(rules.LegalMoves(p, mvReturnsOn, nil)), 4*(2+7); got != want {
		t.Fatalf("returns from a won position: %d moves, want %d", got, want)
	}
}

// TestLegalMovesExact pins the whole list on small positions.
func TestLegalMovesExact(t *testing.T) {
	rc := `
		t1: KH QS
		t2: 5C 9H 2D
		t3: 6C
		t4:
		t5: 3D
		t6: JS
		t7: 4H
		c: - TS
		f: C4 H3 D1`
	noReturns := []string{
		"4H t7>f", "2D t2>f", // to foundations
		"KH t1>t4", "5C t2>t3", "2D t2>t5", "JS t6>t1", // columns
		"TS c2>t6", // cell to column
		"QS t1>c1", "2D t2>c1", "6C t3>c1", "3D t5>c1", "JS t6>c1", "4H t7>c1",
	}
	withReturns := append(slices.Clone(noReturns),
		"4C f>c1", "3H f>t7", "3H f>c1", "AD f>t2", "AD f>c1")
	rf := `
		t1: 5C 9H
		t2: 2D 6C
		t3: KC
		t4: TH
		t5: AS
		t6: 3D
		t7: 8S
		f: S0 D2`
	// 9H onto TH; 5C is covered; KC may not go onto anything; AS and 3D to
	// the foundations.
	rfMoves := []string{"AS t5>f", "3D t6>f", "9H t1>t4"}

	for _, tc := range []struct {
		name string
		game rules.Game
		opts rules.Options
		pos  string
		want []string
	}{
		{"russian-cell returns off", rules.RussianCell, mvReturnsOff, rc, noReturns},
		{"russian-cell returns on", rules.RussianCell, mvReturnsOn, rc, withReturns},
		{"ripple-fan", rules.RippleFan, mvReturnsOn, rf, rfMoves},
		{"russian-cell empty cells and columns", rules.RussianCell, mvReturnsOff,
			"t1: KC 2H\nt2: KS", []string{"KC t1>t3", "KC t1>t4", "KC t1>t5", "KC t1>t6", "KC t1>t7",
				"KS t2>t3", "KS t2>t4", "KS t2>t5", "KS t2>t6", "KS t2>t7",
				"2H t1>c1", "2H t1>c2", "KS t2>c1", "KS t2>c2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mvPos(t, tc.game, tc.pos)
			var got []string
			for _, m := range rules.LegalMoves(p, tc.opts, nil) {
				got = append(got, m.String())
			}
			want := slices.Clone(tc.want)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("LegalMoves:\n got %v\nwant %v", got, want)
			}
		})
	}
}

// TestLegalMovesBuffer checks that LegalMoves appends to buf[:0] and
// reuses its array.
func TestLegalMovesBuffer(t *testing.T) {
	p := mvPos(t, rules.RussianCell, "t1: KC 2H\nt2: KS")
	buf := make([]rules.Move, 3, 64)
	buf[0] = rules.Move{Card: 1}
	got := rules.LegalMoves(p, mvReturnsOn, buf)
	if len(got) != 14 || &got[0] != &buf[0] {
		t.Fatalf("LegalMoves did not fill buf[:0]: len %d", len(got))
	}
	if n := testing.AllocsPerRun(100, func() { got = rules.LegalMoves(p, mvReturnsOn, got) }); n != 0 {
		t.Fatalf("LegalMoves allocates %v times with a large enough buffer", n)
	}
}
