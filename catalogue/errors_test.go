package catalogue_test

import (
	"testing"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// TestErrorsListed: a difficulty of no deal, data that is no catalogue
// and a catalogue of no game fail as catalogue's package comment says
// (testgames.CheckErrors).
func TestErrorsListed(t *testing.T) {
	rf := catalogue.For(rules.RippleFan, rules.DefaultOptions())
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "ErrNoDifficulty", Match: testgames.Is(catalogue.ErrNoDifficulty),
			Words:   "a Ripple Fan deal has no difficulty: every card is face up, so a player who does not peek sees them all",
			Provoke: func(*testing.T) error { return catalogue.WhyNoDifficulty(rules.RippleFan, rf, catalogue.Hard) }},
		{Name: "*rules.ParseError", Match: testgames.As[*rules.ParseError](), Words: "not a catalogue: no header line",
			Provoke: func(*testing.T) error { _, err := catalogue.Parse(nil); return err }},
		{Name: "rules.ErrNoGame", Match: testgames.Is(rules.ErrNoGame), Words: "unknown game game(0): use russian-cell or ripple-fan",
			Provoke: func(*testing.T) error {
				_, err := catalogue.New(0, rules.DefaultOptions(), 1, 4, []uint64{1}, nil, nil)
				return err
			}},
	})
}
