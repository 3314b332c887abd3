package catbuild

import (
	"strings"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestErrorsListed provokes each refusal of Build, ReadLabels and
// Labels.Apply that catbuild's package comment lists, one row each
// (testgames.CheckErrors); TestBuildErrors and TestReadLabelsErrors
// check their fields.
func TestErrorsListed(t *testing.T) {
	S, U := solver.Solvable, solver.Unsolvable
	h := header("1-3")
	ok := func(name string) Input { return results(name, h, verdict(1, S), verdict(2, U), verdict(3, S)) }
	build := func(deals string, inputs ...Input) error {
		_, err := Build(rules.RussianCell, inputs, deals)
		return err
	}
	other := func(change func(*batch.Header)) Input {
		o := h
		change(&o)
		return results("b", o)
	}
	label := func(t *testing.T, unwinnable, unknown []uint64, change func(greedy *Input, sampled []Input) []Input) error {
		greedy, sampled := labelFiles()
		if change != nil {
			sampled = change(&greedy, sampled)
		}
		_, err := ReadLabels(deals1to4(t, unwinnable, unknown), greedy, sampled)
		return err
	}
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "rules.ErrNoGame", Match: testgames.Is(rules.ErrNoGame), Words: "unknown game game(0): use russian-cell or ripple-fan",
			Provoke: func(*testing.T) error { _, err := Build(0, []Input{ok("a")}, ""); return err }},
		{Name: "*GameError", Match: testgames.As[*GameError](), Words: "b holds ripple-fan results, not russian-cell",
			Provoke: func(*testing.T) error {
				return build("", ok("a"), other(func(o *batch.Header) { o.Game = rules.RippleFan }))
			}},
		{Name: "*PlayerError", Match: testgames.As[*PlayerError](),
			Provoke: func(*testing.T) error { return build("", other(func(o *batch.Header) { o.Player = "greedy" })) }},
		{Name: "*RulesError", Match: testgames.As[*RulesError](),
			Provoke: func(*testing.T) error {
				return build("", ok("a"), other(func(o *batch.Header) { o.Options = rules.Options{NoReturns: true} }))
			}},
		{Name: "*DealsError", Match: testgames.As[*DealsError](),
			Provoke: func(*testing.T) error { return build("", ok("a"), other(func(o *batch.Header) { o.Deals = "1-5" })) }},
		{Name: "*RangeError", Match: testgames.As[*RangeError](),
			Provoke: func(*testing.T) error { return build("1-2,5", ok("a")) }},
		{Name: "*ConflictError", Match: testgames.As[*ConflictError](),
			Provoke: func(*testing.T) error { return build("", ok("a"), results("b", h, verdict(2, S))) }},
		{Name: "*MissingError", Match: testgames.As[*MissingError](),
			Provoke: func(*testing.T) error { return build("", results("a", h, verdict(2, S))) }},
		{Name: "*SeedError", Match: testgames.As[*SeedError](),
			Provoke: func(t *testing.T) error {
				return label(t, nil, nil, func(*Input, []Input) []Input {
					return []Input{results("s4", playerHeader("2-3", "sampled", 10, 4))}
				})
			}},
		{Name: "*UndecidedError", Match: testgames.As[*UndecidedError](),
			Provoke: func(t *testing.T) error { return label(t, nil, []uint64{2}, nil) }},
		{Name: "*VerdictError", Match: testgames.As[*VerdictError](),
			Provoke: func(t *testing.T) error { return label(t, []uint64{3}, nil, nil) }},
		{Name: "*UnsampledError", Match: testgames.As[*UnsampledError](),
			Provoke: func(t *testing.T) error {
				return label(t, nil, nil, func(_ *Input, s []Input) []Input { return s[1:] })
			}},
		{Name: "*StartError", Match: testgames.As[*StartError](),
			Provoke: func(t *testing.T) error {
				greedy, sampled := labelFiles()
				l, err := ReadLabels(deals1to4(t, nil, nil), greedy, sampled)
				if err != nil {
					return err
				}
				from2, err := catalogue.New(rules.RussianCell, rules.DefaultOptions(), 2, 4, nil, []uint64{4}, nil)
				if err != nil {
					return err
				}
				_, err = l.Apply(from2)
				return err
			}},
		{Name: "*batch.FileError", Match: testgames.As[*batch.FileError](),
			Provoke: func(*testing.T) error {
				return build("", ReaderInput("bad", strings.NewReader(string(h.AppendJSON(nil))+"\nnot a line\n")))
			}},
	})
}
