package rules_test

// Fuzz targets for the parsers that have no target next to their other
// tests: the text board, move lists, game names and suits. Each one checks
// that no input makes the parser panic, that an error is one clear line per
// problem, and that what is accepted writes back and reads back the same.

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// fzProblems checks the form of a parser's error: a Problems list of 1 to
// MaxProblems lines, each a message on one line.
func fzProblems(t *testing.T, err error) {
	t.Helper()
	var ps rules.Problems
	if !errors.As(err, &ps) || len(ps) == 0 || len(ps) > rules.MaxProblems {
		t.Fatalf("error %T with the wrong number of lines: %q", err, err)
	}
	for _, l := range ps {
		testgames.OneLine(t, l)
	}
}

// FuzzParseBoard: ParseBoard never panics; it reports problems one per
// line; a board it accepts (valid or not: ParseBoard does not validate)
// draws and reads back as the same position and deal number, in every
// style, and draws the same text again.
func FuzzParseBoard(f *testing.F) {
	for _, p := range ioPositions() {
		f.Add(rules.FormatBoard(p, "617", rules.BoardStyle{}))
		f.Add(reddened(rules.FormatBoard(p, "", rules.BoardStyle{Unicode: true})))
	}
	f.Add("Russian Cell, deal 617\nFoundations: 2C AS\nCells: 7H QC\nt1: 5S\nt2: [AD] 6H\n")
	f.Add("ripple fan\r\n# comment\r\nt1: 10h 9H\r\nt2: --\r\ncells: --\r\n")
	f.Add("Russian Cell, deal 00617\nt2: x\nt2: [AS] [2S]\nFoundations: H\nCells: c2 AS\n")
	f.Add("Ripple Fan\nt14: AC\nt0: AC\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		p, num, err := rules.ParseBoard(text)
		if err != nil {
			if p != nil || num != "" {
				t.Fatalf("position or number with error %v", err)
			}
			fzProblems(t, err)
			return
		}
		for _, st := range []rules.BoardStyle{{}, {Unicode: true}} {
			b := rules.FormatBoard(p, num, st)
			q, n, err := rules.ParseBoard(b)
			if err != nil || !q.Equal(p) || n != num {
				t.Fatalf("round trip %+v: %v (number %q, want %q)\nin:\n%s\nout:\n%s", st, err, n, num, text, b)
			}
			if b2 := rules.FormatBoard(q, n, st); b2 != b {
				t.Fatalf("board changed:\n%s\n%s", b, b2)
			}
		}
		// What ReadPosition makes of the same text: the same position if
		// it is valid, or the problems Validate finds.
		q, n, err := rules.ReadPosition(strings.NewReader(text))
		verr := rules.Validate(p)
		switch {
		case verr == nil && (err != nil || !q.Equal(p) || n != num):
			t.Fatalf("ReadPosition differs from ParseBoard on a valid board: %v", err)
		case verr != nil && (err == nil || err.Error() != verr.Error()):
			t.Fatalf("ReadPosition: %v; Validate: %v", err, verr)
		}
	})
}

// fzMovesText writes moves one a line in short notation, numbered as
// solve numbers them, with a note after each, as a player might keep them.
func fzMovesText(moves []rules.Move) string {
	var b strings.Builder
	b.WriteString("# my game\n")
	for i, m := range moves {
		fmt.Fprintf(&b, "%d. %s   a note\n\n", i+1, m)
	}
	return b.String()
}

// fzMovesJSON writes moves as a JSON list.
func fzMovesJSON(moves []rules.Move) string {
	var b strings.Builder
	b.WriteString("[")
	for i, m := range moves {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"card":%q,"from":%q,"to":%q}`, m.Card, m.From, m.To)
	}
	b.WriteString("]")
	return b.String()
}

// FuzzReadMoves: ReadMoves never panics; it reports problems one per line;
// moves it accepts read back the same from each form it takes: text, a
// JSON list, and a solution document.
func FuzzReadMoves(f *testing.F) {
	f.Add([]byte("5C t3>t6\nAH c1>f\n"))
	f.Add([]byte(" 1. 5C t3>t6     5C and the card on it onto 6C\n 2. AH c1>f\n"))
	f.Add([]byte("# what I played\n\n5c t3 t6\nah c1 f\n"))
	f.Add([]byte(`[{"card":"5C","from":"t3","to":"t6"},{"card":"AH","from":"c1","to":"f"}]`))
	f.Add([]byte(`{"game":"russian-cell","number":"1","verdict":"solvable","moves":[{"card":"10d","from":"T13","to":"C2"}]}`))
	f.Add([]byte(`{"game":"russian-cell","number":"1","verdict":"solvable","moves":[{"card":"5C","from":"t3","to":"t6"}],"nodes":1,"seconds":0,"solver":"v1.2.3+abc1234"}`))
	f.Add([]byte(`[{"card":"5C","from":"t3"}]`))
	f.Add([]byte("12.\n"))
	f.Add([]byte("\xef\xbb\xbf5C t3->t6"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		moves, err := rules.ReadMoves(bytes.NewReader(data))
		if err != nil {
			if moves != nil {
				t.Fatalf("moves with error %v", err)
			}
			fzProblems(t, err)
			return
		}
		for _, m := range moves {
			if !m.Card.Valid() {
				t.Fatalf("accepted a move of no card: %v", m)
			}
		}
		sol := rules.MarshalSolution(&rules.Solution{Game: rules.RussianCell, Number: "1", Verdict: "solvable", Options: rules.DefaultOptions(), Moves: moves})
		for _, form := range []string{fzMovesText(moves), fzMovesJSON(moves), string(sol)} {
			again, err := rules.ReadMoves(strings.NewReader(form))
			if err != nil || len(again) != len(moves) {
				t.Fatalf("re-read: %v, %d moves of %d\n%s", err, len(again), len(moves), form)
			}
			for i := range moves {
				if again[i] != moves[i] {
					t.Fatalf("move %d: %v, re-read as %v\n%s", i+1, moves[i], again[i], form)
				}
			}
		}
	})
}

// FuzzParseGame: ParseGame never panics; a name it accepts is a game whose
// own name reads back as the same game.
func FuzzParseGame(f *testing.F) {
	for _, s := range []string{"russian-cell", "Ripple Fan", "rc", "RF", "russian_cell", "klondike", "", " ripple  fan ", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := rules.ParseGame(s)
		if err != nil {
			testgames.OneLine(t, err.Error())
			return
		}
		if g != rules.RussianCell && g != rules.RippleFan {
			t.Fatalf("ParseGame(%q) = %d", s, g)
		}
		for _, name := range []string{g.String(), g.Title()} {
			if h, err := rules.ParseGame(name); err != nil || h != g {
				t.Fatalf("ParseGame(%q) = %v; %q reads as %v, %v", s, g, name, h, err)
			}
		}
	})
}

// FuzzParseSuit: ParseSuit never panics; a suit it accepts reads back from
// its letter and its symbol.
func FuzzParseSuit(f *testing.F) {
	for _, s := range []string{"C", "s", "♥", "♢", "", "CC", "x", "\xe2\x99"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		su, err := rules.ParseSuit(s)
		if err != nil {
			testgames.OneLine(t, err.Error())
			return
		}
		if su > rules.Diamonds {
			t.Fatalf("ParseSuit(%q) = %d", s, su)
		}
		if again, err := rules.ParseSuit(su.String()); err != nil || again != su {
			t.Fatalf("ParseSuit(%q) = %v; its letter reads as %v, %v", s, su, again, err)
		}
		sym := rules.NewCard(rules.Ace, su).Symbol()[1:]
		if again, err := rules.ParseSuit(sym); err != nil || again != su {
			t.Fatalf("ParseSuit(%q) = %v; its symbol %q reads as %v, %v", s, su, sym, again, err)
		}
	})
}

// FuzzParseLoc: ParseLoc never panics; a location it accepts is a pile
// t1..t13, a cell c1..c2 or the foundations, and its String (lower case,
// no space) reads back as the same location.
func FuzzParseLoc(f *testing.F) {
	seeds := []string{"t1", "T13", " c2 ", "f", "F", "t0", "t14", "c3", "t01", "t+1", "t-1", "t", "", "t256", "t1\x00", "\xff"}
	place := func(l rules.Loc) bool {
		return l.Kind == rules.Tableau && l.Index < 13 || l.Kind == rules.Cell && l.Index < 2 || l == rules.F
	}
	testgames.FuzzNames(f, seeds, rules.ParseLoc, rules.Loc.String, place, false, nil)
}

// FuzzParseKind: ParseKind never panics; a kind it accepts is the Kind of
// the document it returns, which reads back as the same document.
func FuzzParseKind(f *testing.F) {
	seeds := []string{"position", "solution", "results", "", "Position", " solution", "moves", "\xff"}
	known := func(d rules.Document) bool { return d.Version() >= 1 && d.String() != "" }
	testgames.FuzzNames(f, seeds, rules.ParseKind, rules.Document.Kind, known, true, nil)
}
