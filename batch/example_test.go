package batch_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// Decide deals 1 to 100 of Russian Cell into a results file, then summarise
// the file. Run again with the same file, the run would resume: the deals
// it holds are skipped.
func Example() {
	dir, err := os.MkdirTemp("", "patience-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "rc.jsonl")

	deals, err := batch.ParseDeals("1-100")
	if err != nil {
		fmt.Println(err)
		return
	}
	run, err := batch.Open(batch.Config{Game: rules.RussianCell, Deals: deals, Solver: solver.Config{Workers: 1}, Out: out})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := run.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("decided", res.Done, "of", res.Total, "deals")

	sum, _, err := batch.SummarizeFiles([]string{out})
	if err != nil {
		fmt.Println(err)
		return
	}
	r := sum.Report()
	fmt.Printf("%d solvable, %d unsolvable, %d unknown: win rate %.2f (95%% interval %.2f to %.2f)\n",
		r.Solvable, r.Unsolvable, r.Unknown, r.WinRate.Value, r.WinRate.Low, r.WinRate.High)
	// Output:
	// decided 100 of 100 deals
	// 86 solvable, 14 unsolvable, 0 unknown: win rate 0.86 (95% interval 0.78 to 0.91)
}
