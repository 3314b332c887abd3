package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/outfile"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// statsFlags are the flags of the stats command other than the search
// flags.
type statsFlags struct {
	deals, dealsFile string
	out, shard       string
	format, plot     string
	quiet, summary   bool
	records          bool // --summary --records: every record, as CSV
	retryUnknown     bool
	noSpaceCheck     bool
	play             playerFlags
	force            bool
}

// freeSpace tells the bytes free on a directory's file system, for the
// check that a run's results fit beside --out; tests stand in a small file
// system.
var freeSpace = outfile.FreeSpace

// statsLong and statsExample are the help of stats.
const statsLong = `stats decides every deal of a list, on all cores, and prints a summary: the
count of each verdict, the win rate with its 95% Wilson interval (and its
bounds if every unknown were a loss or a win), the mean, median, 99th
percentile and maximum of positions searched, seconds, solution length and
forced moves (those that were the only move the solver considered, with
their share of all the moves of wins), and the ten hardest deals.

--deals takes A-B, a single number, or a comma-separated list of these, with
PySolFC's numbers (MT numbers such as 10000000000000000-10000000001000000
too), each written in digits ("1 - 3, 7" is fine; "#", "_", "." or a space
inside a number is refused: 1..5 is not deal 15, write 1-5). --deals-file
reads the same, one item a line, or the lines of a results file. --deals random:N@SEED draws N distinct deals uniformly from 1
to 2^64-1, the same N for the same SEED, to estimate the win rate over all
deals rather than the first N; the header records it as written, and such a
run resumes, shards and merges as any list's does.

--out FILE keeps one JSON line per deal after a header line. Rerun the same
command to resume: the deals already in FILE are skipped. Through a
symbolic link, the link's file is written. (--out may also be a pipe or
/dev/null: the lines are written, with nothing to resume; --out - or
/dev/stdout writes them to standard output, and the summary to stderr.)
A run whose FILE is replaced or removed under it stops, with exit 1.
Ctrl-C, SIGTERM,
SIGHUP or SIGQUIT stops the run cleanly: every finished line is kept, the
summary of what is done is printed, and the exit code is 128 plus the
signal's number (130 for SIGINT, 143 for SIGTERM, 129, 131), as for a
program killed by the signal, so that a scheduler knows there is more to
do; run the command again to go on. Even SIGKILL loses no line already
written, and at most the last second of work.
--retry-unknown searches the file's unknown deals again with the budget now
given, and replaces their lines. Before it starts, the run checks that the
lines still to write fit on the file system of --out (by the least each
can take, about 70 bytes); --no-space-check skips that.
The header of FILE names the build of patience that made it ("patience
version" prints it). A file made by another build is not resumed, as
verdicts may differ between builds; --force resumes it anyway, and its
header then names both builds. A file of results format version 1 (made
before builds were recorded) is resumed as version 1, with a note.

--shard i/n runs only the deals whose 0-based index in the list is i mod n,
to spread a run over machines; "patience merge" combines the shard files.
--shard auto/N takes i from JOB_COMPLETION_INDEX, in a Kubernetes Indexed
Job of N completions; --shard auto takes i and n from a Slurm array task
(SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN, of SLURM_ARRAY_TASK_COUNT),
and refuses an array that is not a plain range with step 1. The header
records the shard as resolved (such as 3/4). See docs/scale-out.md.

With --summary, the arguments are results files, summarised as they are:
one game and rules, each file and each deal counted once. A FILE of - is
standard input (one FILE at most; copied first to a temporary file, as
merge does). A line for a deal
its file's header does not declare is refused, naming the file and line (as
merge and catalogue build refuse it). It says when the files hold fewer
deals than their headers declare (a run stopped early), and notes files run
with different budgets or made by different builds.

For spreadsheets and R, --format csv writes the summary as CSV: a header
row and one row of figures (rates as fractions). --summary FILE... --records
--format csv writes every deal of the files instead, one a row: number,
verdict, reason, moves, forced, nodes, seconds. Read "number" as text: MT
deal numbers are too large for a double. Results files themselves stay
JSON lines.

Each worker searches one deal at a time on one core; --memory is split
among the workers, at least 1 MB each. --memory also covers the list of
deals: a range takes nothing, but a --deals-file of scattered deals holds
about 64 bytes a deal (3 million: about 190 MB), and the position tables
share what is left. A progress bar shows on stderr when it is a terminal.

--player sampled|greedy also lets a player who cannot see the face-down cards
play every deal (as patience play does, with --samples and --seed) and
reports its win rate with its 95% Wilson interval beside the verdicts with all
cards known, the share of the winnable deals it won, and a game's moves and
seconds on average. The results file records the player, samples and seed in
its header, and each game's "outcome", "game_moves" and "game_seconds".
Ripple Fan deals every card face up, so there the sampled player's rate is the
rate with all cards known: stats --player sampled says so and does not play;
greedy still plays (see play --help). A results file of a player that was
removed (reveal, adaptive, rollout, conditioned) still summarises and
merges, but cannot be resumed: this build does not play it.`

const statsExample = `  patience stats russian-cell --deals 1-100000 --out rc.jsonl
  patience stats ripple-fan --deals 1-10000000 --out rf.jsonl --plot rf.svg
  patience stats ripple-fan --deals 10000000000000000-10000000001000000 --quiet
  patience stats russian-cell --deals 1-1000000 --shard 2/8 --out rc-2.jsonl
  patience stats russian-cell --deals 1-1000000 --shard auto --out "rc-$SLURM_ARRAY_TASK_ID.jsonl"   # a Slurm array task
  patience stats russian-cell --deals random:100000@1 --out rc-random.jsonl
  patience stats russian-cell --deals 1-100000 --out rc.jsonl --retry-unknown --max-nodes 1000000000
  patience stats --summary rc.jsonl --format json
  patience stats --summary rc.jsonl --format csv > summary.csv
  patience stats --summary rc.jsonl --records --format csv > deals.csv
  patience stats russian-cell --deals 1-2000 --player sampled --out sampled.jsonl
  patience stats russian-cell --deals 1-2000 --player greedy --out greedy.jsonl`

// newStatsCommand makes the stats command: a run over deals, or a summary
// of results files.
func newStatsCommand(s streams) *cobra.Command {
	var f statsFlags
	var sf searchFlags
	cmd := &cobra.Command{
		Use:     "stats GAME (--deals LIST | --deals-file FILE) [flags]\n  patience stats --summary FILE...",
		Short:   "Decide many deals and give the win rate and the effort",
		Long:    statsLong,
		Example: statsExample,
		RunE:    func(cmd *cobra.Command, args []string) error { return statsMain(s, cmd, args, f, sf) },
	}
	cmd.ValidArgsFunction = func(cmd *cobra.Command, args []string, typed string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if f.summary {
			return onlyFiles(cmd, args, typed) // results files
		}
		return gameFirst(cmd, args, typed)
	}
	fl := cmd.Flags()
	fl.StringVar(&f.deals, "deals", "", "deals to decide: A-B, a number, a comma-separated list, or random:N@SEED (N deals drawn from 1 to 2^64-1)")
	fl.StringVar(&f.dealsFile, "deals-file", "", "read the deals from FILE, one item a line (- for stdin)")
	fl.StringVar(&f.out, "out", "", "write one JSON line per deal to FILE, and resume from it")
	fl.StringVar(&f.shard, "shard", "0/1", "run only the deals whose index in the list is i mod n: i/n, or auto/N (Kubernetes Indexed Job), auto (Slurm array)")
	formatFlag(cmd, &f.format, "summary format: text, json, or csv (a header row and one row of figures)", statsFormats)
	fl.BoolVar(&f.records, "records", false, "with --summary: write every deal of the files as CSV, one a row (--format csv)")
	fl.StringVar(&f.plot, "plot", "", "draw the running win rate and the distribution of effort to FILE.svg")
	fl.BoolVar(&f.quiet, "quiet", false, "no progress bar")
	fl.BoolVar(&f.summary, "summary", false, "summarise the results files given as arguments")
	fl.BoolVar(&f.retryUnknown, "retry-unknown", false, "search the unknown deals of --out again with the budget now given")
	fl.BoolVar(&f.noSpaceCheck, "no-space-check", false, "start even if the results may not fit on the file system of --out")
	f.play.add(cmd)
	fl.BoolVar(&f.force, "force", false, "resume --out even if another build of patience made it")
	sf.add(cmd, "deals searched at once, one core each")
	return cmd
}

// statsMain runs stats with its flags parsed into f and sf: a run over
// deals, or with --summary a summary of results files, or with --records
// their records.
func statsMain(s streams, cmd *cobra.Command, args []string, f statsFlags, sf searchFlags) error {
	if err := checkFormat(f.format, statsFormats); err != nil {
		return err
	}
	if f.records {
		return recordsFiles(s, cmd, args, f)
	}
	if f.summary {
		return summaryFiles(s, cmd, args, f)
	}
	return runStats(s, cmd, args, f, sf)
}

// runStats runs stats over the deals of --deals or --deals-file, as
// statsConfig reads them: it opens the run (resuming --out), decides the
// deals with a progress bar, and prints the summary.
func runStats(s streams, cmd *cobra.Command, args []string, f statsFlags, sf searchFlags) error {
	bcfg, err := statsConfig(s, cmd, args, f, sf)
	if err != nil {
		return err
	}
	// Ctrl-C and SIGTERM stop the run cleanly, also while Open reads a
	// results file to resume.
	ctx := cmd.Context()
	report, closeOut, err := statsOut(ctx, s, f, &bcfg)
	if err != nil {
		return err
	}
	defer closeOut()
	var decided atomic.Int64
	bcfg.Progress = &decided
	runner, err := batch.Open(bcfg)
	var we *batch.WriteError
	var oe *outfile.Error
	switch {
	case errors.As(err, &we):
		return ioFailure{err}
	case errors.As(err, &oe):
		return outError(ctx, "--out", oe)
	case err != nil:
		return usageError{err}
	}
	res, err := runRunner(ctx, s, runner, progressOf{&decided, f.quiet})
	if err != nil {
		return err
	}
	return statsReport(ctx, s, report, f, res)
}

// statsConfig reads the arguments and flags of a stats run over deals into
// the configuration of the run, checking them: the game, the search
// budget, the deals, the shard, the player, and whether --out's file
// system is to be checked for space. --out itself is statsOut's.
func statsConfig(s streams, cmd *cobra.Command, args []string, f statsFlags, sf searchFlags) (batch.Config, error) {
	if len(args) != 1 {
		return batch.Config{}, badInput("stats takes one GAME (russian-cell or ripple-fan), not %d arguments; to summarise files, add --summary", len(args))
	}
	g, err := parseGame(args[0])
	if err != nil {
		return batch.Config{}, err
	}
	scfg, err := sf.config()
	if err != nil {
		return batch.Config{}, err
	}
	if err := sf.checkSplit(); err != nil {
		return batch.Config{}, err
	}
	list, err := statsDeals(s, f)
	if err != nil {
		return batch.Config{}, err
	}
	if err := countListMemory(list, &scfg, sf); err != nil {
		return batch.Config{}, err
	}
	shard, err := envShard(f.shard)
	if err != nil {
		return batch.Config{}, usageError{err}
	}
	if f.retryUnknown && f.out == "" {
		return batch.Config{}, badInput("--retry-unknown needs --out: the results file whose unknown deals to search again")
	}
	if f.force && f.out == "" {
		return batch.Config{}, badInput("--force needs --out: the results file of another build to resume")
	}
	if f.out != "" && f.dealsFile != "" && outfile.SameFile(f.out, f.dealsFile) {
		return batch.Config{}, badInput("--out %s is the deals file --deals-file %s: write the results elsewhere", f.out, f.dealsFile)
	}
	if err := checkPlot(f.plot, f.out, []string{f.dealsFile}); err != nil {
		return batch.Config{}, err
	}
	bcfg := batch.Config{
		Game: g, Deals: list, Shard: shard, Solver: scfg,
		Out: f.out, RetryUnknown: f.retryUnknown, Force: f.force,
	}
	if f.play.player == "" && (cmd.Flags().Changed("samples") || cmd.Flags().Changed("seed")) {
		return batch.Config{}, badInput("--samples and --seed are the sampled player's: give --player sampled")
	}
	if f.play.player != "" {
		bp, err := statsPlayer(s, cmd, g, scfg, f.play)
		if err != nil {
			return batch.Config{}, err
		}
		bcfg.Player = bp
	}
	if !f.noSpaceCheck {
		bcfg.FreeSpace = freeSpace
	}
	return bcfg, nil
}

// statsDeals reads the list of deals of a stats run: --deals, or the file
// (or standard input, for -) of --deals-file; exactly one of them.
func statsDeals(s streams, f statsFlags) (*batch.DealList, error) {
	var list *batch.DealList
	var err error
	switch {
	case f.deals != "" && f.dealsFile != "":
		return nil, badInput("give --deals or --deals-file, not both")
	case f.deals != "":
		if list, err = batch.ParseDeals(f.deals); err != nil {
			err = fmt.Errorf("--deals: %w", err)
		}
	case f.dealsFile != "":
		var r io.Reader
		var done func()
		r, done, err = openInput(s, f.dealsFile)
		if err != nil {
			return nil, err
		}
		name := f.dealsFile
		if name == "-" {
			name = "standard input"
		}
		list, err = batch.ReadDeals(r, name)
		done()
	default:
		return nil, badInput("give the deals to decide: --deals A-B (such as 1-100000) or --deals-file FILE")
	}
	if err != nil {
		return nil, usageError{err}
	}
	return list, nil
}

// statsOut sets where the results of a stats run go, in bcfg, and says
// where the summary goes: standard error when the results go to standard
// output. A symbolic link is followed: its file is written (and resumed),
// and the link stays. A pipe, a device or a descriptor of this process
// (/dev/stdout, "-") is opened and written as it is; closeOut closes it.
func statsOut(ctx context.Context, s streams, f statsFlags, bcfg *batch.Config) (report io.Writer, closeOut func(), err error) {
	report, closeOut = s.out, func() {}
	if f.out == "" {
		return report, closeOut, nil
	}
	t := outfile.Resolve(f.out)
	if !t.Stream() {
		bcfg.Out = t.Path
		return report, closeOut, nil
	}
	if f.retryUnknown {
		return nil, nil, badInput("cannot retry the unknown deals of %s: it is not a regular file, and a retry rewrites the results file", f.out)
	}
	of, err := outfile.OpenStream(ctx, t)
	if err != nil {
		return nil, nil, outError(ctx, "--out", err)
	}
	bcfg.OutStream = of
	if sameAsStdout(of, s.out) {
		report = s.err // the results are on standard output
	}
	return report, func() { of.Close() }, nil
}

// runRunner decides the deals of an opened stats run, with its progress
// bar (unless quiet), printing its notes, those of opening and those that
// come up on the way. A failure to write the results file, or its being replaced, is an
// ioFailure.
// ran is what a stats run did: its result, and whether the context
// stopped it before every deal was done.
type ran struct {
	*batch.Result
	stopped bool
	header  batch.Header // the run's header, as its results file has it
}

// progressOf is how a stats run shows its progress: the deals it has
// decided (batch.Config.Progress), or nothing with --quiet.
type progressOf struct {
	decided *atomic.Int64
	quiet   bool
}

func runRunner(ctx context.Context, s streams, runner *batch.Runner, pr progressOf) (ran, error) {
	notes := len(runner.Notes())
	for _, n := range runner.Notes() {
		fmt.Fprintln(s.err, "patience: note: "+oneLine(n))
	}
	bar := statsProgress(s, runner, pr)
	res, err := runner.Run(ctx)
	bar.stop()
	for _, n := range runner.Notes()[notes:] {
		fmt.Fprintln(s.err, "patience: note: "+oneLine(n))
	}
	var we *batch.WriteError
	var re *batch.ReplacedError
	var te *batch.TruncatedError
	switch {
	case errors.As(err, &we) || errors.As(err, &re) || errors.As(err, &te):
		return ran{res, false, runner.Header()}, ioFailure{err}
	case game.Stopped(err):
		return ran{res, true, runner.Header()}, nil
	}
	return ran{res, false, runner.Header()}, err
}

// statsReport prints the summary of the stats run res to report,
// and draws --plot; an interrupted run says so on stderr, and ends in the
// exit code of the signal.
func statsReport(ctx context.Context, s streams, report io.Writer, f statsFlags, res ran) error {
	h := res.header
	if res.stopped {
		fmt.Fprintf(s.err, "patience: interrupted: %s of %s deals done; run the same command again to go on\n",
			thousands(int64(res.Done)), thousands(int64(res.Total)))
		if f.out == "" {
			fmt.Fprintln(s.err, "patience: without --out the finished deals are not kept")
		}
	}
	info := runInfo{header: h, planned: res.Total, interrupted: res.stopped}
	if err := printReport(report, f.format, info, res.Summary.Report()); err != nil {
		return err
	}
	if f.plot != "" {
		if err := writePlot(ctx, f.plot, res.Summary, plotTitle(h)); err != nil {
			return err
		}
	}
	if res.stopped {
		return interrupted{signalOf(ctx)}
	}
	return nil
}

func summaryFiles(s streams, cmd *cobra.Command, args []string, f statsFlags) error {
	if len(args) == 0 {
		return badInput("--summary needs results files: patience stats --summary FILE...")
	}
	for _, name := range []string{"deals", "deals-file", "out", "shard", "retry-unknown", "workers", "max-nodes", "timeout", "memory", "no-returns", "no-space-check", "force"} {
		if cmd.Flags().Changed(name) {
			return badInput("--summary reads results files: --%s does not apply", name)
		}
	}
	if err := oneStdin(args...); err != nil {
		return err
	}
	if err := checkPlot(f.plot, "", args); err != nil {
		return err
	}
	// A file may be a pipe that nothing writes yet: a signal stops the
	// wait.
	ctx := cmd.Context()
	type summarized struct {
		sum *batch.Summary
		fi  batch.FilesInfo
	}
	r, err, stopped := abandonable(ctx, func() (summarized, error) {
		sum, fi, err := batch.SummarizeFiles(args, batch.ReadStdin(s.in))
		return summarized{sum, fi}, err
	})
	if stopped {
		return stoppedWaiting(signalOf(ctx), "for the results files to be read")
	}
	if err != nil {
		return usageError{err}
	}
	sum, fi := r.sum, r.fi
	for _, n := range fi.Notes {
		fmt.Fprintln(s.err, "patience: note: "+oneLine(n))
	}
	h := fi.Header
	info := runInfo{header: h, files: args, planned: fi.Planned}
	if err := printReport(s.out, f.format, info, sum.Report()); err != nil {
		return err
	}
	if f.plot != "" {
		return writePlot(ctx, f.plot, sum, plotTitle(h))
	}
	return nil
}

// statsProgress shows the progress bar of a stats run, when stderr is a
// terminal and not --quiet: deals done of the total (of this run, resumed
// deals aside), deals per second, the time left, and the running win rate.
func statsProgress(s streams, r *batch.Runner, pr progressOf) *progress {
	p0 := r.Snapshot()
	return startProgress(s, pr.quiet, progressSpec{
		total: int64(p0.Total - p0.Resumed),
		unit:  "deals",
		count: true,
		rate:  true,
		poll: func() (int64, string) {
			return pr.decided.Load(), describeProgress(r.Snapshot())
		},
	})
}

func describeProgress(p batch.Snapshot) string {
	w, l := p.Count.Solvable, p.Count.Unsolvable
	d := "win -"
	if w+l > 0 {
		d = "win " + wording.Percent(float64(w)/float64(w+l), 0)
	}
	if u := p.Count.Unknown; u > 0 {
		d += fmt.Sprintf(", %s unknown", thousands(int64(u)))
	}
	if p.Resumed > 0 {
		d += fmt.Sprintf(" (%s resumed)", thousands(int64(p.Resumed)))
	}
	return d
}

// runInfo says what a report is about.
type runInfo struct {
	header      batch.Header
	files       []string // for a summary of files
	planned     uint64   // deals in the run, 0 if not known
	interrupted bool
}

// reportJSON is the JSON form of a summary, of kind "summary".
type reportJSON struct {
	rules.DocHeader
	Game  string `json:"game"`
	Rules struct {
		Returns bool `json:"returns"`
	} `json:"rules"`
	DealsList   string   `json:"deals_list"`
	Shard       string   `json:"shard,omitempty"`
	MaxNodes    int64    `json:"max_nodes"`
	Timeout     string   `json:"timeout,omitempty"`
	Files       []string `json:"files,omitempty"`
	Planned     uint64   `json:"planned,omitempty"`
	Interrupted bool     `json:"interrupted,omitempty"`
	batch.Report
}

func printReport(w io.Writer, format string, info runInfo, r batch.Report) error {
	if format == "csv" {
		return writeReportCSV(w, info, r)
	}
	h := info.header
	if format == "json" {
		j := reportJSON{DocHeader: game.SummaryDocument.Header(), Game: h.Game.String(), DealsList: h.Deals, MaxNodes: h.MaxNodes,
			Files: info.files, Planned: info.planned, Interrupted: info.interrupted, Report: r}
		j.Rules.Returns = h.Options.Returns(h.Game)
		if info.files == nil {
			j.Shard = h.Shard.String()
		}
		if h.Timeout > 0 {
			j.Timeout = h.Timeout.String()
		}
		if j.Hardest == nil {
			j.Hardest = []batch.HardDeal{}
		}
		if r.Player != nil {
			pr := *r.Player
			pr.Name = h.Player
			if h.Samples > 0 {
				seed := h.Seed
				pr.Samples, pr.Seed = h.Samples, &seed
			}
			j.Report.Player = &pr
		}
		b, err := json.Marshal(j)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	writeReport(w, info, r)
	return nil
}

// writeReport writes the summary for people.
func writeReport(w io.Writer, info runInfo, r batch.Report) {
	writeReportHead(w, info, r)
	tw := max(len(thousands(int64(r.Deals))), 5)
	fmt.Fprintf(w, "  deals       %*s\n", tw, thousands(int64(r.Deals)))
	fmt.Fprintf(w, "  solvable    %*s\n", tw, thousands(int64(r.Solvable)))
	fmt.Fprintf(w, "  unsolvable  %*s\n", tw, thousands(int64(r.Unsolvable)))
	fmt.Fprintf(w, "  unknown     %*s\n", tw, thousands(int64(r.Unknown)))
	fmt.Fprintln(w)
	if r.Deals == 0 {
		fmt.Fprintln(w, "No deals decided yet.")
		return
	}
	fmt.Fprintf(w, "Win rate of the decided deals: %s\n", wording.RateText(r.WinRate))
	if r.Unknown > 0 {
		fmt.Fprintf(w, "  if every unknown were a loss: %s\n", wording.RateText(r.IfUnknownLost))
		fmt.Fprintf(w, "  if every unknown were a win:  %s\n", wording.RateText(r.IfUnknownWon))
	}
	fmt.Fprintln(w)
	writePlayerReport(w, info.header, r)
	writeDistributions(w, r)
	writeHardest(w, r.Hardest)
}

// writeReportHead writes the report's title, rules and budget, and whether
// the run is whole.
func writeReportHead(w io.Writer, info runInfo, r batch.Report) {
	h := info.header
	deals := h.Deals
	if len(deals) > 60 {
		deals = deals[:57] + "..."
	}
	fmt.Fprintf(w, "%s, deals %s", h.Game.Title(), deals)
	switch {
	case len(info.files) > 1:
		fmt.Fprintf(w, " (from %d files)", len(info.files))
	case len(info.files) == 0 && h.Shard != batch.Whole:
		fmt.Fprintf(w, ", shard %s", h.Shard)
	}
	fmt.Fprintln(w)
	budget := "max " + thousands(h.MaxNodes) + " positions per deal"
	if h.Timeout > 0 {
		budget += ", " + h.Timeout.String() + " per deal"
	}
	if h.Game == rules.RussianCell {
		onoff := "on"
		if !h.Options.Returns(h.Game) {
			onoff = "off"
		}
		fmt.Fprintf(w, "Rules: foundation returns %s. Budget: %s. Verdicts assume all cards are known.\n", onoff, budget)
	} else {
		fmt.Fprintf(w, "Budget: %s.\n", budget)
	}
	switch {
	case info.interrupted:
		fmt.Fprintf(w, "Interrupted: %s of %s deals done.\n", thousands(int64(r.Deals)), thousands(int64(info.planned)))
	case len(info.files) > 0 && info.planned > uint64(r.Deals):
		whose := "the file's header declares"
		if len(info.files) > 1 {
			whose = "the files' headers declare"
		}
		fmt.Fprintf(w, "Incomplete: %s of the %s deals %s.\n", thousands(int64(r.Deals)), thousands(int64(info.planned)), whose)
	}
	fmt.Fprintln(w)
}

// writePlayerReport writes how the player of a run with --player did, if
// it had one.
func writePlayerReport(w io.Writer, h batch.Header, r batch.Report) {
	pr := r.Player
	if pr == nil {
		return
	}
	who := h.Player
	if h.Samples > 0 && h.Player != "greedy" {
		who = fmt.Sprintf("%s (%d samples, seed %d)", h.Player, h.Samples, h.Seed)
	}
	fmt.Fprintf(w, "Player %s, who cannot see the face-down cards:\n", who)
	fmt.Fprintf(w, "  won:                     %s\n", wording.RateText(pr.WinRate))
	fmt.Fprintf(w, "  all cards known:         %s\n", wording.RateText(r.WinRate))
	fmt.Fprintf(w, "  winnable deals it won:   %s\n", wording.RateText(pr.WinnableWon))
	if pr.Timed > 0 {
		fmt.Fprintf(w, "  a game, on average:      %.1f moves, %s s\n", *pr.MovesPerGame, secondsText(*pr.SecondsPerGame))
	}
	if pr.Timed < pr.Played {
		fmt.Fprintf(w, "  (the length and time of %s games are not recorded: their lines were written before they were)\n", thousands(int64(pr.Played-pr.Timed)))
	}
	fmt.Fprintln(w)
}

// writeDistributions writes the table of positions, seconds and moves, and
// the share of forced moves.
func writeDistributions(w io.Writer, r batch.Report) {
	rows := [][]string{{"", "mean", "median", "p99", "max"}}
	row := func(name string, d batch.Dist, f func(float64) string) {
		rows = append(rows, []string{name, f(d.Mean), f(d.Median), f(d.P99), f(d.Max)})
	}
	count := func(x float64) string { return thousands(int64(math.Round(x))) }
	mean := func(x float64) string { return fmt.Sprintf("%.1f", x) }
	row("positions", r.Nodes, count)
	rows[len(rows)-1][1] = thousandsF(r.Nodes.Mean)
	row("seconds", r.Seconds, secondsText)
	if r.Moves.Count > 0 {
		row("moves (won)", r.Moves, count)
		rows[len(rows)-1][1] = mean(r.Moves.Mean)
	}
	if r.Forced.Count > 0 {
		row("forced (won)", r.Forced, count)
		rows[len(rows)-1][1] = mean(r.Forced.Mean)
	}
	writeTable(w, rows)
	fmt.Fprintln(w, "  (median and p99 are exact below 2048, within 0.4% above)")
	switch {
	case r.Forced.Count > 0:
		fmt.Fprintf(w, "  %.1f%% of the moves of wins were forced (the only move the solver considered)", 100*r.ForcedShare)
		if r.Forced.Count < r.Moves.Count {
			fmt.Fprintf(w, "; %s of %s wins record it", thousands(int64(r.Forced.Count)), thousands(int64(r.Moves.Count)))
		}
		fmt.Fprintln(w)
	case r.Moves.Count > 0:
		fmt.Fprintln(w, "  (these results do not record forced moves: an older patience wrote them)")
	}
	fmt.Fprintln(w)
}

// writeHardest writes the table of the hardest deals.
func writeHardest(w io.Writer, hardest []batch.HardDeal) {
	if len(hardest) > 0 {
		fmt.Fprintf(w, "The %d hardest deals, by positions searched:\n", len(hardest))
		rows := [][]string{{"deal", "verdict", "positions", "seconds", "moves", "forced"}}
		for _, d := range hardest {
			mv, fo := "-", "-"
			if d.Verdict == solver.Solvable {
				mv = fmt.Sprint(d.Moves)
			}
			if d.Forced != nil {
				fo = fmt.Sprint(*d.Forced)
			}
			rows = append(rows, []string{d.Number, d.Verdict.String(), thousands(d.Nodes), secondsText(d.Seconds), mv, fo})
		}
		writeTable(w, rows)
	}
}

// writeTable writes rows with the first column left-aligned and the others
// right-aligned, indented by two spaces.
func writeTable(w io.Writer, rows [][]string) {
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len(c))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		b.WriteString("  ")
		for i, c := range r {
			if i == 0 {
				fmt.Fprintf(&b, "%-*s", width[i], c)
			} else {
				fmt.Fprintf(&b, "  %*s", width[i], c)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

func thousandsF(x float64) string {
	if x < 100 {
		return fmt.Sprintf("%.1f", x)
	}
	return thousands(int64(math.Round(x)))
}

func secondsText(x float64) string {
	switch {
	case x == 0:
		return "0"
	case x < 0.001:
		return fmt.Sprintf("%.6f", x)
	case x < 1:
		return fmt.Sprintf("%.4f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// statsPlayer reads --player, --samples and --seed for stats: the player
// that plays every deal, or nil (with a note) for the sampled player on
// Ripple Fan, whose rate is the rate with all cards known.
func statsPlayer(s streams, cmd *cobra.Command, g rules.Game, scfg solver.Config, f playerFlags) (*player.Config, error) {
	one := scfg
	one.Workers = 1
	pc, err := f.config(cmd, one)
	if err != nil {
		return nil, err
	}
	if g == rules.RippleFan && pc.Kind != player.Greedy {
		fmt.Fprintf(s.err, "patience: note: Ripple Fan deals every card face up, so the %s player sees every card and wins exactly the deals that can be won: its win rate is the win rate with all cards known below; no game is played\n", pc.Kind)
		return nil, nil
	}
	return &pc, nil
}
