package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
)

// The verdicts of a solution, as its "verdict" field holds them (the words
// of solver.Verdict's String).
const (
	// VerdictSolvable: the moves win; the referee has replayed them.
	VerdictSolvable = "solvable"
	// VerdictUnsolvable: the search was exhausted with only safe pruning.
	VerdictUnsolvable = "unsolvable"
	// VerdictUnknown: a budget ran out; Reason says which.
	VerdictUnknown = "unknown"
)

// Solution is the outcome of solving one deal or position, as written in the
// solution JSON:
//
//	{"patience":"solution","version":1,"game":"russian-cell","number":"617","verdict":"solvable","rules":{"returns":true},
//	 "moves":[{"card":"5C","from":"t3","to":"t6"},{"card":"AH","from":"c1","to":"f"}],
//	 "nodes":12345,"seconds":0.012}
//
// A numbered deal is named by Number alone (Position nil). A position from a
// file is carried whole, as "position" in place of "number"; when Position
// is set and Number too, Number is written inside the position (the deal it
// came from), so the document stays self-contained either way.
type Solution struct {
	Game     Game      // the game solved
	Number   string    // deal number in canonical form, or ""
	Position *Position // the starting position, for a position from a file; else nil
	Verdict  string    // VerdictSolvable, VerdictUnsolvable or VerdictUnknown
	Reason   string    // why the verdict is unknown, or a shortest search's proof unfinished (a budget), else ""
	Options  Options   // the rules options the moves are played under
	Moves    []Move    // the winning moves, automatic foundation moves included
	Forced   int       // how many of Moves were the only move the solver considered
	// Shortest is set on the answer of a shortest search (solve
	// --shortest), and nil otherwise.
	Shortest *Shortest
	Nodes    int64   // positions expanded
	Seconds  float64 // time taken
	// Build names the build of patience that found the solution: the
	// module version, "+" and the first digits of the commit, as in
	// "v1.2.3+abc1234" or "(devel)"; written as "solver" when not "".
	// Files written before it was recorded lack it.
	Build string
}

// Shortest is what a shortest search adds to a solution, written as
// "shortest" and "lower_bound".
type Shortest struct {
	// Proven says that no solution has fewer moves than Moves. When a
	// budget ended the proof first, it is false and Moves (if any) is the
	// best solution found.
	Proven bool
	// LowerBound is proven: no solution has fewer moves. With Proven it
	// equals the number of moves.
	LowerBound int
}

// SolutionDoc is the JSON form of a Solution, as encoding/json reads and
// writes it; NewSolutionDoc fills it, and Solution reads it back with
// every check but its header's. A document that is a solution with
// members of its own (the record of a played game, in package game)
// embeds it, so that one decoder reads both. New fields go here and in
// Solution, converted in NewSolutionDoc and Solution.
type SolutionDoc struct {
	// The header, then the members in the order written: see
	// MarshalSolution.
	DocHeader
	Game     string       `json:"game"`
	Number   string       `json:"number,omitempty"`
	Position *PositionDoc `json:"position,omitempty"`
	Verdict  string       `json:"verdict"`
	Reason   string       `json:"reason,omitempty"`
	Rules    *rulesDoc    `json:"rules"`
	Moves    []moveDoc    `json:"moves"`
	Forced   int          `json:"forced,omitempty"`
	Shortest *bool        `json:"shortest,omitempty"`
	Lower    *int         `json:"lower_bound,omitempty"`
	Nodes    int64        `json:"nodes"`
	Seconds  float64      `json:"seconds"`
	Build    string       `json:"solver,omitempty"`
}

type rulesDoc struct {
	Returns *bool `json:"returns"`
}

type moveDoc struct {
	Card *string `json:"card"`
	From *string `json:"from"`
	To   *string `json:"to"`
}

// MarshalSolution returns the solution as compact one-line JSON (no
// trailing newline), keys in the order patience ("solution"), version,
// game, number (or position), verdict, reason (when not ""), rules, moves, forced (when not 0), shortest and lower_bound
// (when Shortest is set), nodes, seconds, solver (when not ""). A NaN or
// infinite Seconds is written as 0. A nil s gives nil: no document.
func MarshalSolution(s *Solution) []byte {
	if s == nil {
		return nil
	}
	d := NewSolutionDoc(s)
	d.DocHeader = SolutionDocument.Header()
	b, err := json.Marshal(d)
	if err != nil {
		panic("rules: MarshalSolution: " + err.Error()) // cannot happen
	}
	return b
}

// NewSolutionDoc returns the JSON form of s, without a header (a
// document's writer sets its own). A NaN or infinite Seconds is 0. A nil
// s gives the zero SolutionDoc.
func NewSolutionDoc(s *Solution) SolutionDoc {
	if s == nil {
		return SolutionDoc{}
	}
	returns := s.Options.Returns(s.Game)
	d := SolutionDoc{
		Game:    s.Game.String(),
		Verdict: s.Verdict,
		Reason:  s.Reason,
		Rules:   &rulesDoc{Returns: &returns},
		Moves:   make([]moveDoc, len(s.Moves)),
		Forced:  s.Forced,
		Nodes:   s.Nodes,
		Seconds: s.Seconds,
		Build:   s.Build,
	}
	if s.Shortest != nil {
		proven, lower := s.Shortest.Proven, s.Shortest.LowerBound
		d.Shortest, d.Lower = &proven, &lower
	}
	if s.Position != nil {
		pd := NewPositionDoc(s.Position, s.Number)
		d.Position = &pd
	} else {
		d.Number = s.Number
	}
	for i, m := range s.Moves {
		c, f, t := m.Card.String(), m.From.String(), m.To.String()
		d.Moves[i] = moveDoc{Card: &c, From: &f, To: &t}
	}
	if math.IsNaN(d.Seconds) || math.IsInf(d.Seconds, 0) {
		d.Seconds = 0
	}
	return d
}

// ReadSolution reads solution JSON, at most MaxInputSize bytes, with its
// kind ("patience") or, as written before documents said their kind,
// without. It checks the
// document's form: a known game; a number or a position (validated, with
// every card known), not both; a known verdict; moves that name a card and two locations. It does
// not check that the moves are legal or win: that is the referee's job. A
// missing "rules" or "returns" means the default options. Errors are
// Problems, one per line, such as `moves[3]: unknown location "t0": ...`.
func ReadSolution(r io.Reader) (*Solution, error) {
	data, err := readCapped(r, SolutionDocument)
	if err != nil {
		return nil, err
	}
	text := bytes.TrimSpace(data)
	if len(text) == 0 {
		return nil, problemsOf("empty input: want a solution as JSON")
	}
	if text[0] != '{' {
		first, _, _ := bytes.Cut(text, []byte("\n"))
		return nil, problemsOf("not a solution: want JSON starting with \"{\"; got %q", clip(string(bytes.TrimSpace(first))))
	}
	var d SolutionDoc
	if err := decodeStrict(data, &d, "solution"); err != nil {
		return nil, err
	}
	var l problemList
	if msg := d.DocHeader.check(SolutionDocument); msg != "" {
		l.add(sevInput, "%s", msg)
	}
	sol := d.read(&l)
	if err := l.err(); err != nil {
		return nil, err
	}
	return sol, nil
}

// Solution reads d, a solution's JSON form, as ReadSolution does, with
// every check of its members but the header's, which is the embedding
// document's own. Errors are Problems, one per line.
func (d *SolutionDoc) Solution() (*Solution, error) {
	var l problemList
	s := d.read(&l)
	if err := l.err(); err != nil {
		return nil, err
	}
	return s, nil
}

// read reads d into a Solution, adding what is wrong to l.
func (d *SolutionDoc) read(l *problemList) *Solution {
	s := &Solution{Number: d.Number, Verdict: d.Verdict, Reason: d.Reason, Forced: d.Forced, Nodes: d.Nodes, Seconds: d.Seconds, Build: d.Build, Options: DefaultOptions()}
	gameOK := false
	if d.Game == "" {
		l.add(sevInput, `missing "game": use "russian-cell" or "ripple-fan"`)
	} else if g, err := ParseGame(d.Game); err != nil {
		l.add(sevInput, "unknown game %q: use russian-cell or ripple-fan", clip(d.Game))
	} else {
		s.Game, gameOK = g, true
	}
	d.readStart(s, gameOK, l)
	switch d.Verdict {
	case VerdictSolvable, VerdictUnsolvable, VerdictUnknown:
	case "":
		l.add(sevInput, `missing "verdict": use solvable, unsolvable or unknown`)
	default:
		l.add(sevInput, "unknown verdict %q: use solvable, unsolvable or unknown", clip(d.Verdict))
	}
	if d.Rules != nil && d.Rules.Returns != nil {
		s.Options.NoReturns = !*d.Rules.Returns
	}
	if v, err := NewVariant(s.Game, s.Options); err == nil {
		s.Options = v.Options // a Ripple Fan file says returns false: the game has none
	}
	if d.Nodes < 0 {
		l.add(sevInput, "nodes: %d is negative", d.Nodes)
	}
	if d.Seconds < 0 {
		l.add(sevInput, "seconds: %g is negative", d.Seconds)
	}
	if len(d.Build) > 1000 || strings.ContainsFunc(d.Build, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		l.add(sevInput, "solver: %q is not the name of a build, such as \"v1.2.3+abc1234\"", clip(d.Build))
	}
	d.readShortest(s, l)
	if len(d.Moves) > 0 {
		s.Moves = make([]Move, 0, len(d.Moves))
	}
	for i, md := range d.Moves {
		m, err := md.move()
		if err != nil {
			l.add(sevCard, "moves[%d]: %v", i, err)
			continue
		}
		s.Moves = append(s.Moves, m)
	}
	return s
}

// readStart reads the deal number or the starting position into s.
func (d *SolutionDoc) readStart(s *Solution, gameOK bool, l *problemList) {
	switch {
	case d.Number != "" && d.Position != nil:
		l.add(sevInput, `both "number" and "position": give one (a position may carry its own "number")`)
	case d.Number == "" && d.Position == nil:
		l.add(sevInput, `missing "number" or "position": name the deal by its number, or give the starting position`)
	case d.Number != "":
		if err := checkNumber(d.Number); err != nil {
			l.add(sevInput, "%v", err)
		}
	default:
		p, num, err := d.Position.Position()
		if err == nil {
			err = Validate(p)
		}
		if err == nil {
			err = p.NeedKnown("a solution's starting position")
		}
		if err != nil {
			l.addPrefixed(sevShape, "position: ", err)
		} else {
			if gameOK && p.Game != s.Game {
				l.add(sevInput, "position: the game is %s, but the solution's game is %s", p.Game, s.Game)
			}
			s.Position, s.Number = p, num
		}
	}
}

// readShortest reads what a shortest search says of its answer into s.
func (d *SolutionDoc) readShortest(s *Solution, l *problemList) {
	switch {
	case d.Shortest != nil && d.Lower == nil:
		l.add(sevInput, `"shortest" without "lower_bound": a shortest search's answer carries its proven lower bound`)
	case d.Shortest == nil && d.Lower != nil:
		l.add(sevInput, `"lower_bound" without "shortest": only a shortest search's answer carries a lower bound`)
	case d.Shortest != nil:
		s.Shortest = &Shortest{Proven: *d.Shortest, LowerBound: *d.Lower}
		n := len(d.Moves)
		switch {
		case *d.Lower < 0:
			l.add(sevInput, "lower_bound: %d is negative", *d.Lower)
		case *d.Shortest && d.Verdict != VerdictSolvable:
			l.add(sevInput, `"shortest": true needs a solvable verdict, not %q`, clip(d.Verdict))
		case *d.Shortest && *d.Lower != n:
			l.add(sevInput, `lower_bound: %d, but "shortest": true says the %d moves are the fewest`, *d.Lower, n)
		case d.Verdict == VerdictSolvable && *d.Lower > n:
			l.add(sevInput, "lower_bound: %d is more than the %d moves of the solution", *d.Lower, n)
		}
	}
}

// move checks a move entry's form.
func (md moveDoc) move() (Move, error) {
	if md.Card == nil {
		return Move{}, fmt.Errorf(`missing "card"`)
	}
	if md.From == nil {
		return Move{}, fmt.Errorf(`missing "from"`)
	}
	if md.To == nil {
		return Move{}, fmt.Errorf(`missing "to"`)
	}
	c, err := ParseCard(*md.Card)
	if err != nil {
		return Move{}, fmt.Errorf("%s", cardError(*md.Card))
	}
	from, err := ParseLoc(*md.From)
	if err != nil {
		return Move{}, fmt.Errorf("%s", locError(*md.From))
	}
	to, err := ParseLoc(*md.To)
	if err != nil {
		return Move{}, fmt.Errorf("%s", locError(*md.To))
	}
	return Move{Card: c, From: from, To: to}, nil
}

func locError(s string) string {
	return fmt.Sprintf("unknown location %q: use t1..t13, c1, c2 or f", clip(s))
}
