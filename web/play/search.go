package play

// This file is where the page asks game for its searches: every search
// the page asks for goes through game (Solve, GetHint, Par's exact
// search), as the command line's do.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// config is the search the page runs: the command line's defaults, on one
// core (the worker has one), with the table capped at game.PageTableMB. A
// maxNodes of 0 or less is the default budget (the zero Config's).
func config(p *rules.Position, maxNodes int64) solver.Config {
	return solver.Config{Options: options(p), Workers: 1, MemoryMB: game.PageTableMB, MaxNodes: max(maxNodes, 0)}
}

// history returns the keys of the positions of the game (sample.AddSeen's),
// the one on screen, p, among them; nil when the request gives none.
func history(p *rules.Position, raw []json.RawMessage) (map[string]bool, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	qs := make([]*rules.Position, len(raw))
	for i, r := range raw {
		q, err := position(r)
		if err != nil {
			return nil, fmt.Errorf("history position %d: %v", i+1, err)
		}
		qs[i] = q
	}
	return game.SeenOf(p, qs)
}

// SolveAnswer is the answer of solve.
type SolveAnswer struct {
	Verdict string `json:"verdict"`
	Reason  string `json:"reason,omitempty"`
	// Lines are the verdict in the command line's words; Searched says
	// how much was searched, and how long it took.
	Lines    []string `json:"lines"`
	Searched string   `json:"searched"`
	Nodes    int64    `json:"nodes"`
	Seconds  float64  `json:"seconds"`
	Forced   int      `json:"forced"`
	// Shortest, for a shortest search: whether the length is proven, and
	// the proven lower bound.
	Shortest   bool `json:"shortest,omitempty"`
	Proven     bool `json:"proven,omitempty"`
	LowerBound int  `json:"lowerBound,omitempty"`
	// Line is the winning line, replayed by the referee (solvable only).
	Line *LineAnswer `json:"line,omitempty"`
}

// checkSamples refuses a request's count of arrangements that game cannot
// draw (game.CheckSamples); 0 is the default.
func checkSamples(n int) error {
	if n == 0 {
		return nil
	}
	return game.CheckSamples(n)
}

// Progress is how far a search has come, which the page shows while it
// waits for the answer: positions expanded so far (solver.Config.Notify),
// of the search's budget.
type Progress struct {
	Searched int64 `json:"searched"`
	Budget   int64 `json:"budget"`
}

// reportEvery is the least time between two reports of a search's
// progress.
const reportEvery = 100 * time.Millisecond

// notify is a search's solver.Config.Notify that tells report its
// progress, of a budget of maxNodes positions: the first count at once,
// then one at most every reportEvery, each above the one before; nil
// when report is.
func notify(report func(Progress), maxNodes int64) func(int64) {
	if report == nil {
		return nil
	}
	if maxNodes <= 0 {
		maxNodes = solver.DefaultMaxNodes
	}
	var mu sync.Mutex
	var last time.Time
	var told int64
	return func(searched int64) {
		mu.Lock()
		defer mu.Unlock()
		if now := time.Now(); searched > told && now.Sub(last) >= reportEvery {
			last, told = now, searched
			report(Progress{Searched: searched, Budget: maxNodes})
		}
	}
}

// exact decides p with every card known, within maxNodes; shortest asks
// for the shortest win. report, when not nil, hears its progress.
func exact(ctx context.Context, p *rules.Position, maxNodes int64, shortest bool, report func(Progress)) (solver.Result, error) {
	if p.Unknowns() > 0 {
		return solver.Result{}, p.NeedKnown("an exact search")
	}
	cfg := config(p, maxNodes)
	cfg.Shortest = shortest
	cfg.Notify = notify(report, cfg.MaxNodes)
	c, err := game.Solve(ctx, game.Request{Position: p, Solver: cfg})
	if err != nil {
		return solver.Result{}, err
	}
	return c.Result, nil
}

func solve(ctx context.Context, p *rules.Position, maxNodes int64, shortest bool, report func(Progress)) (SolveAnswer, error) {
	res, err := exact(ctx, p, maxNodes, shortest, report)
	if err != nil {
		return SolveAnswer{}, err
	}
	a := SolveAnswer{Verdict: res.Verdict.String(), Reason: res.Reason.String(), Lines: wording.Verdict(res, shortest),
		Searched: wording.Searched(res.Nodes, res.Elapsed), Nodes: res.Nodes, Seconds: res.Elapsed.Seconds(),
		Forced: res.Forced, Shortest: shortest, Proven: res.Optimal, LowerBound: res.LowerBound}
	if res.Verdict == solver.Unsolvable {
		// The search proved the loss; game.Why only puts a cause in
		// words, when it finds one it can show (as solve prints it).
		if why := game.Why(p); why != "" {
			a.Lines = append(a.Lines, "Why: "+why)
		}
	}
	if res.Verdict == solver.Solvable {
		// game.Solve had the referee replay the win.
		l := line(p, res.Moves, !shortest)
		a.Line = &l
	}
	return a, nil
}

// ParAnswer is the answer of par: a won game's moves by hand beside those
// of the shortest win the solver found for its deal (game.HandMoves: safe
// automatic moves not counted), and whether that win is proven shortest.
type ParAnswer struct {
	Played   int    `json:"played"`
	Par      int    `json:"par"`
	Proven   bool   `json:"proven"`
	Searched string `json:"searched"`
}

// par measures a game played from start (moves) against the shortest win
// a search within maxNodes finds from start; report, when not nil, hears
// the search's progress.
func par(ctx context.Context, start *rules.Position, moves []rules.Move, maxNodes int64, report func(Progress)) (ParAnswer, error) {
	played, err := game.HandMoves(start, moves)
	if err != nil {
		return ParAnswer{}, err
	}
	res, err := exact(ctx, start, maxNodes, true, report)
	if err != nil {
		return ParAnswer{}, err
	}
	if res.Verdict != solver.Solvable {
		return ParAnswer{}, fmt.Errorf("no win found for the deal (%s)", res.Verdict)
	}
	n, err := game.HandMoves(start, res.Moves)
	if err != nil {
		return ParAnswer{}, err
	}
	return ParAnswer{Played: played, Par: n, Proven: res.Optimal, Searched: wording.Searched(res.Nodes, res.Elapsed)}, nil
}

// HintAnswer is the answer of hint.
type HintAnswer struct {
	// Exact is set when the answer is the verdict with every card known;
	// otherwise it is the player's view, a share over the arrangements
	// of the unseen cards.
	Exact   bool   `json:"exact"`
	Verdict string `json:"verdict"` // exact: solvable, unsolvable or unknown
	// Winnable of Of arrangements can be won (the player's view), Unknown
	// more ran out of budget; Share, Low and High are the share of the
	// decided ones and its 95% Wilson interval. The page words these
	// counts itself, so they are always in the answer, 0 included (0 for
	// an exact answer); an answer without one (an older page's worker
	// left out the zeros) reads as 0.
	Winnable int `json:"winnable"`
	Of       int `json:"of"`
	Unknown  int `json:"unknown"`
	// All says that Of is every arrangement of the unseen cards, not a
	// sample: only then does a share of 0 prove the position lost.
	All   bool    `json:"all,omitempty"`
	Share float64 `json:"share"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	// Move is the next move: of a win (exact), or the one that keeps a win
	// in the most arrangements (the player's view).
	Move     *MoveDoc `json:"move,omitempty"`
	Lines    []string `json:"lines"`
	Searched string   `json:"searched"`
	Nodes    int64    `json:"nodes"`
	Seconds  float64  `json:"seconds"`
}

// hint answers the page's Hint (r.Next) and "Can I still win?" through
// game.GetHint and game.Solve, in the words game gives both front ends.
func hint(ctx context.Context, p *rules.Position, r Request) (HintAnswer, error) {
	if err := checkSamples(r.Samples); err != nil {
		return HintAnswer{}, err
	}
	seen, err := history(p, r.History)
	if err != nil {
		return HintAnswer{}, err
	}
	if r.Hide {
		p = p.Hide()
	}
	req := game.Request{Position: p, Seen: seen, Solver: config(p, r.MaxNodes), Samples: r.Samples}
	if p.Unknowns() == 0 {
		a, err := exactHint(ctx, req, r.Next)
		if err == nil && r.Hide {
			a.Lines = append([]string{"No card is face down here, so this is the exact verdict."}, a.Lines...)
		}
		return a, err
	}
	if !r.Next {
		c, err := game.Solve(ctx, req)
		if err != nil {
			return HintAnswer{}, err
		}
		a := shareAnswer(c.Share)
		a.Lines = append(c.Lines(), oneLine(game.ShareNote))
		return a, nil
	}
	h, err := game.GetHint(ctx, req)
	if err != nil {
		return HintAnswer{}, err
	}
	a := shareAnswer(h.Rating.Share)
	a.Lines = h.Lines()
	if h.Case() == game.HintNext {
		best, _ := h.Rating.Best()
		d := moveDoc(h.Position, best.Move)
		a.Move = &d
		a.Lines = append(a.Lines, h.BestLines(d.Move+", "+d.Text)...)
	}
	if h.Rating.History {
		a.Lines = append(a.Lines, "No move back to a position already seen in this game is advised.")
	}
	a.Lines = append(a.Lines, oneLine(game.MoveCountNote))
	return a, nil
}

// oneLine is a note of game's, laid out for the command line, as one line.
func oneLine(note string) string { return strings.ReplaceAll(note, "\n", " ") }

// shareAnswer is the answer for the share sh of a position's
// arrangements that can be won, without its words.
func shareAnswer(sh sample.Share) HintAnswer {
	rate := sh.Rate()
	return HintAnswer{Winnable: sh.Winnable, Of: sh.Total(), Unknown: sh.Unknown, All: sh.Exhaustive, Share: rate.Value, Low: rate.Low, High: rate.High,
		Searched: wording.Searched(sh.Nodes, sh.Elapsed), Nodes: sh.Nodes, Seconds: sh.Elapsed.Seconds()}
}

// exactHint decides a position with every card known (game.GetHint, or
// game.Solve when the page asks for no move) and gives the first move
// of a win.
func exactHint(ctx context.Context, req game.Request, next bool) (HintAnswer, error) {
	if !next {
		c, err := game.Solve(ctx, req)
		if err != nil {
			return HintAnswer{}, err
		}
		a := exactAnswer(c.Result)
		a.Lines = c.Lines()
		return a, nil
	}
	h, err := game.GetHint(ctx, req)
	if err != nil {
		return HintAnswer{}, err
	}
	a := exactAnswer(h.Result)
	a.Lines = h.Lines()
	switch h.Case() {
	case game.HintNext:
		m, _ := h.Move()
		d := moveDoc(h.Position, m)
		a.Move = &d
		a.Lines = append(a.Lines, fmt.Sprintf("Next move: %s, %s.", d.Move, d.Text))
	case game.HintDetour:
		m, _ := h.Move()
		d := moveDoc(h.Position, m)
		a.Move = &d
		a.Lines = append(a.Lines, fmt.Sprintf("%s, %s.", d.Move, d.Text))
	}
	return a, nil
}

// exactAnswer is the answer of an exact search's result res, without its
// words.
func exactAnswer(res solver.Result) HintAnswer {
	return HintAnswer{Exact: true, Verdict: res.Verdict.String(), Searched: wording.Searched(res.Nodes, res.Elapsed),
		Nodes: res.Nodes, Seconds: res.Elapsed.Seconds()}
}
