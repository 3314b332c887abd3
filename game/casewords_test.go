package game_test

import (
	"fmt"
	"go/ast"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
)

// TestCaseWords: every HintCase and CheckCase prints as a word of its own,
// never as a number, and the tables here name every constant that go/doc
// finds declared with each type (a new case without a word fails).
func TestCaseWords(t *testing.T) {
	hints := map[string]fmt.Stringer{"HintStopped": game.HintStopped, "HintWon": game.HintWon, "HintNext": game.HintNext,
		"HintDetour": game.HintDetour, "HintNoDetour": game.HintNoDetour, "HintLost": game.HintLost,
		"HintUndecided": game.HintUndecided, "HintNoMove": game.HintNoMove, "HintOnlyBack": game.HintOnlyBack,
		"HintHopeless": game.HintHopeless, "HintAllSeen": game.HintAllSeen, "HintNoFresh": game.HintNoFresh}
	checks := map[string]fmt.Stringer{"CheckNone": game.CheckNone, "CheckWins": game.CheckWins, "CheckIllegal": game.CheckIllegal,
		"CheckNoWin": game.CheckNoWin, "CheckWinAgainstVerdict": game.CheckWinAgainstVerdict, "CheckNoMoves": game.CheckNoMoves,
		"CheckWinAgainstOutcome": game.CheckWinAgainstOutcome, "CheckLost": game.CheckLost, "CheckStopped": game.CheckStopped}
	_, d := testgames.PackageDoc(t, ".", "github.com/patience-solver/patience/game")
	for typ, table := range map[string]map[string]fmt.Stringer{"HintCase": hints, "CheckCase": checks} {
		var declared []string
		for _, ty := range d.Types {
			if ty.Name != typ {
				continue
			}
			for _, c := range ty.Consts {
				for _, spec := range c.Decl.Specs {
					for _, n := range spec.(*ast.ValueSpec).Names {
						declared = append(declared, n.Name)
					}
				}
			}
		}
		if len(declared) == 0 {
			t.Fatalf("go/doc finds no constant of type %s", typ)
		}
		for _, name := range declared {
			if table[name] == nil {
				t.Errorf("%s.%s has no row here: add it", typ, name)
			}
		}
		seen := map[string]string{}
		for name, v := range table {
			if !slices.Contains(declared, name) {
				t.Errorf("%s: no constant %s is declared", typ, name)
			}
			w := v.String()
			switch {
			case w == "" || strings.ContainsFunc(w, unicode.IsDigit):
				t.Errorf("%s prints %q: want a word, not a number", name, w)
			case seen[w] != "":
				t.Errorf("%s and %s both print %q", name, seen[w], w)
			}
			seen[w] = name
		}
	}
	if s := game.HintCase(-1).String(); s != "HintCase(-1)" {
		t.Errorf("a hint case out of range prints %q", s)
	}
	if s := game.CheckCase(99).String(); s != "CheckCase(99)" {
		t.Errorf("a check case out of range prints %q", s)
	}
}
