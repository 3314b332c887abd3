package sample

import (
	"context"
	"slices"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// This file is the one move-rating core: hint --hide, the sampled player,
// review and the web page's Hint all rank moves with RankMoves, so they give the
// same advice for the same position, history and draw.

// RatedMove is one move as RankMoves ranks it.
type RatedMove struct {
	// MoveShare is the move and its verdicts over the arrangements MoveShares
	// drew.
	MoveShare
	// Score is what the move is ranked by: Winnable, or, for a move that
	// Undoes (other than a cell card to a column), min(Leads, Winnable):
	// the arrangements whose win the solver begins with the move.
	Score int
	// Undoable says that the next move can undo the move (it turns up no
	// card, and one move back, not from a foundation, leads to the
	// position before it, up to the order of columns and cells).
	Undoable bool
	// Discounted says that Score is Leads rather than Winnable: the move
	// can be undone and is not a cell card to a column. A win exists after
	// such a move wherever one existed before it, by undoing it, which is
	// no progress; a cell card to a column keeps its share, as that move
	// never loses a win (the solver's CellHome reduction).
	Discounted bool
	// Seen says that the move leads to a position already seen in the
	// game (up to the order of columns and cells): it is listed last and
	// never recommended.
	Seen bool
}

// Rating is the answer of RankMoves: the Shares of MoveShares, and the moves ranked
// by the core's rules.
type Rating struct {
	// Shares is MoveShares's answer for the position: its share and every legal
	// move's.
	Shares
	// Ranked lists the moves that RankMoves considers, best first (see RankMoves).
	// Moves back from a foundation are left out: they are never needed
	// for a win, and no player of this project makes them.
	Ranked []RatedMove
	// History says that the positions seen in the game were given, so
	// Seen is meaningful.
	History bool
}

// RankMoves ranks the legal moves of view (the player's view: face-down cards
// may be unknown) over the arrangements MoveShares draws, given the keys (Key)
// of the positions already seen in the game, view's own among them (nil:
// a bare position, no history known).
//
// The order, best first:
//
//  1. moves to a position not yet seen before moves to one already seen
//     (those are listed, marked Seen, and never recommended);
//  2. a card to its foundation first: such a move never loses a win
//     (Blake & Gent, Theorem 1), so the player makes it at once;
//  3. the higher Score (Winnable, or Leads for a move that can be undone:
//     see RatedMove);
//  4. fewer Unknown arrangements;
//  5. the higher Leads (the move begins the solver's win in more
//     arrangements: progress);
//  6. a move that cannot be undone before one that can;
//  7. the order of rules.LegalMoves.
//
// This is the sampled player's order (player), so hint, play,
// review and the page give the same best move.
func RankMoves(ctx context.Context, view *rules.Position, cfg Config, seen map[string]bool) (Rating, error) {
	adv, err := MoveShares(ctx, view, cfg)
	r := Rating{Shares: adv, History: seen != nil}
	if err != nil {
		return r, err
	}
	o := cfg.Solver.Options // moves back from a foundation are left out, so the returns rule plays no part
	legal := rules.LegalMoves(view, o, nil)
	for _, ms := range adv.Moves {
		if ms.Move.From.Kind == rules.Foundation {
			continue
		}
		rm := RatedMove{MoveShare: ms, Score: ms.Winnable, Undoable: undoable(view, o, ms.Move)}
		rm.Seen = Seen(seen, view, ms.Move)
		if rm.Undoable && ms.Move.From.Kind != rules.Cell {
			rm.Discounted = true
			rm.Score = min(ms.Leads, ms.Winnable)
		}
		r.Ranked = append(r.Ranked, rm)
	}
	r.sort(legal)
	return r, nil
}

// sort sorts Ranked by the core's order (see RankMoves), legal being the
// legal moves of the position, for the last tie-break.
func (r *Rating) sort(legal []rules.Move) {
	order := func(m rules.Move) int { return slices.Index(legal, m) }
	slices.SortStableFunc(r.Ranked, func(a, b RatedMove) int {
		af, bf := a.Move.To.Kind == rules.Foundation, b.Move.To.Kind == rules.Foundation
		switch {
		case a.Seen != b.Seen:
			return boolOrder(a.Seen)
		case af != bf:
			return boolOrder(bf)
		case a.Score != b.Score:
			return b.Score - a.Score
		case a.Unknown != b.Unknown:
			return a.Unknown - b.Unknown
		case a.Leads != b.Leads:
			return b.Leads - a.Leads
		case a.Undoable != b.Undoable:
			return boolOrder(a.Undoable)
		}
		return order(a.Move) - order(b.Move)
	})
}

// boolOrder sorts the move for which later is true after the other: 1
// when later, -1 otherwise.
func boolOrder(later bool) int {
	if later {
		return 1
	}
	return -1
}

// Best returns the recommended move: the first of Ranked, when it leads to
// a position not yet seen and some move to a position not yet seen keeps a
// win in an arrangement (or in one not decided). ok is false when no move
// does: none is left, or no arrangement can be won after any of them.
func (r Rating) Best() (m RatedMove, ok bool) {
	for _, x := range r.Ranked {
		if x.Seen {
			break
		}
		if x.Winnable > 0 || x.Unknown > 0 {
			return r.Ranked[0], true
		}
	}
	return RatedMove{}, false
}

// Fresh is the number of ranked moves that lead to a position not yet
// seen.
func (r Rating) Fresh() int {
	n := 0
	for _, x := range r.Ranked {
		if !x.Seen {
			n++
		}
	}
	return n
}

// Place returns the place (1 = best) of m, or of a twin of m (the same
// card from the same place to another empty cell or column), in Ranked,
// or 0 when it is not there.
func (r Rating) Place(m rules.Move) int {
	for i, x := range r.Ranked {
		if SameMove(x.MoveShare, m) {
			return i + 1
		}
	}
	return 0
}

// SameMove reports whether m is ms's move or one of its twins (the same
// card from the same place to another empty cell, or another empty
// column: MoveShare.Twins).
func SameMove(ms MoveShare, m rules.Move) bool {
	if ms.Move == m {
		return true
	}
	return ms.Move.Card == m.Card && ms.Move.From == m.From && slices.Contains(ms.Twins, m.To)
}

// Seen reports whether move m of p leads to a position whose key is in
// seen (AddSeen): a position already seen in the game. p may have its
// face-down cards known or unknown: the keys are those of the player's
// views, which tell the positions of one game apart as well. A nil p, or
// an m that is no legal move of p (rules.Check), leads nowhere: false.
func Seen(seen map[string]bool, p *rules.Position, m rules.Move) bool {
	if seen == nil || p == nil || rules.Check(p, rules.DefaultOptions(), m) != nil {
		return false
	}
	return seen[Key(after(p, m).Hide())]
}

// FreshWin returns, for p with every card known and first the first move
// of a win the solver found, a move after which p can still be won that
// does not lead to a position already seen in the game (seen, as RankMoves
// takes it): first itself when it does not, or else the first legal move
// (in the order of rules.LegalMoves, none back from a foundation) to a new
// position after which a search finds a win. It returns the zero Move when
// no such move is found, and with ctx's error when ctx ends first. It
// refuses, with the zero Move, a cfg out of range (a *rules.ConfigError,
// as Estimate does), a p that fails rules.Validate (a
// *rules.InvalidPositionError) and a first that is not a legal move of p
// (a *rules.MoveError, move 1, with the referee's reason).
func FreshWin(ctx context.Context, p *rules.Position, cfg Config, first rules.Move, seen map[string]bool) (rules.Move, error) {
	if err := cfg.check(); err != nil {
		return rules.Move{}, err
	}
	if err := rules.CheckPosition(p); err != nil {
		return rules.Move{}, err
	}
	if err := rules.Check(p, cfg.Solver.Options, first); err != nil {
		return rules.Move{}, &rules.MoveError{Index: 1, Move: first, Reason: err.Error()}
	}
	if err := ctx.Err(); err != nil {
		return rules.Move{}, err
	}
	if !Seen(seen, p, first) {
		return first, nil
	}
	var cands []rules.Move
	for _, m := range rules.LegalMoves(p, cfg.Solver.Options, nil) {
		if m.From.Kind != rules.Foundation && !Seen(seen, p, m) {
			cands = append(cands, m)
		}
	}
	outs, stopped, err := solveAll(ctx, p.Game, cfg, len(cands), func(i int) *rules.Position { return after(p, cands[i]) })
	if err != nil {
		return rules.Move{}, err
	}
	if stopped {
		return rules.Move{}, interrupted(ctx)
	}
	for i, o := range outs {
		if o.verdict == solver.Solvable {
			return cands[i], nil
		}
	}
	return rules.Move{}, nil
}

// AddSeen adds to seen the keys of the player's views (face-down cards
// unknown) of start and of the position after each of moves, and returns
// seen, made when nil: the history RankMoves takes. start is the position
// the game was played from, as the caller has it: every card known, or
// some face-down cards unknown, as long as no move names one (a view
// cannot say which card a move turned up). A start that fails
// rules.Validate, or a move that is not legal where it is played (under
// the rules with returns, which allow every move the other rules do), is
// refused with an error, and seen holds the views before it.
func AddSeen(seen map[string]bool, start *rules.Position, moves []rules.Move) (map[string]bool, error) {
	if seen == nil {
		seen = map[string]bool{}
	}
	if err := rules.CheckPosition(start); err != nil {
		return seen, err
	}
	q := start.Clone()
	seen[Key(q.Hide())] = true
	for i, m := range moves {
		if err := rules.Check(q, rules.DefaultOptions(), m); err != nil {
			err.(*rules.MoveError).Index = i + 1 // Check's error, for move i+1 of the list
			return seen, err
		}
		q.Apply(m)
		seen[Key(q.Hide())] = true
	}
	return seen, nil
}

// after returns view after move m. A move that turns up an unknown card
// shows it as Unknown, face up: the key of such a position differs from
// every position seen, as a card is turned that was not before.
func after(view *rules.Position, m rules.Move) *rules.Position {
	q := view.Clone()
	q.Apply(m)
	return q
}

// undoable reports whether move m of view can be undone by one move that
// turns up no card and is not from a foundation: m turns up no card, and
// a legal move of the position after it leads back to view (up to the
// order of columns and cells).
func undoable(view *rules.Position, o rules.Options, m rules.Move) bool {
	if view.Reveals(m) != rules.NoCard {
		return false
	}
	q := after(view, m)
	back := Key(view)
	for _, u := range rules.LegalMoves(q, o, nil) {
		if u.From.Kind != rules.Foundation && q.Reveals(u) == rules.NoCard && Key(after(q, u)) == back {
			return true
		}
	}
	return false
}
