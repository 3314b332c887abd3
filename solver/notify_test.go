package solver

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// TestNotify: Config.Notify hears the positions expanded as the search
// goes, on one worker in order, up to the last charge of the budget (at
// most budgetStep short of the count the result gives), in the ordinary
// search and through the shortest search's deepening passes. (Ripple
// Fan's search charges the same budget; its first deals are decided in
// too few positions to hear anything.)
func TestNotify(t *testing.T) {
	for _, c := range []struct {
		game     rules.Game
		deal     uint64
		shortest bool
	}{
		{rules.RussianCell, 12, false}, // solvable
		{rules.RussianCell, 7, false},  // unsolvable
		{rules.RussianCell, 617, true},
		{rules.RussianCell, 6, true},
	} {
		var heard []int64
		cfg := Config{Workers: 1, MaxNodes: 3_000_000, Shortest: c.shortest, Notify: func(n int64) { heard = append(heard, n) }}
		res, err := Solve(context.Background(), dealgen.Deal(c.game, dealgen.FromUint64(c.deal)), cfg)
		if err != nil {
			t.Fatalf("%v %d shortest %v: %v", c.game, c.deal, c.shortest, err)
		}
		if len(heard) == 0 {
			t.Errorf("%v %d shortest %v: Notify never called in a search of %d positions", c.game, c.deal, c.shortest, res.Nodes)
			continue
		}
		for i := 1; i < len(heard); i++ {
			if heard[i] <= heard[i-1] {
				t.Errorf("%v %d shortest %v: Notify heard %d after %d", c.game, c.deal, c.shortest, heard[i], heard[i-1])
				break
			}
		}
		last := heard[len(heard)-1]
		if last > res.Nodes || last < res.Nodes-budgetStep {
			t.Errorf("%v %d shortest %v: Notify last heard %d positions (%d calls), the result counts %d", c.game, c.deal, c.shortest, last, len(heard), res.Nodes)
		}
	}
}
