// Command patience solves and analyses deals of Russian Cell and Ripple
// Fan, numbered as PySolFC numbers them.
//
//	patience solve russian-cell 617        # is deal 617 winnable? the moves
//	patience hint russian-cell 617         # the next move, or why it is lost
//	patience deal ripple-fan 1             # show a deal
//	patience check solution.json           # replay a solution with the referee
//	patience stats russian-cell --deals 1-100000 --out rc.jsonl
//	patience find russian-cell --unsolvable --count 5
//	patience merge rc-*.jsonl              # join the shards of a run
//
// Install it with
//
//	go install github.com/patience-solver/patience/cmd/patience@latest
//
// Every command has help with examples (patience help solve). Bad input
// gets a one-line error and exit code 2; Ctrl-C keeps what was done. The
// work is done by the packages rules, dealgen, solver, sample and
// batch; this command reads flags and writes text and JSON.
package main

//go:generate go test -run ^TestManPages$ -write-man
