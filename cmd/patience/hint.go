package main

import (
	"errors"
	"fmt"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"patience/rules"
	"patience/solver"
	"patience/solver/sample"
)

func newHintCommand(s streams) *cobra.Command {
	var ascii bool
	var count int
	var sf startFlags
	var fl searchFlags
	var smp sampleFlags
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
The verdict itself always comes from the full search.

What a player sees: with face-down cards unknown ("??" in the position, or
--hide after --moves), hint draws --samples arrangements of the unseen cards
(--seed makes the draw repeatable; with no more arrangements than --samples,
it takes every one) and, for every legal move, counts the arrangements in
which a win still exists after that move, with every card known from then
on. Every move is judged on the same arrangements. It prints the best move
and every legal move ranked (-n N: the N best). A count is an upper bound
for play that cannot see the cards, not a strategy's win rate.`,
		Example: `  patience hint russian-cell 617
  patience hint ripple-fan 5
  patience hint russian-cell --position stuck.txt -n 3
  patience hint ripple-fan --position endgame.json
  patience hint russian-cell 617 --moves played.txt
  patience hint russian-cell 617 --moves played.txt --hide
  patience deal russian-cell 617 --hide > seen.txt; patience hint russian-cell --position seen.txt -n 5`,
		Args: gameArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if count < 1 {
				return badInput("-n must be at least 1, not %d", count)
			}
			cfg, _, p, _, _, err := searchStart(s, args, sf, fl)
			if err != nil {
				return err
			}
			if err := smp.check(cmd, p, sf.hide); err != nil {
				return err
			}
			st := style(s.out, ascii)
			if p.Unknowns() > 0 {
				adv, sig, err := hintStoppable(p, smp.config(cfg))
				if errors.Is(err, sample.ErrInterrupted) {
					fmt.Fprintf(s.out, "Interrupted before every arrangement was decided, so no move can be ranked (%s positions searched).\n",
						thousands(adv.Nodes))
					return interrupted{sig}
				}
				if err != nil {
					return err
				}
				show := count
				if !cmd.Flags().Changed("count") {
					show = len(adv.Moves)
				}
				printAdvice(s.out, p, adv, show, st)
				return nil
			}
			res, sig, err := solveStoppable(p.Game, p, cfg)
			if err != nil {
				return err
			}
			if sig != 0 {
				fmt.Fprintf(s.out, "Interrupted: the search stopped after %s positions, before deciding.\n", thousands(res.Nodes))
				return interrupted{sig}
			}
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
	cmd.Flags().IntVarP(&count, "count", "n", 1, "how many moves of the winning line to show (with unknown cards: how many of the ranked moves; default all)")
	cmd.Flags().BoolVar(&ascii, "ascii", false, "draw suits as letters (C S H D), not symbols")
	cmd.Flags().StringVar(&sf.position, "position", "", "read the position from FILE (JSON or board text; - for stdin)")
	cmd.Flags().StringVar(&sf.moves, "moves", "", "play the moves in FILE first (JSON move list, a solution, or one move a line such as \"5C t3>t6\")")
	sf.addHide(cmd, "make every face-down card unknown (??), after --moves, and answer over the arrangements of the unseen cards")
	smp.add(cmd)
	fl.add(cmd, "workers searching the position together (with unknown cards: arrangements searched at once, one core each)")
	return cmd
}

// hintStoppable is sample.Hint, ended early by SIGINT or SIGTERM (with
// sample.ErrInterrupted). It returns the signal when one ended the run.
func hintStoppable(p *rules.Position, cfg sample.Config) (sample.Advice, syscall.Signal, error) {
	ctx, signalled, stop := stopOnSignal()
	defer stop()
	cfg.Stop = ctx.Done()
	adv, err := sample.Hint(p, cfg)
	if errors.Is(err, sample.ErrInterrupted) {
		return adv, signalled(), err
	}
	return adv, 0, err
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
