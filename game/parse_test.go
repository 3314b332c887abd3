package game_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// parseFuncs lists, by go/doc, the exported functions of the libraries
// whose name starts with Parse, as "package.Func".
func parseFuncs(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, ld := range libraryDocs(t) {
		d := ld.pkg
		for _, f := range d.Funcs {
			if strings.HasPrefix(f.Name, "Parse") {
				names = append(names, d.Name+"."+f.Name)
			}
		}
		for _, ty := range d.Types {
			for _, f := range ty.Funcs {
				if strings.HasPrefix(f.Name, "Parse") {
					names = append(names, d.Name+"."+f.Name)
				}
			}
		}
	}
	return names
}

// TestParseErrors: every ParseX of the libraries refuses text that is not
// an X with a *rules.ParseError naming what it read and the text, in the
// words it always had. The table must name every such function: one added
// without a row fails the test.
func TestParseErrors(t *testing.T) {
	type row struct {
		what, input, words string
		call               func(s string) error
	}
	rows := map[string]row{
		"rules.ParseGame": {"game", "chess", `unknown game "chess": use russian-cell or ripple-fan`,
			func(s string) error { _, err := rules.ParseGame(s); return err }},
		"rules.ParseSuit": {"suit", "X", `unknown suit "X"`,
			func(s string) error { _, err := rules.ParseSuit(s); return err }},
		"rules.ParseCard": {"card", "1X", `unknown card "1X": bad rank`,
			func(s string) error { _, err := rules.ParseCard(s); return err }},
		"rules.ParseLoc": {"location", "t14", `unknown location "t14": use t1..t13, c1, c2 or f`,
			func(s string) error { _, err := rules.ParseLoc(s); return err }},
		"rules.ParseMove": {"move", "5C t3>t14", `bad move "5C t3>t14": unknown location "t14": use t1..t13, c1, c2 or f`,
			func(s string) error { _, err := rules.ParseMove(s); return err }},
		"rules.ParseKind": {"document kind", "memo", `"memo" is not a kind of document of package rules (position, solution, results)`,
			func(s string) error { _, err := rules.ParseKind(s); return err }},
		"rules.ParseBoard": {"board", "Chess\n", `line 1: not a position: want JSON (starting with "{") or a text board whose first line names the game, as in "Russian Cell, deal 617"; got "Chess"`,
			func(s string) error { _, _, err := rules.ParseBoard(s); return err }},
		"rules.ParseBoardOf": {"board", "t1: XX\n", `line 1: t1: unknown card "XX": bad rank`,
			func(s string) error { _, _, err := rules.ParseBoardOf(s, rules.RussianCell); return err }},
		"dealgen.ParseNumber": {"deal number", "0", `bad deal number "0": deals start at 1, 0 is not a deal`,
			func(s string) error { _, err := dealgen.ParseNumber(s); return err }},
		"solver.ParseStopReason": {"stop reason", "bored", `not a stop reason: "bored"`,
			func(s string) error { _, err := solver.ParseStopReason(s); return err }},
		"player.ParseKind": {"player", "chess", `unknown player "chess": use sampled or greedy`,
			func(s string) error { _, err := player.ParseKind(s); return err }},
		"catalogue.Parse": {"catalogue", "", "not a catalogue: no header line",
			func(s string) error { _, err := catalogue.Parse([]byte(s)); return err }},
		"catalogue.ParseDifficulty": {"difficulty", "Hard", `unknown difficulty "Hard": use easy, medium, hard or very-hard`,
			func(s string) error { _, err := catalogue.ParseDifficulty(s); return err }},
		"batch.ParseDeals": {"deals", "5-1", `bad range "5-1": it runs backwards (5 is more than 1)`,
			func(s string) error { _, err := batch.ParseDeals(s); return err }},
		"batch.ParseShard": {"shard", "5/2", `bad shard "5/2": shards are numbered from 0 to 1`,
			func(s string) error { _, err := batch.ParseShard(s); return err }},
		"batch.ParseHeader": {"results header", `{"patience":"results"}`, `bad results header: no "version"`,
			func(s string) error { _, err := batch.ParseHeader([]byte(s)); return err }},
		"batch.ParseRecord": {"result line", `{"number":"617"}`, `no "verdict" in a result line`,
			func(s string) error { _, err := batch.ParseRecord([]byte(s)); return err }},
		"game.ParseKind": {"document kind", "memo", `"memo" is not a kind of document of the application (play, hint, review, share, summary)`,
			func(s string) error { _, err := game.ParseKind(s); return err }},
	}
	funcs := parseFuncs(t)
	for _, name := range funcs {
		if _, ok := rows[name]; !ok {
			t.Errorf("%s has no row in TestParseErrors", name)
		}
	}
	for name, r := range rows {
		if !slices.Contains(funcs, name) {
			t.Errorf("the row %s names no ParseX of the libraries", name)
			continue
		}
		err := r.call(r.input)
		var pe *rules.ParseError
		if !errors.As(err, &pe) || pe.What != r.what || pe.Input != r.input {
			t.Errorf("%s(%q): %#v, want a *rules.ParseError of a %s", name, r.input, err, r.what)
			continue
		}
		if err.Error() != r.words {
			t.Errorf("%s(%q): %q, want %q", name, r.input, err, r.words)
		}
	}
}
