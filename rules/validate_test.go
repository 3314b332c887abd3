package rules_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// Test helpers of the position I/O tests (json, board, validate, solution)
// carry the prefix "io" so that they cannot clash with other test files.

// ioPile reads "AD 7S | 6H JC": face-down cards, a bar, face-up cards. With
// no bar, every card is face up.
func ioPile(s string) rules.Pile {
	down, up, ok := strings.Cut(s, "|")
	if !ok {
		down, up = "", s
	}
	return rules.Pile{Down: ioCards(down), Up: ioCards(up)}
}

// ioCards is MustCards that returns an empty, non-nil slice for no cards.
func ioCards(s string) []rules.Card {
	return append([]rules.Card{}, rules.MustCards(s)...)
}

func ioPiles(g rules.Game, piles ...string) *rules.Position {
	p := rules.NewPosition(g)
	for i, s := range piles {
		p.Tableau[i] = ioPile(s)
	}
	return p
}

// ioRCStart is a hand-made Russian Cell starting layout.
func ioRCStart() *rules.Position {
	return ioPiles(rules.RussianCell,
		"| 5S",
		"AD | 6H JC 2D QC AC",
		"7S 2S | QD 4S 9C KH 6D",
		"8H 7D QS | 4H TS KC 9S 5D",
		"5H 3H JD KD | 8C TD 6S TH 2C",
		"JH 4D 3S 8D AH | 2H 6C 3C AS 7H",
		"9D QH JS 7C 9H 5C | 4C 3D KS TC 8S",
	)
}

// ioRCMid is ioRCStart after a few moves: AC and 2C to their foundation,
// QC to c2, 7H to c1, AS to its foundation.
func ioRCMid() *rules.Position {
	p := ioPiles(rules.RussianCell,
		"| 5S",
		"AD | 6H JC 2D",
		"7S 2S | QD 4S 9C KH 6D",
		"8H 7D QS | 4H TS KC 9S 5D",
		"5H 3H JD KD | 8C TD 6S TH",
		"JH 4D 3S 8D AH | 2H 6C 3C",
		"9D QH JS 7C 9H 5C | 4C 3D KS TC 8S",
	)
	p.Cells[0] = rules.MustCard("7H")
	p.Cells[1] = rules.MustCard("QC")
	p.Foundations[rules.Clubs] = 2  // AC 2C
	p.Foundations[rules.Spades] = 1 // AS
	return p
}

// ioRFStart is a hand-made Ripple Fan starting layout.
func ioRFStart() *rules.Position {
	return ioPiles(rules.RippleFan,
		"3S KD 9D 7H", "KH 2C 5D 4H", "2S AD 5H 5S", "AC 7S JD KS",
		"8C 7C TC 6S", "4C 6H 8S 3C", "8H 3D 4S 4D", "QS QD TS QC",
		"QH 9C 7D KC", "3H 5C 6C TH", "9S TD 8D JS", "JH 6D AS JC",
		"2H 2D 9H AH",
	)
}

// ioRFMid is ioRFStart after AH to its foundation and 5S onto 6S.
func ioRFMid() *rules.Position {
	return ioPilesF(rules.RippleFan, [4]int{0, 0, 1, 0},
		"3S KD 9D 7H", "KH 2C 5D 4H", "2S AD 5H", "AC 7S JD KS",
		"8C 7C TC 6S 5S", "4C 6H 8S 3C", "8H 3D 4S 4D", "QS QD TS QC",
		"QH 9C 7D KC", "3H 5C 6C TH", "9S TD 8D JS", "JH 6D AS JC",
		"2H 2D 9H",
	)
}

func ioPilesF(g rules.Game, f [4]int, piles ...string) *rules.Position {
	p := ioPiles(g, piles...)
	p.Foundations = f
	return p
}

// ioWon is a Russian Cell position with every card on the foundations.
func ioWon() *rules.Position {
	p := rules.NewPosition(rules.RussianCell)
	p.Foundations = [4]int{13, 13, 13, 13}
	for i := range p.Tableau {
		p.Tableau[i] = rules.Pile{Down: []rules.Card{}, Up: []rules.Card{}}
	}
	return p
}

func ioPositions() map[string]*rules.Position {
	return map[string]*rules.Position{
		"rc-start": ioRCStart(), "rc-mid": ioRCMid(), "rf-start": ioRFStart(), "rf-mid": ioRFMid(), "won": ioWon(),
		"rc-hidden": ioRCMid().Hide(), "rc-part-hidden": ioRCPartHidden(),
	}
}

// ioRCPartHidden is ioRCMid with the face-down cards of t4 and t7 unknown,
// and those of the other columns known.
func ioRCPartHidden() *rules.Position {
	p := ioRCMid()
	for _, i := range []int{3, 6} {
		for j := range p.Tableau[i].Down {
			p.Tableau[i].Down[j] = rules.UnknownCard
		}
	}
	return p
}

func TestValidateGood(t *testing.T) {
	for name, p := range ioPositions() {
		if err := rules.Validate(p); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestValidateProblems(t *testing.T) {
	card := rules.MustCard
	cases := []struct {
		name string
		pos  func() *rules.Position
		want string
	}{
		{"nil", func() *rules.Position { return nil }, "no position"},
		{"unknown game", func() *rules.Position { p := ioRCStart(); p.Game = 7; return p },
			"unknown game game(7): use russian-cell or ripple-fan"},
		{"too few piles", func() *rules.Position { p := ioRCStart(); p.Tableau = p.Tableau[:6]; return p },
			"russian-cell has 7 piles (t1..t7), got 6\n" +
				"card 4C is missing\ncard 5C is missing\ncard 7C is missing\ncard TC is missing\n" +
				"card 8S is missing\ncard JS is missing\ncard KS is missing\ncard 9H is missing\n" +
				"... and 3 more problems"},
		{"rf cells", func() *rules.Position { p := ioRFStart(); p.Cells = []rules.Card{rules.NoCard}; return p },
			"ripple-fan has no cells, got 1"},
		{"rc cells", func() *rules.Position { p := ioRCStart(); p.Cells = append(p.Cells, rules.NoCard); return p },
			"russian-cell has 2 cells (c1, c2), got 3"},
		{"foundation too high", func() *rules.Position { p := ioWon(); p.Foundations[rules.Hearts] = 14; return p },
			"foundation H: height 14 is out of range 0..13\n" +
				"card AH is missing\ncard 2H is missing\ncard 3H is missing\ncard 4H is missing\ncard 5H is missing\n" +
				"card 6H is missing\ncard 7H is missing\ncard 8H is missing\n... and 5 more problems"},
		{"foundation negative", func() *rules.Position { p := ioRCStart(); p.Foundations[rules.Diamonds] = -1; return p },
			"foundation D: height -1 is out of range 0..13"},
		{"duplicate", func() *rules.Position { p := ioRCStart(); p.Tableau[4].Up[1] = card("7D"); return p },
			"card 7D appears twice (t4 and t5)\ncard TD is missing"},
		{"duplicate in one pile", func() *rules.Position { p := ioRCStart(); p.Tableau[1].Up[0] = card("JC"); return p },
			"card JC appears twice (both in t2)\ncard 6H is missing"},
		{"three times", func() *rules.Position {
			p := ioRCStart()
			p.Tableau[0].Up[0] = card("AC")
			p.Cells[0] = card("AC")
			return p
		}, "card AC appears 3 times (t1, t2 and c1)\ncard 5S is missing"},
		{"duplicate of a foundation card", func() *rules.Position {
			p := ioRCMid()
			p.Tableau[0].Up = append(p.Tableau[0].Up, card("2C"))
			return p
		},
			"card 2C appears twice (f and t1): foundation C holds AC..2C"},
		{"duplicate of an ace on its foundation", func() *rules.Position {
			p := ioRCMid()
			p.Tableau[0].Up = append(p.Tableau[0].Up, card("AS"))
			return p
		},
			"card AS appears twice (f and t1): foundation S holds AS"},
		{"foundation too high for the board", func() *rules.Position { p := ioRCMid(); p.Foundations[rules.Clubs] = 3; return p },
			"card 3C appears twice (f and t6): foundation C holds AC..3C"},
		{"invalid card value", func() *rules.Position { p := ioRCStart(); p.Tableau[0].Up[0] = 60; return p },
			"t1: invalid card (value 60)\ncard 5S is missing"},
		{"invalid cell value", func() *rules.Position { p := ioRCMid(); p.Cells[1] = 52; return p },
			"c2: invalid card (value 52)\ncard QC is missing"},
		{"face down in t1", func() *rules.Position {
			p := ioRCStart()
			p.Tableau[0].Down = p.Tableau[0].Up
			p.Tableau[0].Up = p.Tableau[1].Up[:1]
			p.Tableau[1].Up = p.Tableau[1].Up[1:]
			return p
		}, "t1: 1 face-down card, but column 1 was dealt none face down, and no card is ever turned back face down"},
		{"too many face down", func() *rules.Position {
			p := ioRCStart()
			p.Tableau[3].Down = append(p.Tableau[3].Down, p.Tableau[3].Up[0])
			p.Tableau[3].Up = p.Tableau[3].Up[1:]
			return p
		}, "t4: 4 face-down cards, but column 4 was dealt only 3 face down, and no card is ever turned back face down"},
		{"face down on top", func() *rules.Position {
			p := ioRCStart()
			p.Tableau[5].Up = p.Tableau[5].Up[:0]
			p.Foundations = [4]int{0, 0, 0, 0}
			p.Cells[0], p.Cells[1] = card("2H"), card("6C")
			p.Tableau[0].Up = ioCards("5S 3C AS 7H")
			return p
		}, "t6: face-down cards with no face-up card on them: the top card is turned face up as soon as it is uncovered"},
		{"face down in ripple fan", func() *rules.Position {
			p := ioRFStart()
			p.Tableau[2] = ioPile("2S AD | 5H 5S")
			return p
		}, "t3: 2 face-down cards, but Ripple Fan deals every card face up"},
		{"ripple fan pile of five", func() *rules.Position {
			p := ioRFStart()
			p.Tableau[2] = ioPile("2S AD 5S")
			p.Tableau[4] = ioPile("8C 7C TC 6S 5H")
			return p
		}, "t5: 5 cards and no run built on top (the top card 5H does not lie on 6H), but a Ripple Fan pile is dealt only 4 cards, and only same-suit cards one rank lower are built on it"},
		{"ripple fan pile of five, king on top", func() *rules.Position {
			p := ioRFStart()
			p.Tableau[3] = ioPile("AC 7S JD")
			p.Tableau[4] = ioPile("8C 7C TC 6S KS")
			return p
		}, "t5: 5 cards and no run built on top (the top card KS is a King), but a Ripple Fan pile is dealt only 4 cards, and only same-suit cards one rank lower are built on it"},
		{"ripple fan pile with a run", func() *rules.Position {
			p := ioRFStart()
			p.Tableau[1] = ioPile("KH 2C 5D")
			p.Tableau[2] = ioPile("2S AD 5S")
			p.Tableau[4] = ioPile("8C 7C TC 6S 5H 4H")
			return p
		}, "t5: 6 cards; taking off the run built on top (4H, each card on its same-suit successor) leaves 5, but a Ripple Fan pile is dealt only 4 cards"},
		{"ripple fan long legal run", func() *rules.Position {
			p := ioRFMid()
			// 4S 5S: the pile 8C 7C TC 6S 5S gets 4S: run 5S 4S on 6S.
			p.Tableau[6] = ioPile("8H 3D 4D")
			p.Tableau[4].Up = append(p.Tableau[4].Up, card("4S"))
			return p
		}, ""},
		{"ripple fan face down counted in length", func() *rules.Position {
			p := ioRFStart()
			p.Tableau[2] = ioPile("2S AD 5S")
			p.Tableau[4] = ioPile("8C 7C | TC 6S 5H")
			return p
		}, "t5: 2 face-down cards, but Ripple Fan deals every card face up\n" +
			"t5: 5 cards and no run built on top (the top card 5H does not lie on 6H), but a Ripple Fan pile is dealt only 4 cards, and only same-suit cards one rank lower are built on it"},
		{"worst first", func() *rules.Position {
			p := ioRCStart()
			p.Tableau[0].Down = ioCards("5S")
			p.Tableau[0].Up = ioCards("5S")
			p.Cells = nil
			return p
		}, "russian-cell has 2 cells (c1, c2), got 0\n" +
			"card 5S appears twice (both in t1)\n" +
			"t1: 1 face-down card, but column 1 was dealt none face down, and no card is ever turned back face down"},
		{"cap at ten lines", func() *rules.Position { return rules.NewPosition(rules.RussianCell) },
			"card AC is missing\ncard 2C is missing\ncard 3C is missing\ncard 4C is missing\ncard 5C is missing\n" +
				"card 6C is missing\ncard 7C is missing\ncard 8C is missing\ncard 9C is missing\n... and 43 more problems"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := rules.Validate(tc.pos())
			got := ""
			if err != nil {
				got = err.Error()
				var ps rules.Problems
				if !errors.As(err, &ps) {
					t.Errorf("error is %T, not Problems", err)
				}
				if len(ps) > rules.MaxProblems {
					t.Errorf("%d problems, more than %d", len(ps), rules.MaxProblems)
				}
			}
			if got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestValidateExactlyTenIsNotCapped(t *testing.T) {
	p := ioRCStart()
	// Take ten cards out: exactly ten problems, all listed.
	p.Tableau[0].Up = nil
	p.Tableau[6].Down = p.Tableau[6].Down[:1]
	p.Tableau[6].Up = p.Tableau[6].Up[:1]
	err := rules.Validate(p)
	var ps rules.Problems
	if !errors.As(err, &ps) || len(ps) != 10 || strings.Contains(err.Error(), "more problems") {
		t.Fatalf("want 10 problems uncapped, got:\n%v", err)
	}
	p.Tableau[6].Up = p.Tableau[6].Up[:0] // eleven, and a face-down card on top
	err = rules.Validate(p)
	if !errors.As(err, &ps) || len(ps) != 10 || ps[9] != "... and 3 more problems" {
		t.Fatalf("want 9 problems and a count, got:\n%v", err)
	}
}
