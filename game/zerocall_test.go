package game_test

import (
	"context"
	"go/ast"
	"reflect"
	"sort"
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

// zeroCalls are the calls of TestZeroArguments: for each exported
// function, the function itself (method expressions for methods), called
// with the zero value of every parameter (nil for a pointer, a slice, a
// map, a function or an interface), a live context for a context, and,
// for a method, a pointer to the zero value of its type as the receiver.
var zeroCalls = map[string]any{
	"rules.Check":                         rules.Check,
	"rules.CheckPosition":                 rules.CheckPosition,
	"rules.DecodeStrict":                  rules.DecodeStrict,
	"rules.FormatBoard":                   rules.FormatBoard,
	"rules.KindName":                      rules.KindName,
	"rules.MarshalSolution":               rules.MarshalSolution,
	"rules.MarshalSolvitaire":             rules.MarshalSolvitaire,
	"rules.Nearest":                       rules.Nearest,
	"rules.Validate":                      rules.Validate,
	"rules.NewCard":                       rules.NewCard,
	"rules.ParseCard":                     rules.ParseCard,
	"rules.Card.Rank":                     (rules.Card).Rank,
	"rules.Card.Red":                      (rules.Card).Red,
	"rules.Card.String":                   (rules.Card).String,
	"rules.Card.Suit":                     (rules.Card).Suit,
	"rules.Card.Symbol":                   (rules.Card).Symbol,
	"rules.Card.Valid":                    (rules.Card).Valid,
	"rules.ConfigError.Error":             (*rules.ConfigError).Error,
	"rules.KindOf":                        rules.KindOf,
	"rules.ParseKind":                     rules.ParseKind,
	"rules.Document.Header":               (rules.Document).Header,
	"rules.Document.Kind":                 (rules.Document).Kind,
	"rules.Document.String":               (rules.Document).String,
	"rules.Document.Version":              (rules.Document).Version,
	"rules.Games":                         rules.Games,
	"rules.ParseGame":                     rules.ParseGame,
	"rules.Game.Cells":                    (rules.Game).Cells,
	"rules.Game.Piles":                    (rules.Game).Piles,
	"rules.Game.String":                   (rules.Game).String,
	"rules.Game.Title":                    (rules.Game).Title,
	"rules.InvalidPositionError.Error":    (*rules.InvalidPositionError).Error,
	"rules.InvalidPositionError.Unwrap":   (*rules.InvalidPositionError).Unwrap,
	"rules.LayoutMismatch.Error":          (*rules.LayoutMismatch).Error,
	"rules.C":                             rules.C,
	"rules.ParseLoc":                      rules.ParseLoc,
	"rules.T":                             rules.T,
	"rules.Loc.String":                    (rules.Loc).String,
	"rules.NextAutoMove":                  rules.NextAutoMove,
	"rules.ParseMove":                     rules.ParseMove,
	"rules.ReadMoves":                     rules.ReadMoves,
	"rules.SafeAutoMoves":                 rules.SafeAutoMoves,
	"rules.Move.IsZero":                   (rules.Move).IsZero,
	"rules.Move.String":                   (rules.Move).String,
	"rules.MoveError.Error":               (*rules.MoveError).Error,
	"rules.ReadMoveFile":                  rules.ReadMoveFile,
	"rules.DefaultOptions":                rules.DefaultOptions,
	"rules.Options.Returns":               (rules.Options).Returns,
	"rules.Pile.Len":                      (rules.Pile).Len,
	"rules.Pile.Top":                      (rules.Pile).Top,
	"rules.NewPosition":                   rules.NewPosition,
	"rules.ParseBoard":                    rules.ParseBoard,
	"rules.ParseBoardOf":                  rules.ParseBoardOf,
	"rules.ReadPosition":                  rules.ReadPosition,
	"rules.ReadPositionOf":                rules.ReadPositionOf,
	"rules.Replay":                        rules.Replay,
	"rules.Position.Clone":                (*rules.Position).Clone,
	"rules.Position.Equal":                (*rules.Position).Equal,
	"rules.Position.Fill":                 (*rules.Position).Fill,
	"rules.Position.FoundationTop":        (*rules.Position).FoundationTop,
	"rules.Position.Hide":                 (*rules.Position).Hide,
	"rules.Position.NeedKnown":            (*rules.Position).NeedKnown,
	"rules.Position.OnFoundations":        (*rules.Position).OnFoundations,
	"rules.Position.Reveals":              (*rules.Position).Reveals,
	"rules.Position.Unknowns":             (*rules.Position).Unknowns,
	"rules.Position.Unseen":               (*rules.Position).Unseen,
	"rules.Position.Won":                  (*rules.Position).Won,
	"rules.PositionDoc.Position":          (*rules.PositionDoc).Position,
	"rules.Problems.Error":                (rules.Problems).Error,
	"rules.Rank.Letter":                   (rules.Rank).Letter,
	"rules.ReadSolution":                  rules.ReadSolution,
	"rules.NewSolutionDoc":                rules.NewSolutionDoc,
	"rules.SolutionDoc.Solution":          (*rules.SolutionDoc).Solution,
	"rules.ParseSuit":                     rules.ParseSuit,
	"rules.Suit.Letter":                   (rules.Suit).Letter,
	"rules.Suit.String":                   (rules.Suit).String,
	"rules.UnknownCardsError.Error":       (*rules.UnknownCardsError).Error,
	"rules.UnknownCardsError.Is":          (*rules.UnknownCardsError).Is,
	"rules.NewVariant":                    rules.NewVariant,
	"rules.VariantOf":                     rules.VariantOf,
	"rules.Variant.Returns":               (rules.Variant).Returns,
	"rules.Variant.String":                (rules.Variant).String,
	"rules.WrongDocumentError.Error":      (*rules.WrongDocumentError).Error,
	"dealgen.CheckLabel":                  dealgen.CheckLabel,
	"dealgen.LabelMismatch":               dealgen.LabelMismatch,
	"dealgen.NotThatDeal.Error":           (*dealgen.NotThatDeal).Error,
	"dealgen.FromBig":                     dealgen.FromBig,
	"dealgen.FromUint64":                  dealgen.FromUint64,
	"dealgen.ParseNumber":                 dealgen.ParseNumber,
	"dealgen.Number.Big":                  (dealgen.Number).Big,
	"dealgen.Number.IsMS":                 (dealgen.Number).IsMS,
	"dealgen.Number.String":               (dealgen.Number).String,
	"dealgen.Number.Uint64":               (dealgen.Number).Uint64,
	"dealgen.NumberError.Error":           (*dealgen.NumberError).Error,
	"solver.FindBlockage":                 solver.FindBlockage,
	"solver.Blockage.Covered":             (*solver.Blockage).Covered,
	"solver.Blockage.FaceDown":            (*solver.Blockage).FaceDown,
	"solver.Blockage.Lower":               (*solver.Blockage).Lower,
	"solver.Blockage.NoMove":              (*solver.Blockage).NoMove,
	"solver.Blockage.Place":               (*solver.Blockage).Place,
	"solver.Blockage.TopAbove":            (*solver.Blockage).TopAbove,
	"solver.Blockage.Under":               (*solver.Blockage).Under,
	"solver.DefaultConfig":                solver.DefaultConfig,
	"solver.Config.Check":                 (solver.Config).Check,
	"solver.Config.Split":                 (solver.Config).Split,
	"solver.AllPruning":                   solver.AllPruning,
	"solver.NoPruning":                    solver.NoPruning,
	"solver.Solve":                        solver.Solve,
	"solver.Result.Solution":              (solver.Result).Solution,
	"solver.New":                          solver.New,
	"solver.Solver.Solve":                 (*solver.Solver).Solve,
	"solver.Solver.SolveTrusted":          (*solver.Solver).SolveTrusted,
	"solver.ParseStopReason":              solver.ParseStopReason,
	"solver.StopReason.String":            (solver.StopReason).String,
	"solver.Verdict.String":               (solver.Verdict).String,
	"stat.McNemarExact":                   stat.McNemarExact,
	"stat.Wilson":                         stat.Wilson,
	"stat.NewRate":                        stat.NewRate,
	"sample.AddSeen":                      sample.AddSeen,
	"sample.Arrangements":                 sample.Arrangements,
	"sample.FreshWin":                     sample.FreshWin,
	"sample.Key":                          sample.Key,
	"sample.SameMove":                     sample.SameMove,
	"sample.Seen":                         sample.Seen,
	"sample.RankMoves":                    sample.RankMoves,
	"sample.Rating.Best":                  (sample.Rating).Best,
	"sample.Rating.Fresh":                 (sample.Rating).Fresh,
	"sample.Rating.Place":                 (sample.Rating).Place,
	"sample.Estimate":                     sample.Estimate,
	"sample.Compare":                      sample.Compare,
	"sample.MoveShares":                   sample.MoveShares,
	"sample.Tally.Decided":                (sample.Tally).Decided,
	"sample.Tally.Rate":                   (sample.Tally).Rate,
	"sample.Tally.Total":                  (sample.Tally).Total,
	"player.Call.String":                  (player.Call).String,
	"player.How.String":                   (player.How).String,
	"player.Judgement.BestWon":            (player.Judgement).BestWon,
	"player.Judgement.PlayedWon":          (player.Judgement).PlayedWon,
	"player.Judgement.Significant":        (player.Judgement).Significant,
	"player.Kinds":                        player.Kinds,
	"player.ParseKind":                    player.ParseKind,
	"player.Kind.String":                  (player.Kind).String,
	"player.LocateLoss":                   player.LocateLoss,
	"player.Play":                         player.Play,
	"player.PlayedGame.MoveList":          (*player.PlayedGame).MoveList,
	"player.PlayedGame.NoWin":             (*player.PlayedGame).NoWin,
	"player.New":                          player.New,
	"player.Player.Next":                  (*player.Player).Next,
	"player.Removed":                      player.Removed,
	"player.RemovedError.Error":           (*player.RemovedError).Error,
	"player.FindLoss":                     player.FindLoss,
	"player.Review":                       player.Review,
	"catalogue.ErrNoDifficulty":           catalogue.ErrNoDifficulty,
	"catalogue.LabelSeeds":                catalogue.LabelSeeds,
	"catalogue.For":                       catalogue.For,
	"catalogue.New":                       catalogue.New,
	"catalogue.Parse":                     catalogue.Parse,
	"catalogue.Catalogue.Applies":         (*catalogue.Catalogue).Applies,
	"catalogue.Catalogue.Count":           (*catalogue.Catalogue).Count,
	"catalogue.Catalogue.CountDifficulty": (*catalogue.Catalogue).CountDifficulty,
	"catalogue.Catalogue.Describe":        (*catalogue.Catalogue).Describe,
	"catalogue.Catalogue.Difficulty":      (*catalogue.Catalogue).Difficulty,
	"catalogue.Catalogue.Encode":          (*catalogue.Catalogue).Encode,
	"catalogue.Catalogue.Labelled":        (*catalogue.Catalogue).Labelled,
	"catalogue.Catalogue.Len":             (*catalogue.Catalogue).Len,
	"catalogue.Catalogue.Listed":          (*catalogue.Catalogue).Listed,
	"catalogue.Catalogue.Lookup":          (*catalogue.Catalogue).Lookup,
	"catalogue.Catalogue.LookupUint64":    (*catalogue.Catalogue).LookupUint64,
	"catalogue.Catalogue.Next":            (*catalogue.Catalogue).Next,
	"catalogue.Catalogue.NextDifficulty":  (*catalogue.Catalogue).NextDifficulty,
	"catalogue.Catalogue.Nth":             (*catalogue.Catalogue).Nth,
	"catalogue.Catalogue.Pick":            (*catalogue.Catalogue).Pick,
	"catalogue.Catalogue.PickDifficulty":  (*catalogue.Catalogue).PickDifficulty,
	"catalogue.Catalogue.WithDifficulty":  (*catalogue.Catalogue).WithDifficulty,
	"catalogue.Difficulties":              catalogue.Difficulties,
	"catalogue.DifficultyOf":              catalogue.DifficultyOf,
	"catalogue.ParseDifficulty":           catalogue.ParseDifficulty,
	"catalogue.Difficulty.Slug":           (catalogue.Difficulty).Slug,
	"catalogue.Difficulty.String":         (catalogue.Difficulty).String,
	"catalogue.Status.String":             (catalogue.Status).String,
	"catalogue.Status.Words":              (catalogue.Status).Words,
	"catbuild.Build":                      catbuild.Build,
	"catbuild.ConflictError.Error":        (*catbuild.ConflictError).Error,
	"catbuild.DealsError.Error":           (*catbuild.DealsError).Error,
	"catbuild.GameError.Error":            (*catbuild.GameError).Error,
	"catbuild.ReaderInput":                catbuild.ReaderInput,
	"catbuild.ReadLabels":                 catbuild.ReadLabels,
	"catbuild.Labels.Apply":               (*catbuild.Labels).Apply,
	"catbuild.MissingError.Error":         (*catbuild.MissingError).Error,
	"catbuild.PlayerError.Error":          (*catbuild.PlayerError).Error,
	"catbuild.PlayerError.Got":            (*catbuild.PlayerError).Got,
	"catbuild.RangeError.Error":           (*catbuild.RangeError).Error,
	"catbuild.RangeError.Unwrap":          (*catbuild.RangeError).Unwrap,
	"catbuild.RulesError.Error":           (*catbuild.RulesError).Error,
	"catbuild.SeedError.Error":            (*catbuild.SeedError).Error,
	"catbuild.StartError.Error":           (*catbuild.StartError).Error,
	"catbuild.UndecidedError.Error":       (*catbuild.UndecidedError).Error,
	"catbuild.UnsampledError.Error":       (*catbuild.UnsampledError).Error,
	"catbuild.VerdictError.Error":         (*catbuild.VerdictError).Error,
	"batch.CompareNumbers":                batch.CompareNumbers,
	"batch.EachRecord":                    batch.EachRecord,
	"batch.Find":                          batch.Find,
	"batch.SummarizeFiles":                batch.SummarizeFiles,
	"batch.SummarizeFilesThen":            batch.SummarizeFilesThen,
	"batch.BuildError.Builds":             (*batch.BuildError).Builds,
	"batch.BuildError.Error":              (*batch.BuildError).Error,
	"batch.Counts.Add":                    (*batch.Counts).Add,
	"batch.Counts.Of":                     (batch.Counts).Of,
	"batch.Counts.Total":                  (batch.Counts).Total,
	"batch.ParseDeals":                    batch.ParseDeals,
	"batch.ReadDeals":                     batch.ReadDeals,
	"batch.DealList.Add":                  (*batch.DealList).Add,
	"batch.DealList.At":                   (*batch.DealList).At,
	"batch.DealList.Check":                (*batch.DealList).Check,
	"batch.DealList.Index":                (*batch.DealList).Index,
	"batch.DealList.Len":                  (*batch.DealList).Len,
	"batch.DealList.MemoryBytes":          (*batch.DealList).MemoryBytes,
	"batch.DealList.String":               (*batch.DealList).String,
	"batch.FileError.Error":               (*batch.FileError).Error,
	"batch.FileError.Unwrap":              (*batch.FileError).Unwrap,
	"batch.ParseHeader":                   batch.ParseHeader,
	"batch.Header.AppendJSON":             (*batch.Header).AppendJSON,
	"batch.Header.Diff":                   (*batch.Header).Diff,
	"batch.Header.Tag":                    (*batch.Header).Tag,
	"batch.Merge":                         batch.Merge,
	"batch.MismatchError.Error":           (*batch.MismatchError).Error,
	"batch.MismatchError.Lines":           (*batch.MismatchError).Lines,
	"batch.Outcome.String":                (batch.Outcome).String,
	"batch.ReadStdin":                     batch.ReadStdin,
	"batch.NewReader":                     batch.NewReader,
	"batch.Reader.DeclaredDeals":          (*batch.Reader).DeclaredDeals,
	"batch.Reader.Each":                   (*batch.Reader).Each,
	"batch.Reader.Good":                   (*batch.Reader).Good,
	"batch.Reader.GoodEndsWithNewline":    (*batch.Reader).GoodEndsWithNewline,
	"batch.Reader.Header":                 (*batch.Reader).Header,
	"batch.Reader.InDeclared":             (*batch.Reader).InDeclared,
	"batch.Reader.Line":                   (*batch.Reader).Line,
	"batch.Reader.Next":                   (*batch.Reader).Next,
	"batch.Reader.Raw":                    (*batch.Reader).Raw,
	"batch.ParseRecord":                   batch.ParseRecord,
	"batch.Record.AppendJSON":             (*batch.Record).AppendJSON,
	"batch.ReplacedError.Error":           (*batch.ReplacedError).Error,
	"batch.ResultsProblems.Error":         (batch.ResultsProblems).Error,
	"batch.Open":                          batch.Open,
	"batch.Runner.Close":                  (*batch.Runner).Close,
	"batch.Runner.Header":                 (*batch.Runner).Header,
	"batch.Runner.Notes":                  (*batch.Runner).Notes,
	"batch.Runner.Run":                    (*batch.Runner).Run,
	"batch.Runner.Snapshot":               (*batch.Runner).Snapshot,
	"batch.ParseShard":                    batch.ParseShard,
	"batch.Shard.Global":                  (batch.Shard).Global,
	"batch.Shard.Len":                     (batch.Shard).Len,
	"batch.Shard.Local":                   (batch.Shard).Local,
	"batch.Shard.String":                  (batch.Shard).String,
	"batch.SpaceError.Error":              (*batch.SpaceError).Error,
	"batch.SpaceError.Shortfall":          (*batch.SpaceError).Shortfall,
	"batch.SpoolSpaceError.Error":         (*batch.SpoolSpaceError).Error,
	"batch.Summary.Add":                   (*batch.Summary).Add,
	"batch.Summary.Effort":                (*batch.Summary).Effort,
	"batch.Summary.Report":                (*batch.Summary).Report,
	"batch.Summary.Total":                 (*batch.Summary).Total,
	"batch.Summary.Trace":                 (*batch.Summary).Trace,
	"batch.TruncatedError.Error":          (*batch.TruncatedError).Error,
	"batch.WriteError.Error":              (*batch.WriteError).Error,
	"batch.WriteError.Unwrap":             (*batch.WriteError).Unwrap,
	"game.CheckSamples":                   game.CheckSamples,
	"game.HandMoves":                      game.HandMoves,
	"game.JudgementLines":                 game.JudgementLines,
	"game.LossWhy":                        game.LossWhy,
	"game.MarshalRecord":                  game.MarshalRecord,
	"game.MoveRate":                       game.MoveRate,
	"game.Outcome":                        game.Outcome,
	"game.Over":                           game.Over,
	"game.PValue":                         game.PValue,
	"game.PlainJudgement":                 game.PlainJudgement,
	"game.PlayOut":                        game.PlayOut,
	"game.RandomDeal":                     game.RandomDeal,
	"game.ReadPosition":                   game.ReadPosition,
	"game.ReadPositionOf":                 game.ReadPositionOf,
	"game.Review":                         game.Review,
	"game.Search":                         game.Search,
	"game.SeenAlong":                      game.SeenAlong,
	"game.SeenOf":                         game.SeenOf,
	"game.ShareRange":                     game.ShareRange,
	"game.ShareText":                      game.ShareText,
	"game.SolvedText":                     game.SolvedText,
	"game.Stopped":                        game.Stopped,
	"game.TallyRange":                     game.TallyRange,
	"game.UnknownCards":                   game.UnknownCards,
	"game.WhereWrong":                     game.WhereWrong,
	"game.Why":                            game.Why,
	"game.WrongDocumentWords":             game.WrongDocumentWords,
	"game.Solve":                          game.Solve,
	"game.Chance.Doc":                     (*game.Chance).Doc,
	"game.Chance.Headline":                (*game.Chance).Headline,
	"game.Chance.Lines":                   (*game.Chance).Lines,
	"game.Chance.Why":                     (*game.Chance).Why,
	"game.Check":                          game.Check,
	"game.Checked.Line":                   (*game.Checked).Line,
	"game.Checked.Valid":                  (*game.Checked).Valid,
	"game.DocumentOf":                     game.DocumentOf,
	"game.ParseKind":                      game.ParseKind,
	"game.Document.Header":                (game.Document).Header,
	"game.Document.Kind":                  (game.Document).Kind,
	"game.Document.String":                (game.Document).String,
	"game.Document.Version":               (game.Document).Version,
	"game.GetHint":                        game.GetHint,
	"game.Hint.BestLines":                 (*game.Hint).BestLines,
	"game.Hint.Case":                      (*game.Hint).Case,
	"game.Hint.Doc":                       (*game.Hint).Doc,
	"game.Hint.Headline":                  (*game.Hint).Headline,
	"game.Hint.Lines":                     (*game.Hint).Lines,
	"game.Hint.Move":                      (*game.Hint).Move,
	"game.Hint.ViewDoc":                   (*game.Hint).ViewDoc,
	"game.Hint.Why":                       (*game.Hint).Why,
	"game.KnownOf":                        game.KnownOf,
	"game.Known.Note":                     (*game.Known).Note,
	"game.FindInCatalogue":                game.FindInCatalogue,
	"game.ReadMoveFile":                   game.ReadMoveFile,
	"game.Play":                           game.Play,
	"game.PlayOutcome.Judge":              (*game.PlayOutcome).Judge,
	"game.PlayOutcome.Record":             (*game.PlayOutcome).Record,
	"game.RateCellsOf":                    game.RateCellsOf,
	"game.ReadRecord":                     game.ReadRecord,
	"game.Record.Start":                   (*game.Record).Start,
	"game.ReviewDocOf":                    game.ReviewDocOf,
	"game.SamplesError.Error":             (*game.SamplesError).Error,
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
	listed := map[string]bool{}
	for _, name := range names {
		listed[name] = true
		_, call := zeroCalls[name]
		_, skip := zeroExceptions[name]
		switch {
		case call && skip:
			t.Errorf("%s is both called and an exception", name)
		case !call && !skip:
			t.Errorf("%s has no row: add it to zeroCalls, or to zeroExceptions with the reason its doc gives", name)
		}
	}
	for _, m := range []map[string]any{zeroCalls, toAny(zeroExceptions)} {
		for name := range m {
			if !listed[name] {
				t.Errorf("the table's %s is not an exported function of the libraries", name)
			}
		}
	}
	sorted := make([]string, 0, len(zeroCalls))
	for name := range zeroCalls {
		sorted = append(sorted, name)
	}
	sort.Strings(sorted)
	for _, name := range sorted {
		f := reflect.ValueOf(zeroCalls[name])
		method := strings.Count(name, ".") == 2
		callZero(t, name, f, method, false)
		if typ := name[:strings.LastIndex(name, ".")]; method && nilReceivers[typ] {
			callZero(t, name+" (nil receiver)", f, method, true)
		}
	}
}

func toAny(m map[string]string) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	return out
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

// TestIssueCalls: the calls that the issue "A library a Go programmer
// trusts" found panicking with arguments other than zero return.
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
