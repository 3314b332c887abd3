package rules

import (
	"strings"
	"testing"
)

func TestReadMoves(t *testing.T) {
	want := []Move{
		{Card: MustCard("5C"), From: T(2), To: T(5)},
		{Card: MustCard("AH"), From: C(0), To: F},
	}
	for name, in := range map[string]string{
		"json list":  `[{"card":"5C","from":"t3","to":"t6"},{"card":"AH","from":"c1","to":"f"}]`,
		"strings":    `["5C t3>t6", "AH c1>f"]`,
		"solution":   `{"game":"russian-cell","number":"1","verdict":"solvable","moves":[{"card":"5C","from":"t3","to":"t6"},{"card":"AH","from":"c1","to":"f"}]}`,
		"notation":   "5C t3>t6\nAH c1>f\n",
		"spaces":     "# what I played\n\n5c t3 t6\nah c1 f\n",
		"solve text": " 1. 5C t3>t6     5C and the card on it onto 6C\n 2. AH c1>f       AH from cell 1 to the foundation\n",
	} {
		got, err := ReadMoves(strings.NewReader(in))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
			t.Fatalf("%s: got %v, want %v", name, got, want)
		}
	}
	for name, in := range map[string]string{
		"bad card":     "5X t3>t6\n",
		"bad location": "5C t0>t6\n",
		"one field":    "5C\n",
		"bad json":     `[{"card":"5C","from":"t3"}]`,
		"truncated":    `[{"card":"5C",`,
		"not a list":   `{"moves": 3}`,
		"bad string":   `["5C t3>t6", "AH"]`,
		"mixed list":   `["5C t3>t6", {"card":"AH","from":"c1","to":"f"}]`,
		"position":     `{"game":"russian-cell","tableau":[]}`,
		"results file": `{"patience":"results","game":"russian-cell"}` + "\n" + `{"number":"1","verdict":"solvable"}`,
	} {
		if _, err := ReadMoves(strings.NewReader(in)); err == nil {
			t.Errorf("%s: accepted %q", name, in)
		}
	}
}

// endless is a reader that never ends: a source such as /dev/zero.
type endless struct{ read int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '\n'
	}
	e.read += int64(len(p))
	return len(p), nil
}

// TestReadMovesTooLarge: input larger than MaxInputSize is refused after
// reading little more than that, however long it goes on.
func TestReadMovesTooLarge(t *testing.T) {
	src := &endless{}
	_, err := ReadMoves(src)
	if err == nil || !strings.Contains(err.Error(), "input larger than 1 MiB") {
		t.Errorf("got %v", err)
	}
	if src.read > 2*MaxInputSize {
		t.Errorf("read %d bytes, far more than the cap", src.read)
	}
}
