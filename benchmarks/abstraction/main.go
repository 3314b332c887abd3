// Command abstraction measures a suit-blanking abstraction of Russian Cell
// as a dead-end test at the root of each deal.
//
// For each deal and each set of kept suits (1 to 3 of the 4: 14 sets), the
// cards of the other suits become blanks, and the abstract game is decided
// exactly by a depth-first search with a visited set (abstract.go). A lost
// abstract game proves the deal lost; a won one, or a search cut by the
// budget, proves nothing.
//
//	go run ./cmd/patience stats russian-cell --deals 1-3000 --workers 1 --quiet --out /tmp/rc3000.jsonl
//	go run ./benchmarks/abstraction -results /tmp/rc3000.jsonl -set unsolvable -mode plain
//	go run ./benchmarks/abstraction -results /tmp/rc3000.jsonl -deals 1-300 -set solvable -mode plain
//
// -set unsolvable runs the deals the real solver found lost; -set solvable
// runs the won ones, as a soundness check (an abstract loss there is a
// bug). It runs on one core (GOMAXPROCS 1), one search at a time.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/bits"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// realResult is one line of a stats results file.
type realResult struct {
	Number  string  `json:"number"`
	Verdict string  `json:"verdict"`
	Nodes   int64   `json:"nodes"`
	Seconds float64 `json:"seconds"`
}

// searchLine is one abstract search, as written to -out.
type searchLine struct {
	Deal    uint64  `json:"deal"`
	Mode    string  `json:"mode"`
	Kept    string  `json:"kept"`
	Outcome string  `json:"outcome"`
	States  int     `json:"states"`
	Seconds float64 `json:"seconds"`
}

func main() {
	results := flag.String("results", "/tmp/rc3000.jsonl", "results file of patience stats russian-cell (the real verdicts)")
	deals := flag.String("deals", "", "deal range A-B (default: every deal of -results)")
	set := flag.String("set", "unsolvable", "which deals: unsolvable, solvable or all")
	mode := flag.String("mode", "plain", "plain (blanks anonymous) or ranked (blanks keep their rank)")
	maxStates := flag.Int("max-states", 2_000_000, "budget of abstract states per search")
	autoKept := flag.Bool("auto-kept", true, "play a kept card to its foundation at once when next")
	autoBlank := flag.Bool("auto-blank", false, "play a blank home at once where proven safe (see blankHomeSafe)")
	withNone := flag.Bool("with-none", false, "also run the set of no kept suits (every card a blank; useful with -mode ranked)")
	withExact := flag.Bool("with-exact", false, "ranked: also run the sets of 3 kept suits, which are the real game itself (one blanked suit: a blank's rank names it)")
	out := flag.String("out", "", "write one JSON line per search to this file")
	flag.Parse()
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}

	real, err := readResults(*results)
	check(err)
	var only *batch.DealList // nil: every deal of the results file
	if *deals != "" {
		only, err = batch.ParseDeals(*deals)
		check(err)
	}
	var m Mode
	switch *mode {
	case "plain":
		m = Plain
	case "ranked":
		m = Ranked
	default:
		check(fmt.Errorf("bad -mode %q", *mode))
	}
	var nums []uint64
	for n, r := range real {
		if only != nil {
			if _, in := only.Index(dealgen.FromUint64(n)); !in {
				continue
			}
		}
		if *set == "all" || r.Verdict == *set {
			nums = append(nums, n)
		}
	}
	sort.Slice(nums, func(i, j int) bool { return nums[i] < nums[j] })
	subsets := keptSets(*withNone, m == Ranked && !*withExact)

	var w *bufio.Writer
	if *out != "" {
		f, err := os.Create(*out)
		check(err)
		w = bufio.NewWriter(f)
		defer func() { check(w.Flush()); check(f.Close()) }()
	}
	var lines []searchLine
	start := time.Now()
	for _, n := range nums {
		p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(n))
		for _, k := range subsets {
			cfg := Config{Mode: m, Kept: k, MaxStates: *maxStates, AutoKept: *autoKept, AutoBlank: *autoBlank}
			g := newGame(cfg)
			t0 := time.Now()
			res := g.Search(g.abstractOf(p))
			l := searchLine{Deal: n, Mode: m.String(), Kept: keptName(k), Outcome: res.Outcome.String(),
				States: res.States, Seconds: time.Since(t0).Seconds()}
			lines = append(lines, l)
			if w != nil {
				b, _ := json.Marshal(l)
				w.Write(append(b, '\n'))
			}
		}
		if w != nil {
			check(w.Flush())
		}
	}
	fmt.Printf("mode %s, %d deals (%s), %d kept-suit sets, budget %d states, auto-kept %v, auto-blank %v, %.1f s\n",
		m, len(nums), *set, len(subsets), *maxStates, *autoKept, *autoBlank, time.Since(start).Seconds())
	summarize(os.Stdout, lines, real, subsets)
}

// keptSets returns the sets of kept suits: every one of 1 to 3 suits
// (and the empty set too with withNone), as bit masks. noThree leaves out
// the sets of 3 suits: in Ranked mode one blanked suit has one card of
// each rank, so its blanks are its cards and the abstract game is the real
// one (without returns), not an abstraction.
func keptSets(withNone, noThree bool) []uint8 {
	var ks []uint8
	if withNone {
		ks = append(ks, 0)
	}
	for k := uint8(1); k < 15; k++ {
		if noThree && bits.OnesCount8(k) == 3 {
			continue
		}
		ks = append(ks, k)
	}
	return ks
}

// keptName writes a set of kept suits as its letters, "CH"; "-" when empty.
func keptName(k uint8) string {
	var b strings.Builder
	for s := 0; s < 4; s++ {
		if k&(1<<s) != 0 {
			b.WriteByte("CSHD"[s])
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// summarize prints the figures of the report.
func summarize(f *os.File, lines []searchLine, real map[uint64]realResult, subsets []uint8) {
	type perSet struct {
		lost, won, budget int
		states            int64
		secs              float64
	}
	sets := map[string]*perSet{}
	type perDeal struct {
		lost                   []string
		minStates              int
		minSecs                float64
		allStates              int64
		allSecs                float64
		budget                 int
		statesToFirst          int64 // states of the searches up to and with the first loss, in set order
		secsToFirst            float64
		foundFirst             bool
		lostSetsMinStatesNamed string
	}
	deals := map[uint64]*perDeal{}
	var order []uint64
	var totS int64
	var totT float64
	var nLost, nWon, nBudget int
	for _, l := range lines {
		ps := sets[l.Kept]
		if ps == nil {
			ps = &perSet{}
			sets[l.Kept] = ps
		}
		pd := deals[l.Deal]
		if pd == nil {
			pd = &perDeal{minStates: -1}
			deals[l.Deal] = pd
			order = append(order, l.Deal)
		}
		ps.states += int64(l.States)
		ps.secs += l.Seconds
		pd.allStates += int64(l.States)
		pd.allSecs += l.Seconds
		totS += int64(l.States)
		totT += l.Seconds
		if !pd.foundFirst {
			pd.statesToFirst += int64(l.States)
			pd.secsToFirst += l.Seconds
		}
		switch l.Outcome {
		case "lost":
			ps.lost++
			nLost++
			pd.lost = append(pd.lost, l.Kept)
			pd.foundFirst = true
			if pd.minStates < 0 || l.States < pd.minStates {
				pd.minStates = l.States
				pd.minSecs = l.Seconds
				pd.lostSetsMinStatesNamed = l.Kept
			}
		case "won":
			ps.won++
			nWon++
		default:
			ps.budget++
			nBudget++
			pd.budget++
		}
	}
	fmt.Fprintf(f, "searches %d: lost %d, won %d, budget hit %d; %d states, %.1f s in all\n",
		len(lines), nLost, nWon, nBudget, totS, totT)

	fmt.Fprintf(f, "\nper kept-suit set:\n%-5s %6s %6s %6s %14s %10s\n", "kept", "lost", "won", "budget", "mean states", "mean s")
	for _, k := range subsets {
		ps := sets[keptName(k)]
		if ps == nil {
			continue
		}
		n := ps.lost + ps.won + ps.budget
		fmt.Fprintf(f, "%-5s %6d %6d %6d %14.0f %10.4f\n", keptName(k), ps.lost, ps.won, ps.budget,
			float64(ps.states)/float64(n), ps.secs/float64(n))
	}

	var refuted, withBudget int
	var sumMin, sumReal int64
	var sumMinT, sumRealT, sumAllT, sumFirstT float64
	var sumAll, sumFirst int64
	var minList, realList []float64
	var bugs []string
	for _, d := range order {
		pd := deals[d]
		if pd.budget > 0 {
			withBudget++
		}
		if len(pd.lost) == 0 {
			continue
		}
		r := real[d]
		if r.Verdict != "unsolvable" {
			bugs = append(bugs, fmt.Sprintf("deal %d (%s) lost with %v", d, r.Verdict, pd.lost))
			continue
		}
		refuted++
		sumMin += int64(pd.minStates)
		sumMinT += pd.minSecs
		sumReal += r.Nodes
		sumRealT += r.Seconds
		sumAll += pd.allStates
		sumAllT += pd.allSecs
		sumFirst += pd.statesToFirst
		sumFirstT += pd.secsToFirst
		minList = append(minList, float64(pd.minStates))
		realList = append(realList, float64(r.Nodes))
	}
	var unsolv int
	for _, d := range order {
		if real[d].Verdict == "unsolvable" {
			unsolv++
		}
	}
	fmt.Fprintf(f, "\ndeals searched %d (unsolvable by the solver: %d); refuted by some set: %d; deals with a budget hit: %d\n",
		len(order), unsolv, refuted, withBudget)
	if refuted > 0 {
		fmt.Fprintf(f, "refuted deals: real solver %d positions, %.3f s in all (median %.0f positions)\n",
			sumReal, sumRealT, median(realList))
		fmt.Fprintf(f, "  cheapest refuting set: %d states, %.3f s in all (median %.0f states)\n",
			sumMin, sumMinT, median(minList))
		fmt.Fprintf(f, "  sets tried in order until the first refutation: %d states, %.3f s\n", sumFirst, sumFirstT)
		fmt.Fprintf(f, "  all %d sets: %d states, %.3f s\n", len(subsets), sumAll, sumAllT)
	}
	var realAllN int64
	var realAllT float64
	for _, d := range order {
		realAllN += real[d].Nodes
		realAllT += real[d].Seconds
	}
	fmt.Fprintf(f, "all deals searched: real solver %d positions, %.3f s; abstract searches %d states, %.1f s\n",
		realAllN, realAllT, totS, totT)
	if len(bugs) > 0 {
		fmt.Fprintf(f, "\nBUG: an abstract loss on a deal the solver won:\n")
		for _, b := range bugs {
			fmt.Fprintln(f, " ", b)
		}
	} else {
		fmt.Fprintf(f, "no abstract loss on a deal the solver won\n")
	}
	if refuted > 0 {
		fmt.Fprintf(f, "\nrefuted deals (deal: real positions; cheapest set and its states; all refuting sets):\n")
		for _, d := range order {
			pd := deals[d]
			if len(pd.lost) == 0 {
				continue
			}
			fmt.Fprintf(f, "  %d: %d; %s %d; %s\n", d, real[d].Nodes, pd.lostSetsMinStatesNamed, pd.minStates, strings.Join(pd.lost, " "))
		}
	}
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// readResults reads a stats results file: number -> line.
func readResults(name string) (map[uint64]realResult, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[uint64]realResult{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r realResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, err
		}
		if r.Number == "" { // the header
			continue
		}
		n, err := strconv.ParseUint(r.Number, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("deal %q: %v", r.Number, err)
		}
		out[n] = r
	}
	return out, sc.Err()
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "abstraction:", err)
		os.Exit(2)
	}
}
