// Command catcheck compares the verdicts of results files (of `patience
// stats`) with the catalogue that ships in the program, deal by deal, and
// says how many agree, differ, or are not covered. A catalogue is re-checked
// by a new run over all it covers:
//
//	patience stats russian-cell --deals 1-1000000 --out rc.jsonl
//	go run ./benchmarks/catcheck russian-cell rc.jsonl
//
// It exits 1 when a verdict differs (the first ten are listed), 0 when
// every decided deal agrees.
package main

import (
	"fmt"
	"os"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: catcheck GAME RESULTS.jsonl...")
		os.Exit(2)
	}
	g, err := rules.ParseGame(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "catcheck:", err)
		os.Exit(2)
	}
	c := catalogue.For(g, rules.Options{})
	if c == nil {
		fmt.Fprintln(os.Stderr, "catcheck: no catalogue ships for", g)
		os.Exit(2)
	}
	want := map[solver.Verdict]catalogue.Status{
		solver.Solvable: catalogue.Winnable, solver.Unsolvable: catalogue.Unwinnable, solver.Unknown: catalogue.Undecided,
	}
	var same, differ, uncovered int
	for _, name := range os.Args[2:] {
		err := batch.EachRecord(name, func(r *batch.Record) error {
			st := c.Lookup(r.Number)
			switch {
			case st == catalogue.NotCovered:
				uncovered++
			case st == want[r.Verdict]:
				same++
			default:
				differ++
				if differ <= 10 {
					fmt.Printf("deal %s: %s in the run, %s in the catalogue\n", r.Number, r.Verdict, st)
				}
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "catcheck:", err)
			os.Exit(2)
		}
	}
	fmt.Printf("%s: %d deals agree with the catalogue, %d differ, %d not covered\n", g, same, differ, uncovered)
	if differ > 0 {
		os.Exit(1)
	}
}
