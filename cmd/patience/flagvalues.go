package main

import (
	"errors"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/patience-solver/patience/catalogue"
)

// Every numeric flag of every command (--seed, --count, --samples,
// --max-nodes, ...) is read by one of the values below: decimal digits
// only, with no sign (no flag takes a negative number, and "+5" is not
// how the help writes one). pflag's own number flags also take 0x10,
// 0o20, 0b10000 and 1_000, which the error for a bad number ("want a
// whole number, written out") does not offer.
//
// An error of these values is strconv's own, or errSign, so that
// flagError puts it in words as it does for any number flag ("too large
// a number" when out of range).

// decimalUint64 is a uint64 flag that reads decimal digits.
type decimalUint64 uint64

func (v *decimalUint64) Set(s string) error {
	n, err := parseDecimalUint64(s)
	if err != nil {
		return err
	}
	*v = decimalUint64(n)
	return nil
}

func (v *decimalUint64) String() string { return strconv.FormatUint(uint64(*v), 10) }

// Type is pflag's name for a uint64 flag, which the help shows as "uint".
func (v *decimalUint64) Type() string { return "uint64" }

// decimalInt is an int flag that reads decimal digits, with no sign.
type decimalInt int

func (v *decimalInt) Set(s string) error {
	n, err := parseDecimalInt(s, strconv.IntSize)
	if err != nil {
		return err
	}
	*v = decimalInt(n)
	return nil
}

func (v *decimalInt) String() string { return strconv.Itoa(int(*v)) }
func (v *decimalInt) Type() string   { return "int" }

// decimalInt64 is an int64 flag that reads decimal digits, with no sign.
type decimalInt64 int64

func (v *decimalInt64) Set(s string) error {
	n, err := parseDecimalInt(s, 64)
	if err != nil {
		return err
	}
	*v = decimalInt64(n)
	return nil
}

func (v *decimalInt64) String() string { return strconv.FormatInt(int64(*v), 10) }

// Type is pflag's name for an int64 flag, which the help shows as "int".
func (v *decimalInt64) Type() string { return "int64" }

// errSign is the error of a number flag given with a sign, "+5" or "-0".
var errSign = errors.New("a number flag takes no sign")

// parseDecimalUint64 reads an unsigned number written in decimal digits:
// no sign, base prefix (0x), underscore or exponent.
func parseDecimalUint64(s string) (uint64, error) {
	if signed(s) {
		return 0, errSign
	}
	return strconv.ParseUint(s, 10, 64)
}

// parseDecimalInt reads a number of bits bits written in decimal digits:
// no sign, base prefix, underscore or exponent. (The flags read so are
// never negative; a signed type keeps their checks simple.)
func parseDecimalInt(s string, bits int) (int64, error) {
	if signed(s) {
		return 0, errSign
	}
	return strconv.ParseInt(s, 10, bits)
}

// signed reports whether s is a sign, + or -, and decimal digits.
func signed(s string) bool {
	return len(s) > 1 && (s[0] == '+' || s[0] == '-') && !strings.ContainsFunc(s[1:], func(r rune) bool { return r < '0' || r > '9' })
}

// uint64Flag defines a uint64 flag of fs, read by parseDecimalUint64.
func uint64Flag(fs *pflag.FlagSet, p *uint64, name string, value uint64, usage string) {
	*p = value
	fs.Var((*decimalUint64)(p), name, usage)
}

// intFlag defines an int flag of fs (with a one-letter shorthand unless
// shorthand is ""), read by parseDecimalInt.
func intFlag(fs *pflag.FlagSet, p *int, name, shorthand string, value int, usage string) {
	*p = value
	fs.VarP((*decimalInt)(p), name, shorthand, usage)
}

// int64Flag defines an int64 flag of fs, read by parseDecimalInt.
func int64Flag(fs *pflag.FlagSet, p *int64, name string, value int64, usage string) {
	*p = value
	fs.Var((*decimalInt64)(p), name, usage)
}

// difficultyFlag reads the --difficulty flag of cmd: ok is false when it
// was not given. A value given must be one of the labels the help names,
// easy, medium, hard or very-hard, as they are written there; an empty
// one is an error, not "no difficulty".
func difficultyFlag(cmd *cobra.Command) (d catalogue.Difficulty, ok bool, err error) {
	f := cmd.Flags().Lookup("difficulty")
	if f == nil || !f.Changed {
		return catalogue.NoDifficulty, false, nil
	}
	d, err = catalogue.ParseDifficulty(f.Value.String())
	if err != nil {
		return catalogue.NoDifficulty, false, badInput("--difficulty %q: want easy, medium, hard or very-hard", f.Value.String())
	}
	return d, true, nil
}
