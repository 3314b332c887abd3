package rules_test

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

const ioRCMidBoard = `Russian Cell, deal 617
Foundations:  C 2C   S AS   H --   D --
Cells:        c1 7H   c2 QC
t1:  5S
t2:  [AD] 6H JC 2D
t3:  [7S] [2S] QD 4S 9C KH 6D
t4:  [8H] [7D] [QS] 4H TS KC 9S 5D
t5:  [5H] [3H] [JD] [KD] 8C TD 6S TH
t6:  [JH] [4D] [3S] [8D] [AH] 2H 6C 3C
t7:  [9D] [QH] [JS] [7C] [9H] [5C] 4C 3D KS TC 8S
`

const ioRCMidBoardUnicode = `Russian Cell
Foundations:  ♣ 2♣   ♠ A♠   ♥ --   ♦ --
Cells:        c1 7♥   c2 Q♣
t1:  5♠
t2:  [A♦] 6♥ J♣ 2♦
t3:  [7♠] [2♠] Q♦ 4♠ 9♣ K♥ 6♦
t4:  [8♥] [7♦] [Q♠] 4♥ T♠ K♣ 9♠ 5♦
t5:  [5♥] [3♥] [J♦] [K♦] 8♣ T♦ 6♠ T♥
t6:  [J♥] [4♦] [3♠] [8♦] [A♥] 2♥ 6♣ 3♣
t7:  [9♦] [Q♥] [J♠] [7♣] [9♥] [5♣] 4♣ 3♦ K♠ T♣ 8♠
`

const ioRFMidBoard = `Ripple Fan, deal ms40000
Foundations:  C --   S --   H AH   D --
t1:   3S KD 9D 7H
t2:   KH 2C 5D 4H
t3:   2S AD 5H
t4:   AC 7S JD KS
t5:   8C 7C TC 6S 5S
t6:   4C 6H 8S 3C
t7:   8H 3D 4S 4D
t8:   QS QD TS QC
t9:   QH 9C 7D KC
t10:  3H 5C 6C TH
t11:  9S TD 8D JS
t12:  JH 6D AS JC
t13:  2H 2D 9H
`

func TestBoardGolden(t *testing.T) {
	cases := []struct {
		name string
		got  string
		want string
	}{
		{"rc ascii", rules.FormatBoard(ioRCMid(), "617", rules.BoardStyle{}), ioRCMidBoard},
		{"rc unicode", rules.FormatBoard(ioRCMid(), "", rules.BoardStyle{Unicode: true}), ioRCMidBoardUnicode},
		{"rf ascii", rules.FormatBoard(ioRFMid(), "ms40000", rules.BoardStyle{}), ioRFMidBoard},
		{"empty pile", rules.FormatBoard(ioWon(), "", rules.BoardStyle{}),
			"Russian Cell\nFoundations:  C KC   S KS   H KH   D KD\nCells:        c1 --   c2 --\n" +
				"t1:  --\nt2:  --\nt3:  --\nt4:  --\nt5:  --\nt6:  --\nt7:  --\n"},
	}
	for _, tc := range cases {
		if tc.got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, tc.got, tc.want)
		}
	}
}

// TestBoardNoEscapes: the board text has no escape codes in any style;
// colouring it is the command line's.
func TestBoardNoEscapes(t *testing.T) {
	for name, p := range ioPositions() {
		for _, st := range []rules.BoardStyle{{}, {Unicode: true}} {
			if b := rules.FormatBoard(p, "1", st); strings.Contains(b, "\x1b") {
				t.Errorf("%s %+v: escape codes in the board text", name, st)
			}
		}
	}
}

// reddened is board text as a coloured terminal shows it: each token with
// a heart or a diamond in it wrapped in ANSI red, for the reader's tests
// (a board copied from a terminal reads as the same board).
func reddened(text string) string {
	var b strings.Builder
	for i, l := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		for j, tok := range strings.Split(l, " ") {
			if j > 0 {
				b.WriteByte(' ')
			}
			if strings.ContainsAny(tok, "HD♥♦") {
				tok = "\x1b[31m" + tok + "\x1b[0m"
			}
			b.WriteString(tok)
		}
	}
	return b.String()
}

// TestBoardReadsColouredText: a board wrapped in a terminal's colour codes
// reads as the board itself.
func TestBoardReadsColouredText(t *testing.T) {
	for name, p := range ioPositions() {
		for _, st := range []rules.BoardStyle{{}, {Unicode: true}} {
			text := reddened(rules.FormatBoard(p, "617", st))
			if !strings.Contains(text, "\x1b[31m") {
				t.Fatalf("%s: reddened text has no colour:\n%s", name, text)
			}
			q, n, err := rules.ReadPosition(strings.NewReader(text))
			if err != nil || !q.Equal(p) || n != "617" {
				t.Errorf("%s %+v: coloured board read as %v, %q, %v", name, st, q, n, err)
			}
		}
	}
}

func TestBoardRoundTrip(t *testing.T) {
	styles := []rules.BoardStyle{{}, {Unicode: true}}
	for name, p := range ioPositions() {
		for _, num := range []string{"", "617", "ms40000"} {
			for _, st := range styles {
				b := rules.FormatBoard(p, num, st)
				q, n, err := rules.ReadPosition(strings.NewReader(b))
				if err != nil {
					t.Fatalf("%s %q %+v: %v\n%s", name, num, st, err, b)
				}
				if !q.Equal(p) || n != num {
					t.Errorf("%s %q %+v: round trip changed the position (number %q)", name, num, st, n)
				}
				if b2 := rules.FormatBoard(q, n, st); b2 != b {
					t.Errorf("%s %q %+v: board changed:\n%s\n%s", name, num, st, b, b2)
				}
			}
		}
	}
}

func TestParseBoardLenient(t *testing.T) {
	text := "\ufeff\r\n# my game, from the café\n  russian cell, deal 617\r\n\n" +
		"  cells:  7♡  q♣  \r\n" +
		"FOUNDATIONS:  2C AS\n" +
		"t1 :  5♤\n" +
		"t2:[AD]   6H JC 2D\n" +
		"t3:  [7S] [2S] QD 4S 9C KH 6D\n" +
		"\x1b[1mt4:\x1b[0m  [8H] [7D] [QS] 4H 10S KC 9S 5D\n" +
		"t6:  [JH] [4D] [3S] [8D] [AH] 2H 6C 3C\n" +
		"t5:  [5H] [3H] [JD] [KD] 8C \x1b[31;1mTD\x1b[m 6S TH\n" +
		"t7:  [9D] [QH] [JS] [7C] [9H] [5C] 4C 3D KS TC 8S\n" +
		"\n\n"
	p, num, err := rules.ReadPosition(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Equal(ioRCMid()) || num != "617" {
		t.Errorf("got\n%s", rules.FormatBoard(p, num, rules.BoardStyle{}))
	}
	// A Ripple Fan board with no number and a Foundations line of pairs.
	text = "Ripple-Fan\nFoundations: H A♥ C -- D - \n" + strings.SplitN(ioRFMidBoard, "\n", 3)[2]
	p, num, err = rules.ReadPosition(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Equal(ioRFMid()) || num != "" {
		t.Errorf("got\n%s", rules.FormatBoard(p, num, rules.BoardStyle{}))
	}
	// No Cells line: empty cells.
	text = strings.Replace(rules.FormatBoard(ioRCStart(), "", rules.BoardStyle{}), "Cells:        c1 --   c2 --\n", "", 1)
	p, _, err = rules.ReadPosition(strings.NewReader(text))
	if err != nil || !p.Equal(ioRCStart()) {
		t.Errorf("no Cells line: %v", err)
	}
}

func TestParseBoardErrors(t *testing.T) {
	rc := rules.FormatBoard(ioRCMid(), "617", rules.BoardStyle{})
	cases := []struct {
		name, in, want string
	}{
		{"bad title", "Klondike\nt1: AS\n",
			`line 1: not a position: want JSON (starting with "{") or a text board whose first line names the game, as in "Russian Cell, deal 617"; got "Klondike"`},
		{"bad number", strings.Replace(rc, "deal 617", "deal 0617", 1), `line 1: number "0617" is not in canonical form: write "617"`},
		{"unknown line", strings.Replace(rc, "t3:", "stock:", 1),
			"line 6: cannot read \"stock:  [7S] [2S] QD 4S 9C KH 6D\": want \"Foundations:\", \"Cells:\" or a pile such as \"t1:\"\n" +
				`t3 is missing: list every pile from t1 to t7, an empty one as "t3: --"`},
		{"pile beyond the game", rc + "t8: --\n", "line 11: t8: russian-cell has only t1..t7"},
		{"pile twice", rc + "t7: --\n", "t7 is listed twice"},
		{"bad card", strings.Replace(rc, "KH 6D", "KH 1X", 1), `line 6: t3: unknown card "1X": bad rank`},
		{"bad face-down card", strings.Replace(rc, "[7S]", "[7]", 1), `line 6: t3: unknown card "7": bad suit`},
		{"face down after face up", strings.Replace(rc, "[AD] 6H", "6H [AD]", 1),
			"line 5: t2: face-down card [AD] after a face-up card: list the face-down cards first, bottom first"},
		{"foundation of the wrong suit", strings.Replace(rc, "C 2C", "C 2S", 1),
			`line 2: foundation C: want a card of that suit or "--", got "2S"`},
		{"foundation given twice", strings.Replace(rc, "S AS", "C AC", 1), "line 2: foundation C is given twice"},
		{"foundation unreadable", strings.Replace(rc, "S AS", "S AS xyz", 1),
			`line 2: foundations: cannot read "xyz": want a suit and its top card, as in "H 5H", or "--"`},
		{"foundation suit alone", strings.Replace(rc, "D --", "D", 1),
			`line 2: foundation D: want its top card or "--" after the suit`},
		{"two foundation lines", strings.Replace(rc, "Cells:", "Foundations: --\nCells:", 1), "line 3: a second Foundations line"},
		{"cells out of order", strings.Replace(rc, "c1 7H   c2 QC", "c2 QC   c1 7H", 1),
			"line 3: cells: got c2 where c1 was due: list the cells in order"},
		{"bad cell", strings.Replace(rc, "c2 QC", "c2 Q", 1), `line 3: c2: unknown card "Q": bad suit`},
		{"cell label alone", strings.Replace(rc, "c2 QC", "c2", 1), `line 3: c2: want its card or "--" after the label`},
		{"validation", strings.Replace(rc, "c2 QC", "c2 --", 1), "card QC is missing"},
		{"three cells", strings.Replace(rc, "c2 QC", "c2 QC c3 --", 1), "russian-cell has 2 cells (c1, c2), got 3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, num, err := rules.ReadPosition(strings.NewReader(tc.in))
			if err == nil {
				t.Fatalf("no error; got\n%s", rules.FormatBoard(p, num, rules.BoardStyle{}))
			}
			if err.Error() != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", err, tc.want)
			}
		})
	}
}

func TestParseBoardNoValidation(t *testing.T) {
	// ParseBoard reads a board that Validate would reject.
	p := ioRCMid()
	p.Cells[1] = rules.NoCard
	p2, num, err := rules.ParseBoard(rules.FormatBoard(p, "5", rules.BoardStyle{}))
	if err != nil || !p2.Equal(p) || num != "5" {
		t.Fatalf("got %v", err)
	}
	if rules.Validate(p2) == nil {
		t.Fatal("Validate accepted a board with QC missing")
	}
}

// ioRandom returns a random position of game g with the right number of
// piles and cells, but random cards: most are not valid positions.
func ioRandom(r *rand.Rand, g rules.Game) *rules.Position {
	p := rules.NewPosition(g)
	card := func() rules.Card { return rules.Card(r.Intn(rules.NumCards)) }
	for i := range p.Tableau {
		pl := rules.Pile{Down: []rules.Card{}, Up: []rules.Card{}}
		for n := r.Intn(4); n > 0; n-- {
			pl.Down = append(pl.Down, card())
		}
		for n := r.Intn(7); n > 0; n-- {
			pl.Up = append(pl.Up, card())
		}
		p.Tableau[i] = pl
	}
	for i := range p.Cells {
		if r.Intn(2) == 0 {
			p.Cells[i] = card()
		}
	}
	for s := range p.Foundations {
		p.Foundations[s] = r.Intn(14)
	}
	return p
}

// TestRoundTripRandom round-trips random, mostly invalid, positions through
// the board and the JSON document without validation.
func TestRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	styles := []rules.BoardStyle{{}, {Unicode: true}}
	for i := 0; i < 300; i++ {
		p := ioRandom(r, rules.Games()[i%2])
		num := []string{"", "1", "ms99999"}[i%3]
		st := styles[i%2]
		b := rules.FormatBoard(p, num, st)
		if i%4 >= 2 {
			b = reddened(b)
		}
		q, n, err := rules.ParseBoard(b)
		if err != nil || !q.Equal(p) || n != num {
			t.Fatalf("board %d: %v\n%s", i, err, b)
		}
		var doc rules.PositionDoc
		if err := json.Unmarshal(rules.MarshalPosition(p, num), &doc); err != nil {
			t.Fatal(err)
		}
		q, n, err = doc.Position()
		if err != nil || !q.Equal(p) || n != num {
			t.Fatalf("json %d: %v\n%s", i, err, rules.MarshalPosition(p, num))
		}
	}
}

func ExampleFormatBoard() {
	p := rules.NewPosition(rules.RippleFan)
	p.Foundations = [4]int{13, 13, 12, 11}
	p.Tableau[0].Up = rules.MustCards("KH QD")
	p.Tableau[4].Up = rules.MustCards("KD")
	fmt.Print(rules.FormatBoard(p, "", rules.BoardStyle{Unicode: true}))
	// Output:
	// Ripple Fan
	// Foundations:  ♣ K♣   ♠ K♠   ♥ Q♥   ♦ J♦
	// t1:   K♥ Q♦
	// t2:   --
	// t3:   --
	// t4:   --
	// t5:   K♦
	// t6:   --
	// t7:   --
	// t8:   --
	// t9:   --
	// t10:  --
	// t11:  --
	// t12:  --
	// t13:  --
}
