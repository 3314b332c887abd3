// Package play answers the web page's requests: deal a numbered deal, pick
// a random deal from the catalogue, deal the deal of the day, read a pasted position, replay moves with the referee, list the legal moves,
// solve, and give hints. The page's Web Worker runs it compiled to
// WebAssembly (web/wasm); every rule and every search is this project's Go
// code, and the page's JavaScript only draws and handles events.
//
// A request and its answer are JSON objects. An answer that failed holds
// only "error": the message the command line prints for the same input.
package play

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/rules"
)

// Request is one request of the page. Op names what it asks; the other
// fields are those the op reads.
type Request struct {
	Op string `json:"op"` // defaults, deal, random, daily, read, line, legal, over, solve, par, hint, review

	Game   string `json:"game,omitempty"`   // deal, random, daily
	Number string `json:"number,omitempty"` // deal
	// Winnable (random): a deal that the catalogue knows can be won, else
	// any deal it covers.
	Winnable bool `json:"winnable,omitempty"`
	// Difficulty (random): a winnable deal of this difficulty ("easy",
	// "medium", "hard", "very-hard"), from the catalogue's labels
	// (Russian Cell only).
	Difficulty string `json:"difficulty,omitempty"`
	// Seed (random): the same seed picks the same deal. The page draws
	// it below 2^53, which JavaScript numbers hold exactly.
	Seed uint64 `json:"seed,omitempty"`
	// Date (daily): the day whose deal to deal, YYYY-MM-DD; the page
	// sends today's in UTC.
	Date string `json:"date,omitempty"`
	Text string `json:"text,omitempty"` // read: a position as JSON or a text board

	// Position is the position the op starts from, as the position JSON
	// (line, legal, solve, hint; review: the start of the game).
	Position json.RawMessage `json:"position,omitempty"`
	Moves    []string        `json:"moves,omitempty"` // line, review: moves in short notation ("5C t3>t6")
	// Auto (line): after the moves, play the automatic foundation moves
	// that are safe (rules.SafeAutoMoves), marked auto.
	Auto bool `json:"auto,omitempty"`

	MaxNodes int64 `json:"maxNodes,omitempty"` // solve, hint: node budget (per arrangement for a share)
	Shortest bool  `json:"shortest,omitempty"` // solve: the fewest moves, proven
	Hide     bool  `json:"hide,omitempty"`     // hint: the player's view, face-down cards unknown
	Samples  int   `json:"samples,omitempty"`  // hint, review: arrangements drawn when hidden
	Next     bool  `json:"next,omitempty"`     // hint: the next move too, not only whether it can be won

	// History is the positions of the game before Position, as the
	// position JSON (hint): no move back to one of them is advised.
	History []json.RawMessage `json:"history,omitempty"`
}

// errorDoc is the answer of a request that failed.
type errorDoc struct {
	Error string `json:"error"`
}

// PositionAnswer is the answer of deal, random, daily and read.
type PositionAnswer struct {
	Position rules.PositionDoc `json:"position"`
	Number   string            `json:"number,omitempty"` // canonical, for a numbered deal
	Known    *Known            `json:"known,omitempty"`  // the catalogue's verdict on the deal, before any search
}

// Known is what the shipped catalogue (package catalogue) says of a deal
// as dealt, with every card known: it says nothing of the cards, only
// whether the deal can be won. Deals outside the catalogue, and deals it
// left undecided, have none.
type Known struct {
	Verdict string `json:"verdict"` // "solvable" or "unsolvable"
	From    string `json:"from"`    // the catalogue, "Ripple Fan deals 1..10,000,000, solved by patience v1.2.3"
	// Difficulty is the label of a winnable deal that has one ("easy",
	// "medium", "hard", "very hard": catalogue.DifficultyOf), else empty.
	Difficulty string `json:"difficulty,omitempty"`
}

// MoveDoc is one move as the page shows it.
type MoveDoc struct {
	Move  string   `json:"move"` // short notation, "5C t3>t6"
	Card  string   `json:"card"`
	From  string   `json:"from"`
	To    string   `json:"to"`
	Cards []string `json:"cards"` // the cards that move, bottom first
	Text  string   `json:"text"`  // what it does in words
	// Auto marks an automatic foundation move: of a solver's line (the
	// solver plays every card that can go to its foundation at once, as
	// such a move never loses a win, and branches on nothing else there), or
	// one the page made by itself after a move (line with auto,
	// rules.SafeAutoMoves, the same rule).
	Auto bool `json:"auto,omitempty"`
	// Safe marks a move that is one of the safe automatic foundation
	// moves (rules.SafeAutoMoves) of the position it is played from,
	// whoever played it. A game's move count, on the page as in par
	// (game.HandMoves), is its moves not marked safe.
	Safe bool `json:"safe,omitempty"`
}

// LineAnswer is the answer of line: the positions after each move (the
// first is the start), and the moves. Refused, when set, is the first move
// the referee refused; the line stops before it.
type LineAnswer struct {
	Positions []rules.PositionDoc `json:"positions"`
	Moves     []MoveDoc           `json:"moves"`
	Refused   *Refusal            `json:"refused,omitempty"`
	Won       bool                `json:"won"`
}

// Refusal is a move the referee refused, with its reason.
type Refusal struct {
	Index  int    `json:"index"` // 0-based, in the request's moves
	Move   string `json:"move"`
	Reason string `json:"reason"`
}

// OverAnswer says whether the game at a position is over for the player
// (game.Over), and why.
type OverAnswer struct {
	Over bool   `json:"over"`
	Why  string `json:"why,omitempty"`
}

// LegalAnswer lists the legal moves of a position.
type LegalAnswer struct {
	Moves []MoveDoc `json:"moves"`
}

// Answer handles one request (JSON) and returns its answer (JSON), with
// ctx and report passed to Handle.
func Answer(ctx context.Context, req []byte, report func(Progress)) []byte {
	var r Request
	var out any
	err := json.Unmarshal(req, &r)
	if err == nil {
		out, err = Handle(ctx, r, report)
	} else {
		err = fmt.Errorf("bad request: %v", err)
	}
	var wd *rules.WrongDocumentError
	switch {
	case errors.As(err, &wd):
		out = errorDoc{Error: game.WrongDocumentWords(wd)}
	case err != nil:
		out = errorDoc{Error: err.Error()}
	}
	b, err := json.Marshal(out)
	if err != nil {
		b, _ = json.Marshal(errorDoc{Error: "internal error: " + err.Error()})
	}
	return b
}

// Handle answers one request. Its searches (solve, par, hint, review) run
// with ctx, passed to every game operation: each runs to its answer, its
// node budget (Request.MaxNodes, else the default) or the end of ctx,
// and then returns the context's error (game.Stopped). The page's worker
// passes a context that never ends (web/wasm): there a search never
// yields to the browser's event loop, where a cancel would arrive, so the
// page stops one by terminating the Web Worker that runs it and starting
// another (web/static/worker.js).
//
// While an exact search runs (solve, par), Handle tells report, when not
// nil, how far it has come (Progress), now and then (reportEvery): the
// page shows it while it waits, as no answer comes before the end.
func Handle(ctx context.Context, r Request, report func(Progress)) (any, error) {
	switch r.Op {
	case "defaults":
		return Defaults(), nil
	case "deal":
		return deal(r.Game, r.Number)
	case "random":
		return random(r.Game, r.Winnable, r.Difficulty, r.Seed)
	case "daily":
		return daily(r.Game, r.Date)
	case "read":
		p, num, err := game.ReadPosition(strings.NewReader(r.Text))
		if err != nil {
			return nil, err
		}
		if err := checkLabel(p, num); err != nil {
			return nil, err
		}
		return PositionAnswer{Position: rules.NewPositionDoc(p, num), Number: num, Known: known(p, num)}, nil
	case "line", "legal", "par", "over", "solve", "hint", "review":
		p, err := position(r.Position)
		if err != nil {
			return nil, err
		}
		return handleAt(ctx, p, r, report)
	}
	return nil, fmt.Errorf("unknown op %q", r.Op)
}

// handleAt answers a request about the position p (r.Position, read).
func handleAt(ctx context.Context, p *rules.Position, r Request, report func(Progress)) (any, error) {
	switch r.Op {
	case "line":
		// A move that cannot be read ends the line as an illegal one
		// does: the moves before it are kept.
		moves, bad := readMoves(r.Moves)
		a := line(p, moves, false)
		if bad != nil && a.Refused == nil {
			a.Refused = bad
		}
		if r.Auto && a.Refused == nil {
			a = autoMoves(a)
		}
		return a, nil
	case "legal":
		ms := rules.LegalMoves(p, options(p), nil)
		a := LegalAnswer{Moves: make([]MoveDoc, len(ms))}
		for i, m := range ms {
			a.Moves[i] = moveDoc(p, m)
		}
		return a, nil
	case "over":
		seen, err := history(p, r.History)
		if err != nil {
			return nil, err
		}
		over, why := game.Over(p, seen)
		return OverAnswer{Over: over, Why: why}, nil
	case "solve":
		return solve(ctx, p, r.MaxNodes, r.Shortest, report)
	case "hint":
		return hint(ctx, p, r)
	}
	// par and review: a game played from p.
	moves, err := parseMoves(r.Moves)
	if err != nil {
		return nil, err
	}
	if r.Op == "par" {
		return par(ctx, p, moves, r.MaxNodes, report)
	}
	return review(ctx, p, moves, r)
}

// parseMoves reads moves in short notation, naming the first bad one.
// readMoves reads the moves of ss up to the first that cannot be read,
// and says what is wrong with that one (nil when every move reads).
func readMoves(ss []string) ([]rules.Move, *Refusal) {
	moves := make([]rules.Move, 0, len(ss))
	for i, s := range ss {
		m, err := rules.ParseMove(s)
		if err != nil {
			return moves, &Refusal{Index: i, Move: s, Reason: err.Error()}
		}
		moves = append(moves, m)
	}
	return moves, nil
}

func parseMoves(ss []string) ([]rules.Move, error) {
	moves, bad := readMoves(ss)
	if bad != nil {
		return nil, fmt.Errorf("move %d (%s): %s", bad.Index+1, bad.Move, bad.Reason)
	}
	return moves, nil
}

// deal deals a numbered deal, with the command line's errors for a bad game
// or number (they come from the same parsers).
func deal(game, number string) (PositionAnswer, error) {
	g, err := rules.ParseGame(game)
	if err != nil {
		return PositionAnswer{}, err
	}
	n, err := dealgen.ParseNumber(number)
	if err != nil {
		return PositionAnswer{}, err
	}
	p := dealgen.Deal(g, n)
	return PositionAnswer{Position: rules.NewPositionDoc(p, n.String()), Number: n.String(), Known: known(p, n.String())}, nil
}

// random picks a deal of game from its catalogue with seed
// (game.RandomDeal, as `patience deal --random --seed` does): a winnable
// one when winnable, else any deal the catalogue covers; a winnable one of
// that label when difficulty is given.
func random(name string, winnable bool, difficulty string, seed uint64) (PositionAnswer, error) {
	g, err := rules.ParseGame(name)
	if err != nil {
		return PositionAnswer{}, err
	}
	d := catalogue.NoDifficulty
	if difficulty != "" {
		if d, err = catalogue.ParseDifficulty(difficulty); err != nil {
			return PositionAnswer{}, err
		}
	}
	n, err := game.RandomDeal(g, winnable, d, seed)
	if errors.Is(err, game.ErrNoCatalogue) {
		return PositionAnswer{}, fmt.Errorf("no catalogue of %s deals to pick from", g)
	}
	if err != nil {
		return PositionAnswer{}, err
	}
	return deal(name, n.String())
}

// daily deals the deal of the day of game on date, YYYY-MM-DD
// (game.DailyDeal, as `patience deal --daily --date` does).
func daily(name, date string) (PositionAnswer, error) {
	g, err := rules.ParseGame(name)
	if err != nil {
		return PositionAnswer{}, err
	}
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return PositionAnswer{}, fmt.Errorf("date %q: want a date as YYYY-MM-DD, such as 2026-12-07", date)
	}
	n, err := game.DailyDeal(g, d)
	var ce *rules.ConfigError
	switch {
	case errors.As(err, &ce):
		return PositionAnswer{}, fmt.Errorf("date %s: the deal of the day takes the years 1 to 9999", date)
	case errors.Is(err, game.ErrNoCatalogue):
		return PositionAnswer{}, fmt.Errorf("no catalogue of %s deals to pick the deal of the day from", g)
	case err != nil:
		return PositionAnswer{}, err
	}
	return deal(name, n.String())
}

// known is the catalogue's verdict on p when p is the start of deal num,
// which the catalogue has decided (game.KnownOf); nil otherwise.
func known(p *rules.Position, num string) *Known {
	k := game.KnownOf(options(p), p, num)
	if k == nil {
		return nil
	}
	d := ""
	if k.Difficulty != catalogue.NoDifficulty {
		d = k.Difficulty.String()
	}
	return &Known{Verdict: k.Status.String(), From: k.From, Difficulty: d}
}

// position reads a position JSON sent by the page, checked as a file
// would be.
func position(raw json.RawMessage) (*rules.Position, error) {
	if len(raw) == 0 {
		return nil, errors.New("no position")
	}
	p, _, err := game.ReadPosition(bytes.NewReader(raw))
	return p, err
}

// options are the rules the page plays by: the command line's defaults,
// the zero Options (foundation returns on in Russian Cell; Ripple Fan never
// has them, as rules.Options.Returns says).
func options(*rules.Position) rules.Options {
	return rules.DefaultOptions()
}

// line replays moves from p with the referee (rules.Replay), stopping at
// the first it refuses. solver marks the foundation moves as automatic.
func line(p *rules.Position, moves []rules.Move, solver bool) LineAnswer {
	a := LineAnswer{Positions: []rules.PositionDoc{rules.NewPositionDoc(p, "")}, Moves: []MoveDoc{}}
	var me *rules.MoveError
	if _, err := rules.Replay(p, options(p), moves); errors.As(err, &me) {
		a.Refused = &Refusal{Index: me.Index - 1, Move: me.Move.String(), Reason: me.Reason}
		moves = moves[:me.Index-1]
	}
	q := p.Clone()
	for _, m := range moves {
		d := moveDoc(q, m)
		d.Auto = solver && m.To.Kind == rules.Foundation
		a.Moves = append(a.Moves, d)
		q.Apply(m)
		a.Positions = append(a.Positions, rules.NewPositionDoc(q, ""))
	}
	a.Won = q.Won()
	return a
}

// autoMoves appends to a the safe automatic foundation moves of its last
// position, marked auto.
func autoMoves(a LineAnswer) LineAnswer {
	last := a.Positions[len(a.Positions)-1]
	q, _, err := last.Position()
	if err != nil {
		return a
	}
	for _, m := range rules.SafeAutoMoves(q) {
		d := moveDoc(q, m)
		d.Auto = true
		a.Moves = append(a.Moves, d)
		q.Apply(m)
		a.Positions = append(a.Positions, rules.NewPositionDoc(q, ""))
	}
	a.Won = q.Won()
	return a
}

// moveDoc describes m, played from p.
func moveDoc(p *rules.Position, m rules.Move) MoveDoc {
	d := MoveDoc{Move: m.String(), Card: m.Card.String(), From: m.From.String(), To: m.To.String(),
		Text: wording.Describe(p, m, true), Cards: []string{m.Card.String()}}
	// Only a move to a foundation can be one of them.
	if m.To.Kind == rules.Foundation {
		for _, a := range rules.SafeAutoMoves(p) {
			if a == m {
				d.Safe = true
				break
			}
		}
	}
	if m.From.Kind == rules.Tableau && int(m.From.Index) < len(p.Tableau) {
		up := p.Tableau[m.From.Index].Up
		for k, c := range up {
			if c == m.Card {
				d.Cards = d.Cards[:0]
				for _, c := range up[k:] {
					d.Cards = append(d.Cards, c.String())
				}
			}
		}
	}
	return d
}

// checkLabel refuses a position read that names a deal, num, it cannot
// come from (dealgen.CheckLabel), as the command line does.
func checkLabel(p *rules.Position, num string) error {
	if why := dealgen.LabelMismatch(p, num); why != "" {
		return fmt.Errorf("the position names deal %s, but %s", num, why)
	}
	return nil
}

// DefaultsAnswer is the answer of defaults: the settings the page starts
// with, game's defaults, the ones the page's HTML selects.
type DefaultsAnswer struct {
	// HintSamples is the arrangements of the unseen cards a hint and
	// "Can I still win?" draw; ReviewSamples those that rate each move of
	// "Where did I go wrong?".
	HintSamples   int `json:"hintSamples"`
	ReviewSamples int `json:"reviewSamples"`
	// StorySamples is the arrangements the story of a game draws at each
	// of its positions.
	StorySamples int `json:"storySamples"`
	// MaxNodes is the node budget of one search.
	MaxNodes int64 `json:"maxNodes"`
}

// Defaults returns the page's defaults.
func Defaults() DefaultsAnswer {
	return DefaultsAnswer{HintSamples: game.HintSamples, ReviewSamples: game.ReviewSamples, StorySamples: game.StorySamples, MaxNodes: game.MaxNodes}
}
