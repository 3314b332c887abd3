package solver

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestVerdictText: a Verdict in JSON is its word, as every document writes
// a verdict, and reads back; any other text is a *rules.ParseError.
func TestVerdictText(t *testing.T) {
	for _, v := range []Verdict{Unknown, Solvable, Unsolvable} {
		b, err := json.Marshal(struct{ V Verdict }{v})
		if want := `{"V":"` + v.String() + `"}`; err != nil || string(b) != want {
			t.Errorf("%v: %s, %v; want %s", v, b, err, want)
		}
		var back struct{ V Verdict }
		back.V = 7
		if err := json.Unmarshal(b, &back); err != nil || back.V != v {
			t.Errorf("%s read back: %v, %v", b, back.V, err)
		}
	}
	var v Verdict
	var pe *rules.ParseError
	if err := v.UnmarshalText([]byte("won")); !errors.As(err, &pe) || pe.Input != "won" {
		t.Errorf("\"won\": %v, want a *rules.ParseError", err)
	}
}
