// Command player plays a list of deals with a player that cannot see the
// face-down cards (player), one game at a time on one core, and
// writes one line per deal to a file that a rerun resumes. At the end it
// prints the player's win rate with its 95% Wilson interval, the
// all-cards-known verdicts of the same deals, and the CPU seconds per game.
//
//	go run ./benchmarks/player -deals 1-50 -player sampled -out sampled-1-50.jsonl
//	go run ./benchmarks/player -deals 1-500 -player sampled -samples 10 -out s10.jsonl
//	go run ./benchmarks/player -deals 1-2000 -player greedy -out greedy.jsonl
//
// Each line is {"number":"5","outcome":"won","verdict":"solvable","moves":93,
// "seconds":2.1,"cpu":2.0}: cpu is the process's CPU time during the game,
// which is the game's own on one core (wall seconds depend on the load of
// the machine). Run shards of a list (-shard i/n) as separate processes to
// use more cores, and summarise their files together with -summary.
//
// -summary -compare B.jsonl[,C.jsonl...] A.jsonl... also pairs the games of
// the files given (player A) with those of the -compare files (player B)
// by deal, on the deals both played: each player's wins on them, the
// discordant pairs (won by A only, by B only) and McNemar's exact p-value.
//
//	go run ./benchmarks/player -summary -compare sampled.jsonl s10-0.jsonl s10-1.jsonl
//
// The players that were measured and removed (player.Removed) are played
// by the build of the commit their figures name in
// benchmarks/BENCHMARKS.md; this build still summarises their files.
package main

import (
	"bufio"
	"context"
	"encoding/json"
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
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/stat"
)

type line struct {
	Number  string  `json:"number"`
	Outcome string  `json:"outcome"`
	Verdict string  `json:"verdict"`
	Moves   int     `json:"moves"`
	Seconds float64 `json:"seconds"`
	CPU     float64 `json:"cpu"`
	// Why is, with -why, where a lost game was lost as review judges it
	// (player.FindLoss): "lost as dealt", "mistake", "bad luck", "too
	// close to call", "no alternative", "stuck" (no new move, though the
	// game could still be won), or "unknown" (a budget ran out).
	Why string `json:"why,omitempty"`
}

func main() {
	game := flag.String("game", "russian-cell", "russian-cell or ripple-fan")
	deals := flag.String("deals", "1-50", "deal range A-B (plain numbers)")
	who := flag.String("player", "sampled", "sampled or greedy")
	samples := flag.Int("samples", player.DecisionSamples, "arrangements per decision (sampled)")
	seed := flag.Uint64("seed", sample.DefaultSeed, "seed of the draws")
	shard := flag.String("shard", "0/1", "play every deal whose index in the range is i mod n")
	out := flag.String("out", "", "results file (one line per deal; resumed)")
	summary := flag.Bool("summary", false, "only summarise the files given as arguments")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile to this file")
	compare := flag.String("compare", "", "with -summary: results files (comma-separated) of another player, to pair with by deal")
	why := flag.Bool("why", false, "judge each lost game as review does (where it was lost, and whether by a mistake), after its CPU time is taken")
	flag.Parse()

	if *summary {
		var all []line
		for _, f := range flag.Args() {
			all = append(all, read(f)...)
		}
		report(all)
		if *compare != "" {
			var other []line
			for _, f := range strings.Split(*compare, ",") {
				other = append(other, read(f)...)
			}
			paired(all, other)
		}
		return
	}
	if *compare != "" {
		check(fmt.Errorf("-compare goes with -summary"))
	}
	g, err := rules.ParseGame(*game)
	check(err)
	kind, err := player.ParseKind(*who)
	check(err)
	lo, hi, err := parseRange(*deals)
	check(err)
	var si, sn uint64
	_, err = fmt.Sscanf(*shard, "%d/%d", &si, &sn)
	check(err)
	if *out == "" {
		check(fmt.Errorf("-out is required"))
	}
	done := map[string]bool{}
	lines := read(*out)
	for _, l := range lines {
		done[l.Number] = true
	}
	f, err := os.OpenFile(*out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	check(err)
	defer f.Close()
	w := bufio.NewWriter(f)
	if *cpuprofile != "" {
		pf, err := os.Create(*cpuprofile)
		check(err)
		check(pprof.StartCPUProfile(pf))
		defer pprof.StopCPUProfile()
	}
	scfg := solver.DefaultConfig()
	scfg.Workers = 1
	cfg := player.Config{Kind: kind, Sampling: player.Sampling{Solver: scfg, Samples: *samples, Seed: *seed}}
	for n := lo; n <= hi; n++ {
		if (n-lo)%sn != si {
			continue
		}
		num := dealgen.FromUint64(n)
		if done[num.String()] {
			continue
		}
		p := dealgen.Deal(g, num)
		c0 := cpu()
		t0 := time.Now()
		gm, err := player.Play(context.Background(), p, cfg)
		check(err)
		l := line{Number: num.String(), Outcome: "lost", Moves: len(gm.Moves), Seconds: time.Since(t0).Seconds(), CPU: cpu() - c0}
		if gm.Won {
			l.Outcome = "won"
		} else if *why {
			l.Why = lossWhy(p, gm, cfg.Sampling)
		}
		res, err := solver.Solve(context.Background(), p, scfg)
		check(err)
		l.Verdict = res.Verdict.String()
		b, _ := json.Marshal(l)
		w.Write(append(b, '\n'))
		check(w.Flush())
		lines = append(lines, l)
	}
	report(lines)
}

// lossWhy judges where the lost game gm of deal p was lost, as review
// does.
func lossWhy(p *rules.Position, gm *player.PlayedGame, cfg player.Sampling) string {
	moves := make([]rules.Move, len(gm.Moves))
	for i, d := range gm.Moves {
		moves[i] = d.Move
	}
	r, err := player.FindLoss(context.Background(), p, moves, cfg, player.Judging{})
	check(err)
	switch {
	case r.LostAt == 0:
		return "lost as dealt"
	case r.LostAt > 0:
		return r.Judgement.Call.String()
	case r.Before == solver.Solvable && len(moves) > 0 && r.Moves[len(moves)-1].After == solver.Solvable:
		return "stuck"
	}
	return "unknown"
}

func report(lines []line) {
	var won, solvable, decided, wonSolvable uint64
	var cpus []float64
	for _, l := range lines {
		if l.Outcome == "won" {
			won++
		}
		if l.Verdict != "unknown" {
			decided++
		}
		if l.Verdict == "solvable" {
			solvable++
			if l.Outcome == "won" {
				wonSolvable++
			}
		}
		cpus = append(cpus, l.CPU)
	}
	n := uint64(len(lines))
	pr := func(what string, r stat.Rate) {
		fmt.Printf("%-28s %5d of %5d  %6.2f%%  (95%% Wilson %.2f%% to %.2f%%)\n", what, r.Wins, r.Of, 100*r.Value, 100*r.Low, 100*r.High)
	}
	pr("player won", stat.NewRate(won, n))
	pr("winnable, all cards known", stat.NewRate(solvable, decided))
	pr("winnable deals won", stat.NewRate(wonSolvable, solvable))
	if len(cpus) > 0 {
		sort.Float64s(cpus)
		sum := 0.0
		for _, c := range cpus {
			sum += c
		}
		fmt.Printf("CPU seconds per game: mean %.2f, median %.2f, max %.2f\n", sum/float64(len(cpus)), cpus[len(cpus)/2], cpus[len(cpus)-1])
	}
	whys := map[string]uint64{}
	var lost uint64
	for _, l := range lines {
		if l.Why != "" {
			whys[l.Why]++
			lost++
		}
	}
	if lost > 0 {
		fmt.Printf("where the %d lost games judged were lost (-why):\n", lost)
		for _, w := range []string{"lost as dealt", "mistake", "bad luck", "too close to call", "no alternative", "stuck", "unknown"} {
			r := stat.NewRate(whys[w], lost)
			fmt.Printf("  %-18s %5d  %6.2f%%  (95%% Wilson %.2f%% to %.2f%%)\n", w, r.Wins, 100*r.Value, 100*r.Low, 100*r.High)
		}
	}
}

// paired compares the games of a (the files summarised) and b (the
// -compare files) on the deals both played.
func paired(a, b []line) {
	won := map[string]bool{}
	for _, l := range b {
		won[l.Number] = l.Outcome == "won"
	}
	var n, wa, wb, onlyA, onlyB uint64
	var cpuA float64
	for _, l := range a {
		bw, ok := won[l.Number]
		if !ok {
			continue
		}
		aw := l.Outcome == "won"
		n++
		cpuA += l.CPU
		if aw {
			wa++
		}
		if bw {
			wb++
		}
		switch {
		case aw && !bw:
			onlyA++
		case bw && !aw:
			onlyB++
		}
	}
	fmt.Printf("paired on %d deals played by both:\n", n)
	pr := func(what string, r stat.Rate) {
		fmt.Printf("  %-26s %5d of %5d  %6.2f%%  (95%% Wilson %.2f%% to %.2f%%)\n", what, r.Wins, r.Of, 100*r.Value, 100*r.Low, 100*r.High)
	}
	pr("won (these files)", stat.NewRate(wa, n))
	pr("won (-compare files)", stat.NewRate(wb, n))
	fmt.Printf("  won only here %d, only by -compare %d; McNemar's exact p = %.4f\n", onlyA, onlyB, stat.McNemarExact(onlyA, onlyB))
}

func read(name string) []line {
	f, err := os.Open(name)
	if os.IsNotExist(err) {
		return nil
	}
	check(err)
	defer f.Close()
	var out []line
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var l line
		if json.Unmarshal(sc.Bytes(), &l) == nil && l.Number != "" {
			out = append(out, l)
		}
	}
	return out
}

func cpu() float64 {
	var ru syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	t := func(tv syscall.Timeval) float64 { return float64(tv.Sec) + float64(tv.Usec)/1e6 }
	return t(ru.Utime) + t(ru.Stime)
}

func parseRange(s string) (uint64, uint64, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	lo, err := strconv.ParseUint(a, 10, 64)
	if err != nil {
		return 0, 0, err
	}
	hi, err := strconv.ParseUint(b, 10, 64)
	if err != nil || hi < lo || lo == 0 {
		return 0, 0, fmt.Errorf("bad range %q", s)
	}
	return lo, hi, nil
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "player:", err)
		os.Exit(1)
	}
}
