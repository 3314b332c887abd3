package solver_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// Solve a numbered deal, and have the referee replay the win.
func Example() {
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	cfg := solver.DefaultConfig()
	cfg.Workers = 1 // one core: the same moves every run
	res, err := solver.Solve(context.Background(), p, cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Verdict, "in", len(res.Moves), "moves; first", res.Moves[0])
	end, err := rules.Replay(p, cfg.Options, res.Moves)
	fmt.Println("the referee says: won", end.Won(), err)
	// Output:
	// solvable in 89 moves; first JH t2>t3
	// the referee says: won true <nil>
}

// Solve a position given as JSON: a Ripple Fan endgame.
func ExampleSolve_position() {
	const doc = `{"game": "ripple-fan",
	  "tableau": [{"up": ["KC", "JC"]}, {"up": ["QC"]}, {"up": []}, {"up": []}, {"up": []}, {"up": []},
	    {"up": []}, {"up": []}, {"up": []}, {"up": []}, {"up": []}, {"up": []}, {"up": []}],
	  "foundations": {"C": 10, "S": 13, "H": 13, "D": 13}}`
	p, _, err := rules.ReadPosition(strings.NewReader(doc))
	if err != nil {
		fmt.Println(err)
		return
	}
	cfg := solver.DefaultConfig()
	cfg.Workers = 1
	res, err := solver.Solve(context.Background(), p, cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Verdict, res.Moves)
	// Output:
	// solvable [JC t1>f QC t2>f KC t1>f]
}

// A Solver is kept for many searches. A search that runs out of budget is
// Unknown, and its Reason says which budget.
func ExampleSolver_Solve() {
	cfg := solver.DefaultConfig()
	cfg.Workers = 1
	cfg.MaxNodes = 1000
	s := solver.New(rules.RussianCell, cfg)
	for _, n := range []uint64{1, 385} {
		res, err := s.Solve(context.Background(), dealgen.Deal(rules.RussianCell, dealgen.FromUint64(n)))
		if err != nil {
			fmt.Println(err)
			return
		}
		if res.Verdict == solver.Unknown {
			fmt.Printf("deal %d: %v (%v)\n", n, res.Verdict, res.Reason)
			continue
		}
		fmt.Printf("deal %d: %v\n", n, res.Verdict)
	}
	// Output:
	// deal 1: solvable
	// deal 385: unknown (node budget of 1000 reached)
}

// A cancelled context ends a search: the verdict is Unknown, and the
// reason says it was interrupted.
func ExampleSolver_Solve_cancel() {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as Ctrl-C would, here before the search starts
	res, err := solver.Solve(ctx, dealgen.Deal(rules.RussianCell, dealgen.FromUint64(385)), solver.DefaultConfig())
	fmt.Println(res.Verdict, res.Reason.Kind == solver.Interrupted, res.Reason, err)
	// Output:
	// unknown true interrupted <nil>
}
