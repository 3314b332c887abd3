// Command harness runs the solver over a fixed deal set and reports
// throughput and memory: deals per second, positions per second, bytes per
// stored position, peak memory, the verdicts and the slowest deal.
//
//	go run ./benchmarks/harness -game russian-cell -deals 1-10000
//	go run ./benchmarks/harness -game ripple-fan -deals 1-1000000
//	go run ./benchmarks/harness -game russian-cell -deals 385 -workers 2
//
// -workers is the number of workers searching each deal together (the
// single-deal parallel search); deals are run one after another, so the
// figures are those of one deal stream.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

func main() {
	game := flag.String("game", "russian-cell", "russian-cell or ripple-fan")
	deals := flag.String("deals", "1-1000", "deal range A-B (plain numbers)")
	list := flag.String("list", "", "decide the deals listed in this file (one number a line) instead of -deals")
	workers := flag.Int("workers", 1, "workers per deal")
	memory := flag.Int("memory", solver.DefaultMemoryMB, "table memory in MB")
	maxNodes := flag.Int64("max-nodes", solver.DefaultMaxNodes, "node budget per deal")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile to this file")
	off := flag.String("off", "", "comma-separated pruning switches to turn off, e.g. SleepSets (for A/B runs)")
	perDeal := flag.String("per-deal", "", "write one line per deal (number, verdict, positions, seconds) to this file")
	flag.Parse()

	g, err := rules.ParseGame(*game)
	check(err)
	lo, hi, err := parseRange(*deals)
	check(err)
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		check(err)
		check(pprof.StartCPUProfile(f))
		defer pprof.StopCPUProfile()
	}

	var perDealOut *bufio.Writer
	if *perDeal != "" {
		f, err := os.Create(*perDeal)
		check(err)
		perDealOut = bufio.NewWriter(f)
		defer func() { check(perDealOut.Flush()); check(f.Close()) }()
	}

	cfg := solver.DefaultConfig()
	cfg.Workers = *workers
	cfg.MemoryMB = *memory
	cfg.MaxNodes = *maxNodes
	switches := map[string]*bool{
		"AutoFoundation": &cfg.Pruning.NoAutoFoundation,
		"SkipReturns":    &cfg.Pruning.PlayReturns,
		"Symmetry":       &cfg.Pruning.NoSymmetry,
		"CellHome":       &cfg.Pruning.NoCellHome,
		"KingHome":       &cfg.Pruning.NoKingHome,
		"KingBottom":     &cfg.Pruning.NoKingBottom,
		"SleepSets":      &cfg.Pruning.NoSleepSets,
		"BlockedPair":    &cfg.Pruning.NoBlockedPair,
	}
	for _, name := range strings.Split(*off, ",") {
		if name == "" {
			continue
		}
		sw, ok := switches[name]
		if !ok {
			check(fmt.Errorf("unknown pruning switch %q", name))
		}
		*sw = true // the switch's No field
	}
	s := solver.New(g, cfg)
	var d dealgen.Dealer
	p := rules.NewPosition(g)

	type slow struct {
		n       uint64
		nodes   int64
		elapsed time.Duration
	}
	var slowest []slow
	counts := map[solver.Verdict]int{}
	nodesBy := map[solver.Verdict]int64{}
	var nodes, stored, tableBytes int64
	start := time.Now()
	nums := dealNumbers(lo, hi, *list)
	for _, n := range nums {
		d.DealInto(g, dealgen.FromUint64(n), p)
		r, err := s.SolveTrusted(context.Background(), p) // dealgen's deal: valid as dealt
		check(err)
		counts[r.Verdict]++
		if perDealOut != nil {
			fmt.Fprintf(perDealOut, "%d %s %d %.6f\n", n, r.Verdict, r.Nodes, r.Elapsed.Seconds())
		}
		nodes += r.Nodes
		nodesBy[r.Verdict] += r.Nodes
		if r.Stored >= 10_000 {
			stored += r.Stored
			tableBytes += r.TableBytes
		}
		if len(slowest) < 5 || r.Elapsed > slowest[len(slowest)-1].elapsed {
			slowest = append(slowest, slow{n, r.Nodes, r.Elapsed})
			sort.Slice(slowest, func(i, j int) bool { return slowest[i].elapsed > slowest[j].elapsed })
			if len(slowest) > 5 {
				slowest = slowest[:5]
			}
		}
	}
	el := time.Since(start)
	total := uint64(len(nums))
	what := fmt.Sprintf("%d-%d", lo, hi)
	if *list != "" {
		what = "of " + *list
	}
	fmt.Printf("game %s, deals %s (%d), workers per deal %d, memory %d MB\n", g, what, total, *workers, *memory)
	fmt.Printf("verdicts: solvable %d, unsolvable %d, unknown %d\n", counts[solver.Solvable], counts[solver.Unsolvable], counts[solver.Unknown])
	fmt.Printf("positions by verdict: solvable %d, unsolvable %d, unknown %d\n", nodesBy[solver.Solvable], nodesBy[solver.Unsolvable], nodesBy[solver.Unknown])
	fmt.Printf("wall %.3f s, %.0f deals/s, %d positions, %.0f positions/s\n", el.Seconds(), float64(total)/el.Seconds(), nodes, float64(nodes)/el.Seconds())
	if stored > 0 {
		fmt.Printf("bytes per stored position (deals storing >= 10,000): %.1f\n", float64(tableBytes)/float64(stored))
	}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		fmt.Printf("peak resident memory: %.1f MB\n", float64(ru.Maxrss)/1024)
	}
	fmt.Printf("slowest deals:")
	for _, x := range slowest {
		fmt.Printf(" %d (%d positions, %.3f s)", x.n, x.nodes, x.elapsed.Seconds())
	}
	fmt.Println()
}

func parseRange(s string) (uint64, uint64, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	lo, err1 := strconv.ParseUint(a, 10, 64)
	hi, err2 := strconv.ParseUint(b, 10, 64)
	if err1 != nil || err2 != nil || lo < 1 || hi < lo {
		return 0, 0, fmt.Errorf("bad range %q: want A-B with 1 <= A <= B", s)
	}
	return lo, hi, nil
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "harness:", err)
		os.Exit(2)
	}
}

// dealNumbers returns the deals lo..hi, or those of the file list, one
// number a line, when list is not "".
func dealNumbers(lo, hi uint64, list string) []uint64 {
	var nums []uint64
	if list == "" {
		for n := lo; n <= hi; n++ {
			nums = append(nums, n)
		}
		return nums
	}
	data, err := os.ReadFile(list)
	check(err)
	for _, f := range strings.Fields(string(data)) {
		n, err := strconv.ParseUint(f, 10, 64)
		check(err)
		nums = append(nums, n)
	}
	return nums
}
