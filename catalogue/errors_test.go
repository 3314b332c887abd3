package catalogue_test

import (
	"testing"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// TestErrorsListed: the package comment's section "Errors" lists every
// error the package declares, and each is provoked here and matched with
// errors.Is or errors.As (testgames.CheckErrors), in its words where a row
// gives them.
func TestErrorsListed(t *testing.T) {
	rf := catalogue.For(rules.RippleFan, rules.DefaultOptions())
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "ErrNoDifficulty", Match: testgames.Is(catalogue.ErrNoDifficulty),
			Words:   "a Ripple Fan deal has no difficulty: every card is face up, so a player who does not peek sees them all",
			Provoke: func(*testing.T) error { return catalogue.WhyNoDifficulty(rules.RippleFan, rf, catalogue.Hard) }},
		{Name: "*rules.ParseError", Match: testgames.As[*rules.ParseError](), Words: "not a catalogue: no header line",
			Provoke: func(*testing.T) error { _, err := catalogue.Parse(nil); return err }},
	})
}
