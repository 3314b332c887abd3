package play

// The review of a game played by hand: "Where did I go wrong?".

import (
	"context"
	"fmt"

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
	// before asking to see the face-down cards: no move is named but the
	// one played. The game worker passes on only ViewLines then.
	Lines     []string `json:"lines"`
	ViewLines []string `json:"viewLines"`
}

// review runs game.WhereWrong on the moves from the start position: the
// losing move is the first after which the game cannot be won with every
// card known; the judgement compares it, over arrangements of the cards
// the player could not see, with the move the player's view rated best.
func review(start *rules.Position, moves []rules.Move, r Request) (ReviewAnswer, error) {
	if err := checkSamples(r.Samples); err != nil {
		return ReviewAnswer{}, err
	}
	rv, err := game.WhereWrong(context.Background(), game.Played{Start: start, Moves: moves, Solver: config(start, r.MaxNodes), Samples: r.Samples})
	if err != nil {
		return ReviewAnswer{}, err
	}
	a := ReviewAnswer{LostAt: rv.LostAt, Won: rv.Won, Lost: rv.Lost}
	both := func(l string) { a.Lines, a.ViewLines = append(a.Lines, l), append(a.ViewLines, l) }
	switch {
	case rv.LostAt == 0:
		both("Nothing you did lost this game: it could not be won even as dealt, with every card known.")
	case rv.LostAt > 0:
		q := start.Clone()
		for _, m := range moves[:rv.LostAt-1] {
			q.Apply(m)
		}
		d := moveDoc(q, moves[rv.LostAt-1])
		a.Move = &d
		both(fmt.Sprintf("The game was lost at move %d, %s (%s): it could be won before that move, and not after it.", rv.LostAt, d.Move, d.Text))
		if !rv.Kept.IsZero() {
			k := moveDoc(q, rv.Kept)
			a.Kept = &k
			a.Lines = append(a.Lines, fmt.Sprintf("%s (%s) would have kept it winnable.", k.Move, k.Text))
		}
		j := rv.Judgement
		a.Judgement = j.Call.String()
		a.BestWon, a.PlayedWon, a.Pairs, a.Same = j.BestWon(), j.PlayedWon(), j.Pairs, j.Same
		if j.Call == player.Mistake {
			a.Size = wording.Size(j.Diff, j.SizeLow, j.SizeHigh, j.Exact, "")
		}
		a.Lines = append(a.Lines, game.PlainJudgement(rv, true))
		a.ViewLines = append(a.ViewLines, game.PlainJudgement(rv, false))
	case rv.Won:
		both("You won: no move lost the game.")
	case rv.Lost:
		both("The game cannot be won any more, but where it was lost is unknown: a search ran out of budget.")
	default:
		both("Nothing is lost yet: the game can still be won from here, with every card known.")
	}
	return a, nil
}
