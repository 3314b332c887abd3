package rules_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// ioDownCards lists p's face-down cards in Fill's slot order: t1 to t7,
// each column bottom first.
func ioDownCards(p *rules.Position) []rules.Card {
	var out []rules.Card
	for _, pl := range p.Tableau {
		out = append(out, pl.Down...)
	}
	return out
}

func TestHiddenBoardGolden(t *testing.T) {
	got := rules.FormatBoard(ioRCPartHidden(), "617", rules.BoardStyle{})
	want := `Russian Cell, deal 617
Foundations:  C 2C   S AS   H --   D --
Cells:        c1 7H   c2 QC
t1:  5S
t2:  [AD] 6H JC 2D
t3:  [7S] [2S] QD 4S 9C KH 6D
t4:  [??] [??] [??] 4H TS KC 9S 5D
t5:  [5H] [3H] [JD] [KD] 8C TD 6S TH
t6:  [JH] [4D] [3S] [8D] [AH] 2H 6C 3C
t7:  [??] [??] [??] [??] [??] [??] 4C 3D KS TC 8S
`
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	uni := rules.FormatBoard(ioRCPartHidden(), "", rules.BoardStyle{Unicode: true})
	if !strings.Contains(uni, "t4:  [??] [??] [??] 4♥") {
		t.Errorf("Unicode board: t4 line not as expected:\n%q", uni)
	}
	js := string(rules.MarshalPosition(ioRCPartHidden(), ""))
	if !strings.Contains(js, `{"down":["??","??","??"],"up":["4H","TS","KC","9S","5D"]}`) {
		t.Errorf("JSON: t4 not written with \"??\": %s", js)
	}
}

// TestHiddenReadLenient: "??" is read in a down list and in brackets, with
// other spacing, and in a JSON file written by hand.
func TestHiddenReadLenient(t *testing.T) {
	want := ioRCPartHidden()
	board := strings.Replace(rules.FormatBoard(want, "", rules.BoardStyle{}), "t7:  [??] [??]", "t7:[??]    [??]", 1)
	q, _, err := rules.ReadPosition(strings.NewReader(board))
	if err != nil || !q.Equal(want) {
		t.Fatalf("board: %v", err)
	}
	js := strings.ReplaceAll(string(rules.MarshalPosition(want, "")), `"??"`, `" ?? "`)
	q, _, err = rules.ReadPosition(strings.NewReader(js))
	if err != nil || !q.Equal(want) {
		t.Fatalf("JSON: %v\n%s", err, js)
	}
}

func TestHideUnseenFill(t *testing.T) {
	for name, p := range map[string]*rules.Position{"rc-start": ioRCStart(), "rc-mid": ioRCMid(), "rf-mid": ioRFMid(), "won": ioWon()} {
		h := p.Hide()
		down := ioDownCards(p)
		if h.Unknowns() != len(down) {
			t.Errorf("%s: Unknowns = %d, want %d", name, h.Unknowns(), len(down))
		}
		if err := rules.Validate(h); err != nil {
			t.Errorf("%s: hidden position invalid: %v", name, err)
		}
		sorted := slices.Clone(down)
		slices.Sort(sorted)
		if got := h.Unseen(); !slices.Equal(got, sorted) && len(got)+len(sorted) > 0 {
			t.Errorf("%s: Unseen = %v, want %v", name, got, sorted)
		}
		if len(p.Unseen()) != 0 {
			t.Errorf("%s: a full position has unseen cards %v", name, p.Unseen())
		}
		if f := h.Fill(down); !f.Equal(p) {
			t.Errorf("%s: Fill with the face-down cards in slot order is not the position", name)
		}
		if !ioRCMid().Equal(ioRCMid().Hide().Fill(ioDownCards(ioRCMid()))) {
			t.Errorf("Hide changed the position it was called on")
		}
	}
	// Some face-down cards known, some not: Fill fills only the unknown.
	part := ioRCPartHidden()
	mid := ioRCMid()
	fill := append(slices.Clone(mid.Tableau[3].Down), mid.Tableau[6].Down...)
	if !part.Fill(fill).Equal(mid) {
		t.Errorf("Fill of the partly hidden position is not the full one")
	}
	if got, want := len(part.Unseen()), 9; got != want || part.Unknowns() != want {
		t.Errorf("partly hidden: %d unseen, %d unknown, want %d", got, part.Unknowns(), want)
	}
	for _, n := range []int{8, 10} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Fill with %d cards for 9 slots did not panic", n)
				}
			}()
			part.Fill(make([]rules.Card, n))
		}()
	}
}

func TestHiddenValidate(t *testing.T) {
	card := rules.MustCard
	cases := []struct {
		name string
		pos  func() *rules.Position
		want string
	}{
		{"a card too few", func() *rules.Position {
			p := ioRCPartHidden()
			p.Tableau[0].Up = []rules.Card{}
			return p
		}, "9 face-down cards are unknown (??) but 10 cards are not visible: 5C 7C 5S JS QS 8H 9H QH 7D 9D"},
		{"an unknown too many", func() *rules.Position {
			p := ioRCPartHidden()
			p.Tableau[4] = rules.Pile{
				Down: []rules.Card{rules.UnknownCard, rules.UnknownCard, rules.UnknownCard, rules.UnknownCard},
				Up:   rules.MustCards("KD 8C TD 6S TH"),
			}
			return p
		}, "13 face-down cards are unknown (??) but 12 cards are not visible: 5C 7C JS QS 3H 5H 8H 9H QH 7D 9D JD"},
		{"nothing unseen", func() *rules.Position {
			p := ioRCMid()
			p.Tableau[4] = rules.Pile{Down: []rules.Card{card("5H"), card("3H"), card("JD"), rules.UnknownCard}, Up: rules.MustCards("KD 8C TD 6S TH")}
			return p
		}, "1 face-down card is unknown (??) but every card is visible elsewhere"},
		{"face up", func() *rules.Position {
			p := ioRCMid()
			p.Tableau[0].Up[0] = rules.UnknownCard
			return p
		}, "t1: an unknown card (??) face up: only a face-down card may be unknown\ncard 5S is missing"},
		{"in a cell", func() *rules.Position {
			p := ioRCMid()
			p.Cells[0] = rules.UnknownCard
			return p
		}, "c1: an unknown card (??) in a cell: only a face-down card may be unknown\ncard 7H is missing"},
		{"ripple fan", func() *rules.Position {
			p := ioRFMid()
			p.Tableau[0] = rules.Pile{Down: []rules.Card{rules.UnknownCard}, Up: rules.MustCards("KD 9D 7H")}
			return p
		}, "t1: an unknown card (??), but Ripple Fan deals every card face up, so every card is known\n" +
			"card 3S is missing\nt1: 1 face-down card, but Ripple Fan deals every card face up"},
	}
	for _, tc := range cases {
		err := rules.Validate(tc.pos())
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: got\n%v\nwant\n%s", tc.name, err, tc.want)
		}
	}
}

func TestHiddenParseErrors(t *testing.T) {
	board := rules.FormatBoard(ioRCMid().Hide(), "", rules.BoardStyle{})
	js := string(rules.MarshalPosition(ioRCMid().Hide(), ""))
	rf := rules.FormatBoard(ioRFMid(), "", rules.BoardStyle{})
	cases := []struct {
		name, in, want string
	}{
		{"board face up", strings.Replace(board, "t1:  5S", "t1:  ??", 1),
			"line 4: t1: ?? face up: only a face-down card may be unknown, written [??]"},
		{"board cell", strings.Replace(board, "c1 7H", "c1 ??", 1),
			"line 3: c1: ?? in a cell: only a face-down card may be unknown"},
		{"json up", strings.Replace(js, `"up":["5S"]`, `"up":["??"]`, 1),
			`t1: "??" in "up": only a face-down card may be unknown (in "down")`},
		{"json cell", strings.Replace(js, `"cells":["7H"`, `"cells":["??"`, 1),
			"c1: ?? in a cell: only a face-down card may be unknown"},
		{"ripple fan board", strings.Replace(rf, "t1:   3S", "t1:   [??]", 1),
			"t1: an unknown card (??), but Ripple Fan deals every card face up, so every card is known\n" +
				"card 3S is missing\nt1: 1 face-down card, but Ripple Fan deals every card face up"},
		{"too many ?? on a board", strings.Replace(board, "t1:  5S", "t1:  --", 1),
			"21 face-down cards are unknown (??) but 22 cards are not visible: " + hiddenList(t)},
	}
	for _, tc := range cases {
		if tc.in == board || tc.in == js || tc.in == rf {
			t.Fatalf("%s: the edit did not apply", tc.name)
		}
		_, _, err := rules.ReadPosition(strings.NewReader(tc.in))
		var ps rules.Problems
		if !errors.As(err, &ps) || err.Error() != tc.want {
			t.Errorf("%s: got\n%v\nwant\n%s", tc.name, err, tc.want)
		}
	}
}

// hiddenList is the list of not-visible cards for ioRCMid hidden with t1
// emptied: its 21 face-down cards and 5S, in deck order.
func hiddenList(t *testing.T) string {
	t.Helper()
	cs := append(ioDownCards(ioRCMid()), rules.MustCard("5S"))
	slices.Sort(cs)
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return strings.Join(names, " ")
}

func TestHiddenRefused(t *testing.T) {
	h := ioRCMid().Hide()
	if _, err := rules.MarshalSolvitaire(h); err == nil ||
		err.Error() != "the Solvitaire deal format needs every card known, but 21 face-down cards are unknown (??)" {
		t.Errorf("Solvitaire: %v", err)
	}
	sol := rules.MarshalSolution(&rules.Solution{Game: rules.RussianCell, Position: ioRCPartHidden(), Verdict: rules.VerdictUnknown, Reason: "x", Options: rules.DefaultOptions()})
	_, err := rules.ReadSolution(bytes.NewReader(sol))
	if err == nil || err.Error() != "position: a solution's starting position needs every card known, but 9 face-down cards are unknown (??)" {
		t.Errorf("ReadSolution: %v", err)
	}
	if err := ioRCMid().NeedKnown("x"); err != nil {
		t.Errorf("NeedKnown on a full position: %v", err)
	}
}

// TestHiddenReplay: Replay plays moves on a position with unknown cards
// until one would turn an unknown card up, and refuses that one.
func TestHiddenReplay(t *testing.T) {
	o := rules.DefaultOptions()
	// ioRCMid with 4S and 6H swapped, and 5D and 4H: 4S t2>t1 turns up AD,
	// and 5D t4>t3 turns up a face-down card of t4.
	full := ioPiles(rules.RussianCell,
		"| 5S",
		"AD | 4S JC 2D",
		"7S 2S | QD 6H 9C KH 6D",
		"8H 7D QS | 5D TS KC 9S 4H",
		"5H 3H JD KD | 8C TD 6S TH",
		"JH 4D 3S 8D AH | 2H 6C 3C",
		"9D QH JS 7C 9H 5C | 4C 3D KS TC 8S",
	)
	full.Cells = rules.MustCards("7H QC")
	full.Foundations = [4]int{2, 1, 0, 0}
	part := full.Clone()
	for _, i := range []int{3, 6} {
		for j := range part.Tableau[i].Down {
			part.Tableau[i].Down[j] = rules.UnknownCard
		}
	}
	if err := rules.Validate(part); err != nil {
		t.Fatal(err)
	}
	var turnsUnknown, turnsKnown, turnsNothing []rules.Move
	for _, m := range rules.LegalMoves(part, o, nil) {
		switch c := part.Reveals(m); {
		case c == rules.UnknownCard:
			turnsUnknown = append(turnsUnknown, m)
		case c == rules.NoCard:
			turnsNothing = append(turnsNothing, m)
		default:
			turnsKnown = append(turnsKnown, m)
		}
	}
	if len(turnsUnknown) == 0 || len(turnsKnown) == 0 || len(turnsNothing) == 0 {
		t.Fatalf("the test position needs moves of each kind: %v / %v / %v", turnsUnknown, turnsKnown, turnsNothing)
	}
	for _, m := range turnsUnknown {
		got, err := rules.Replay(part, o, []rules.Move{turnsNothing[0], m})
		var me *rules.MoveError
		if !errors.As(err, &me) || me.Index != 2 || !strings.Contains(me.Reason, "turns up a face-down card that is unknown (??)") || !errors.Is(err, rules.ErrUnknownCards) {
			t.Errorf("%v: err = %v", m, err)
		}
		if want, _ := rules.Replay(part, o, []rules.Move{turnsNothing[0]}); !got.Equal(want) {
			t.Errorf("%v: Replay did not stop before the move", m)
		}
	}
	for _, m := range turnsKnown {
		q, err := rules.Replay(part, o, []rules.Move{m})
		if err != nil {
			t.Errorf("%v: %v", m, err)
			continue
		}
		want := part.Reveals(m)
		if q.Tableau[m.From.Index].Up[0] != want || q.Unknowns() != part.Unknowns() {
			t.Errorf("%v: did not turn up %v", m, want)
		}
	}
	// On the full position the same moves are played.
	for _, m := range turnsUnknown {
		if _, err := rules.Replay(full, o, []rules.Move{m}); err != nil {
			t.Errorf("full position, %v: %v", m, err)
		}
	}
}
