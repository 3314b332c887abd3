package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// BoardStyle says how FormatBoard draws a board. Colour is no part of the
// board text: a program that colours it does so on the text.
type BoardStyle struct {
	// Unicode draws suits as symbols (♣ ♠ ♥ ♦) instead of letters (C S H D).
	Unicode bool
}

func (st BoardStyle) card(c Card) string {
	if c == NoCard {
		return "--"
	}
	s := c.String()
	if st.Unicode {
		s = c.Symbol()
	}
	return s
}

func (st BoardStyle) suit(s Suit) string {
	t := s.String()
	if st.Unicode {
		t = suitSymbols[s]
	}
	return t
}

// FormatBoard draws the position as text for a person at a card table.
// number is the deal number, shown in the title when not "". Every line
// ends in a newline. ParseBoard (and so ReadPosition) reads the text back:
// FormatBoard, ReadPosition, FormatBoard gives the same text, deal number
// included.
//
// An example in the ASCII style (a made-up Russian Cell position, a few
// moves in):
//
//	Russian Cell, deal 617
//	Foundations:  C 2C   S AS   H --   D --
//	Cells:        c1 7H   c2 QC
//	t1:  5S
//	t2:  [AD] 6H JC 2D
//	t3:  [7S] [2S] QD 4S 9C KH 6D
//	t4:  [8H] [7D] [QS] 4H TS KC 9S 5D
//	t5:  [5H] [3H] [JD] [KD] 8C TD 6S TH
//	t6:  [JH] [4D] [3S] [8D] [AH] 2H 6C 3C
//	t7:  [9D] [QH] [JS] [7C] [9H] [5C] 4C 3D KS TC 8S
//
// and a Ripple Fan position in the Unicode style, with no deal number:
//
//	Ripple Fan
//	Foundations:  ♣ --   ♠ --   ♥ A♥   ♦ --
//	t1:   3♠ K♦ 9♦ 7♥
//	...
//	t5:   8♣ 7♣ T♣ 6♠ 5♠
//	...
//	t13:  2♥ 2♦ 9♥
//
// The lines are:
//   - the title: the game's name, then ", deal N" when the deal number is
//     known (N in canonical form);
//   - "Foundations:", then for each suit, in the order C S H D, its letter
//     (or symbol) and the top card of its foundation, or "--" when empty;
//   - "Cells:" (Russian Cell only), then c1 and c2, each with its card or
//     "--";
//   - one line per pile, "t1:" to "t7:" (Russian Cell) or to "t13:"
//     (Ripple Fan), cards bottom first, so the top card is last. Face-down
//     cards are shown in brackets, as "[7D]": the solver knows every card.
//     A face-down card the player cannot see (UnknownCard) is "[??]". An empty
//     pile is "--".
//
// The text has no escape codes; the reader skips those of a terminal's
// colours, so a board copied from a coloured terminal reads the same. A nil
// p has no board: "".
func FormatBoard(p *Position, number string, st BoardStyle) string {
	if p == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(p.Game.Title())
	if number != "" {
		b.WriteString(", deal ")
		b.WriteString(number)
	}
	b.WriteByte('\n')

	const head = "Foundations:  "
	b.WriteString(head)
	for s := Suit(0); s < 4; s++ {
		if s > 0 {
			b.WriteString("   ")
		}
		b.WriteString(st.suit(s))
		b.WriteByte(' ')
		h := p.Foundations[s]
		if h >= 1 && h <= 13 {
			b.WriteString(st.card(NewCard(Rank(h-1), s)))
		} else if h == 0 {
			b.WriteString("--")
		} else {
			b.WriteString("?" + strconv.Itoa(h)) // not a height; Validate says so
		}
	}
	b.WriteByte('\n')

	if p.Game == RussianCell || len(p.Cells) > 0 {
		b.WriteString(fmt.Sprintf("%-*s", len(head), "Cells:"))
		for i, c := range p.Cells {
			if i > 0 {
				b.WriteString("   ")
			}
			b.WriteString(cellName(i))
			b.WriteByte(' ')
			b.WriteString(st.card(c))
		}
		b.WriteString("\n")
	}

	width := len(pileName(max(len(p.Tableau), 1)-1)) + 1
	for i, pl := range p.Tableau {
		b.WriteString(fmt.Sprintf("%-*s ", width, pileName(i)+":"))
		if pl.Len() == 0 {
			b.WriteString(" --\n")
			continue
		}
		for _, c := range pl.Down {
			b.WriteString(" [")
			b.WriteString(st.card(c))
			b.WriteString("]")
		}
		for _, c := range pl.Up {
			b.WriteByte(' ')
			b.WriteString(st.card(c))
		}
		b.WriteByte('\n')
	}
	// A Cells line with no cells ends in spaces; drop them.
	lines := strings.SplitAfter(b.String(), "\n")
	for i, ln := range lines {
		if strings.HasSuffix(ln, " \n") {
			lines[i] = strings.TrimRight(ln, " \n") + "\n"
		}
	}
	return strings.Join(lines, "")
}

// ParseBoard reads a text board as FormatBoard draws it, in either style,
// with or without colour. It returns the position and the deal number from
// the title ("" when none), or a *ParseError whose Err is a Problems
// naming the line of each problem. It does not Validate the position: ReadPosition does both.
//
// It is more lenient than FormatBoard: it accepts letters or suit symbols
// (also ♤ ♡ ♢ ♧), "10" for T, any case, extra whitespace, CR LF line ends,
// ANSI escape codes, blank lines and comment lines starting with "#", and
// the Foundations, Cells and pile lines in any order after the title. On
// the Foundations line a top card may stand alone ("Foundations: 2C AS"),
// and a suit left out is empty; on the Cells line the c1 and c2 labels may
// be left out ("Cells: 7H QC"). With no Cells line the cells are empty. The
// piles must run from t1 with no gap. A face-down card may be "[??]", an
// unknown card (UnknownCard); "??" face up or in a cell is an error.
func ParseBoard(text string) (*Position, string, error) {
	return parseBoardText(text, nil)
}

// ParseBoardOf is ParseBoard for a board of game g whose title line may be
// left out, as in the boards that solve --steps prints between moves: a
// board that starts with its Foundations, Cells or pile lines is read as a
// board of g. A board with a title is read as ParseBoard reads it, whatever
// game the title names.
func ParseBoardOf(text string, g Game) (*Position, string, error) {
	return parseBoardText(text, &g)
}

// parseBoardText is parseBoard with its error (a Problems) in a
// *ParseError, as every ParseX's is.
func parseBoardText(text string, game *Game) (*Position, string, error) {
	p, number, err := parseBoard(text, game)
	if err != nil {
		return nil, "", &ParseError{What: "board", Input: text, Err: err}
	}
	return p, number, nil
}

// parseBoard is ParseBoard, and ParseBoardOf when game is not nil.
func parseBoard(text string, game *Game) (*Position, string, error) {
	var l problemList
	var p *Position
	number := ""
	seenFound, seenCells := false, false
	piles := map[int][]Pile{}
	maxPile := 0

	for i, raw := range strings.Split(text, "\n") {
		ln := i + 1
		line := strings.TrimSpace(stripANSI(raw))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if p == nil {
			if label, _ := splitLabel(line); game != nil && isBoardLabel(strings.ToLower(label)) {
				p = NewPosition(*game)
				p.Tableau = nil
			}
		}
		if p == nil {
			g, num, err := parseTitle(line)
			if err != nil {
				return nil, "", problemsOf("line %d: %v", ln, err)
			}
			if num != "" {
				if err := checkNumber(num); err != nil {
					l.add(sevInput, "line %d: %v", ln, err)
				}
			}
			p, number = NewPosition(g), num
			p.Tableau = nil
			continue
		}
		label, rest := splitLabel(line)
		switch lower := strings.ToLower(label); {
		case lower == "foundations" || lower == "foundation":
			if seenFound {
				l.add(sevInput, "line %d: a second Foundations line", ln)
				continue
			}
			seenFound = true
			parseFoundations(rest, ln, p, &l)
		case lower == "cells" || lower == "cell":
			if seenCells {
				l.add(sevInput, "line %d: a second Cells line", ln)
				continue
			}
			seenCells = true
			p.Cells = parseCells(rest, ln, &l)
		case isPileLabel(lower):
			n, _ := strconv.Atoi(lower[1:])
			if n > p.Game.Piles() {
				l.add(sevInput, "line %d: %s: %s has only t1..t%d", ln, lower, p.Game, p.Game.Piles())
				continue
			}
			piles[n] = append(piles[n], parsePile(rest, ln, lower, &l))
			maxPile = max(maxPile, n)
		default:
			l.add(sevInput, "line %d: cannot read %q: want \"Foundations:\", \"Cells:\" or a pile such as \"t1:\"", ln, clip(line))
		}
	}
	if p == nil {
		return nil, "", problemsOf("empty input: want a position as JSON or as a text board")
	}
	p.Tableau = make([]Pile, maxPile)
	for n := 1; n <= maxPile; n++ {
		switch len(piles[n]) {
		case 0:
			l.add(sevInput, "t%d is missing: list every pile from t1 to t%d, an empty one as \"t%d: --\"", n, maxPile, n)
		case 1:
			p.Tableau[n-1] = piles[n][0]
		default:
			l.add(sevInput, "t%d is listed %s", n, times(len(piles[n])))
		}
	}
	if err := l.err(); err != nil {
		return nil, "", err
	}
	return p, number, nil
}

// isBoardLabel reports whether a line's label (lower case) is one that
// follows the title: Foundations, Cells or a pile.
func isBoardLabel(lower string) bool {
	switch lower {
	case "foundations", "foundation", "cells", "cell":
		return true
	}
	return isPileLabel(lower)
}

// parseTitle reads "Russian Cell" or "Russian Cell, deal 617".
func parseTitle(line string) (Game, string, error) {
	f := strings.Fields(line)
	num := ""
	if len(f) >= 2 && strings.EqualFold(f[len(f)-2], "deal") {
		num = f[len(f)-1]
		f = f[:len(f)-2]
	}
	name := strings.TrimRight(strings.Join(f, " "), ",:;-— ")
	g, err := ParseGame(name)
	if err != nil {
		return 0, "", fmt.Errorf("not a position: want JSON (starting with \"{\") or a text board whose first line names the game, as in \"Russian Cell, deal 617\"; got %q", clip(line))
	}
	return g, num, nil
}

// splitLabel splits "t3: 5C 4C" into "t3" and "5C 4C".
func splitLabel(line string) (string, string) {
	i := 0
	for i < len(line) && (line[i] >= 'a' && line[i] <= 'z' || line[i] >= 'A' && line[i] <= 'Z' || line[i] >= '0' && line[i] <= '9') {
		i++
	}
	rest := strings.TrimSpace(line[i:])
	rest = strings.TrimSpace(strings.TrimPrefix(rest, ":"))
	return line[:i], rest
}

func isPileLabel(s string) bool {
	if len(s) < 2 || len(s) > 3 || s[0] != 't' || s[1] == '0' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isEmptyMark(tok string) bool { return tok == "--" || tok == "-" }

func parseFoundations(rest string, ln int, p *Position, l *problemList) {
	toks := strings.Fields(rest)
	var seen [4]bool
	set := func(s Suit, h int) {
		if seen[s] {
			l.add(sevInput, "line %d: foundation %s is given twice", ln, s)
		}
		seen[s] = true
		p.Foundations[s] = h
	}
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		if s, err := ParseSuit(tok); err == nil {
			if i+1 >= len(toks) {
				l.add(sevInput, "line %d: foundation %s: want its top card or \"--\" after the suit", ln, s)
				return
			}
			i++
			v := toks[i]
			if isEmptyMark(v) {
				set(s, 0)
				continue
			}
			c, err := ParseCard(v)
			if err != nil || c.Suit() != s {
				l.add(sevCard, "line %d: foundation %s: want a card of that suit or \"--\", got %q", ln, s, clip(v))
				continue
			}
			set(s, int(c.Rank())+1)
			continue
		}
		c, err := ParseCard(tok)
		if err != nil {
			l.add(sevCard, "line %d: foundations: cannot read %q: want a suit and its top card, as in \"H 5H\", or \"--\"", ln, clip(tok))
			continue
		}
		set(c.Suit(), int(c.Rank())+1)
	}
}

func parseCells(rest string, ln int, l *problemList) []Card {
	cells := []Card{}
	toks := strings.Fields(rest)
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		lt := strings.ToLower(tok)
		if len(lt) >= 2 && lt[0] == 'c' && lt[1] >= '0' && lt[1] <= '9' {
			want := "c" + strconv.Itoa(len(cells)+1)
			if lt != want {
				l.add(sevInput, "line %d: cells: got %s where %s was due: list the cells in order", ln, clip(tok), want)
				return cells
			}
			if i+1 >= len(toks) {
				l.add(sevInput, "line %d: %s: want its card or \"--\" after the label", ln, want)
				return cells
			}
			i++
			tok = toks[i]
		}
		loc := cellName(len(cells))
		if isEmptyMark(tok) {
			cells = append(cells, NoCard)
			continue
		}
		c, err := ParseCard(tok)
		switch {
		case tok == "??":
			l.add(sevCard, "line %d: %s: ?? in a cell: only a face-down card may be unknown", ln, loc)
		case err != nil:
			l.add(sevCard, "line %d: %s: %s", ln, loc, cardError(tok))
		}
		cells = append(cells, c)
	}
	return cells
}

func parsePile(rest string, ln int, label string, l *problemList) Pile {
	pl := Pile{Down: []Card{}, Up: []Card{}}
	toks := strings.Fields(rest)
	if len(toks) == 1 && isEmptyMark(toks[0]) {
		return pl
	}
	for _, tok := range toks {
		down := false
		if strings.HasPrefix(tok, "[") && strings.HasSuffix(tok, "]") && len(tok) >= 2 {
			down, tok = true, tok[1:len(tok)-1]
		}
		c, err := ParseCard(tok)
		if tok == "??" {
			if !down {
				l.add(sevCard, "line %d: %s: ?? face up: only a face-down card may be unknown, written [??]", ln, label)
				continue
			}
			c, err = UnknownCard, nil
		}
		if err != nil {
			l.add(sevCard, "line %d: %s: %s", ln, label, cardError(tok))
			continue
		}
		if down {
			if len(pl.Up) > 0 {
				l.add(sevInput, "line %d: %s: face-down card [%s] after a face-up card: list the face-down cards first, bottom first", ln, label, c)
				continue
			}
			pl.Down = append(pl.Down, c)
		} else {
			pl.Up = append(pl.Up, c)
		}
	}
	return pl
}

// stripANSI removes ANSI escape sequences (CSI: ESC [ ... final byte).
func stripANSI(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j // skip the final byte too
			continue
		}
		// A lone ESC: drop it.
	}
	return b.String()
}
