package game_test

import (
	"strings"
	"testing"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
)

// FuzzParseKind: ParseKind never panics; a kind it reads is the Kind of
// the document it returns, which reads back the same, and an error is one
// line.
func FuzzParseKind(f *testing.F) {
	for _, s := range []string{"play", "hint", "review", "share", "summary", "position", "", "Play", " hint", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := game.ParseKind(s)
		if err != nil {
			testgames.OneLine(t, err.Error())
			return
		}
		if d.Kind() != s || d.Version() < 1 || strings.HasPrefix(d.String(), "Document(") {
			t.Fatalf("ParseKind(%q) = %v, of kind %q, version %d", s, d, d.Kind(), d.Version())
		}
		if again, err := game.ParseKind(d.Kind()); err != nil || again != d {
			t.Fatalf("ParseKind(%q) = %v; its kind reads as %v, %v", s, d, again, err)
		}
	})
}
