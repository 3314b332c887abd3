package main

import (
	"io"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// eachFlag calls f with every flag of every command under root, with the
// command's path.
func eachFlag(root *cobra.Command, f func(path string, fl *pflag.Flag)) {
	root.Flags().VisitAll(func(fl *pflag.Flag) { f(root.CommandPath(), fl) })
	for _, c := range root.Commands() {
		eachFlag(c, f)
	}
}

// TestNumberFlagsAreDecimal: every numeric flag of every command is read
// by the decimal values of flagvalues.go, so that none takes 0x10 or 1_000
// while the error for a bad number asks for a number written out.
func TestNumberFlagsAreDecimal(t *testing.T) {
	root := newRoot(streams{in: strings.NewReader(""), out: io.Discard, err: io.Discard})
	seen := map[string]bool{}
	eachFlag(root, func(path string, fl *pflag.Flag) {
		switch fl.Value.(type) {
		case *decimalUint64, *decimalInt, *decimalInt64:
			seen[fl.Name] = true
			return
		}
		switch fl.Value.Type() {
		case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "count":
			t.Errorf("%s --%s is a %s flag that pflag reads (0x10 and 1_000 too)", path, fl.Name, fl.Value.Type())
		}
	})
	// The flags the issue named, and others read the same way, are there
	// to be checked.
	for _, name := range []string{"seed", "samples", "judge-samples", "count", "min-length", "min-nodes", "workers", "max-nodes", "memory"} {
		if !seen[name] {
			t.Errorf("no command has a decimal --%s flag", name)
		}
	}
}

// TestNumberFlagsRefuseOtherForms: each command with a numeric flag
// refuses a base prefix, an underscore and an exponent, with the error
// that asks for a number written out, and takes decimal digits.
func TestNumberFlagsRefuseOtherForms(t *testing.T) {
	for _, args := range [][]string{
		{"deal", "russian-cell", "--random", "--seed"},
		{"solve", "russian-cell", "1", "--hide", "--seed"},
		{"solve", "russian-cell", "1", "--hide", "--samples"},
		{"hint", "russian-cell", "1", "-n"},
		{"hint", "russian-cell", "1", "--max-nodes"},
		{"play", "russian-cell", "1", "--player", "sampled", "--seed"},
		{"review", "russian-cell", "--seed"},
		{"review", "russian-cell", "--judge-samples"},
		{"stats", "russian-cell", "--deals", "1-2", "--player", "sampled", "--seed"},
		{"stats", "russian-cell", "--deals", "1-2", "--workers"},
		{"find", "russian-cell", "--count"},
		{"find", "russian-cell", "--min-nodes"},
		{"find", "russian-cell", "--memory"},
	} {
		flag := args[len(args)-1]
		if flag == "-n" {
			flag = "--count"
		}
		for _, v := range []string{"0x10", "0X10", "0o20", "020x", "0b10000", "1_000", "1e3", "16.0", " 16", "0x"} {
			r := cliRun(t, "", append(append([]string(nil), args...), v)...)
			want := "patience: " + flag + " \"" + v + "\": want a whole number, written out"
			if r.code != exitUsage || r.stdout != "" || !strings.HasPrefix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("%s %q: %v, want exit %d and %q", strings.Join(args, " "), v, r, exitUsage, want)
			}
		}
	}
	// A sign is refused, naming it: no number flag is negative, and
	// none takes "+5" (which --seed, an unsigned flag, refused alone).
	for _, args := range [][]string{
		{"deal", "russian-cell", "--random", "--seed"},
		{"hint", "russian-cell", "1", "-n"},
		{"find", "russian-cell", "--count"},
		{"find", "russian-cell", "--min-length"},
		{"find", "russian-cell", "--min-nodes"},
		{"find", "russian-cell", "--max-nodes"},
		{"find", "russian-cell", "--workers"},
		{"find", "russian-cell", "--memory"},
		{"solve", "russian-cell", "1", "--hide", "--samples"},
		{"review", "russian-cell", "--judge-samples"},
	} {
		flag := args[len(args)-1]
		if flag == "-n" {
			flag = "--count"
		}
		for v, want := range map[string]string{
			"+5":    `: no sign: write the number in decimal digits alone, as 5`,
			"+0005": `: no sign: write the number in decimal digits alone, as 5`,
			"+0":    `: no sign: write the number in decimal digits alone, as 0`,
			"-0":    `: no sign: the number is written in decimal digits alone, and cannot be negative`,
			"-12":   `: no sign: the number is written in decimal digits alone, and cannot be negative`,
		} {
			r := cliRun(t, "", append(append([]string(nil), args...), v)...)
			want = "patience: " + flag + " \"" + v + "\"" + want + "\n"
			if r.code != exitUsage || r.stdout != "" || r.stderr != want {
				t.Errorf("%s %q: %v, want exit %d and %q", strings.Join(args, " "), v, r, exitUsage, want)
			}
		}
	}
	// Digits are read as decimal, leading zeros and all.
	var u decimalUint64
	var i decimalInt
	var i64 decimalInt64
	for _, tc := range []struct {
		v    pflag.Value
		in   string
		want string
	}{
		{&u, "16", "16"}, {&u, "010", "10"}, {&u, "18446744073709551615", "18446744073709551615"},
		{&i, "7", "7"}, {&i, "010", "10"}, {&i64, "9223372036854775807", "9223372036854775807"},
	} {
		if err := tc.v.Set(tc.in); err != nil || tc.v.String() != tc.want {
			t.Errorf("%T.Set(%q): %q, %v; want %q", tc.v, tc.in, tc.v.String(), err, tc.want)
		}
	}
	for _, tc := range []struct {
		v  pflag.Value
		in string
	}{{&u, "-1"}, {&u, "+1"}, {&u, "18446744073709551616"}, {&i64, "9223372036854775808"}, {&i, ""}, {&u, "0x1"},
		{&i, "-7"}, {&i, "+7"}, {&i64, "-0"}, {&i64, "+1"}} {
		if err := tc.v.Set(tc.in); err == nil {
			t.Errorf("%T.Set(%q) took it: %s", tc.v, tc.in, tc.v.String())
		}
	}
}

// TestDifficultyFlag: deal --random and find take --difficulty as the help
// writes it (easy, medium, hard, very-hard) and refuse anything else,
// an empty value included, in one line that says what is taken.
func TestDifficultyFlag(t *testing.T) {
	for _, args := range [][]string{
		{"deal", "russian-cell", "--random"},
		{"find", "russian-cell"},
	} {
		for _, v := range []string{"", "veryhard", "very hard", "very_hard", "Hard", "HARD", " hard", "hard ", "none", "0"} {
			r := cliRun(t, "", append(append([]string(nil), args...), "--difficulty="+v)...)
			want := "patience: --difficulty \"" + v + "\": want easy, medium, hard or very-hard\n"
			if r.code != exitUsage || r.stdout != "" || r.stderr != want {
				t.Errorf("%s --difficulty=%q: %v, want %q", strings.Join(args, " "), v, r, want)
			}
		}
	}
	// An empty --difficulty without --random is not a missing one.
	if r := cliRun(t, "", "deal", "russian-cell", "1", "--difficulty="); r.code != exitUsage || !strings.Contains(r.stderr, "--difficulty") {
		t.Errorf("deal 1 --difficulty=: %v, want a refusal", r)
	}
	for _, v := range []string{"easy", "medium", "hard", "very-hard"} {
		r := cliRun(t, "", "deal", "russian-cell", "--random", "--seed", "3", "--difficulty", v, "--format", "json")
		if r.code != 0 || !strings.Contains(r.stdout, `"number"`) {
			t.Errorf("deal --random --difficulty %s: %v", v, r)
		}
		r = cliRun(t, "", "find", "russian-cell", "--difficulty", v, "--count", "1", "--quiet")
		if r.code != 0 || strings.Count(r.stdout, "\n") != 1 {
			t.Errorf("find --difficulty %s: %v", v, r)
		}
	}
}
