package game_test

import (
	"context"
	"go/ast"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/catbuild"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/stat"
)

// exportedFuncs lists, by go/doc, every exported function and method of
// the libraries, as "package.Func" or "package.Type.Method" (a
// constructor listed under its type is "package.Func").
func exportedFuncs(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, ld := range libraryDocs(t) {
		d := ld.pkg
		for _, f := range d.Funcs {
			names = append(names, d.Name+"."+f.Name)
		}
		for _, ty := range d.Types {
			for _, f := range ty.Funcs {
				names = append(names, d.Name+"."+f.Name)
			}
			for _, f := range ty.Methods {
				if ast.IsExported(ty.Name) {
					names = append(names, d.Name+"."+ty.Name+"."+f.Name)
				}
			}
		}
	}
	return names
}

// zeroCalls are the calls of TestZeroArguments: every exported function
// of the libraries (a method by its method expression), each called with
// the zero value of every parameter (nil for a pointer, a slice, a map, a
// function or an interface), a live context for a context, and, for a
// method, a pointer to the zero value of its type as the receiver. Each
// is named as go/doc lists it (funcName).
var zeroCalls = []any{
	// rules
	rules.Check, rules.CheckPosition, rules.DecodeStrict, rules.FormatBoard, rules.KindName, rules.MarshalSolution,
	rules.MarshalSolvitaire, rules.Nearest, rules.Validate, rules.NewCard, rules.ParseCard, rules.KindOf, rules.ParseKind,
	rules.Games, rules.ParseGame, rules.C, rules.ParseLoc, rules.T, rules.NextAutoMove, rules.ParseMove, rules.ReadMoves,
	rules.SafeAutoMoves, rules.ReadMoveFile, rules.DefaultOptions, rules.NewPosition, rules.ParseBoard, rules.ParseBoardOf,
	rules.ReadPosition, rules.ReadPositionOf, rules.Replay, rules.ReadSolution, rules.NewSolutionDoc, rules.ParseSuit,
	rules.NewVariant, rules.VariantOf,
	(rules.Card).Rank, (rules.Card).Red, (rules.Card).String, (rules.Card).Suit, (rules.Card).Symbol, (rules.Card).Valid,
	(*rules.ConfigError).Error,
	(rules.Document).Header, (rules.Document).Kind, (rules.Document).String, (rules.Document).Version,
	(rules.Game).Cells, (rules.Game).Piles, (rules.Game).String, (rules.Game).Title,
	(*rules.InvalidPositionError).Error, (*rules.InvalidPositionError).Unwrap, (*rules.LayoutMismatch).Error,
	(rules.Loc).String, (rules.Move).IsZero, (rules.Move).String,
	(*rules.MoveError).Error, (*rules.MoveError).Unwrap, (*rules.ParseError).Error, (*rules.ParseError).Unwrap, (rules.Options).Returns, (rules.Pile).Len, (rules.Pile).Top,
	(*rules.Position).Clone, (*rules.Position).Equal, (*rules.Position).Fill, (*rules.Position).FoundationTop,
	(*rules.Position).Hide, (*rules.Position).NeedKnown, (*rules.Position).OnFoundations, (*rules.Position).Reveals,
	(*rules.Position).Unknowns, (*rules.Position).Unseen, (*rules.Position).Won,
	(*rules.PositionDoc).Position, (rules.Problems).Error, (rules.Rank).Letter, (*rules.SolutionDoc).Solution,
	(rules.Suit).Letter, (rules.Suit).String,
	(*rules.UnknownCardsError).Error, (*rules.UnknownCardsError).Is, (rules.Variant).Returns, (rules.Variant).String,
	(*rules.WrongDocumentError).Error,
	// dealgen
	dealgen.CheckLabel, dealgen.LabelMismatch, dealgen.FromBig, dealgen.FromUint64, dealgen.ParseNumber,
	(*dealgen.NotThatDeal).Error,
	(dealgen.Number).Big, (dealgen.Number).IsMS, (dealgen.Number).String, (dealgen.Number).Uint64,
	(*dealgen.NumberError).Error,
	// solver
	solver.FindBlockage, solver.DefaultConfig, solver.AllPruning, solver.NoPruning, solver.Solve, solver.New,
	solver.ParseStopReason,
	(*solver.Blockage).Covered, (*solver.Blockage).FaceDown, (*solver.Blockage).Lower, (*solver.Blockage).NoMove,
	(*solver.Blockage).Place, (*solver.Blockage).TopAbove, (*solver.Blockage).Under,
	(solver.Config).Check, (solver.Config).Split, (solver.Result).Solution, (*solver.Solver).Solve,
	(*solver.Solver).SolveTrusted,
	(solver.StopReason).String, (solver.Verdict).String, (solver.Verdict).MarshalText, (*solver.Verdict).UnmarshalText,
	// stat
	stat.McNemarExact, stat.Wilson, stat.NewRate,
	// sample
	sample.AddSeen, sample.Arrangements, sample.FreshWin, sample.Key, sample.SameMove, sample.Seen, sample.RankMoves,
	sample.Estimate, sample.Compare, sample.MoveShares,
	(sample.Rating).Best, (sample.Rating).Fresh, (sample.Rating).Place,
	(sample.Tally).Decided, (sample.Tally).Rate, (sample.Tally).Total,
	// player
	(player.Call).String, (player.How).String,
	(player.Judgement).BestWon, (player.Judgement).PlayedWon, (player.Judgement).Significant,
	player.Kinds, player.ParseKind, player.LocateLoss, player.Play, player.New, player.Removed, player.FindLoss,
	player.Review,
	(player.Kind).String, (*player.PlayedGame).MoveList, (*player.PlayedGame).NoWin, (*player.Player).Next,
	(*player.RemovedError).Error,
	// catalogue
	catalogue.WhyNoDifficulty, catalogue.LabelSeeds, catalogue.For, catalogue.New, catalogue.Parse, catalogue.Difficulties,
	catalogue.DifficultyOf, catalogue.ParseDifficulty,
	(*catalogue.Catalogue).Applies, (*catalogue.Catalogue).Count, (*catalogue.Catalogue).CountDifficulty,
	(*catalogue.Catalogue).Describe, (*catalogue.Catalogue).Difficulty, (*catalogue.Catalogue).Encode,
	(*catalogue.Catalogue).Labelled, (*catalogue.Catalogue).Len, (*catalogue.Catalogue).Listed,
	(*catalogue.Catalogue).Lookup, (*catalogue.Catalogue).LookupUint64, (*catalogue.Catalogue).Next,
	(*catalogue.Catalogue).NextDifficulty, (*catalogue.Catalogue).Nth, (*catalogue.Catalogue).Pick,
	(*catalogue.Catalogue).PickDifficulty, (*catalogue.Catalogue).WithDifficulty,
	(catalogue.Difficulty).Slug, (catalogue.Difficulty).String, (catalogue.Status).String, (catalogue.Status).Words,
	// catbuild
	catbuild.Build, catbuild.ReaderInput, catbuild.ReadLabels, (*catbuild.ConflictError).Error,
	(*catbuild.DealsError).Error,
	(*catbuild.GameError).Error, (*catbuild.Labels).Apply, (*catbuild.MissingError).Error, (*catbuild.PlayerError).Error,
	(*catbuild.PlayerError).Got,
	(*catbuild.RangeError).Error, (*catbuild.RangeError).Unwrap, (*catbuild.RulesError).Error, (*catbuild.SeedError).Error,
	(*catbuild.StartError).Error,
	(*catbuild.UndecidedError).Error, (*catbuild.UnsampledError).Error, (*catbuild.VerdictError).Error,
	// batch
	batch.CompareNumbers, batch.EachRecord, batch.Find, batch.SummarizeFiles, batch.SummarizeFilesThen, batch.ParseDeals,
	batch.ReadDeals, batch.ParseHeader, batch.Merge, batch.ReadStdin, batch.NewReader, batch.ParseRecord, batch.Open,
	batch.ParseShard,
	(*batch.BuildError).Builds, (*batch.BuildError).Error,
	(*batch.Counts).Add, (batch.Counts).Of, (batch.Counts).Total,
	(*batch.DealList).Add, (*batch.DealList).At, (*batch.DealList).Check, (*batch.DealList).Index, (*batch.DealList).Len,
	(*batch.DealList).MemoryBytes, (*batch.DealList).String,
	(*batch.FileError).Error, (*batch.FileError).Unwrap,
	(*batch.Header).AppendJSON, (*batch.Header).Diff, (*batch.Header).Tag,
	(*batch.MismatchError).Error, (*batch.MismatchError).Lines, (batch.Outcome).String,
	(*batch.Reader).DeclaredDeals, (*batch.Reader).Each, (*batch.Reader).Good, (*batch.Reader).GoodEndsWithNewline,
	(*batch.Reader).Header, (*batch.Reader).InDeclared, (*batch.Reader).Line, (*batch.Reader).Next, (*batch.Reader).Raw,
	(*batch.Record).AppendJSON, (*batch.ReplacedError).Error, (batch.ResultsProblems).Error,
	(*batch.Runner).Close, (*batch.Runner).Header, (*batch.Runner).Notes, (*batch.Runner).Run, (*batch.Runner).Snapshot,
	(batch.Shard).Global, (batch.Shard).Len, (batch.Shard).Local, (batch.Shard).String,
	(*batch.SpaceError).Error, (*batch.SpaceError).Shortfall, (*batch.SpoolSpaceError).Error,
	(*batch.Summary).Add, (*batch.Summary).Effort, (*batch.Summary).Report, (*batch.Summary).Total, (*batch.Summary).Trace,
	(*batch.TruncatedError).Error, (*batch.WriteError).Error, (*batch.WriteError).Unwrap,
	// game
	game.CheckSamples, game.HandMoves, game.JudgementLines, game.LossWhy, game.MarshalRecord, game.MoveRate, game.Outcome,
	game.Over, game.PValue, game.PlainJudgement, game.PlayOut, game.RandomDeal, game.ReadPosition, game.ReadPositionOf,
	game.Review, game.Search, game.SeenAlong, game.SeenOf, game.ShareRange, game.ShareText, game.SolvedText, game.Stopped,
	game.TallyRange, game.UnknownCards, game.WhereWrong, game.Why, game.WrongDocumentWords, game.Solve, game.Check,
	game.DocumentOf, game.ParseKind, game.GetHint, game.KnownOf, game.FindInCatalogue, game.ReadMoveFile, game.Play,
	game.RateCellsOf, game.ReadRecord, game.ReviewDocOf, game.DailyDeal,
	(*game.Chance).Doc, (*game.Chance).Headline, (*game.Chance).Lines, (*game.Chance).Why,
	(*game.Checked).Line, (*game.Checked).Valid, (game.CheckCase).String, (game.HintCase).String,
	(game.Document).Header, (game.Document).Kind, (game.Document).String, (game.Document).Version,
	(*game.Hint).BestLines, (*game.Hint).Case, (*game.Hint).Doc, (*game.Hint).Headline, (*game.Hint).Lines,
	(*game.Hint).Move, (*game.Hint).ViewDoc, (*game.Hint).Why,
	(*game.Known).Note, (*game.PlayOutcome).Judge, (*game.PlayOutcome).Record, (*game.Record).Start,
	(*game.SamplesError).Error,
}

// zeroExceptions are the functions that trust their input, as their docs
// say, and so are not called with zero arguments: each with the reason.
var zeroExceptions = map[string]string{
	"rules.LegalMoves":        "trusts p for speed (its doc): p must not be nil",
	"rules.MarshalPosition":   "trusts p (its doc): p must not be nil",
	"rules.NewPositionDoc":    "trusts p, as MarshalPosition does (its doc)",
	"rules.MustCard":          "panics on a card that does not parse (its doc): for tests and tables",
	"rules.MustCards":         "panics on a card that does not parse, as MustCard (its doc)",
	"rules.MustMove":          "panics on a move that does not parse (its doc): for tests and tables",
	"rules.Position.Apply":    "trusts the move to be legal (its doc: it panics if the card is not where the move says; Check and Replay are the referee)",
	"dealgen.Deal":            "the dealers trust their input (package doc): they panic on the zero Number and an unknown game",
	"dealgen.DealDeck":        "panics on an unknown game, as Deal does (its doc)",
	"dealgen.DealInto":        "panics on the zero Number, an unknown game and a nil position (its doc): the dealer of batch runs",
	"dealgen.Deck":            "panics on the zero Number, which is not a deal (its doc)",
	"dealgen.Dealer.DealInto": "as DealInto (the package doc: the dealers trust their input)",
	"dealgen.Dealer.Deck":     "as Deck (the package doc: the dealers trust their input)",
}

// nilReceivers are the types whose nil pointer a library function returns
// as a value (catalogue.For where no catalogue applies): their methods are
// called with a nil receiver too.
var nilReceivers = map[string]bool{"catalogue.Catalogue": true}

// TestZeroArguments: every exported function and method of the libraries,
// called with zero and nil arguments and a live context, returns without a
// panic, and soon: a zero config with no position is refused, not
// searched. The table must name every such function (go/doc lists them):
// one added without a row, or an exception, fails the test.
func TestZeroArguments(t *testing.T) {
	names := exportedFuncs(t)
	if len(names) < 300 {
		t.Fatalf("only %d exported functions found", len(names))
	}
	calls := map[string]reflect.Value{}
	for _, f := range zeroCalls {
		v := reflect.ValueOf(f)
		name := funcName(v)
		if _, twice := calls[name]; twice {
			t.Errorf("%s is in zeroCalls twice", name)
		}
		calls[name] = v
	}
	listed := map[string]bool{}
	for _, name := range names {
		listed[name] = true
		_, call := calls[name]
		_, skip := zeroExceptions[name]
		switch {
		case call && skip:
			t.Errorf("%s is both called and an exception", name)
		case !call && !skip:
			t.Errorf("%s has no row: add it to zeroCalls, or to zeroExceptions with the reason its doc gives", name)
		}
	}
	for name := range calls {
		if !listed[name] {
			t.Errorf("zeroCalls' %s is not an exported function of the libraries that go/doc lists", name)
		}
	}
	for name := range zeroExceptions {
		if !listed[name] {
			t.Errorf("the exception %s is not an exported function of the libraries", name)
		}
	}
	for _, f := range zeroCalls {
		f := reflect.ValueOf(f)
		name := funcName(f)
		method := strings.Count(name, ".") == 2
		callZero(t, name, f, method, false)
		if typ := name[:strings.LastIndex(name, ".")]; method && nilReceivers[typ] {
			callZero(t, name+" (nil receiver)", f, method, true)
		}
	}
}

// funcName names function f as exportedFuncs does: "rules.Check",
// "rules.Position.Clone" for the method expression (*rules.Position).Clone.
func funcName(f reflect.Value) string {
	name := runtime.FuncForPC(f.Pointer()).Name()
	name = strings.TrimPrefix(name, "github.com/patience-solver/patience/")
	return strings.NewReplacer("(*", "", ")", "").Replace(name)
}

var contextType = reflect.TypeFor[context.Context]()

// callZero calls f with zero arguments (see zeroCalls), the receiver of a
// method nil when nilRecv, and fails t on a panic or a call that takes
// long.
func callZero(t *testing.T, name string, f reflect.Value, method, nilRecv bool) {
	t.Helper()
	ty := f.Type()
	args := make([]reflect.Value, ty.NumIn())
	for i := range args {
		in := ty.In(i)
		switch {
		case in == contextType:
			args[i] = reflect.ValueOf(context.Background())
		case i == 0 && method && in.Kind() == reflect.Pointer && !nilRecv:
			args[i] = reflect.New(in.Elem())
		default:
			args[i] = reflect.Zero(in)
		}
	}
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s with zero arguments panics: %v", name, r)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s with zero arguments takes %v", name, d)
		}
	}()
	if ty.IsVariadic() {
		f.CallSlice(args)
	} else {
		f.Call(args)
	}
}

// TestIssueCalls: calls with arguments other than zero that panicked, or
// took a value out of range (most found by the issue "A library a Go
// programmer trusts"), return.
func TestIssueCalls(t *testing.T) {
	ctx := context.Background()
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	for name, call := range map[string]func(){
		"game.KnownOf(o, nil, \"617\")":    func() { game.KnownOf(rules.Options{}, nil, "617") },
		"batch.Shard{}.Len(10)":            func() { batch.Shard{}.Len(10) },
		"rules.Suit(4).String()":           func() { _ = rules.Suit(4).String() },
		"rules.Rank(13).Letter()":          func() { _ = rules.Rank(13).Letter() },
		"sample.Arrangements(p, -1, 0)":    func() { sample.Arrangements(start.Hide(), -1, 0) },
		"stat.NewRate(5, 3)":               func() { stat.NewRate(5, 3) },
		"rules.T(256), T(-1)":              func() { _, _ = rules.T(256).String(), rules.T(-1).String() },
		"(*catalogue.Catalogue)(nil).Pick": func() { (*catalogue.Catalogue)(nil).Pick(true, 1) },
		"game.Hint.Doc(..., -1, ...)": func() {
			h, err := game.GetHint(ctx, game.Request{Position: start, Solver: solver.Config{Workers: 1}})
			if err == nil {
				h.Doc("617", -1, true)
				h.ViewDoc("617", -1)
			}
		},
		"catbuild.ReaderInput(name, nil)": func() { catbuild.Build(rules.RussianCell, []catbuild.Input{catbuild.ReaderInput("x", nil)}, "") },
		"player.Review(margin 2)": func() {
			player.Review(ctx, start, nil, player.Sampling{}, player.Judging{Margin: 2})
		},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s panics: %v", name, r)
				}
			}()
			call()
		}()
	}
}
