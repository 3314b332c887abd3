package rules

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/patience-solver/patience/rules/internal/probe"
)

// MaxProblems is the most problems a Problems error lists. When there are
// more, the last line says how many were left out.
const MaxProblems = 10

// Problems is an error that lists one problem per line, the worst first, at
// most MaxProblems lines. ReadPosition, Validate and ReadSolution return it,
// so a caller can print one problem per line (errors.As finds it).
type Problems []string

// Error joins the problems, one per line.
func (p Problems) Error() string { return strings.Join(p, "\n") }

// Problem severities: lower is worse and is listed first.
const (
	sevInput     = iota // unreadable input, unknown game
	sevShape            // pile and cell counts
	sevFoundBad         // foundation heights out of range
	sevCard             // cards that are not cards
	sevDuplicate        // a card more than once
	sevMissing          // a card nowhere
	sevDown             // face-down cards where none can be
	sevPile             // Ripple Fan piles no deal could produce
)

type problem struct {
	sev int
	msg string
}

// problemList collects problems and turns them into a Problems error.
type problemList struct {
	items []problem
}

func (l *problemList) add(sev int, format string, args ...any) {
	l.items = append(l.items, problem{sev, fmt.Sprintf(format, args...)})
}

func (l *problemList) addPrefixed(sev int, prefix string, err error) {
	if ps, ok := err.(Problems); ok {
		for _, m := range ps {
			l.add(sev, "%s%s", prefix, m)
		}
		return
	}
	l.add(sev, "%s%v", prefix, err)
}

// err returns nil when there are no problems, or the Problems sorted by
// severity (stable) and capped at MaxProblems lines.
func (l *problemList) err() error {
	if len(l.items) == 0 {
		return nil
	}
	items := append([]problem(nil), l.items...)
	sort.SliceStable(items, func(i, j int) bool { return items[i].sev < items[j].sev })
	out := make(Problems, 0, MaxProblems)
	for i, it := range items {
		if len(items) > MaxProblems && i == MaxProblems-1 {
			out = append(out, fmt.Sprintf("... and %d more problems", len(items)-i))
			break
		}
		out = append(out, it.msg)
	}
	return out
}

// problemsOf wraps a single message as a Problems error.
func problemsOf(format string, args ...any) error {
	return Problems{fmt.Sprintf(format, args...)}
}

// LayoutMismatch is the error of a position labelled as one game whose
// tableau is laid out as the other's: the label is wrong, or the file is
// for the other game.
type LayoutMismatch struct {
	Label  Game // the game the position names
	Layout Game // the game whose pile count it has
	// Untitled is set for a text board without its title line, read as
	// a board of Label because the caller expected that game.
	Untitled bool
}

// Error says which game the position is labelled as (or read as, for a
// board without its title line) and which game's layout it holds, with its
// number of piles or columns.
func (e *LayoutMismatch) Error() string {
	unit := "piles"
	if e.Layout == RussianCell {
		unit = "columns"
	}
	if e.Untitled {
		return fmt.Sprintf("a board with no title line, read as %s, but it holds a %s layout (%d %s)", e.Label, e.Layout, e.Layout.Piles(), unit)
	}
	return fmt.Sprintf("labelled %s but holds a %s layout (%d %s)", e.Label, e.Layout, e.Layout.Piles(), unit)
}

// Validate checks that a position is one a game could reach. It returns
// nil, or a Problems error listing each problem on its own line, the worst
// first, at most MaxProblems lines.
//
// It checks:
//   - the game's pile count (7 or 13) and cell count (2 or 0);
//   - foundation heights, 0 to 13;
//   - every one of the 52 cards exactly once, across the tableau, the cells
//     and the foundations (a foundation at height h holds ranks A..h of its
//     suit);
//   - unknown cards (UnknownCard, "??"): only face down in a Russian Cell
//     column, and exactly as many as the cards not visible anywhere else
//     (the unseen cards lie under them, in some order);
//   - Russian Cell: column k (k = 1..7) holds at most k-1 face-down cards,
//     as dealt, and a column with face-down cards has a face-up card on
//     them;
//   - Ripple Fan: no face-down cards, and each pile is at most 4 dealt cards
//     with a run of cards built on them, each on its same-suit successor.
//
// A position labelled as one game that holds the other's pile count (7
// columns for Russian Cell, 13 piles for Ripple Fan) gets one error, a
// *LayoutMismatch, rather than a problem for every pile; a position of
// no game (the zero Game), one error that matches ErrNoGame (errors.As
// finds in it the Problems of that one line).
func Validate(p *Position) error {
	probe.Validations.Add(1)
	if p != nil && p.Game != RussianCell && p.Game != RippleFan {
		return &noGameError{p.Game}
	}
	if p != nil {
		other := RippleFan
		if p.Game == RippleFan {
			other = RussianCell
		}
		if len(p.Tableau) == other.Piles() {
			return &LayoutMismatch{Label: p.Game, Layout: other}
		}
	}
	var l problemList
	validate(p, &l)
	return l.err()
}

func validate(p *Position, l *problemList) {
	if p == nil {
		l.add(sevInput, "no position")
		return
	}
	g := p.Game // a game: Validate refuses no game first
	validateShape(p, l)
	where, unknown := locateCards(p, l)
	validateCards(p, &where, unknown, l)
	switch g {
	case RussianCell:
		validateDown(p, l)
	case RippleFan:
		validatePiles(p, l)
	}
}

// validateShape checks the numbers of piles and cells.
func validateShape(p *Position, l *problemList) {
	g := p.Game
	if n := len(p.Tableau); n != g.Piles() {
		l.add(sevShape, "%s has %d piles (t1..t%d), got %d", g, g.Piles(), g.Piles(), n)
	}
	if n := len(p.Cells); n != g.Cells() {
		if g.Cells() == 0 {
			l.add(sevShape, "%s has no cells, got %d", g, n)
		} else {
			l.add(sevShape, "%s has %d cells (c1, c2), got %d", g, g.Cells(), n)
		}
	}
}

// locateCards lists where each card of p lies ("f" for a foundation, else
// the pile or cell), and counts the unknown cards where they may be: face
// down in Russian Cell. It adds the problems of cards that are not cards,
// and of unknown cards where none may be.
func locateCards(p *Position, l *problemList) (where [NumCards][]string, unknown int) {
	g := p.Game
	for s := Suit(0); s < 4; s++ {
		h := p.Foundations[s]
		if h < 0 || h > 13 {
			l.add(sevFoundBad, "foundation %s: height %d is out of range 0..13", s, h)
			continue
		}
		for r := 0; r < h; r++ {
			c := NewCard(Rank(r), s)
			where[c] = append(where[c], "f")
		}
	}
	for i, pl := range p.Tableau {
		loc := pileName(i)
		for k, part := range [][]Card{pl.Down, pl.Up} {
			for _, c := range part {
				if c == UnknownCard {
					switch {
					case g == RippleFan:
						l.add(sevCard, "%s: an unknown card (??), but Ripple Fan deals every card face up, so every card is known", loc)
					case k == 1:
						l.add(sevCard, "%s: an unknown card (??) face up: only a face-down card may be unknown", loc)
					default:
						unknown++
					}
					continue
				}
				if !c.Valid() {
					l.add(sevCard, "%s: invalid card (value %d)", loc, uint8(c))
					continue
				}
				where[c] = append(where[c], loc)
			}
		}
	}
	for i, c := range p.Cells {
		if c == NoCard {
			continue
		}
		loc := cellName(i)
		if c == UnknownCard {
			l.add(sevCard, "%s: an unknown card (??) in a cell: only a face-down card may be unknown", loc)
			continue
		}
		if !c.Valid() {
			l.add(sevCard, "%s: invalid card (value %d)", loc, uint8(c))
			continue
		}
		where[c] = append(where[c], loc)
	}
	return where, unknown
}

// validateCards checks that each card is somewhere, and only once, or that
// the unknown cards stand for exactly the cards seen nowhere.
func validateCards(p *Position, where *[NumCards][]string, unknown int, l *problemList) {
	var missing []Card
	for c := Card(0); c < NumCards; c++ {
		if len(where[c]) == 0 {
			missing = append(missing, c)
		}
	}
	if unknown > 0 && len(missing) != unknown {
		l.add(sevMissing, "%s unknown (??) but %s", unknownCount(unknown), notVisible(missing))
	}
	for c := Card(0); c < NumCards; c++ {
		switch n := len(where[c]); {
		case n == 0:
			if unknown == 0 {
				l.add(sevMissing, "card %s is missing", c)
			}
		case n > 1:
			msg := fmt.Sprintf("card %s appears %s (%s)", c, times(n), joinLocs(where[c]))
			if where[c][0] == "f" {
				s := c.Suit()
				msg += fmt.Sprintf(": foundation %s holds %s", s, foundationRange(s, p.Foundations[s]))
			}
			l.add(sevDuplicate, "%s", msg)
		}
	}
}

// validateDown checks the face-down cards of Russian Cell's columns.
func validateDown(p *Position, l *problemList) {
	for i, pl := range p.Tableau {
		loc := pileName(i)
		if len(pl.Down) > i {
			dealt := "none"
			if i > 0 {
				dealt = "only " + strconv.Itoa(i)
			}
			l.add(sevDown, "%s: %s, but column %d was dealt %s face down, and no card is ever turned back face down",
				loc, count(len(pl.Down), "face-down card"), i+1, dealt)
		}
		if len(pl.Down) > 0 && len(pl.Up) == 0 {
			l.add(sevDown, "%s: face-down cards with no face-up card on them: the top card is turned face up as soon as it is uncovered", loc)
		}
	}
}

// validatePiles checks that each Ripple Fan pile is one a game could build.
func validatePiles(p *Position, l *problemList) {
	for i, pl := range p.Tableau {
		loc := pileName(i)
		if len(pl.Down) > 0 {
			l.add(sevDown, "%s: %s, but Ripple Fan deals every card face up", loc, count(len(pl.Down), "face-down card"))
		}
		cards := make([]Card, 0, pl.Len())
		cards = append(append(cards, pl.Down...), pl.Up...)
		built := builtRun(cards)
		if rest := len(cards) - built; rest > 4 {
			if built == 0 {
				top := cards[len(cards)-1]
				l.add(sevPile, "%s: %d cards and no run built on top (%s), but a Ripple Fan pile is dealt only 4 cards, and only same-suit cards one rank lower are built on it",
					loc, len(cards), notBuilt(top))
			} else {
				l.add(sevPile, "%s: %d cards; taking off the run built on top (%s, each card on its same-suit successor) leaves %d, but a Ripple Fan pile is dealt only 4 cards",
					loc, len(cards), joinCards(cards[len(cards)-built:]), rest)
			}
		}
	}
}

// builtRun returns how many top cards of a pile each lie on their same-suit
// successor (the card of the same suit one rank higher): the most cards that
// could have been built on the dealt ones.
func builtRun(cards []Card) int {
	n := 0
	for i := len(cards) - 1; i > 0; i-- {
		c, under := cards[i], cards[i-1]
		if !c.Valid() || !under.Valid() || under.Suit() != c.Suit() || under.Rank() != c.Rank()+1 {
			break
		}
		n++
	}
	return n
}

// notBuilt says why a top card is not built on the card under it.
func notBuilt(top Card) string {
	if !top.Valid() {
		return "the top card is not a card"
	}
	if top.Rank() == King {
		return "the top card " + top.String() + " is a King"
	}
	return "the top card " + top.String() + " does not lie on " + NewCard(top.Rank()+1, top.Suit()).String()
}

func joinCards(cs []Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

func foundationRange(s Suit, h int) string {
	if h <= 1 {
		return NewCard(Ace, s).String()
	}
	return NewCard(Ace, s).String() + ".." + NewCard(Rank(h-1), s).String()
}

func times(n int) string {
	if n == 2 {
		return "twice"
	}
	return strconv.Itoa(n) + " times"
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// joinLocs lists locations as "t2 and t5" or "f, t2 and c1"; when they are
// all the same, as "both in t2" or "all in t2".
func joinLocs(locs []string) string {
	same := true
	for _, l := range locs[1:] {
		if l != locs[0] {
			same = false
		}
	}
	if same {
		if len(locs) == 2 {
			return "both in " + locs[0]
		}
		return "all in " + locs[0]
	}
	return strings.Join(locs[:len(locs)-1], ", ") + " and " + locs[len(locs)-1]
}

// checkNumber checks that a deal number is in canonical form (docs/design.md §2): a
// plain decimal number without leading zeros, or ms<N> for an LCG number
// N >= 32000 (N <= 2^33-1).
func checkNumber(s string) error {
	const hint = `want a deal number in canonical form, such as "617" or "ms123456"`
	digits, ms := s, false
	if strings.HasPrefix(s, "ms") {
		digits, ms = s[2:], true
	}
	if digits == "" {
		return fmt.Errorf("number %q: %s", s, hint)
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return fmt.Errorf("number %q: %s", clip(s), hint)
		}
	}
	plain := strings.TrimLeft(digits, "0")
	if plain == "" {
		return fmt.Errorf("number %q: deals start at 1", s)
	}
	if !ms {
		if plain != digits {
			return fmt.Errorf("number %q is not in canonical form: write %q", s, plain)
		}
		return nil
	}
	n, err := strconv.ParseUint(plain, 10, 64)
	if err != nil || n > 1<<33-1 {
		return fmt.Errorf("number %q: an ms number is at most ms%d", clip(s), uint64(1<<33-1))
	}
	if n < 32000 || plain != digits {
		want := "ms" + plain
		if n < 32000 {
			want = plain
		}
		return fmt.Errorf("number %q is not in canonical form: write %q", s, want)
	}
	return nil
}

// clip shortens text quoted in a message.
func clip(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	i := max
	for i > 0 && i < len(s) && s[i]&0xC0 == 0x80 {
		i--
	}
	return s[:i] + "..."
}

// pileName names tableau pile i (0-based) as in move lists: t1, t2, ...
// Unlike T(i).String(), it is right for any i.
func pileName(i int) string { return "t" + strconv.Itoa(i+1) }

// cellName names cell i (0-based): c1, c2, ...
func cellName(i int) string { return "c" + strconv.Itoa(i+1) }
