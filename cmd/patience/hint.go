package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"patience/rules"
	"patience/solver"
)

func newHintCommand(s streams) *cobra.Command {
	var ascii bool
	var count int
	var sf startFlags
	var fl searchFlags
	cmd := &cobra.Command{
		Use:   "hint GAME (NUMBER | --position FILE)",
		Short: "Say whether a position can still be won, and the next move",
		Long: `hint decides a deal or a position, as solve does, and then gives only what a
player needs next: whether the game can still be won, and if it can, the next
move of a winning line (or the next few, with -n).

A position in the middle of a game is read with --position: the position
JSON (patience deal --format json writes one) or the board text that deal
prints. Or give the deal and what you played with --moves FILE: the moves,
one a line in short notation ("5C t3>t6"), are replayed by the referee first,
face-down cards and all.

When the position cannot be won, hint says why where it can: when no move
is left, or when some cards block one another so that none of them can ever
move (such as a King above a lower card of its suit in a Ripple Fan pile).
The verdict itself always comes from the full search.`,
		Example: `  patience hint russian-cell 617
  patience hint ripple-fan 5
  patience hint russian-cell --position stuck.txt -n 3
  patience hint ripple-fan --position endgame.json
  patience hint russian-cell 617 --moves played.txt`,
		Args: gameArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if count < 1 {
				return badInput("-n must be at least 1, not %d", count)
			}
			cfg, _, p, _, _, err := searchStart(s, args, sf, fl)
			if err != nil {
				return err
			}
			res, err := solver.Solve(p, cfg)
			if err != nil {
				return err
			}
			st := style(s.out, ascii)
			switch res.Verdict {
			case solver.Unsolvable:
				fmt.Fprintln(s.out, "This position cannot be won: no sequence of moves wins from here.")
				// The search proved the loss; FindBlockage only puts a
				// cause in words, when it finds one it can prove.
				if b, ok := solver.FindBlockage(p); ok {
					fmt.Fprintln(s.out, "Why: "+strings.ReplaceAll(b.Text, "\n", "\n  "))
				}
				return nil
			case solver.Unknown:
				fmt.Fprintf(s.out, "Unknown: the search stopped (%s) before deciding. Try a larger --max-nodes or --timeout.\n", res.Reason)
				return nil
			}
			if _, err := replayWin(p, cfg.Options, res.Moves); err != nil {
				return err
			}
			if len(res.Moves) == 0 {
				fmt.Fprintln(s.out, "The game is already won.")
				return nil
			}
			n := min(count, len(res.Moves))
			fmt.Fprintf(s.out, "This position can be won (%d moves to go). ", len(res.Moves))
			if n == 1 {
				fmt.Fprintln(s.out, "Next move:")
			} else {
				fmt.Fprintf(s.out, "Next %d moves:\n", n)
			}
			writeMoves(s.out, p, res.Moves[:n], st, false)
			return nil
		},
	}
	cmd.Flags().IntVarP(&count, "count", "n", 1, "how many moves of the winning line to show")
	cmd.Flags().BoolVar(&ascii, "ascii", false, "draw suits as letters (C S H D), not symbols")
	cmd.Flags().StringVar(&sf.position, "position", "", "read the position from FILE (JSON or board text; - for stdin)")
	cmd.Flags().StringVar(&sf.moves, "moves", "", "play the moves in FILE first (JSON move list, a solution, or one move a line such as \"5C t3>t6\")")
	fl.add(cmd, "workers searching the position together")
	return cmd
}

// replayWin replays a solver's winning line with the referee; a line that
// fails is an internal error, never advice.
func replayWin(p *rules.Position, o rules.Options, moves []rules.Move) (*rules.Position, error) {
	end, err := rules.Replay(p, o, moves)
	if err != nil {
		return nil, fmt.Errorf("the solver's move list failed the referee: %v", err)
	}
	if !end.Won() {
		return nil, fmt.Errorf("the solver's move list does not win")
	}
	return end, nil
}
