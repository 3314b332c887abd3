package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/rules"
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
	return cmd
}

// runCheck checks the solution or game record in file.
func runCheck(s streams, file string) error {
	r, done, err := openInput(s, file)
	if err != nil {
		return err
	}
	defer done()
	sol, err := rules.ReadSolution(r)
	if err != nil {
		return usageError{inFile(file, err)}
	}
	start := sol.Position
	if start != nil {
		if err := checkLabel("the position of "+fileName(file), start, sol.Number); err != nil {
			return err
		}
	}
	if start == nil {
		n, err := dealgen.ParseNumber(sol.Number)
		if err != nil {
			return usageError{err}
		}
		start = dealgen.Deal(sol.Game, n)
	}
	if sol.Play != nil && (sol.Play.Outcome == rules.OutcomeLost || sol.Play.Outcome == rules.OutcomeStopped) {
		return checkLostGame(s, start, sol)
	}
	if sol.Verdict != rules.VerdictSolvable && len(sol.Moves) == 0 {
		// Only a win comes with moves to replay; an unsolvable
		// verdict is the search's proof, which a replay cannot
		// repeat.
		why := ""
		if sol.Reason != "" {
			why = " (" + sol.Reason + ")"
		}
		fmt.Fprintf(s.out, "nothing to check: the verdict is %s%s, and only a win comes with moves to replay\n", sol.Verdict, why)
		return checkFailed{}
	}
	end, err := rules.Replay(start, sol.Options, sol.Moves)
	var me *rules.MoveError
	switch {
	case errors.As(err, &me):
		fmt.Fprintf(s.out, "invalid: %v\n", me)
		return checkFailed{}
	case err != nil:
		return err
	case !end.Won():
		moves := fmt.Sprintf("the %d moves end", len(sol.Moves))
		if len(sol.Moves) == 1 {
			moves = "the 1 move ends"
		}
		fmt.Fprintf(s.out, "invalid: %s without a win (%d of 52 cards on the foundations)\n", moves, end.OnFoundations())
		return checkFailed{}
	}
	if sol.Verdict != rules.VerdictSolvable {
		fmt.Fprintf(s.out, "invalid: the %d moves win, but the verdict says %s\n", len(sol.Moves), sol.Verdict)
		return checkFailed{}
	}
	fmt.Fprintf(s.out, "valid: wins in %s\n", wording.Moves(len(sol.Moves)))
	return nil
}

// checkLostGame replays the moves of a lost game's record (patience play),
// or of a game a signal stopped before it ended: they must be legal and
// must not win. There is no win to check, so it exits 3 either way.
func checkLostGame(s streams, start *rules.Position, sol *rules.Solution) error {
	end, err := rules.Replay(start, sol.Options, sol.Moves)
	var me *rules.MoveError
	switch {
	case errors.As(err, &me):
		fmt.Fprintf(s.out, "invalid: %v\n", me)
	case err != nil:
		return err
	case end.Won():
		fmt.Fprintf(s.out, "invalid: the %d moves win, but the outcome says %s\n", len(sol.Moves), sol.Play.Outcome)
	case sol.Play.Outcome == rules.OutcomeStopped:
		fmt.Fprintf(s.out, "nothing to check: a game stopped by %s before it ended (the %s played are legal and end with %d of 52 cards on the foundations)\n",
			sol.Play.Stopped, wording.Moves(len(sol.Moves)), end.OnFoundations())
	default:
		fmt.Fprintf(s.out, "nothing to check: a lost game (the %d moves played are legal and end with %d of 52 cards on the foundations); the deal's verdict with all cards known is %s\n",
			len(sol.Moves), end.OnFoundations(), sol.Verdict)
	}
	return checkFailed{}
}
