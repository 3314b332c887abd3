package play

// The review of a game played by hand: "Where did I go wrong?".

import (
	"context"
	"fmt"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver/player"
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
	// (4.8–13.6)"), and is "" otherwise. The page words these itself, so
	// they are always in the answer.
	BestWon   int      `json:"bestWon"`
	PlayedWon int      `json:"playedWon"`
	Pairs     int      `json:"pairs"`
	Same      bool     `json:"same"`
	Size      string   `json:"size"`
	Won       bool     `json:"won,omitempty"`  // the game was won
	Lost      bool     `json:"lost,omitempty"` // it cannot be won any more
	Lines     []string `json:"lines"`
}

// review runs game.WhereWrong on the moves from the start position: the
// losing move is the first after which the game cannot be won with every
// card known; the judgement compares it, over arrangements of the cards
// the player could not see, with the move the player's view rated best.
func review(start *rules.Position, moves []rules.Move, r Request) (ReviewAnswer, error) {
	rv, err := game.WhereWrong(context.Background(), game.Played{Start: start, Moves: moves, Solver: config(start, r.MaxNodes), Samples: r.Samples})
	if err != nil {
		return ReviewAnswer{}, err
	}
	a := ReviewAnswer{LostAt: rv.LostAt, Won: rv.Won, Lost: rv.Lost}
	switch {
	case rv.LostAt == 0:
		a.Lines = append(a.Lines, "Nothing you did lost this game: it could not be won even as dealt, with every card known.")
	case rv.LostAt > 0:
		q := start.Clone()
		for _, m := range moves[:rv.LostAt-1] {
			q.Apply(m)
		}
		d := moveDoc(q, moves[rv.LostAt-1])
		a.Move = &d
		a.Lines = append(a.Lines, fmt.Sprintf("The game was lost at move %d, %s (%s): it could be won before that move, and not after it.", rv.LostAt, d.Move, d.Text))
		if rv.Kept != (rules.Move{}) {
			k := moveDoc(q, rv.Kept)
			a.Kept = &k
			a.Lines = append(a.Lines, fmt.Sprintf("%s (%s) would have kept it winnable.", k.Move, k.Text))
		}
		j := rv.Judgement
		how := fmt.Sprintf("%d of %d ways the hidden cards could lie", j.BestWon(), j.Pairs)
		a.Judgement = j.Call.String()
		a.BestWon, a.PlayedWon, a.Pairs, a.Same = j.BestWon(), j.PlayedWon(), j.Pairs, j.Same
		switch {
		case j.Call == player.NoAlternative:
			a.Lines = append(a.Lines, "Every other move went back to a position you had already seen, so there was nothing better to play.")
		case j.Same:
			a.Lines = append(a.Lines, "Bad luck: you played the move your view rated best, so nothing you could see was better. The hidden cards decided it.")
		case j.Call == player.Mistake:
			a.Size = wording.Size(j.Diff, j.SizeLow, j.SizeHigh, j.Exact, "")
			a.Lines = append(a.Lines, fmt.Sprintf("A mistake, of %s: from what you could see, %s was better. It wins in %s; your move in %d.", a.Size, rv.BestRated.Move, how, j.PlayedWon()))
		case j.Call == player.BadLuck:
			a.Lines = append(a.Lines, fmt.Sprintf("Bad luck: from what you could see, no move was better by enough to matter (the best wins in %s; your move in %d). The hidden cards decided it.", how, j.PlayedWon()))
		default:
			a.Lines = append(a.Lines, fmt.Sprintf("Too close to call: %s looked a little better from what you could see (it wins in %s; your move in %d), but not by enough to say.", rv.BestRated.Move, how, j.PlayedWon()))
		}
	case rv.Won:
		a.Lines = append(a.Lines, "You won: no move lost the game.")
	case rv.Lost:
		a.Lines = append(a.Lines, "The game cannot be won any more, but where it was lost is unknown: a search ran out of budget.")
	default:
		a.Lines = append(a.Lines, "Nothing is lost yet: the game can still be won from here, with every card known.")
	}
	return a, nil
}
