package main

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
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
	noCatalogue          bool
	difficulty           catalogue.Difficulty // NoDifficulty without --difficulty
	difficultyText       string
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

The deals that the catalogue covers (Russian Cell 1..1,000,000, Ripple Fan
1..10,000,000: see "patience catalogue") are answered from it, without a
search, when the output is deal numbers (the text format) and neither
--min-length nor --min-nodes is given; the deals past its end are decided
as usual. --format json (which reports each deal's moves and positions),
--min-length, --min-nodes and --no-catalogue decide every deal with the
solver.

--difficulty easy, medium, hard or very-hard lists winnable Russian Cell
deals of that difficulty, from the catalogue's labels (deals 1..10,000: see
"patience catalogue label"), without a search; it lists fewer than --count
when the labelled deals run out.

A progress bar shows on stderr when it is a terminal (not with --quiet):
the deals found so far of --count, the deals looked at, and how many a
second.

Ctrl-C, SIGTERM, SIGHUP or SIGQUIT stops the search: the deals found so far
are listed, and the exit code is 128 plus the signal's number (130 for
SIGINT, 143 for SIGTERM).`

const findExample = `  patience find russian-cell --solvable --count 100
  patience find ripple-fan --solvable --count 10 --from 1000000
  patience find russian-cell --solvable --difficulty hard --count 5
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
		RunE:    func(cmd *cobra.Command, args []string) error { return runFind(cmd, s, o, args) },
	}
	cmd.ValidArgsFunction = gameFirst
	formatFlag(cmd, &o.format, "output format: text (deal numbers) or json (one results line a deal)", textOrJSON)
	cmd.Flags().BoolVar(&o.solvable, "solvable", false, "list winnable deals (the default)")
	cmd.Flags().BoolVar(&o.unsolvable, "unsolvable", false, "list deals that cannot be won")
	intFlag(cmd.Flags(), &o.count, "count", "", 10, "how many deals to list")
	cmd.Flags().StringVar(&o.from, "from", "1", "the first deal number to look at")
	intFlag(cmd.Flags(), &o.minLength, "min-length", "", 0, "only wins of at least this many moves")
	int64Flag(cmd.Flags(), &o.minNodes, "min-nodes", 0, "only deals that took at least this many positions to decide")
	cmd.Flags().BoolVar(&o.quiet, "quiet", false, "no progress bar")
	cmd.Flags().BoolVar(&o.noCatalogue, "no-catalogue", false, "decide every deal with the solver, even those the catalogue knows")
	cmd.Flags().StringVar(&o.difficultyText, "difficulty", "", "only winnable Russian Cell deals of this difficulty (easy, medium, hard, very-hard), from the catalogue")
	o.fl.add(cmd, "deals decided at once, one core each")
	return cmd
}

// runFind runs find with its flags parsed into o.
func runFind(cmd *cobra.Command, s streams, o *findOptions, args []string) error {
	ctx := cmd.Context()
	d, _, err := difficultyFlag(cmd)
	if err != nil {
		return err
	}
	o.difficulty = d
	if err := checkFormat(o.format, textOrJSON); err != nil {
		return err
	}
	if o.solvable && o.unsolvable {
		return badInput("give --solvable or --unsolvable, not both")
	}
	if o.count < 1 {
		return badInput("--count must be at least 1, not %d", o.count)
	}
	job, err := findStart(o, args)
	if err != nil {
		return err
	}
	g, cfg := job.game, job.cfg
	if o.difficulty != catalogue.NoDifficulty {
		return findDifficulty(s, o, g, cfg, job.from)
	}
	want := solver.Solvable
	if o.unsolvable {
		want = solver.Unsolvable
	}
	match := func(r batch.Record) bool {
		return r.Verdict == want && r.Moves >= o.minLength && r.Nodes >= o.minNodes
	}
	l, done := findListed(ctx, s, o, job)
	found, first, unknown, scanned := l.Found, l.Next, l.Unknown, l.Scanned
	switch {
	case done && ctx.Err() != nil:
		reportUnknown(s, unknown, scanned)
		fmt.Fprintf(s.err, "patience: interrupted after %d of %d deals found\n", found, o.count)
		return interrupted{signalOf(ctx)}
	case done:
		reportFindEnd(s, found, o.count, unknown, scanned)
		return nil
	}
	var foundNow atomic.Uint64
	var examined atomic.Int64
	foundNow.Store(uint64(found))
	bar := findProgress(s, o.quiet, o.count, &foundNow, &examined)
	var line []byte
	searched, searchUnknown, err := batchFind(ctx, batch.FindConfig{Game: g, From: first, Solver: cfg, Match: match, Progress: &examined},
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
	if err != nil && !game.Stopped(err) {
		return err
	}
	unknown += searchUnknown
	scanned += searched
	if found < o.count && ctx.Err() != nil {
		reportUnknown(s, unknown, scanned)
		fmt.Fprintf(s.err, "patience: interrupted after %d of %d deals found\n", found, o.count)
		return interrupted{signalOf(ctx)}
	}
	reportFindEnd(s, found, o.count, unknown, scanned)
	return nil
}

// findListed answers find from the catalogue, when it applies: it lists
// the deals the catalogue holds from job.from on (game.FindInCatalogue),
// and says whether find is done (all found, the deal numbers ended, or a
// signal came).
func findListed(ctx context.Context, s streams, o *findOptions, job findJob) (l game.Listed, done bool) {
	cat := catalogue.For(job.game, job.cfg.Options)
	if cat == nil || o.noCatalogue || o.format != "text" || o.minLength != 0 || o.minNodes != 0 {
		return game.Listed{Next: job.from}, false
	}
	kind := catalogue.Winnable
	if o.unsolvable {
		kind = catalogue.Unwinnable
	}
	w := bufio.NewWriterSize(s.out, 64<<10)
	var line []byte
	l = game.FindInCatalogue(cat, kind, job.from, o.count, func(n uint64) bool {
		line = strconv.AppendUint(line[:0], n, 10)
		w.Write(append(line, '\n'))
		return ctx.Err() == nil
	})
	w.Flush()
	return l, ctx.Err() != nil || l.Found == o.count || l.Next == 0
}

// findDifficulty answers find --difficulty from the catalogue's labels.
func findDifficulty(s streams, o *findOptions, g rules.Game, cfg solver.Config, from uint64) error {
	d := o.difficulty
	switch {
	case o.unsolvable:
		return badInput("--difficulty lists winnable deals: give it without --unsolvable")
	case o.noCatalogue || o.format != "text" || o.minLength != 0 || o.minNodes != 0:
		return badInput("--difficulty answers from the catalogue's labels, with deal numbers only: give it without --no-catalogue, --format json, --min-length or --min-nodes")
	}
	c := catalogue.For(g, cfg.Options)
	first, last, ok := c.Labelled()
	if !ok {
		return usageError{catalogue.WhyNoDifficulty(g, c, d)}
	}
	w := bufio.NewWriter(s.out)
	found := 0
	for found < o.count {
		n, ok := c.NextDifficulty(from, d)
		if !ok {
			break
		}
		fmt.Fprintln(w, n)
		found++
		from = n + 1
	}
	if err := w.Flush(); err != nil {
		return ioFailure{err}
	}
	if found < o.count {
		fmt.Fprintf(s.err, "patience: found %d of %d: the difficulty labels cover %s deals %s..%s\n", found, o.count, g.Title(), thousands(int64(first)), thousands(int64(last)))
	}
	return nil
}

// findJob is what find looks for deals with: the game, the search's
// configuration, and the deal to start from (--from).
type findJob struct {
	game rules.Game
	cfg  solver.Config
	from uint64
}

// findStart reads find's game, search flags and --from.
func findStart(o *findOptions, args []string) (findJob, error) {
	g, err := parseGame(args[0])
	if err != nil {
		return findJob{}, err
	}
	cfg, err := o.fl.config()
	if err != nil {
		return findJob{}, err
	}
	if err := o.fl.checkSplit(); err != nil {
		return findJob{}, err
	}
	first, err := firstDeal(o.from)
	return findJob{g, cfg, first}, err
}

// batchFind is batch.Find; the tests replace it to check that the
// catalogue answers without a search.
var batchFind = batch.Find

// reportUnknown says on stderr how many of the deals looked at were
// unknown, if any.
func reportUnknown(s streams, unknown, scanned uint64) {
	if unknown > 0 {
		fmt.Fprintf(s.err, "patience: %s of the %s deals looked at were undecided (unknown) within the budget, and not listed\n",
			strconv.FormatUint(unknown, 10), strconv.FormatUint(scanned, 10))
	}
}

// reportFindEnd reports the unknown deals, and why fewer than count deals
// were found.
func reportFindEnd(s streams, found, count int, unknown, scanned uint64) {
	reportUnknown(s, unknown, scanned)
	if found < count {
		fmt.Fprintf(s.err, "patience: found %d of %d: the plain deal numbers end at 18446744073709551615\n", found, count)
	}
}

// findProgress shows the progress bar of find, when stderr is a terminal
// and not --quiet: the deals found of those wanted, the deals looked at,
// and how many a second.
func findProgress(s streams, quiet bool, count int, found *atomic.Uint64, examined *atomic.Int64) *progress {
	start := time.Now()
	return startProgress(s, quiet, progressSpec{
		total: int64(count),
		unit:  "found",
		poll: func() (int64, string) {
			n := found.Load()
			return int64(n), describeFind(n, uint64(count), uint64(examined.Load()), time.Since(start))
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
