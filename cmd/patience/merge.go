package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/solver/batch"
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
		RunE: func(cmd *cobra.Command, args []string) error { return runMerge(s, o, args) },
	}
	cmd.Flags().StringVar(&o.format, "format", "text", "summary format: text or json")
	cmd.Flags().StringVar(&o.out, "out", "", "write the merged results file to FILE")
	cmd.Flags().BoolVar(&o.force, "force", false, "replace --out even if it is not a results file of the same run")
	cmd.Flags().StringVar(&o.plot, "plot", "", "draw the running win rate and the distribution of effort to FILE.svg")
	return cmd
}

// runMerge runs merge with its flags parsed into o, on the results files
// args: it checks them and prints the combined summary, and with --out
// writes the merged file (mergeOut). A signal stops it, leaving --out as
// it was.
func runMerge(s streams, o mergeOptions, args []string) error {
	if err := checkFormat(o.format, "text", "json"); err != nil {
		return err
	}
	if err := checkPlot(o.plot, o.out, args); err != nil {
		return err
	}
	if err := oneStdin(args...); err != nil {
		return err
	}
	for _, a := range args {
		if o.out != "" && a != "-" && sameFile(a, o.out) {
			return badInput("--out %s is one of the files to merge: write the merged file elsewhere", o.out)
		}
	}
	ctx, signalled, stop := stopOnSignal()
	defer stop()
	var m *batch.Merged
	var err error
	var stopped bool
	report := s.out
	if o.out == "" {
		m, err, stopped = abandonable(ctx, func() (*batch.Merged, error) { return batch.Merge(args, nil, batch.ReadStdin(s.in)) })
	} else {
		m, report, stopped, err = mergeOut(ctx, s, args, o.out, o.force, signalled)
	}
	if stopped {
		return mergeStopped(s, o.out, signalled())
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
		return writePlot(o.plot, m.Summary, plotTitle(m.Header))
	}
	return nil
}

// mergeStopped says on stderr that signal sig stopped the merge, and that
// --out out (unless it is a stream, or not given) is as it was, and ends
// in the exit code of the signal.
func mergeStopped(s streams, out string, sig syscall.Signal) error {
	if t := resolveOut(out); out != "" && !t.stream() {
		fmt.Fprintf(s.err, "patience: merge stopped by %s: --out %s is as it was\n", sigName(sig), out)
	} else {
		fmt.Fprintf(s.err, "patience: merge stopped by %s\n", sigName(sig))
	}
	return interrupted{sig}
}

// replaceable checks, before the merged results h replace the existing
// file held (nil if there is none) at out, that it is empty or holds
// results of the same run, unless force.
func replaceable(held *batch.Held, out string, h batch.Header, force bool) error {
	if held == nil || force || held.Empty() {
		return nil
	}
	have, err := held.Header()
	if err != nil {
		return badInput("--out %s exists and is not a results file: give --force to replace it, or another --out", out)
	}
	if d := have.Diff(&h, false, true); len(d) > 0 {
		return badInput("--out %s holds results of another run (its %s is %s, the merged files' is %s): give --force to replace it, or another --out", out, d[0].Field, d[0].Have, d[0].Want)
	}
	return nil
}

// beforeReplace, when set (by tests), is called by merge --out once the
// merged file is written, before it replaces --out, while --out is held.
var beforeReplace func()

// mergeOut merges the files names into out, and says where the summary
// goes (standard error when the results go to standard output), or that a
// signal stopped it. A regular file (or a new one) is held from the start
// (batch.Hold: no stats run can start on it), written whole to a new file
// beside it, and replaced by it once replaceable accepts its header; a
// symbolic link is followed, and its file replaced. A pipe, a device or a
// descriptor (/dev/stdout, "-") is written as it is.
func mergeOut(ctx context.Context, s streams, names []string, out string, force bool, sig func() syscall.Signal) (m *batch.Merged, report io.Writer, stopped bool, err error) {
	report = s.out
	t := resolveOut(out)
	if t.stream() {
		f, err := openStream(ctx, t, "--out", out, sig)
		if err != nil {
			return nil, report, false, err
		}
		defer f.Close()
		if sameAsStdout(f, s.out) {
			report = s.err
		}
		m, err, stopped = abandonable(ctx, func() (*batch.Merged, error) { return batch.Merge(names, f, batch.ReadStdin(s.in)) })
		if stopped || err != nil {
			return nil, report, stopped, mergeWriteError(out, err)
		}
		if err := f.Close(); err != nil {
			return nil, report, false, mergeWriteError(out, err)
		}
		return m, report, false, nil
	}
	// Held, as stats holds it, from before the first byte until it is
	// replaced: a new file is made empty to be held.
	held, err := batch.Hold(t.path)
	if err != nil {
		return nil, report, false, usageError{err}
	}
	if held == nil {
		return nil, report, false, badInput("--out %s became a pipe or a device as merge began: run it again", out)
	}
	defer held.Release()
	tmp, err := held.CreateTemp()
	if err != nil {
		held.Abandon()
		return nil, report, false, badInput("cannot write --out %s: %v", out, err)
	}
	m, err, stopped = abandonable(ctx, func() (*batch.Merged, error) {
		m, err := batch.Merge(names, tmp, batch.ReadStdin(s.in))
		if err == nil {
			err = replaceable(held, out, m.Header, force)
		}
		if err == nil && beforeReplace != nil {
			beforeReplace()
		}
		return m, err
	})
	if stopped || err != nil {
		held.RemoveTemp()
		held.Abandon()
		return nil, report, stopped, mergeWriteError(out, err)
	}
	if err := held.Replace(); err != nil {
		held.Abandon()
		return nil, report, false, mergeWriteError(out, err)
	}
	return m, report, false, nil
}

// mergeWriteError says what stopped merge writing out: a problem with the
// files merged, or with --out, as it is; or a failure to write, naming
// out (never a temporary file).
func mergeWriteError(out string, err error) error {
	var probs batch.ResultsProblems
	var fe *batch.FileError
	var ue usageError
	if err == nil || errors.As(err, &probs) || errors.As(err, &fe) || errors.As(err, &ue) {
		return err
	}
	return ioFailure{fmt.Errorf("cannot write --out %s: %v", out, batch.Pathless(err))}
}

func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
