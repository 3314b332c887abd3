package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/solver/batch"
)

func newMergeCommand(s streams) *cobra.Command {
	var format, out, plot string
	var force bool
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Check and combine the results files of a sharded run",
		Long: `merge reads results files written by "patience stats --shard i/n --out FILE"
and checks that they are the shards of one run: their headers must agree on
game, deals, rules and budget, and every deal of the declared list must be in
exactly one file. Then it prints the combined summary, as stats does.

Each problem is one line on stderr, worst first (at most 10), with exit code
2: a file named twice, a header that does not match, a shard with no file,
missing deals, duplicated deals (with, before them, shards that split the
deals in different ways). A shard that was stopped early has missing deals:
rerun its stats command to finish it.

--out FILE writes the merged results file: one header (shard 0/1) and every
result line. Files made by different builds of patience merge, with a note
on stderr; the merged header names every build. Files of results format
version 1 merge with those of version 2: the merged file is then of version
2, and their lines get the run's tag. An existing FILE is replaced only if
it holds results of the same run (an earlier merge, say), or with --force;
never while a stats run is writing it.`,
		Example: `  patience merge rc-0.jsonl rc-1.jsonl rc-2.jsonl rc-3.jsonl
  patience merge rc-*.jsonl --out rc.jsonl --format json
  patience merge rf-*.jsonl --plot rf.svg`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badInput("missing FILE: give the results files of the shards, e.g. patience merge rc-*.jsonl")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			if err := checkPlot(plot, out, args); err != nil {
				return err
			}
			for _, a := range args {
				if out != "" && sameFile(a, out) {
					return badInput("--out %s is one of the files to merge: write the merged file elsewhere", out)
				}
			}
			var m *batch.Merged
			var err error
			if out == "" {
				m, err = batch.Merge(args, nil)
			} else {
				// Locked as stats locks it, until it is replaced.
				held, herr := batch.Hold(out)
				if herr != nil {
					return usageError{herr}
				}
				defer held.Release()
				m, err = mergeTo(args, out, func(h batch.Header) error { return replaceable(held, out, h, force) })
			}
			var probs batch.ResultsProblems
			var fe *batch.FileError
			switch {
			case errors.As(err, &probs), errors.As(err, &fe):
				return usageError{err}
			case err != nil:
				return err
			}
			for _, n := range m.Notes {
				fmt.Fprintln(s.err, "patience: note: "+oneLine(n))
			}
			info := runInfo{header: m.Header, files: args}
			if err := printReport(s.out, format, info, m.Summary.Report()); err != nil {
				return err
			}
			if plot != "" {
				return writePlot(plot, m.Summary, plotTitle(m.Header))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "summary format: text or json")
	cmd.Flags().StringVar(&out, "out", "", "write the merged results file to FILE")
	cmd.Flags().BoolVar(&force, "force", false, "replace --out even if it is not a results file of the same run")
	cmd.Flags().StringVar(&plot, "plot", "", "draw the running win rate and the distribution of effort to FILE.svg")
	return cmd
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

// mergeTo merges into a new file, written whole before it replaces any
// file of that name, once check has accepted its header. A name that is
// not a regular file (a device such as /dev/null, or a pipe) is written
// directly.
func mergeTo(names []string, out string, check func(batch.Header) error) (*batch.Merged, error) {
	if st, err := os.Stat(out); err == nil && !st.Mode().IsRegular() {
		return mergeInto(names, out)
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), filepath.Base(out)+".merge-*")
	if err != nil {
		return nil, fmt.Errorf("cannot write --out: %v", err)
	}
	defer os.Remove(tmp.Name())
	m, err := batch.Merge(names, tmp)
	var probs batch.ResultsProblems
	var fe *batch.FileError
	if err != nil && (errors.As(err, &probs) || errors.As(err, &fe)) {
		tmp.Close()
		return nil, err // a problem with the files merged
	}
	if err == nil {
		if cerr := check(m.Header); cerr != nil {
			tmp.Close()
			return nil, cerr
		}
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), out)
	}
	if err != nil {
		return nil, ioFailure{fmt.Errorf("cannot write --out %s: %v", out, err)}
	}
	return m, nil
}

// mergeInto merges into out, which is not a regular file, as it is.
func mergeInto(names []string, out string) (*batch.Merged, error) {
	f, err := os.OpenFile(out, os.O_WRONLY, 0)
	if err != nil {
		return nil, ioFailure{fmt.Errorf("cannot write --out: %v", err)}
	}
	m, err := batch.Merge(names, f)
	var probs batch.ResultsProblems
	var fe *batch.FileError
	if err != nil && (errors.As(err, &probs) || errors.As(err, &fe)) {
		f.Close()
		return nil, err
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, ioFailure{fmt.Errorf("cannot write --out %s: %v", out, err)}
	}
	return m, nil
}

func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
