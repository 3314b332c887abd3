package dealgen_test

import (
	"fmt"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// A deal number, as a player reads it off PySolFC's title bar, becomes the
// starting layout of that deal.
func Example() {
	n, err := dealgen.ParseNumber("#617")
	if err != nil {
		fmt.Println(err)
		return
	}
	p := dealgen.Deal(rules.RussianCell, n)
	fmt.Print(rules.FormatBoard(p, n.String(), rules.BoardStyle{}))
	// Output:
	// Russian Cell, deal 617
	// Foundations:  C --   S --   H --   D --
	// Cells:        c1 --   c2 --
	// t1:  6C
	// t2:  [7D] 8D 3C QS 2S JH
	// t3:  [AD] [2D] 3D 8S 9C 4S QH
	// t4:  [5C] [AH] [AC] TC 7H 9H TS JD
	// t5:  [3S] [TD] [6D] [KH] KD 4D 7C 2H KS
	// t6:  [5S] [7S] [8H] [TH] [3H] 5H JS 6H 5D KC
	// t7:  [8C] [QD] [AS] [QC] [9D] [6S] 9S 4C 2C JC 4H
}

// ParseNumber's errors say what is wrong; each is a *NumberError.
func ExampleParseNumber() {
	for _, s := range []string{"12,345", "ms3000000000", "0", "MS5"} {
		n, err := dealgen.ParseNumber(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(n)
	}
	// Output:
	// 12345
	// ms3000000000
	// bad deal number "0": deals start at 1, 0 is not a deal
	// bad deal number "MS5": write an ms deal as lowercase ms and digits only, such as ms3000000000
}
