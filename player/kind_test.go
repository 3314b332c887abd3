package player

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/patience-solver/patience/internal/testgames"
)

// TestParseKind: the players offered read back from their names; a player
// that was measured and removed is refused with a *RemovedError that says
// so and names the commit that plays it; any other name with a plain error.
func TestParseKind(t *testing.T) {
	for _, k := range Kinds() {
		if back, err := ParseKind(" " + strings.ToUpper(k.String())); err != nil || back != k {
			t.Errorf("ParseKind(%q) = %v, %v", k, back, err)
		}
	}
	for _, name := range []string{"reveal", "adaptive", "rollout", "conditioned"} {
		_, err := ParseKind(name)
		var re *RemovedError
		if !errors.As(err, &re) || re.Name != name || len(re.Commit) != 7 || !strings.Contains(err.Error(), "was removed") {
			t.Errorf("ParseKind(%q): %v, want a *RemovedError", name, err)
		}
		// The command line prints it as one line of at most 300
		// characters, "patience: " first.
		if n := utf8.RuneCountInString(err.Error()); n > 290 || strings.ContainsAny(err.Error(), "_\n") {
			t.Errorf("ParseKind(%q): a message of %d characters, or with a placeholder or a line break: %q", name, n, err)
		}
	}
	for _, name := range []string{"", "clever", "sampled2"} {
		_, err := ParseKind(name)
		var re *RemovedError
		if err == nil || errors.As(err, &re) || !strings.Contains(err.Error(), "use sampled or greedy") {
			t.Errorf("ParseKind(%q): %v, want an unknown player", name, err)
		}
	}
}

// FuzzParseKind: ParseKind never panics; a name it reads is a player of
// Kinds whose String reads back as the same player, and an error is one
// line.
func FuzzParseKind(f *testing.F) {
	seeds := []string{"sampled", " GREEDY ", "greedy\n", "reveal", "", "player(3)", "sampled greedy", "\xff"}
	offered := func(k Kind) bool { return slices.Contains(Kinds(), k) }
	testgames.FuzzNames(f, seeds, ParseKind, Kind.String, offered, false, nil)
}
