package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// searchFlags are the budget and rules flags shared by the commands that
// search.
type searchFlags struct {
	workers   int
	maxNodes  int64
	timeout   time.Duration
	memoryMB  int
	noReturns bool
}

func (f *searchFlags) add(cmd *cobra.Command, workersHelp string) {
	intFlag(cmd.Flags(), &f.workers, "workers", "", runtime.NumCPU(), workersHelp)
	int64Flag(cmd.Flags(), &f.maxNodes, "max-nodes", game.MaxNodes, "node budget: positions expanded per deal, over all workers (counted every 1,024 positions a worker, so a search may go up to 1,024 a worker past it)")
	cmd.Flags().DurationVar(&f.timeout, "timeout", 0, "time budget per deal, such as 30s or 5m (default none)")
	intFlag(cmd.Flags(), &f.memoryMB, "memory", "", solver.DefaultMemoryMB, "memory in MB for the position table (full tables forget positions: slower, still exact) and, in solve and hint, 128 KB a worker")
	cmd.Flags().BoolVar(&f.noReturns, "no-returns", false, "Russian Cell: forbid playing cards back from the foundations, as PySolFC does (verdicts are the same)")
}

func (f *searchFlags) config() (solver.Config, error) {
	switch {
	case f.workers < 1:
		return solver.Config{}, badInput("--workers must be at least 1, not %d", f.workers)
	case f.maxNodes < 1:
		return solver.Config{}, badInput("--max-nodes must be at least 1, not %d", f.maxNodes)
	case f.timeout < 0:
		return solver.Config{}, badInput("--timeout must not be negative")
	case f.memoryMB < 1:
		return solver.Config{}, badInput("--memory must be at least 1 (MB), not %d", f.memoryMB)
	}
	if err := f.checkLimits(); err != nil {
		return solver.Config{}, err
	}
	cfg := solver.DefaultConfig()
	cfg.Options.NoReturns = f.noReturns
	cfg.Workers = f.workers
	cfg.MaxNodes = f.maxNodes
	cfg.Timeout = f.timeout
	cfg.MemoryMB = f.memoryMB
	return cfg, nil
}

// checkSplit checks, for the commands that split --memory among their
// workers (one deal each), that each worker gets at least 1 MB: otherwise
// the tables together would take more than --memory.
func (f *searchFlags) checkSplit() error {
	if f.workers > f.memoryMB {
		return badInput("--memory %d is split among %d workers, at least 1 MB each: give --memory %d or more, or fewer --workers", f.memoryMB, f.workers, f.workers)
	}
	return nil
}

// memoryHeadroomMB is the memory, besides the position table, within which
// the Go runtime is asked to keep the process: the runtime's own, the
// buffers of a batch run, the search paths and move lists.
const memoryHeadroomMB = 16

// setMemoryLimit is debug.SetMemoryLimit; the tests that run many commands
// in one process record the limit instead of setting it.
var setMemoryLimit = debug.SetMemoryLimit

// limitMemory sets the Go runtime's memory limit to the position table's
// cap (--memory) plus memoryHeadroomMB, unless GOMEMLIMIT is set. The table
// keeps itself within its cap, growth included (solver's capSlots), but each
// time it doubles, the table it outgrew becomes garbage; without a limit the
// runtime would keep such memory for a while, and the process could hold
// half as much again as the cap. With the limit it collects and returns it
// as soon as the process nears the limit. (The limit is soft: it never makes
// the program fail, at worst the garbage collector runs more often.)
func limitMemory(memoryMB int) {
	if os.Getenv("GOMEMLIMIT") != "" || memoryMB < 1 {
		return
	}
	setMemoryLimit(int64(memoryMB+memoryHeadroomMB) << 20)
}

// limitProcess sets what the whole process is limited to, once, before
// the command runs: the runtime's memory limit, from --memory for a
// command that searches (limitMemory). It is the only place that sets it.
func limitProcess(cmd *cobra.Command, _ []string) {
	if f := cmd.Flags().Lookup("memory"); f != nil {
		if mb, err := strconv.Atoi(f.Value.String()); err == nil {
			limitMemory(mb)
		}
	}
}

// solveOptions are the flags of solve.
type solveOptions struct {
	format                 string
	ascii, steps, shortest bool
	sf                     startFlags
	fl                     searchFlags
	smp                    sampleFlags
}

// solveLong and solveExample are the help of solve.
const solveLong = `solve searches every line of play from a deal, or from a position in the
middle of a game, and gives the verdict:

  solvable    winnable with all cards known; the winning moves follow, and the
              referee has replayed them to a win
  unsolvable  no sequence of moves wins: every reachable position was searched
  unknown     a budget (--max-nodes or --timeout) ran out first; this is not
              a loss, try again with a larger budget

The move list is numbered, one move a line: "12. 5C t3>t6" moves 5C (with
the cards on it) from column 3 onto column 6. t1..t7 are the columns, c1 and
c2 the cells, f the foundations. Automatic foundation moves are listed too.

What a player sees: a Russian Cell position may mark face-down cards as
unknown, "??" ("[??]" on the board; deal --hide prints one), or --hide makes
every face-down card unknown. The unseen cards then lie under the ?? in an
order nobody knows. solve draws --samples arrangements of them at random
(--seed makes the draw repeatable), solves each exactly with every card
known, one arrangement per worker, and reports the share that can be won
with its 95% Wilson interval. When there are no more arrangements than
--samples, it solves every one, and the share is exact. --max-nodes and
--timeout are per arrangement; an arrangement that runs out is counted as
unknown and left out of the share. The share is of arrangements in which a
win exists with all cards known: an upper bound on what play without seeing
the cards can win, not a strategy's win rate.

--shortest finds a solution with the fewest moves, every move counted
(automatic foundation moves too), and proves that none is shorter:

  Shortest: proven, no solution has fewer than 79 moves

If a budget ends the proof first, it gives the best solution found and the
proven lower bound instead (here with --max-nodes 20000):

  Shortest: best found 96 moves; proven lower bound 67 (node budget of 20000 reached; ...)

It first decides the deal as solve always does (with --workers), then proves
the length on one core: --workers does not speed up the proof. --max-nodes
and --timeout cover both searches.`

const solveExample = `  patience solve russian-cell 617
  patience solve ripple-fan 1 --format json > solution.json
  patience solve russian-cell 3 --steps --ascii
  patience solve russian-cell 617 --moves played.txt
  patience solve russian-cell 1 --shortest
  patience solve ripple-fan --position endgame.json --shortest --format json
  patience solve russian-cell --position stuck.json --timeout 1m
  patience deal russian-cell 5 --format json | patience solve russian-cell --position -
  patience solve russian-cell 617 --hide --samples 500
  patience solve russian-cell 617 --moves played.txt --hide --format json`

func newSolveCommand(s streams) *cobra.Command {
	o := &solveOptions{}
	cmd := &cobra.Command{
		Use:     "solve GAME (NUMBER | --position FILE)",
		Short:   "Decide whether a deal or position can be won, and how",
		Long:    solveLong,
		Example: solveExample,
		Args:    gameArgs,
		RunE:    func(cmd *cobra.Command, args []string) error { return runSolve(s, cmd, o, args) },
	}
	cmd.ValidArgsFunction = gameFirst
	formatFlag(cmd, &o.format, "output format: text or json", textOrJSON)
	cmd.Flags().BoolVar(&o.ascii, "ascii", false, "draw suits as letters (C S H D), not symbols")
	cmd.Flags().StringVar(&o.sf.position, "position", "", "read the start position from FILE (JSON or board text; - for stdin)")
	cmd.Flags().BoolVar(&o.steps, "steps", false, "print the board after each move (text format only; every card known)")
	cmd.Flags().BoolVar(&o.shortest, "shortest", false, "find a solution with the fewest moves and prove it (the proof runs on one core; every card known)")
	cmd.Flags().StringVar(&o.sf.moves, "moves", "", "play the moves in FILE first: one move a line such as \"5C t3>t6\", a JSON list of moves (such as [\"5C t3>t6\"]), or a solution of the same deal")
	o.sf.addHide(cmd, "make every face-down card unknown (??), after --moves, and answer over the arrangements of the unseen cards")
	o.smp.add(cmd)
	o.fl.add(cmd, "workers searching the deal together (with unknown cards: arrangements searched at once, one core each)")
	return cmd
}

// runSolve runs solve with its flags parsed into o.
func runSolve(s streams, cmd *cobra.Command, o *solveOptions, args []string) error {
	if err := checkFormat(o.format, textOrJSON); err != nil {
		return err
	}
	if o.steps && o.format == "json" {
		return badInput("--steps draws the board after each move, for people: it goes with the text format, not --format json (whose moves patience check replays)")
	}
	cfg, at, err := searchStart(s, args, o.sf, o.fl)
	if err != nil {
		return err
	}
	p, num, played := at.pos, at.num, at.played
	cfg.Shortest = o.shortest
	from := num
	if played > 0 {
		num = "" // a position of its own now, carried whole
	}
	if err := o.smp.check(cmd, p, o.sf.hide); err != nil {
		return err
	}
	noteNothingHidden(s, p, o.sf.hide)
	if p.Unknowns() > 0 {
		if o.steps {
			return badInput("--steps needs every card known, but %s", game.UnknownCards(p))
		}
		if o.shortest {
			return badInput("--shortest needs every card known, but %s: the fewest moves depend on the unseen cards", game.UnknownCards(p))
		}
		c, err := game.Solve(cmd.Context(), game.Request{Position: p, Solver: cfg, Samples: o.smp.samples, Seed: o.smp.seed})
		if err != nil && !game.Stopped(err) {
			return err
		}
		sig := signalOf(cmd.Context())
		if o.format == "json" {
			// After --moves the position carries the number
			// of the deal it came from.
			fmt.Fprintf(s.out, "%s\n", mustMarshal(c.Doc(from)))
		} else {
			if played > 0 {
				fmt.Fprintf(s.out, "After the %d moves of %s%s:\n", played, o.sf.moves, dealSuffix(from))
			}
			printShare(s.out, c, num, style(s.out, o.ascii))
		}
		if err != nil {
			return interrupted{sig}
		}
		return nil
	}
	res, sig, err := solveStoppable(cmd.Context(), s, p, cfg)
	if err != nil {
		return err
	}
	sol := res.Solution(p, num, cfg.Options)
	if o.sf.position != "" || played > 0 {
		// Carried whole, with the number (if any) of the
		// deal it came from written in it.
		sol.Position, sol.Number = p, from
	}
	if o.format == "json" {
		fmt.Fprintf(s.out, "%s\n", rules.MarshalSolution(sol))
	} else {
		if played > 0 {
			fmt.Fprintf(s.out, "After the %d moves of %s%s:\n", played, o.sf.moves, dealSuffix(from))
		}
		note := ""
		if played == 0 {
			note = catalogueNote(cfg.Options, p, num)
		}
		printSolution(s.out, start{pos: p, num: num}, sol, res, solutionLook{style(s.out, o.ascii), o.steps, note})
	}
	if sig != 0 {
		return interrupted{sig}
	}
	return nil
}

// solveStoppable decides p as game.Search does (the referee replays a win), except that SIGINT or
// SIGTERM ends the search early, with an unknown verdict ("interrupted"),
// instead of ending the process: what was searched is still reported. It
// returns the signal when one ended the search, else 0.
//
// A search that runs for more than a second shows on stderr, when it is a
// terminal, the positions searched so far and the rate.
func solveStoppable(ctx context.Context, s streams, p *rules.Position, cfg solver.Config) (solver.Result, syscall.Signal, error) {
	var searched atomic.Int64
	cfg.Progress = &searched
	bar := searchProgress(s, cfg.MaxNodes, &searched)
	defer bar.stop()
	res, err := game.Search(ctx, p, cfg)
	if game.Stopped(err) {
		err = nil // the search so far is the answer
	}
	if err != nil || res.Verdict != solver.Unknown || res.Reason.Kind != solver.Interrupted {
		return res, 0, err
	}
	return res, signalOf(ctx), nil
}

// searchProgress shows, a second into a search and when stderr is a
// terminal, the positions searched, the rate, and the bar of the share of
// the node budget used.
func searchProgress(s streams, maxNodes int64, searched *atomic.Int64) *progress {
	return startProgress(s, false, progressSpec{
		total:  maxNodes,
		unit:   "positions",
		rate:   true,
		budget: true,
		delay:  time.Second,
		poll: func() (int64, string) {
			n := searched.Load()
			return n, "searched " + thousands(n) + " positions"
		},
	})
}

// searchStart reads what solve and hint need before searching: the
// configuration from the flags, GAME, the start position (a deal number or
// --position, and its number if it has one), and the position after the
// moves of --moves (with how many were played).
func searchStart(s streams, args []string, sf startFlags, fl searchFlags) (solver.Config, start, error) {
	cfg, err := fl.config()
	if err != nil {
		return cfg, start{}, err
	}
	p, num, err := readStart(s, args, sf)
	if err != nil {
		return cfg, start{}, err
	}
	p, played, err := playMoves(s, p, num, sf, cfg.Options)
	if err != nil {
		return cfg, start{}, err
	}
	if sf.hide {
		p = p.Hide()
	}
	if p.Unknowns() > 0 {
		err = fl.checkSplit() // one arrangement a worker, each with its table
	} else {
		err = fl.shareTable(&cfg)
	}
	return cfg, start{p, num, played}, err
}

// dealSuffix names the deal a position came from, if it has a number.
func dealSuffix(num string) string {
	if num == "" {
		return ""
	}
	return " from deal " + num
}

// solutionLook is how a solution is printed for people: the board's
// style, the board after every move or not (--steps), and the
// catalogue's note (catalogueNote), if any, before the verdict.
type solutionLook struct {
	style boardStyle
	steps bool
	note  string
}

// printSolution writes the verdict and move list of the search res of
// the start at (its board titled with its number, if any) for people, as
// look says.
func printSolution(w io.Writer, at start, sol *rules.Solution, res solver.Result, look solutionLook) {
	p, num := at.pos, at.num
	st, steps, note := look.style, look.steps, look.note
	fmt.Fprint(w, formatBoard(p, num, st))
	fmt.Fprintln(w)
	if p.Game == rules.RussianCell {
		onoff := "on"
		if !sol.Options.Returns(sol.Game) {
			onoff = "off"
		}
		fmt.Fprintf(w, "Rules: foundation returns %s. Verdicts assume all cards are known.\n\n", onoff)
	}
	if note != "" {
		fmt.Fprintln(w, note)
	}
	for _, l := range wording.Verdict(res, sol.Shortest != nil) {
		fmt.Fprintln(w, l)
	}
	if res.Verdict == solver.Unsolvable {
		printWhy(w, p)
	}
	if res.Verdict == solver.Solvable {
		fmt.Fprintln(w)
		writeMoves(w, p, res.Moves, st, steps)
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, wording.Searched(res.Nodes, res.Elapsed))
}

// writeMoves writes the numbered move list, each move with a plain-words
// note for a person following it at a table.
// With steps, the board follows each move.
func writeMoves(w io.Writer, start *rules.Position, moves []rules.Move, st boardStyle, steps bool) {
	p := start.Clone()
	width := len(fmt.Sprint(len(moves)))
	for i, m := range moves {
		fmt.Fprintf(w, "%*d. %-12s %s\n", width, i+1, m.String(), describe(p, m, st))
		p.Apply(m)
		if steps {
			fmt.Fprintf(w, "\n%s\n", boardBody(formatBoard(p, "", st)))
		}
	}
}

// boardBody drops the title line of a formatted board: between moves the
// game and deal are already known.
func boardBody(board string) string {
	if _, rest, ok := strings.Cut(board, "\n"); ok {
		return rest
	}
	return board
}

// describe says in words what move m does in position p (before it).
func describe(p *rules.Position, m rules.Move, st boardStyle) string {
	return wording.Describe(p, m, st.Unicode)
}

func thousands(n int64) string { return wording.Thousands(n) }

func seconds(d time.Duration) string { return wording.Seconds(d) }
