package batch_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// Read a results file line by line: its header says what the run was,
// and each record what became of one deal. Here the file is made by a run
// over Russian Cell deals 6 to 8, on one core so that the lines are in
// deal order.
func ExampleReader() {
	dir, err := os.MkdirTemp("", "patience-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "rc.jsonl")
	deals, err := batch.ParseDeals("6-8")
	if err != nil {
		fmt.Println(err)
		return
	}
	run, err := batch.Open(batch.Config{Game: rules.RussianCell, Deals: deals, Solver: solver.Config{Workers: 1}, Out: name})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := run.Run(context.Background()); err != nil {
		fmt.Println(err)
		return
	}

	f, err := os.Open(name)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	rd, err := batch.NewReader(f, name)
	if err != nil {
		fmt.Println(err)
		return
	}
	h := rd.Header()
	fmt.Printf("%s, deals %s, at most %d positions a deal\n", h.Game.Title(), h.Deals, h.MaxNodes)
	var rec batch.Record
	for {
		err := rd.Next(&rec)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		if rec.Verdict == solver.Solvable {
			fmt.Printf("deal %s: %v in %d moves\n", rec.Number, rec.Verdict, rec.Moves)
		} else {
			fmt.Printf("deal %s: %v\n", rec.Number, rec.Verdict)
		}
	}
	// Output:
	// Russian Cell, deals 6-8, at most 100000000 positions a deal
	// deal 6: solvable in 92 moves
	// deal 7: unsolvable
	// deal 8: solvable in 91 moves
}

// EachRecord reads a results file as `patience stats --out` writes it: a
// header line, then one line per deal. Here it picks out the deals that
// cannot be won from the file of a run over Russian Cell deals 1 to 10.
func ExampleEachRecord() {
	const file = `{"patience":"results","version":2,"solver":"(devel)","run":"4d7838f7","game":"russian-cell","deals":"1-10","shard":"0/1","rules":{"returns":true},"max_nodes":100000000}
{"run":"4d7838f7","number":"1","verdict":"solvable","moves":96,"forced":63,"nodes":363,"seconds":0.000462}
{"run":"4d7838f7","number":"2","verdict":"solvable","moves":93,"forced":58,"nodes":1772,"seconds":0.003477}
{"run":"4d7838f7","number":"3","verdict":"solvable","moves":88,"forced":54,"nodes":37,"seconds":0.00004}
{"run":"4d7838f7","number":"4","verdict":"solvable","moves":90,"forced":53,"nodes":81,"seconds":0.000085}
{"run":"4d7838f7","number":"5","verdict":"solvable","moves":89,"forced":56,"nodes":440,"seconds":0.00018}
{"run":"4d7838f7","number":"6","verdict":"solvable","moves":92,"forced":60,"nodes":235,"seconds":0.000076}
{"run":"4d7838f7","number":"7","verdict":"unsolvable","moves":0,"nodes":2219,"seconds":0.002442}
{"run":"4d7838f7","number":"8","verdict":"solvable","moves":91,"forced":59,"nodes":163,"seconds":0.000056}
{"run":"4d7838f7","number":"9","verdict":"solvable","moves":91,"forced":56,"nodes":36,"seconds":0.000031}
{"run":"4d7838f7","number":"10","verdict":"solvable","moves":86,"forced":57,"nodes":55,"seconds":0.000029}
`
	dir, err := os.MkdirTemp("", "patience-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "rc.jsonl")
	if err := os.WriteFile(name, []byte(file), 0o644); err != nil {
		fmt.Println(err)
		return
	}

	var lost []string
	var hardest batch.Record
	err = batch.EachRecord(name, func(r *batch.Record) error {
		if r.Verdict == solver.Unsolvable {
			lost = append(lost, r.Number.String())
		}
		if r.Nodes > hardest.Nodes {
			hardest = *r
		}
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("cannot be won:", lost)
	fmt.Printf("hardest: deal %s, %d positions searched\n", hardest.Number, hardest.Nodes)
	// Output:
	// cannot be won: [7]
	// hardest: deal 7, 2219 positions searched
}
