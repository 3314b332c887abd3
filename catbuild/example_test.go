package catbuild_test

import (
	"fmt"
	"io"
	"os"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/catbuild"
	"github.com/patience-solver/patience/rules"
)

// A catalogue of Russian Cell deals 1-60 from the two shard files of one
// run of `patience stats`, each opened when its turn comes.
func ExampleBuild() {
	var inputs []catbuild.Input
	for _, name := range []string{"testdata/rc-0.jsonl", "testdata/rc-1.jsonl"} {
		inputs = append(inputs, catbuild.Input{Name: name, Open: func() (io.ReadCloser, error) { return os.Open(name) }})
	}
	c, err := catbuild.Build(rules.RussianCell, inputs, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Describe())
	fmt.Println(c.Count(catalogue.Winnable), "winnable,", c.Count(catalogue.Unwinnable), "not; deal 7:", c.LookupUint64(7))
	// Output:
	// Russian Cell deals 1..60, solved by patience (devel)
	// 54 winnable, 6 not; deal 7: unsolvable
}
