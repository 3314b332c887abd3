package solver_test

import (
	"bytes"
	"context"
	"errors"
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
	fmt.Println(res.Verdict, res.Reason.Kind == solver.Interrupted, res.Reason, errors.Is(err, context.Canceled))
	// Output:
	// unknown true interrupted true
}

// Save a result as the JSON document that patience check reads: the deal
// is named by its number, and rules.ReadSolution reads it back.
func ExampleResult_Solution() {
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	cfg := solver.DefaultConfig()
	cfg.Workers = 1
	res, err := solver.Solve(context.Background(), p, cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	sol := res.Solution(p, "617", cfg.Options)
	sol.Seconds, sol.Build = 0, "" // for the same output every run
	doc := rules.MarshalSolution(sol)
	head, _, _ := bytes.Cut(doc, []byte(`"moves"`))
	fmt.Printf("%s\"moves\":[...]...\n", head)

	back, err := rules.ReadSolution(bytes.NewReader(doc))
	if err != nil {
		fmt.Println(err)
		return
	}
	end, err := rules.Replay(p, back.Options, back.Moves)
	fmt.Println(back.Verdict, len(back.Moves), "moves; won", end.Won(), err)
	// Output:
	// {"patience":"solution","version":1,"game":"russian-cell","number":"617","verdict":"solvable","rules":{"returns":true},"moves":[...]...
	// solvable 89 moves; won true <nil>
}

// A position that no deal can reach is refused with a
// *rules.InvalidPositionError, which holds rules.Validate's problems.
func ExampleSolve_invalid() {
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(1))
	p.Tableau[6].Up[0] = p.Tableau[0].Up[0] // one card twice, another gone
	_, err := solver.Solve(context.Background(), p, solver.DefaultConfig())
	var ip *rules.InvalidPositionError
	var ps rules.Problems
	fmt.Println(errors.As(err, &ip), errors.As(err, &ps))
	for _, line := range ps {
		fmt.Println(line)
	}
	// Output:
	// true true
	// card 3D appears twice (t1 and t7)
	// card TS is missing
}
