package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/game"
)

func newCheckCommand(s streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "check FILE",
		Short: "Replay a solution and say whether it wins",
		Long: `check reads a solution in the JSON form that "patience solve --format json"
writes (a deal number or a position, the rules, and the moves), replays the
moves with the referee, and says whether they win.

It prints "valid: wins in N moves" and exits 0. Otherwise it exits 3,
printing the first illegal move and why, or that the moves end without a
win, or that the moves win although the file's verdict says otherwise, or
that there is nothing to check: an unsolvable or unknown verdict comes with
no moves (the search's proof cannot be replayed). Malformed input exits 2.

The record of a game that patience play played is checked the same way: a
won game must win. A lost game has no win to check: check replays its moves,
says whether they are legal, and exits 3; so does the record of a game that
a signal stopped ("outcome":"stopped").
FILE may be - for standard input.`,
		Example: `  patience solve russian-cell 617 --format json > s.json
  patience check s.json`,
		Args: oneArg("missing FILE: give a solution file, or - for standard input", "check reads one FILE"),
		RunE: func(cmd *cobra.Command, args []string) error { return runCheck(s, args[0]) },
	}
	cmd.ValidArgsFunction = onlyFiles
	return cmd
}

// runCheck checks the solution or game record in file.
func runCheck(s streams, file string) error {
	r, done, err := openInput(s, file)
	if err != nil {
		return err
	}
	defer done()
	rec, err := game.ReadRecord(r)
	if err != nil {
		return usageError{inFile(file, err)}
	}
	if rec.Position != nil {
		if err := checkLabel("the position of "+fileName(file), rec.Position, rec.Number); err != nil {
			return err
		}
	}
	c, err := game.Check(rec)
	if err != nil {
		return err
	}
	fmt.Fprintln(s.out, c.Line())
	if !c.Valid() {
		return checkFailed{}
	}
	return nil
}
