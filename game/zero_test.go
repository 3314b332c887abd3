package game_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// TestZeroValues: the zero value of every exported config type of the
// libraries works as its documented default, or fails with its documented
// error; and the zero rules.Game, which is no game, is refused wherever a
// game is taken.
func TestZeroValues(t *testing.T) {
	ctx := context.Background()
	start := testgames.Deal(rules.RussianCell, 617)

	// Defaults.
	if res, err := solver.Solve(ctx, start, solver.Config{}); err != nil || res.Verdict != solver.Solvable {
		t.Errorf("solver.Config{}: %v, %v", res.Verdict, err)
	}
	one := start.Clone() // one face-down card unknown: one arrangement
	for i := range one.Tableau {
		if len(one.Tableau[i].Down) > 0 {
			one.Tableau[i].Down[0] = rules.UnknownCard
			break
		}
	}
	if sh, err := sample.Estimate(ctx, one, sample.Config{}); err != nil || !sh.Exhaustive || sh.Total() != 1 || sh.Seed != sample.DefaultSeed {
		t.Errorf("sample.Config{}: %+v, %v", sh, err)
	}
	if _, err := player.New(rules.RussianCell, player.Config{}); err != nil {
		t.Errorf("player.Config{}: %v", err)
	}
	var got []uint64
	_, _, err := batch.Find(ctx, batch.FindConfig{Game: rules.RippleFan, Solver: solver.Config{Workers: 1}}, func(r batch.Record) bool {
		u, _ := r.Number.Uint64()
		got = append(got, u)
		return len(got) < 2
	})
	if err != nil || len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("FindConfig{From: 0}: deals %v, %v; want 1 and 2", got, err)
	}
	if (rules.Options{}) != rules.DefaultOptions() {
		t.Error("rules.Options{} is not the default rules")
	}

	// Refusals.
	if _, err := game.GetHint(ctx, game.Request{}); !errors.Is(err, game.ErrNoPosition) {
		t.Errorf("game.Request{}: %v", err)
	}
	if _, err := game.Solve(ctx, game.Request{}); !errors.Is(err, game.ErrNoPosition) {
		t.Errorf("game.Request{} to Solve: %v", err)
	}
	var ip *rules.InvalidPositionError
	if _, err := game.Review(ctx, game.Played{}); !errors.As(err, &ip) {
		t.Errorf("game.Played{}: %v", err)
	}
	if _, err := batch.Open(batch.Config{}); err == nil {
		t.Error("batch.Config{}: opened")
	}
	deals, err := batch.ParseDeals("1-3")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := batch.Open(batch.Config{Deals: deals}); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("batch.Config without a game: %v", err)
	}
	if _, _, err := batch.Find(ctx, batch.FindConfig{}, func(batch.Record) bool { return false }); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("batch.FindConfig{}: %v", err)
	}

	// The zero Game: refused everywhere with an error that matches
	// rules.ErrNoGame, in each refusal's own words.
	var none rules.Game
	if _, err := rules.NewVariant(none, rules.Options{}); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("rules.NewVariant of the zero Game: %v", err)
	}
	if err := rules.Validate(rules.NewPosition(none)); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("rules.Validate of a position of the zero Game: %v", err)
	}
	if _, err := solver.New(none, solver.Config{}).Solve(ctx, start); !errors.Is(err, solver.ErrWrongGame) || !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("a solver of the zero Game: %v", err)
	}
	p := start.Clone()
	p.Game = none
	if _, err := solver.New(none, solver.Config{}).SolveTrusted(ctx, p); !errors.Is(err, solver.ErrWrongGame) || !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("a solver of the zero Game, trusting a position of it: %v", err)
	}
	if _, err := solver.New(rules.RussianCell, solver.Config{}).SolveTrusted(ctx, p); !errors.Is(err, solver.ErrWrongGame) || !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("a solver of Russian Cell, trusting a position of the zero Game: %v", err)
	}
	if _, err := solver.Solve(ctx, p, solver.Config{}); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("solver.Solve of a position of the zero Game: %v", err)
	}
	if _, err := player.New(none, player.Config{}); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("player.New of the zero Game: %v", err)
	}
	if _, err := rules.ParseGame(none.String()); err == nil {
		t.Errorf("the zero Game's name %q reads as a game", none)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("dealgen.Deal of the zero Game did not panic, as its doc says it does")
			}
		}()
		dealgen.Deal(none, dealgen.FromUint64(1))
	}()
}

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
