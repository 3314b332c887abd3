package game

import (
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
)

// noMoveLeft is Over's words for a position without a move.
const noMoveLeft = "No move is left."

// Over says whether the game at p is over for a player who sees only its
// face-up cards, and why, in words ("" while it goes on):
//   - the game is won;
//   - no move is left (a move back from a foundation, which never saves
//     a game, does not count);
//   - every other move leads back to a position already seen in the game
//     (seen, as SeenOf or SeenAlong make it; nil when the game's positions
//     are not known, and then this case never holds).
//
// A move that turns up a card always leads to a new position. p may hold
// unknown face-down cards. A nil p has no move left.
func Over(p *rules.Position, seen map[string]bool) (bool, string) {
	if p == nil {
		return true, noMoveLeft
	}
	if p.Won() {
		return true, "The game is won."
	}
	forward := 0
	for _, m := range rules.LegalMoves(p, rules.DefaultOptions(), nil) {
		if m.From.Kind == rules.Foundation {
			continue
		}
		forward++
		if !sample.Seen(seen, p, m) {
			return false, ""
		}
	}
	if forward == 0 {
		return true, noMoveLeft
	}
	return true, "Every move leads back to a position already seen in this game."
}
