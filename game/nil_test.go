package game_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestNilAnswers: what game's calls give for nil (each panicked): Search
// refuses a nil position as solver.Solve does, and a config out of range
// with a *rules.ConfigError; the words of no review, no position or no
// error are none; a Request's negative settings are refused by the
// packages below with a *rules.ConfigError.
func TestNilAnswers(t *testing.T) {
	ctx := context.Background()
	if _, err := game.Search(ctx, nil, solver.Config{}); err == nil {
		t.Error("Search of no position: no error")
	} else {
		testgames.CheckInvalid(t, "Search of no position", err)
	}
	start := testgames.Deal(rules.RussianCell, 617)
	var ce *rules.ConfigError
	if _, err := game.Search(ctx, start, solver.Config{Workers: -1, MaxNodes: -1, MemoryMB: -1, Timeout: -time.Second}); !errors.As(err, &ce) {
		t.Errorf("Search with a negative config: %v", err)
	}
	if over, why := game.Over(nil, nil); !over || why != "No move is left." {
		t.Errorf("Over(nil) = %v, %q", over, why)
	}
	if k := game.KnownOf(rules.Options{}, nil, "617"); k != nil {
		t.Errorf("KnownOf of no position: %+v", k)
	}
	if _, err := game.SeenOf(nil, nil); !errors.Is(err, game.ErrNoPosition) {
		t.Errorf("SeenOf(nil): %v", err)
	}
	if _, err := game.SeenOf(start, []*rules.Position{start, nil}); !errors.Is(err, game.ErrNoPosition) {
		t.Errorf("SeenOf with a nil history position: %v", err)
	}
	if game.JudgementLines(nil, rules.Move{}) != nil || game.PlainJudgement(nil, true) != "" || game.Outcome(nil, "", "") != nil {
		t.Error("words for no review")
	}
	if d := game.ReviewDocOf(nil, rules.Options{}, "617", true); d.Game != "" || d.Moves != nil {
		t.Errorf("the document of no review: %+v", d)
	}
	if game.WrongDocumentWords(nil) != "" || !strings.HasPrefix(game.UnknownCards(nil), "0 face-down cards") {
		t.Error("words of no error, or of no position")
	}
	if l := game.FindInCatalogue(nil, catalogue.Winnable, 1, 5, nil); l != (game.Listed{}) {
		t.Errorf("FindInCatalogue of no catalogue: %+v", l)
	}
	c := catalogue.For(rules.RussianCell, rules.Options{})
	if l := game.FindInCatalogue(c, catalogue.Winnable, 1, 3, nil); l.Found != 3 {
		t.Errorf("FindInCatalogue with a nil emit: %+v", l)
	}
	var h game.Hint
	if h.BestLines("x") != nil || h.Doc("617", 5, true).Game != "" || h.ViewDoc("617", 5).Game != "" {
		t.Error("the zero Hint has words or a game")
	}
	if (&game.PlayOutcome{}).Record(game.RecordOf{Start: start}) != nil {
		t.Error("the record of no game")
	}
	for _, r := range []game.Request{{Position: start.Hide(), Samples: -5}, {Position: start, Solver: solver.Config{Workers: -1}}} {
		if _, err := game.GetHint(ctx, r); !errors.As(err, &ce) {
			t.Errorf("GetHint with a negative setting: %v", err)
		}
	}
	if _, err := game.Review(ctx, game.Played{Start: start, JudgeSamples: -1}); !errors.As(err, &ce) || ce.Field != "player.Judging.Samples" {
		t.Errorf("Review with JudgeSamples -1: %v", err)
	}
	if _, err := game.Play(ctx, start, player.Config{Kind: player.Greedy, Sampling: player.Sampling{Samples: -1}}); !errors.As(err, &ce) {
		t.Errorf("Play with Samples -1: %v", err)
	}
}
