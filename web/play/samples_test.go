package play

import (
	"fmt"
	"strings"
	"testing"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// TestSamplesChecked: the page's count of arrangements for a hint, "Can I
// still win?" and a review is held to game's range (game.CheckSamples),
// as the command line's --samples is; 0 is the default; and the story's
// count comes from game with the other defaults.
func TestSamplesChecked(t *testing.T) {
	pos := string(rules.MarshalPosition(testgames.Deal(rules.RussianCell, 617), ""))
	for _, n := range []int{-5, game.MaxSamples + 1} {
		for _, op := range []string{
			fmt.Sprintf(`{"op":"hint","position":%s,"hide":true,"samples":%d}`, pos, n),
			fmt.Sprintf(`{"op":"review","position":%s,"moves":["KS t5>c1"],"samples":%d}`, pos, n),
		} {
			var a any
			if e := ask(t, op, &a); !strings.Contains(e, fmt.Sprintf("must be 1 to %d, not %d", game.MaxSamples, n)) {
				t.Errorf("%.40s… with samples %d: %q", op, n, e)
			}
		}
	}
	var h HintAnswer
	if e := ask(t, fmt.Sprintf(`{"op":"hint","position":%s,"hide":true,"samples":3}`, pos), &h); e != "" || h.Of != 3 {
		t.Errorf("a hint over 3 arrangements: %q, %d", e, h.Of)
	}
	var d DefaultsAnswer
	if e := ask(t, `{"op":"defaults"}`, &d); e != "" || d.StorySamples != game.StorySamples || d.StorySamples == 0 {
		t.Errorf("defaults: %q, story samples %d", e, d.StorySamples)
	}
}
