package game

import (
	"context"
	"errors"
	"fmt"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// A Request is a question about one position: what to play next, or
// whether it can still be won. Its zero settings are game's defaults; a
// Request without a Position is refused with ErrNoPosition.
type Request struct {
	// Position is where the player stands. With unknown cards ("??", or
	// a position hidden with Hide) the answer is the player's view, over
	// arrangements of the unseen cards.
	Position *rules.Position
	// Seen holds the keys of the positions of the game so far
	// (sample.AddSeen), or is nil when the game is not known: a move back
	// to one of them is never advised.
	Seen map[string]bool
	// Solver is the search of the position, or of each arrangement.
	Solver solver.Config
	// Samples is how many arrangements of the unseen cards to draw (0:
	// HintSamples), Seed the seed of the draw (0: Seed).
	Samples int
	Seed    uint64
}

// sampling is the draw of arrangements that r asks for.
func (r Request) sampling() sample.Config {
	return sample.Config{Solver: r.Solver, Samples: or(r.Samples, HintSamples), Seed: or(r.Seed, Seed)}
}

// Hint is the answer to "what do I play next?".
type Hint struct {
	// Position is the position the hint is for, and Config the search of
	// it (or of each arrangement of its unseen cards).
	Position *rules.Position
	Config   solver.Config
	// Exact says that every card is known: Result is the search's verdict
	// and, for a win, its moves, replayed by the referee.
	Exact  bool
	Result solver.Result
	// Detour (exact) says that the win found goes back to a position of
	// the game: Move is then a move to a new position after which a win
	// still exists, if there is one.
	Detour bool
	// Rating (the player's view) rates every legal move over the
	// arrangements of the unseen cards.
	Rating sample.Rating

	// stopped says that the context ended before the answer was whole
	// (Case is HintStopped): an exact search's verdict is then unknown,
	// and the view rates no move.
	stopped bool
	move    rules.Move
	hasMove bool
}

// Move returns the move advised, and false when there is none.
func (h *Hint) Move() (rules.Move, bool) { return h.move, h.hasMove }

// GetHint answers what to play next from r.Position: with every card
// known, the first move of a win the search finds (or, when that goes back
// to a position of the game, a move to a new position that keeps a win);
// with unknown cards, every legal move rated over arrangements of them, and
// the best. When ctx ends first, GetHint returns the answer so far, whose
// Case is HintStopped, and ctx's error (see Stopped).
func GetHint(ctx context.Context, r Request) (*Hint, error) {
	if r.Position == nil {
		return nil, ErrNoPosition
	}
	p := r.Position
	h := &Hint{Position: p, Config: r.Solver}
	if p.Unknowns() > 0 {
		rating, err := sample.RankMoves(ctx, p, r.sampling(), r.Seen)
		h.Rating = rating
		if Stopped(err) {
			h.stopped = true
			return h, err
		}
		if err != nil {
			return nil, err
		}
		if b, ok := rating.Best(); ok {
			h.move, h.hasMove = b.Move, true
		}
		return h, nil
	}
	h.Exact = true
	res, err := Search(ctx, p, r.Solver)
	h.Result = res
	if Stopped(err) {
		h.stopped = true
		return h, err
	}
	if err != nil {
		return nil, err
	}
	if res.Verdict != solver.Solvable || len(res.Moves) == 0 {
		return h, nil
	}
	h.move, h.hasMove = res.Moves[0], true
	if sample.Seen(r.Seen, p, res.Moves[0]) {
		m, err := sample.FreshWin(ctx, p, r.sampling(), res.Moves[0], r.Seen)
		if Stopped(err) {
			h.stopped, h.move, h.hasMove = true, rules.Move{}, false
			return h, err
		}
		if err != nil {
			return nil, err
		}
		h.Detour = true
		h.move, h.hasMove = m, !m.IsZero()
	}
	return h, nil
}

// ErrNoPosition is the error of GetHint and Solve given a Request with no
// Position. A Played with no Start gets another error: Review and
// WhereWrong refuse it with a *rules.InvalidPositionError, as player's
// functions refuse a nil position.
var ErrNoPosition = errors.New("game: no position")

// Stopped reports whether err says that the context of a call ended it,
// cancelled or at its deadline: errors.Is(err, context.Canceled) or
// context.DeadlineExceeded. The result returned with such an error is the
// answer so far.
func Stopped(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// Search decides p with every card known, as solver.Solve does, and has
// the referee replay a win: a line that fails it is an internal error,
// never an answer. When ctx ends first it returns the result so far and
// ctx's error. It refuses what solver.Solve refuses: a cfg out of range,
// and a nil or invalid p.
func Search(ctx context.Context, p *rules.Position, cfg solver.Config) (solver.Result, error) {
	res, err := solver.Solve(ctx, p, cfg)
	if err != nil || res.Verdict != solver.Solvable {
		return res, err
	}
	end, err := rules.Replay(p, cfg.Options, res.Moves)
	if err != nil {
		return res, fmt.Errorf("internal error: the solver's move list failed the referee: %v", err)
	}
	if !end.Won() {
		return res, errors.New("internal error: the solver's move list does not win")
	}
	return res, nil
}
