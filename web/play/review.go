package play

// The review of a game played by hand: "Where did I go wrong?".

import (
	"context"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
)

// ReviewAnswer is the answer of review: where the game was lost, and
// review's judgement of the losing move, in a player's words.
type ReviewAnswer struct {
	// LostAt is the number of the losing move (1 = the first); 0 when the
	// deal could not be won as dealt, -1 when nothing was lost (or a
	// budget left it unknown).
	LostAt int      `json:"lostAt"`
	Move   *MoveDoc `json:"move,omitempty"` // the losing move
	Kept   *MoveDoc `json:"kept,omitempty"` // a move that kept the game winnable
	// Judgement is "mistake", "bad luck" or "too close to call".
	Judgement string `json:"judgement,omitempty"`
	// The counts behind the judgement: of Pairs arrangements of the cards
	// the player could not see, the move rated best wins in BestWon, the
	// move played in PlayedWon. Same says the move played is the one
	// rated best: bad luck, with nothing compared. Size, for a mistake,
	// says by how much, with its 95% interval ("about 9.2 points
	// (4.8–13.6)"), and is "" otherwise.
	BestWon   int    `json:"bestWon"`
	PlayedWon int    `json:"playedWon"`
	Pairs     int    `json:"pairs"`
	Same      bool   `json:"same"`
	Size      string `json:"size"`
	Won       bool   `json:"won,omitempty"`  // the game was won
	Lost      bool   `json:"lost,omitempty"` // it cannot be won any more
	// Lines say all of it, a move that kept the game winnable and the
	// move rated best among it; ViewLines say what the player may read
	// before asking to see the face-down cards: not the move that kept
	// the game winnable, which only those cards tell (the move rated best
	// is the player's view's own, as Hint names it). The game worker
	// passes on only ViewLines then.
	Lines     []string `json:"lines"`
	ViewLines []string `json:"viewLines"`
}

// review runs game.WhereWrong on the moves from the start position: the
// losing move is the first after which the game cannot be won with every
// card known; the judgement compares it, over arrangements of the cards
// the player could not see, with the move the player's view rated best.
func review(ctx context.Context, start *rules.Position, moves []rules.Move, r Request) (ReviewAnswer, error) {
	if err := checkSamples(r.Samples); err != nil {
		return ReviewAnswer{}, err
	}
	rv, err := game.WhereWrong(ctx, game.Played{Start: start, Moves: moves, Solver: config(start, r.MaxNodes), Samples: r.Samples})
	if err != nil {
		return ReviewAnswer{}, err
	}
	a := ReviewAnswer{LostAt: rv.LostAt, Won: rv.Won, Lost: rv.Lost}
	var lost, kept string
	if rv.LostAt > 0 {
		q := start.Clone()
		for _, m := range moves[:rv.LostAt-1] {
			q.Apply(m)
		}
		d := moveDoc(q, moves[rv.LostAt-1])
		a.Move, lost = &d, d.Move+", "+d.Text
		if !rv.Kept.IsZero() {
			k := moveDoc(q, rv.Kept)
			a.Kept, kept = &k, k.Move+", "+k.Text
		}
		j := rv.Judgement
		a.Judgement = j.Call.String()
		a.BestWon, a.PlayedWon, a.Pairs, a.Same = j.BestWon(), j.PlayedWon(), j.Pairs, j.Same
		if j.Call == player.Mistake {
			a.Size = wording.Size(j.Diff, j.SizeLow, j.SizeHigh, j.Exhaustive, "")
		}
	}
	// Lines name the move that kept the game winnable; ViewLines, for a
	// player who has not asked to see the face-down cards, do not. Both
	// name the move rated best, as review does.
	a.Lines, a.ViewLines = game.Outcome(rv, lost, kept), game.Outcome(rv, lost, "")
	if rv.LostAt > 0 {
		a.Lines = append(a.Lines, game.PlainJudgement(rv, true))
		a.ViewLines = append(a.ViewLines, game.PlainJudgement(rv, true))
	}
	return a, nil
}
