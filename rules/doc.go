// Package rules holds the cards, positions and rules of Russian Cell and
// Ripple Fan, and nothing of the search: the solver and every other
// package build on it, and it imports none of them.
//
// A Position is one state of a game: the tableau piles (face-down cards
// under face-up ones), the cells and the foundations. A Move names a card,
// where it is and where it goes ("5C t3>t6"). The package gives:
//
//   - LegalMoves, the moves of a position under the Options (foundation
//     returns on or off), and Position.Apply, which plays one;
//   - the referee: Check says whether one move is legal and why not, and
//     Replay plays a move list from a start position, stopping at the
//     first illegal move with a *MoveError. It shares no code with
//     LegalMoves, so that each checks the other;
//   - Validate, which says everything wrong with a position (Problems);
//   - the formats: a position as JSON (ReadPosition, MarshalPosition) or as
//     a text board (FormatBoard, ParseBoard), a solution as JSON
//     (ReadSolution, MarshalSolution), move lists (ReadMoves), and
//     Solvitaire's deal format (MarshalSolvitaire);
//   - positions with unknown face-down cards ("??"): Hide, Unseen, Fill,
//     and NeedKnown, whose error matches ErrUnknownCards.
//
// The starting layout of a numbered deal comes from package dealgen:
//
//	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
//	for _, m := range rules.LegalMoves(p, rules.DefaultOptions(), nil) {
//		fmt.Println(m)
//	}
//
// # Errors
//
// Errors name no command-line flag. Each failure a caller may tell apart
// has a sentinel, which errors.Is matches, or a type, which errors.As
// finds:
//
//   - ErrNoGame: a Game that is neither RussianCell nor RippleFan, the
//     zero Game among them (NewVariant, Validate, Check, Replay), and the
//     refusals of no game of the packages above.
//   - *ParseError: text that is not what a ParseX reads (ParseGame,
//     ParseCard, ParseMove and the others), here and in every package
//     above.
//   - *MoveError: an illegal move (Check, Replay), with its reason.
//   - Problems: what is wrong with a position or a document, one problem
//     a line (Validate, ReadPosition, ReadSolution, ReadMoves).
//   - *LayoutMismatch: a position labelled as one game and laid out as
//     the other (Validate, ReadPosition).
//   - *InvalidPositionError: a position that fails Validate, given to an
//     entry point of a library (CheckPosition), and no position (a nil
//     start of Replay, a nil position of MarshalSolvitaire).
//   - *WrongDocumentError: a document of another kind than the one read
//     (ReadPosition, ReadSolution, ReadMoveFile).
//   - *ConfigError: a setting out of range, the refusal of every package
//     that takes a config (solver.Config.Check and the others), before
//     any work.
//   - ErrUnknownCards: a position with unknown face-down cards where every
//     card must be known (NeedKnown, MarshalSolvitaire, Replay).
//   - *UnknownCardsError: the same, saying what needs the cards and how
//     many are unknown (NeedKnown).
//   - ErrNotSolvitaire: a position that Solvitaire's deal format cannot
//     hold (MarshalSolvitaire).
package rules
