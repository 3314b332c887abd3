package dealgen_test

import (
	"math/big"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// TestErrorsListed: a deal number that does not read, one that is no
// deal and a position of another deal fail with the types the package
// comment lists, and it lists every type the package declares
// (testgames.CheckErrors).
func TestErrorsListed(t *testing.T) {
	zero, deal617 := big.NewInt(0), dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "*rules.ParseError", Match: testgames.As[*rules.ParseError](), Words: `bad deal number "0": deals start at 1, 0 is not a deal`,
			Provoke: func(*testing.T) error { _, err := dealgen.ParseNumber("0"); return err }},
		{Name: "*NumberError", Match: testgames.As[*dealgen.NumberError](), Words: "bad deal number 0: deals start at 1",
			Provoke: func(*testing.T) error { _, err := dealgen.FromBig(zero); return err }},
		{Name: "*NotThatDeal", Match: testgames.As[*dealgen.NotThatDeal](),
			Provoke: func(*testing.T) error { return dealgen.CheckLabel(deal617, dealgen.FromUint64(618)) }},
	})
}
