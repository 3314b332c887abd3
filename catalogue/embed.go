package catalogue

import (
	"embed"
	"fmt"
	"sync"

	"github.com/patience-solver/patience/rules"
)

// files holds the shipped catalogues, data/GAME.cat, as written by
// `patience catalogue build` (see docs/commands.md).
//
//go:embed data
var files embed.FS

var shipped = sync.OnceValues(func() (map[rules.Game]*Catalogue, error) {
	m := map[rules.Game]*Catalogue{}
	for _, g := range rules.Games() {
		data, err := files.ReadFile("data/" + g.String() + ".cat")
		if err != nil {
			continue // none shipped for this game
		}
		c, err := Parse(data)
		if err != nil {
			return nil, fmt.Errorf("the shipped catalogue of %s: %w", g, err)
		}
		if c.Game != g {
			return nil, fmt.Errorf("the shipped catalogue data/%s.cat is of %s", g, c.Game)
		}
		m[g] = c
	}
	return m, nil
})

// For returns the shipped catalogue that answers for game g under rules
// options o (see Applies), or nil when none does. The catalogues are read
// on the first call.
func For(g rules.Game, o rules.Options) *Catalogue {
	m, err := shipped()
	if err != nil {
		panic(err) // a damaged build; TestShipped reads them all
	}
	if c := m[g]; c.Applies(g, o) {
		return c
	}
	return nil
}
