package game

import "github.com/patience-solver/patience/rules"

// HandMoves counts the moves of a game played from start that a player
// makes by hand: those that are not safe automatic foundation moves
// (rules.SafeAutoMoves of the position before them), which the page plays
// by itself. It is how a player's game and a solver's win are measured
// against each other (the page's par). It refuses an illegal move.
func HandMoves(start *rules.Position, moves []rules.Move) (int, error) {
	if err := rules.CheckPosition(start); err != nil {
		return 0, err
	}
	q := start.Clone()
	n := 0
	for i, m := range moves {
		if err := rules.Check(q, rules.DefaultOptions(), m); err != nil {
			err.(*rules.MoveError).Index = i + 1 // Check's error, for move i+1 of the list
			return 0, err
		}
		auto := false
		for _, a := range rules.SafeAutoMoves(q) {
			if a == m {
				auto = true
				break
			}
		}
		if !auto {
			n++
		}
		q.Apply(m)
	}
	return n, nil
}
