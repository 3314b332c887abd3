package dealgen_test

import (
	"math/big"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// TestErrorsListed: the package comment's section "Errors" lists every
// error the package declares, and each is provoked here and matched with
// errors.As (testgames.CheckErrors).
func TestErrorsListed(t *testing.T) {
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "*rules.ParseError", Match: testgames.As[*rules.ParseError](), Words: `bad deal number "0": deals start at 1, 0 is not a deal`,
			Provoke: func(*testing.T) error { _, err := dealgen.ParseNumber("0"); return err }},
		{Name: "*NumberError", Match: testgames.As[*dealgen.NumberError](), Words: "bad deal number 0: deals start at 1",
			Provoke: func(*testing.T) error { _, err := dealgen.FromBig(big.NewInt(0)); return err }},
		{Name: "*NotThatDeal", Match: testgames.As[*dealgen.NotThatDeal](),
			Provoke: func(*testing.T) error {
				return dealgen.CheckLabel(dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617)), dealgen.FromUint64(618))
			}},
	})
}
