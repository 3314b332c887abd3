package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/internal/outfile"
)

// mergeOptions are the flags of merge.
type mergeOptions struct {
	format, out, plot string
	force             bool
}

// mergeLong and mergeExample are the help of merge.
const mergeLong = `merge reads results files written by "patience stats --shard i/n --out FILE"
and checks that they are the shards of one run: their headers must agree on
game, deals, rules and budget, and every deal of the declared list must be in
exactly one file. Then it prints the combined summary, as stats does. A
FILE of - is standard input (one FILE at most): it is copied first to a
temporary file, removed at once, and refused if that would leave less than
32 MB free there (set TMPDIR to copy it elsewhere).

Each problem is one line on stderr, worst first (at most 10), with exit code
2: a file named twice, a header that does not match, a shard with no file,
missing deals, duplicated deals (with, before them, shards that split the
deals in different ways). A shard that was stopped early has missing deals:
rerun its stats command to finish it. Shards beyond the number of deals (a
count of 10^9 for 1,000 deals, say) hold none and need no file.

--out FILE writes the merged results file: one header (shard 0/1) and every
result line. Files made by different builds of patience merge, with a note
on stderr; the merged header names every build. Files of results format
version 1 merge with those of version 2: the merged file is then of version
2, and their lines get the run's tag. An existing FILE is replaced only if
it holds results of the same run (an earlier merge, say), or with --force;
never while a stats run is writing it. FILE is locked as stats locks it
until it is replaced (a new FILE is made empty meanwhile), so no stats run
starts on it; the merged file is written beside it and renamed over it,
with the umask's permissions or those of the old FILE. A symbolic link is
followed and stays; - or /dev/stdout writes the results to standard
output (the summary then goes to stderr), and a pipe or device is written
as it is. Ctrl-C, SIGTERM, SIGHUP or SIGQUIT stops the merge, leaves FILE
as it was, and exits 128 plus the signal's number. The input files may be
pipes, such as <(cat FILE) or /dev/stdin.`

const mergeExample = `  patience merge rc-0.jsonl rc-1.jsonl rc-2.jsonl rc-3.jsonl
  patience merge rc-*.jsonl --out rc.jsonl --format json
  patience merge rf-*.jsonl --plot rf.svg`

// newMergeCommand makes the merge command, which checks and combines the
// results files of the shards of a run.
func newMergeCommand(s streams) *cobra.Command {
	var o mergeOptions
	cmd := &cobra.Command{
		Use:     "merge FILE...",
		Short:   "Check and combine the results files of a sharded run",
		Long:    mergeLong,
		Example: mergeExample,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badInput("missing FILE: give the results files of the shards, e.g. patience merge rc-*.jsonl")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runMerge(cmd.Context(), s, o, args) },
	}
	cmd.ValidArgsFunction = onlyFiles
	formatFlag(cmd, &o.format, "summary format: text or json", textOrJSON)
	cmd.Flags().StringVar(&o.out, "out", "", "write the merged results file to FILE")
	cmd.Flags().BoolVar(&o.force, "force", false, "replace --out even if it is not a results file of the same run")
	cmd.Flags().StringVar(&o.plot, "plot", "", "draw the running win rate and the distribution of effort to FILE.svg")
	return cmd
}

// runMerge runs merge with its flags parsed into o, on the results files
// args: it checks them and prints the combined summary, and with --out
// writes the merged file through the one output routine (writeOut): a
// file of another run is replaced only with --force. A signal stops it,
// leaving --out as it was.
func runMerge(ctx context.Context, s streams, o mergeOptions, args []string) error {
	if err := checkFormat(o.format, textOrJSON); err != nil {
		return err
	}
	if err := checkPlot(o.plot, o.out, args); err != nil {
		return err
	}
	if err := oneStdin(args...); err != nil {
		return err
	}
	var m *batch.Merged
	var err error
	var stopped bool
	report := s.out
	if o.out == "" {
		m, err, stopped = abandonable(ctx, func() (*batch.Merged, error) { return batch.Merge(args, nil, batch.ReadStdin(s.in)) })
		if stopped {
			err = interrupted{signalOf(ctx)}
		}
	} else {
		err = writeOut(ctx, "--out", o.out, outfile.Options{Inputs: args, Check: func(old *os.File) error {
			return replaceable(old, o.out, m.Header, o.force)
		}}, func(f *os.File) error {
			if sameAsStdout(f, s.out) {
				report = s.err // the results are on standard output
			}
			m, err = batch.Merge(args, f, batch.ReadStdin(s.in))
			return err
		})
	}
	var ie interrupted
	if errors.As(err, &ie) {
		return mergeStopped(s, o.out, ie)
	}
	var probs batch.ResultsProblems
	var fe *batch.FileError
	switch {
	case errors.As(err, &probs), errors.As(err, &fe), errors.As(err, new(usageError)):
		return usageError{err}
	case err != nil:
		return err
	}
	for _, n := range m.Notes {
		fmt.Fprintln(s.err, "patience: note: "+oneLine(n))
	}
	info := runInfo{header: m.Header, files: args}
	if err := printReport(report, o.format, info, m.Summary.Report()); err != nil {
		return err
	}
	if o.plot != "" {
		return writePlot(ctx, o.plot, m.Summary, plotTitle(m.Header))
	}
	return nil
}

// mergeStopped says on stderr that a signal (the error ie) stopped the
// merge, and that --out out (unless it is a stream, or not given) is as
// it was, and ends in the exit code of the signal.
func mergeStopped(s streams, out string, ie interrupted) error {
	if out != "" && !outfile.Resolve(out).Stream() {
		fmt.Fprintf(s.err, "patience: merge stopped by %s: --out %s is as it was\n", sigName(ie.sig), out)
	} else {
		fmt.Fprintf(s.err, "patience: merge stopped by %s\n", sigName(ie.sig))
	}
	return ie
}

// replaceable checks, before the merged results of header h replace the
// existing file old at out (non-empty), that it holds results of the same
// run, unless force.
func replaceable(old *os.File, out string, h batch.Header, force bool) error {
	if force {
		return nil
	}
	rd, err := batch.NewReader(old, out)
	if err != nil {
		return badInput("--out %s exists and is not a results file: give --force to replace it, or another --out", out)
	}
	have := rd.Header()
	if d := have.Diff(&h, false, true); len(d) > 0 {
		return badInput("--out %s holds results of another run (its %s is %s, the merged files' is %s): give --force to replace it, or another --out", out, d[0].Field, d[0].Have, d[0].Want)
	}
	return nil
}
