//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/patience-solver/patience/internal/outfile"
)

// outputCase is one flag of one command that names a file the command
// writes, and how to run the command so that it would write it: args,
// with OUT where the output goes and IN where an input is read.
type outputCase struct {
	args []string
	// stdinArgs run the command with "-" among its inputs, standard input
	// redirected from OUT; nil for a command that reads no input.
	stdinArgs []string
	// dir: OUT is a folder (web), and the file held is a file in it.
	dir bool
}

// outputCases are every output of every command: TestEveryOutputGuarded
// fails on an output flag not here, so that a new writer is checked too.
var outputCases = map[string]outputCase{
	"stats --out": {
		args:      []string{"stats", "ripple-fan", "--deals", "1-20", "--quiet", "--out", "OUT"},
		stdinArgs: []string{"stats", "ripple-fan", "--deals-file", "-", "--quiet", "--out", "OUT"},
	},
	"stats --plot": {
		args:      []string{"stats", "ripple-fan", "--deals", "1-20", "--quiet", "--plot", "OUT"},
		stdinArgs: []string{"stats", "ripple-fan", "--deals-file", "-", "--quiet", "--plot", "OUT"},
	},
	"merge --out": {
		args:      []string{"merge", "IN", "--out", "OUT"},
		stdinArgs: []string{"merge", "-", "--out", "OUT"},
	},
	"merge --plot": {
		args:      []string{"merge", "IN", "--plot", "OUT"},
		stdinArgs: []string{"merge", "-", "--plot", "OUT"},
	},
	"catalogue build --out": {
		args:      []string{"catalogue", "build", "ripple-fan", "IN", "-o", "OUT"},
		stdinArgs: []string{"catalogue", "build", "ripple-fan", "-", "-o", "OUT", "--force"},
	},
	"catalogue label --out": {
		args:      []string{"catalogue", "label", "russian-cell", "IN", "-o", "OUT"},
		stdinArgs: []string{"catalogue", "label", "russian-cell", "IN", "--catalogue", "-", "-o", "OUT"},
	},
	"web --out": {args: []string{"web", "--out", "OUT"}, dir: true},
}

// outputFlags lists the flags of every command (below root) that name a
// file the command writes: those called out or plot.
func outputFlags(root *cobra.Command) []string {
	var found []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Name == "out" || f.Name == "plot" || strings.Contains(f.Usage, "to write") {
				found = append(found, strings.TrimPrefix(c.CommandPath(), "patience ")+" --"+f.Name)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	sort.Strings(found)
	return found
}

// TestEveryOutputGuarded walks every command that writes a file, and for
// each output checks that it goes through the one output routine: a file
// that a running stats holds (locked as stats locks its results file) is
// refused and left as it was, and so is the file that standard input is
// redirected from, when the command reads "-" (standard input is spooled
// by some commands: the check is of standard input itself).
func TestEveryOutputGuarded(t *testing.T) {
	var keys []string
	for k := range outputCases {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if got := outputFlags(newRoot(streams{in: strings.NewReader(""), out: io.Discard, err: io.Discard})); !slices.Equal(got, keys) {
		t.Fatalf("the commands' output flags are %q, the cases %q: add a case for each new output", got, keys)
	}
	dir := t.TempDir()
	f := func(name string) string { return filepath.Join(dir, name) }
	// Inputs: a Ripple Fan results file, and the greedy player's games of
	// Russian Cell deal 1, which it wins, for label.
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-20", "--out", f("rf.jsonl"), "--quiet")
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-1", "--player", "greedy", "--out", f("rc.jsonl"), "--quiet", "--workers", "1")
	held := []byte("a file that a running stats holds\n")
	for _, name := range keys {
		c := outputCases[name]
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			in := f("rf.jsonl")
			if strings.HasPrefix(name, "catalogue label") {
				in = f("rc.jsonl")
			}
			// A file a running stats holds.
			out := f("held-" + strings.ReplaceAll(name, " ", "_"))
			target := out
			if c.dir {
				if err := os.Mkdir(out, 0o755); err != nil {
					t.Fatal(err)
				}
				target = filepath.Join(out, "app.js")
			} else if strings.HasSuffix(name, "--plot") {
				out += ".svg"
				target = out
			}
			if err := os.WriteFile(target, held, 0o644); err != nil {
				t.Fatal(err)
			}
			lf, err := os.OpenFile(target, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			unlock, err := outfile.Lock(lf)
			if err != nil {
				t.Fatal(err)
			}
			r := cliRun(t, "1\n", fill(c.args, in, out)...)
			unlock()
			lf.Close()
			if r.code != exitUsage || !strings.Contains(r.stderr, "is being written by another patience run") {
				t.Errorf("%s on a file a running stats holds: %v", name, r)
			}
			if b, _ := os.ReadFile(target); !bytes.Equal(b, held) {
				t.Errorf("%s replaced a file a running stats holds: now %.60q", name, b)
			}
			if c.stdinArgs == nil {
				return
			}
			// The file standard input is redirected from.
			out = f("stdin-" + strings.ReplaceAll(name, " ", "_"))
			if strings.HasSuffix(name, "--plot") {
				out += ".svg"
			}
			src := in
			if strings.HasPrefix(name, "catalogue label") {
				src = f("label.cat")
				r := cliRun(t, "", "catalogue", "label", "russian-cell", in, "-o", src)
				if r.code != exitOK {
					t.Fatalf("catalogue label: %v", r)
				}
			} else if strings.HasPrefix(name, "stats") {
				src = f("deals.txt")
				if err := os.WriteFile(src, []byte("1-5\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			copyFile(t, src, out)
			before := cliReadFileBytes(t, out)
			stdin, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			cmd := exec.Command(binary(t), fill(c.stdinArgs, in, out)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, &stdout, &stderr
			err = cmd.Run()
			if code := cmd.ProcessState.ExitCode(); code != exitUsage || !strings.Contains(stderr.String(), "--") {
				t.Errorf("%s with standard input redirected from it: exit %d (%v), stderr %q", name, code, err, stderr.String())
			}
			if !bytes.Equal(cliReadFileBytes(t, out), before) {
				t.Errorf("%s replaced the file standard input is redirected from", name)
			}
		})
	}
}

// TestStdoutIsAnInput: an output of "-" (standard output) redirected to
// one of the inputs (">> in") is refused, the input left as it was.
func TestStdoutIsAnInput(t *testing.T) {
	dir := t.TempDir()
	in := shardsOf(t, dir, "1-200")
	before := cliReadFileBytes(t, in[0])
	for _, args := range [][]string{
		{"merge", in[0], in[1], "--out", "-"},
		{"catalogue", "build", "ripple-fan", in[0], in[1], "-o", "-"},
	} {
		out, err := os.OpenFile(in[0], os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(binary(t), args...)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = out, &stderr
		cmd.Run()
		out.Close()
		if code := cmd.ProcessState.ExitCode(); code != exitUsage || !strings.Contains(stderr.String(), "is one of the files the command reads") {
			t.Errorf("%q >> %s: exit %d, stderr %q", args, in[0], code, stderr.String())
		}
		if !bytes.Equal(cliReadFileBytes(t, in[0]), before) {
			t.Fatalf("%q >> %s changed the input", args, in[0])
		}
	}
}

// fill puts in and out in args for IN and OUT.
func fill(args []string, in, out string) []string {
	r := slices.Clone(args)
	for i, a := range r {
		switch a {
		case "IN":
			r[i] = in
		case "OUT":
			r[i] = out
		}
	}
	return r
}
