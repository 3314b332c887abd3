package main

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzCommandLine runs the command line with arguments and standard input
// from the fuzzer, and checks docs/design.md §6 on whatever comes back: no
// panic; exit 0, 2, or 3 (check only), never an internal error; with exit
// 2, nothing on stdout and 1 to 10 lines on stderr, each "patience: " and a
// message; with exit 0 or 3, nothing on stderr.
//
// The arguments are the fuzzer's text split at single spaces (so empty
// arguments occur). Commands that write files (stats, merge, find) are left
// out, and so are arguments naming files outside the package directory
// (a "/" in them), so that the fuzzer reads nothing it should not (such as
// a terminal). solve and hint get a small node budget and one worker after
// the fuzzer's flags, so that every run is quick.
func FuzzCommandLine(f *testing.F) {
	f.Add("deal russian-cell 617", []byte{})
	f.Add("show ripple-fan #1,234 --format json", []byte{})
	f.Add("solve russian-cell 5 --format json --steps", []byte{})
	f.Add("solve ripple-fan --position - --no-returns", []byte("Ripple Fan\nt1: AC\n"))
	f.Add("hint russian-cell 617 --moves - -n 3", []byte("5C t3>t6\n"))
	f.Add("hint russian-cell --position - --moves -", []byte{})
	f.Add("check -", []byte(`{"game":"ripple-fan","number":"1","verdict":"solvable","moves":[{"card":"AH","from":"t1","to":"f"}]}`))
	f.Add("check - --format json", []byte(`{"game":"russian-cell","verdict":"solvable"}`))
	f.Add("deal russian-cell  ms0 --ascii=x", []byte{})
	f.Add("solve  rc -5 --timeout 1ns --memory 1", []byte{})
	f.Add("deal russian-cell 3 --hide --format json", []byte{})
	f.Add("solve russian-cell 3 --hide --samples 3 --seed 2 --max-nodes 2000", []byte{})
	f.Add("hint russian-cell 7 --hide --samples 2 --max-nodes 500 -n 2", []byte{})
	f.Add("hint russian-cell 7 --hide --samples 2 --max-nodes 500 --format json", []byte{})
	f.Add("hint ripple-fan 5 -n 2 --format json", []byte{})
	f.Add("solve ripple-fan 5 --shortest --max-nodes 2000 --format json", []byte{})
	f.Add("version", []byte{})
	f.Add("--version extra", []byte{})
	f.Add("check -", []byte(`{"game":"ripple-fan","number":"1","verdict":"unsolvable","moves":[],"solver":"v1.2.3+abc1234"}`))
	f.Add("help solve", []byte{})
	f.Add("--bogus", []byte{})
	f.Add("", []byte{})
	f.Fuzz(func(t *testing.T, line string, stdin []byte) {
		args := strings.Split(line, " ")
		if line == "" {
			args = nil
		}
		for _, a := range args {
			if strings.Contains(a, "/") {
				return
			}
		}
		var sink bytes.Buffer
		cmd, _, err := newRoot(streams{in: bytes.NewReader(nil), out: &sink, err: &sink}).Find(args)
		name := ""
		if err == nil {
			name = cmd.Name()
		}
		switch name {
		case "stats", "merge", "find":
			return
		case "solve", "hint":
			args = append(args, "--max-nodes", "3000", "--workers", "1")
		}
		var out, errw bytes.Buffer
		code := Main(args, bytes.NewReader(stdin), &out, &errw)
		switch {
		case code == exitUsage:
			if out.Len() != 0 {
				t.Fatalf("%q: exit 2 with stdout %q", args, out.String())
			}
			lines := strings.Split(strings.TrimSuffix(errw.String(), "\n"), "\n")
			if errw.Len() == 0 || !strings.HasSuffix(errw.String(), "\n") || len(lines) > 10 {
				t.Fatalf("%q: exit 2 with stderr %q", args, errw.String())
			}
			for _, l := range lines {
				msg, ok := strings.CutPrefix(l, "patience: ")
				if !ok || strings.TrimSpace(msg) == "" || strings.Contains(l, "internal error") {
					t.Fatalf("%q: stderr line %q", args, l)
				}
			}
		case code == exitOK || code == exitCheck && name == "check":
			if errw.Len() != 0 {
				t.Fatalf("%q: exit %d with stderr %q", args, code, errw.String())
			}
		default:
			t.Fatalf("%q: exit %d\nstdout %q\nstderr %q", args, code, out.String(), errw.String())
		}
	})
}
