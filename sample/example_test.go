package sample_test

import (
	"context"
	"fmt"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// How often can deal 617 be won by a player who cannot see its face-down
// cards? Estimate solves 20 arrangements of the unseen cards, drawn with
// a fixed seed, so the answer is the same every run.
func ExampleEstimate() {
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617)).Hide()
	cfg := sample.Config{Solver: solver.Config{Workers: 1}, Samples: 20, Seed: sample.DefaultSeed}
	sh, err := sample.Estimate(context.Background(), p, cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := sh.Rate()
	fmt.Printf("%d face-down cards unknown; %d of %d arrangements winnable (95%% interval %.2f to %.2f)\n",
		sh.Hidden, sh.Winnable, sh.Total(), r.Low, r.High)
	// Output:
	// 21 face-down cards unknown; 19 of 20 arrangements winnable (95% interval 0.76 to 0.99)
}
