// Package testgames holds what the tests of several packages share: deals,
// a game lost at a known move, checks of error messages, and the check of
// a package's list of errors (CheckErrors). It is plain
// data and checks built on rules and dealgen alone, so that the tests of
// every package above them (solver, sample, player, batch, the front
// ends) can import it without a cycle.
package testgames

import (
	"errors"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// Deal returns deal n of game g.
func Deal(g rules.Game, n uint64) *rules.Position { return dealgen.Deal(g, dealgen.FromUint64(n)) }

// lost617 is a game of Russian Cell deal 617 that follows a win for five
// moves, then plays KD t5>t1, after which the game cannot be won with
// every card known: the losing move is the last. (Built once by playing a
// win of the search and trying each legal move after the fifth; the tests
// that use it check that the last move loses.)
var lost617 = []string{"JH t2>t3", "QS t2>t5", "2C t7>t2", "3C t2>t7", "6C t1>c1", "KD t5>t1"}

// Lost617 returns the start of Russian Cell deal 617 and a game from it
// whose last move loses: before it the game can be won, after it not.
func Lost617(t testing.TB) (*rules.Position, []rules.Move) {
	t.Helper()
	start := Deal(rules.RussianCell, 617)
	moves := make([]rules.Move, len(lost617))
	for i, s := range lost617 {
		m, err := rules.ParseMove(s)
		if err != nil {
			t.Fatalf("move %d of the lost game: %v", i+1, err)
		}
		moves[i] = m
	}
	if _, err := rules.Replay(start, rules.DefaultOptions(), moves); err != nil {
		t.Fatalf("the lost game of deal 617: %v", err)
	}
	return start, moves
}

// OneLine fails t unless msg, an error's message, is one line with
// something on it.
func OneLine(t testing.TB, msg string) {
	t.Helper()
	if strings.TrimSpace(msg) == "" || strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("error message %q is not one line", msg)
	}
}

// CheckInvalid fails t unless err, of what, is a
// *rules.InvalidPositionError holding rules.Problems.
func CheckInvalid(t testing.TB, what string, err error) {
	t.Helper()
	var ip *rules.InvalidPositionError
	var ps rules.Problems
	if !errors.As(err, &ip) || !errors.As(err, &ps) || len(ps) == 0 {
		t.Errorf("%s: error %v (%T), want a *rules.InvalidPositionError holding rules.Problems", what, err, err)
	}
}

// FuzzNames fuzzes parse, a reader of names (a place, a kind of document,
// a label), from seeds: parse never panics; its error is one line, and one
// that refused accepts (nil for any); a value it reads is one that valid
// accepts, and write writes it as text that parse reads back as the same
// value, and as the text read itself when exact.
func FuzzNames[T comparable](f *testing.F, seeds []string, parse func(string) (T, error), write func(T) string, valid func(T) bool, exact bool, refused func(error) bool) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parse(s)
		if err != nil {
			OneLine(t, err.Error())
			if refused != nil && !refused(err) {
				t.Fatalf("%q is refused with %v, not the error wanted", s, err)
			}
			return
		}
		if !valid(v) {
			t.Fatalf("%q reads as %v, not a value of the kind", s, v)
		}
		text := write(v)
		if exact && text != s {
			t.Fatalf("%q reads as %v, which writes %q", s, v, text)
		}
		if again, err := parse(text); err != nil || again != v {
			t.Fatalf("%q reads as %v; %q reads back as %v, %v", s, v, text, again, err)
		}
	})
}
