// Command shortest measures the shortest search (solve --shortest) over a
// deal range, one deal after another on one worker, with the default
// budget: for each won deal the ordinary solution's length, the shortest (or
// best found) length, whether it is proven, the proven lower bound, the
// positions and seconds of the shortest search; then how many were proven,
// the median gap between the ordinary and the shortest length, and the
// time. Every line is replayed by the referee.
//
//	go run ./benchmarks/shortest -game russian-cell -deals 1-20
//	go run ./benchmarks/shortest -game ripple-fan -deals 1-150000 -won-only
//
// The ordinary search runs once on its own (for the ordinary length), and
// again inside the shortest search (which starts with it); the positions and
// seconds shown are those of the shortest search, both parts.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"time"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

func main() {
	game := flag.String("game", "russian-cell", "russian-cell or ripple-fan")
	deals := flag.String("deals", "1-20", "deal range A-B (plain numbers)")
	maxNodes := flag.Int64("max-nodes", solver.DefaultMaxNodes, "node budget per deal")
	timeout := flag.Duration("timeout", 0, "time budget per deal (default none)")
	wonOnly := flag.Bool("won-only", false, "print rows for won deals only")
	flag.Parse()
	g, err := rules.ParseGame(*game)
	check(err)
	list, err := batch.ParseDeals(*deals)
	check(err)

	cfg := solver.DefaultConfig()
	cfg.Workers = 1
	cfg.MaxNodes = *maxNodes
	cfg.Timeout = *timeout
	short := cfg
	short.Shortest = true
	ordinary := solver.New(g, cfg)
	shortest := solver.New(g, short)

	fmt.Println("| deal | ordinary | shortest | proven | lower bound | positions | seconds |")
	fmt.Println("|---|---|---|---|---|---|---|")
	var gaps []int
	var seconds float64
	won, proven, unknown := 0, 0, 0
	start := time.Now()
	for i := uint64(0); i < list.Len(); i++ {
		d := list.At(i)
		p := dealgen.Deal(g, d)
		o, err := ordinary.Solve(context.Background(), p)
		check(err)
		if o.Verdict != solver.Solvable {
			if o.Verdict == solver.Unknown {
				unknown++
			}
			if !*wonOnly {
				fmt.Printf("| %s | %s | | | | | |\n", d, o.Verdict)
			}
			continue
		}
		s, err := shortest.Solve(context.Background(), p)
		check(err)
		seconds += s.Elapsed.Seconds()
		if s.Verdict != solver.Solvable {
			fmt.Fprintf(os.Stderr, "deal %s: the shortest search says %v\n", d, s.Verdict)
			os.Exit(1)
		}
		for _, line := range [][]rules.Move{o.Moves, s.Moves} {
			end, err := rules.Replay(p, cfg.Options, line)
			if err != nil || !end.Won() {
				fmt.Fprintf(os.Stderr, "deal %s: a line fails the referee: %v\n", d, err)
				os.Exit(1)
			}
		}
		won++
		mark := "no"
		if s.Optimal {
			mark = "yes"
			proven++
			gaps = append(gaps, len(o.Moves)-len(s.Moves))
		}
		fmt.Printf("| %s | %d | %d | %s | %d | %d | %.2f |\n", d, len(o.Moves), len(s.Moves), mark, s.LowerBound, s.Nodes, s.Elapsed.Seconds())
	}
	sort.Ints(gaps)
	median := "-"
	if n := len(gaps); n > 0 {
		median = strconv.FormatFloat(float64(gaps[(n-1)/2]+gaps[n/2])/2, 'f', -1, 64)
	}
	fmt.Printf("\n%s deals %s: %d won, %d unknown to the ordinary search; shortest proven for %d of the %d won.\n",
		g, list, won, unknown, proven, won)
	if len(gaps) > 0 {
		fmt.Printf("Ordinary minus shortest length (proven deals): median %s, min %d, max %d moves.\n", median, gaps[0], gaps[len(gaps)-1])
	}
	fmt.Printf("Shortest searches: %.1f s in all; the whole run %.1f s.\n", seconds, time.Since(start).Seconds())
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
