package main

import (
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/solver/batch"
)

// findOptions are the flags of find.
type findOptions struct {
	format               string
	solvable, unsolvable bool
	quiet                bool
	count                int
	from                 string
	minLength            int
	minNodes             int64
	fl                   searchFlags
}

// findLong and findExample are the help of find.
const findLong = `find decides deals in order, from --from on, on all cores, and lists the
numbers of those that match, one a line, until it has --count of them: for
apps that offer only winnable deals, or for collections of hard ones.

--solvable (the default) lists winnable deals, --unsolvable the others.
--min-length L keeps only wins of at least L moves, and --min-nodes K only
deals that took at least K positions to decide. Deals the budget could not
decide (unknown) are never listed; their count is reported on stderr.

A progress bar shows on stderr when it is a terminal (not with --quiet):
the deals found so far of --count, the deals looked at, and how many a
second.

Ctrl-C, SIGTERM, SIGHUP or SIGQUIT stops the search: the deals found so far
are listed, and the exit code is 128 plus the signal's number (130 for
SIGINT, 143 for SIGTERM).`

const findExample = `  patience find russian-cell --solvable --count 100
  patience find ripple-fan --solvable --count 10 --from 1000000
  patience find russian-cell --unsolvable --count 20 --min-nodes 100000 --format json
  patience find ripple-fan --count 1000 --quiet > winnable.txt`

func newFindCommand(s streams) *cobra.Command {
	o := &findOptions{}
	cmd := &cobra.Command{
		Use:     "find GAME (--solvable | --unsolvable) --count N",
		Short:   "List deal numbers that can (or cannot) be won",
		Long:    findLong,
		Example: findExample,
		Args:    oneArg("missing GAME: use russian-cell or ripple-fan", "find takes one GAME"),
		RunE:    func(cmd *cobra.Command, args []string) error { return runFind(s, o, args) },
	}
	cmd.Flags().StringVar(&o.format, "format", "text", "output format: text (deal numbers) or json (one results line a deal)")
	cmd.Flags().BoolVar(&o.solvable, "solvable", false, "list winnable deals (the default)")
	cmd.Flags().BoolVar(&o.unsolvable, "unsolvable", false, "list deals that cannot be won")
	cmd.Flags().IntVar(&o.count, "count", 10, "how many deals to list")
	cmd.Flags().StringVar(&o.from, "from", "1", "the first deal number to look at")
	cmd.Flags().IntVar(&o.minLength, "min-length", 0, "only wins of at least this many moves")
	cmd.Flags().Int64Var(&o.minNodes, "min-nodes", 0, "only deals that took at least this many positions to decide")
	cmd.Flags().BoolVar(&o.quiet, "quiet", false, "no progress bar")
	o.fl.add(cmd, "deals decided at once, one core each")
	return cmd
}

// runFind runs find with its flags parsed into o.
func runFind(s streams, o *findOptions, args []string) error {
	if err := checkFormat(o.format, "text", "json"); err != nil {
		return err
	}
	if o.minLength < 0 || o.minNodes < 0 {
		return badInput("--min-length and --min-nodes must be at least 0")
	}
	if o.solvable && o.unsolvable {
		return badInput("give --solvable or --unsolvable, not both")
	}
	if o.count < 1 {
		return badInput("--count must be at least 1, not %d", o.count)
	}
	g, err := parseGame(args[0])
	if err != nil {
		return err
	}
	cfg, err := o.fl.config()
	if err != nil {
		return err
	}
	if err := o.fl.checkSplit(); err != nil {
		return err
	}
	first, err := firstDeal(o.from)
	if err != nil {
		return err
	}
	want := solver.Solvable
	if o.unsolvable {
		want = solver.Unsolvable
	}
	match := func(r batch.Record) bool {
		return r.Verdict == want && r.Moves >= o.minLength && r.Nodes >= o.minNodes
	}
	ctx, signalled, stop := stopOnSignal()
	defer stop()
	found := 0
	var foundNow, examined atomic.Uint64
	bar := findProgress(s, o.quiet, o.count, &foundNow, &examined)
	var line []byte
	scanned, unknown, err := batch.Find(ctx, batch.FindConfig{Game: g, From: first, Solver: cfg, Match: match, Examined: &examined},
		func(r batch.Record) bool {
			line = line[:0]
			if o.format == "json" {
				line = r.AppendJSON(line)
			} else {
				line = append(line, r.Number.String()...)
			}
			line = append(line, '\n')
			bar.above(func() { s.out.Write(line) })
			found++
			foundNow.Store(uint64(found))
			return found < o.count
		})
	bar.stop()
	if err != nil {
		return err
	}
	if unknown > 0 {
		fmt.Fprintf(s.err, "patience: %s of the %s deals looked at were undecided (unknown) within the budget, and not listed\n",
			strconv.FormatUint(unknown, 10), strconv.FormatUint(scanned, 10))
	}
	if found < o.count && ctx.Err() != nil {
		fmt.Fprintf(s.err, "patience: interrupted after %d of %d deals found\n", found, o.count)
		return interrupted{signalled()}
	}
	if found < o.count {
		fmt.Fprintf(s.err, "patience: found %d of %d: the plain deal numbers end at 18446744073709551615\n", found, o.count)
	}
	return nil
}

// findProgress shows the progress bar of find, when stderr is a terminal
// and not --quiet: the deals found of those wanted, the deals looked at,
// and how many a second.
func findProgress(s streams, quiet bool, count int, found, examined *atomic.Uint64) *progress {
	start := time.Now()
	return startProgress(s, quiet, progressSpec{
		total: int64(count),
		unit:  "found",
		poll: func() (int64, string) {
			n := found.Load()
			return int64(n), describeFind(n, uint64(count), examined.Load(), time.Since(start))
		},
	})
}

// describeFind is the text before find's progress bar: "found 3 of 10;
// 12,345 deals looked at, 2,100 deals/s" (the rate once there is half a
// second to measure it over).
func describeFind(found, count, examined uint64, elapsed time.Duration) string {
	d := fmt.Sprintf("found %s of %s; %s deals looked at", thousands(int64(found)), thousands(int64(count)), thousands(int64(examined)))
	if s := elapsed.Seconds(); s >= 0.5 {
		d += ", " + thousands(int64(float64(examined)/s+0.5)) + " deals/s"
	}
	return d
}

// firstDeal reads find's --from: a plain deal number below 2^64.
func firstDeal(from string) (uint64, error) {
	start, err := dealgen.ParseNumber(from)
	if err != nil {
		return 0, usageError{fmt.Errorf("--from: %w", err)}
	}
	first, ok := start.Uint64()
	switch {
	case start.IsMS():
		return 0, badInput("--from %s: find counts plain deal numbers up, and %s is not one (ms numbers of 32000 or more are other deals than the plain ones); give a plain number", start, start)
	case !ok:
		return 0, badInput("--from %s: find counts deal numbers up within 64 bits, so it starts below 2^64 (18446744073709551616); solve, deal and stats --deals take any number", start)
	}
	return first, nil
}
