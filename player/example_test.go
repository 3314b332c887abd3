package player_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// The greedy player plays Russian Cell deal 1 without seeing its
// face-down cards. Play is the game driver: it shows the player only its
// view of the position before each move, and turns face-down cards up as
// the moves uncover them. The greedy player searches nothing, so the game
// is the same every time.
func ExamplePlay() {
	deal := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(1))
	gm, err := player.Play(context.Background(), deal, player.Config{Kind: player.Greedy})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, d := range gm.Moves[:4] {
		fmt.Printf("%d. %v (%v)\n", i+1, d.Move, d.How)
	}
	how := map[player.How]int{}
	for _, d := range gm.Moves {
		how[d.How]++
	}
	fmt.Printf("won: %v in %d moves, %d of them automatic foundation moves\n",
		gm.Won, len(gm.Moves), how[player.Automatic])

	// The referee accepts the moves played.
	if _, err := rules.Replay(deal, rules.DefaultOptions(), gm.MoveList()); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1. AH t3>t6 (rule)
	// 2. 7C t3>t2 (rule)
	// 3. 8C t2>t5 (rule)
	// 4. 2D t3>t1 (rule)
	// won: true in 85 moves, 52 of them automatic foundation moves
}

// Drive the sampled player yourself: give it the view of the position,
// every face-down card unknown, and it chooses a move by the share of
// sampled arrangements of the unseen cards still winnable after each. It
// refuses a position whose face-down cards are known, so it cannot peek.
// With a fixed seed and one core, its choice is the same every time.
func ExamplePlayer_Next() {
	deal := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	cfg := player.Config{Kind: player.Sampled, Sampling: player.Sampling{
		Samples: 20, Seed: 1, Solver: solver.Config{Workers: 1}}}
	pl, err := player.New(rules.RussianCell, cfg)
	if err != nil {
		fmt.Println(err)
		return
	}

	_, _, err = pl.Next(context.Background(), deal)
	fmt.Println("shown every card:", errors.Is(err, player.ErrPeek))

	d, ok, err := pl.Next(context.Background(), deal.Hide())
	if err != nil || !ok {
		fmt.Println(ok, err)
		return
	}
	fmt.Printf("plays %v (%v): winnable after it in %d of %d arrangements, best of %d moves\n",
		d.Move, d.How, d.Rating.Winnable, d.Rating.Total(), d.Choices)
	// Output:
	// shown every card: true
	// plays JH t2>t3 (rated): winnable after it in 19 of 20 arrangements, best of 16 moves
}
