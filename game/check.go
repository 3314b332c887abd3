package game

import (
	"errors"
	"fmt"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/rules"
)

// CheckCase is what replaying a record's moves found.
type CheckCase int

// The cases of a check. Only CheckWins is valid.
const (
	// CheckNone: nothing was checked (the zero Checked, which Check never
	// returns).
	CheckNone CheckCase = iota
	// CheckWins: the moves win, and the verdict says solvable.
	CheckWins
	// CheckIllegal: a move is illegal (Checked.Illegal says which).
	CheckIllegal
	// CheckNoWin: the moves are legal but end without a win.
	CheckNoWin
	// CheckWinAgainstVerdict: the moves win, but the verdict says
	// unsolvable or unknown.
	CheckWinAgainstVerdict
	// CheckNoMoves: an unsolvable or unknown verdict, which comes with
	// no moves: the search's proof cannot be replayed.
	CheckNoMoves
	// CheckWinAgainstOutcome: a lost or stopped game's moves win.
	CheckWinAgainstOutcome
	// CheckLost: a lost game, its moves legal: there is no win to check.
	CheckLost
	// CheckStopped: a game a signal stopped, its moves legal.
	CheckStopped
)

// checkCaseWords are the words of the check cases, in their order.
var checkCaseWords = [...]string{CheckNone: "nothing checked", CheckWins: "wins", CheckIllegal: "illegal move",
	CheckNoWin: "no win", CheckWinAgainstVerdict: "win against the verdict", CheckNoMoves: "no moves",
	CheckWinAgainstOutcome: "win against the outcome", CheckLost: "lost", CheckStopped: "stopped"}

// String names the case in a few words, such as "illegal move" (for a
// program's messages and tests: the front ends say a check with Line).
func (c CheckCase) String() string {
	if c >= 0 && int(c) < len(checkCaseWords) {
		return checkCaseWords[c]
	}
	return fmt.Sprintf("CheckCase(%d)", int(c))
}

// Checked is the outcome of Check.
type Checked struct {
	Case    CheckCase        // what the check found
	Record  *Record          // the record checked
	End     *rules.Position  // where the moves end, when they are legal
	Illegal *rules.MoveError // the illegal move, for CheckIllegal
}

// Start returns the position a record starts from: its position, or the
// deal its number names. A record without a solution (nil, or the zero
// Record) has no start: ErrNoPosition.
func (rec *Record) Start() (*rules.Position, error) {
	if rec == nil || rec.Solution == nil {
		return nil, ErrNoPosition
	}
	if rec.Position != nil {
		return rec.Position, nil
	}
	n, err := dealgen.ParseNumber(rec.Number)
	if err != nil {
		return nil, err
	}
	return dealgen.Deal(rec.Game, n), nil
}

// Check replays the moves of a solution or play record with the referee
// (patience check): a solution's must win, as must a won game's; a lost or
// stopped game's must be legal and not win. A record without a solution
// is refused with ErrNoPosition (Start).
func Check(rec *Record) (*Checked, error) {
	start, err := rec.Start()
	if err != nil {
		return nil, err
	}
	c := &Checked{Record: rec}
	ended := rec.Play != nil && (rec.Play.Outcome == OutcomeLost || rec.Play.Outcome == OutcomeStopped)
	if !ended && rec.Verdict != rules.VerdictSolvable && len(rec.Moves) == 0 {
		c.Case = CheckNoMoves
		return c, nil
	}
	end, err := rules.Replay(start, rec.Options, rec.Moves)
	switch {
	case errors.As(err, &c.Illegal):
		c.Case = CheckIllegal
		return c, nil
	case err != nil:
		return nil, err
	}
	c.End = end
	switch {
	case ended && end.Won():
		c.Case = CheckWinAgainstOutcome
	case ended && rec.Play.Outcome == OutcomeStopped:
		c.Case = CheckStopped
	case ended:
		c.Case = CheckLost
	case !end.Won():
		c.Case = CheckNoWin
	case rec.Verdict != rules.VerdictSolvable:
		c.Case = CheckWinAgainstVerdict
	default:
		c.Case = CheckWins
	}
	return c, nil
}

// Valid says whether the check passed: the moves win, as the record says.
func (c *Checked) Valid() bool { return c.Case == CheckWins }

// Line says what the check found, in one line: "nothing checked" for the
// zero Checked.
func (c *Checked) Line() string {
	if c.Case == CheckNone || c.Record == nil || c.Record.Solution == nil {
		return "nothing checked"
	}
	rec, n := c.Record, len(c.Record.Moves)
	on := 0 // the cards on the foundations at the end, when the moves are legal
	if c.End != nil {
		on = c.End.OnFoundations()
	}
	play := rec.Play
	if play == nil {
		play = &PlayRecord{}
	}
	switch c.Case {
	case CheckWins:
		return "valid: wins in " + wording.Moves(n)
	case CheckIllegal:
		return fmt.Sprintf("invalid: %v", c.Illegal)
	case CheckNoWin:
		moves := fmt.Sprintf("the %d moves end", n)
		if n == 1 {
			moves = "the 1 move ends"
		}
		return fmt.Sprintf("invalid: %s without a win (%d of 52 cards on the foundations)", moves, on)
	case CheckWinAgainstVerdict:
		return fmt.Sprintf("invalid: the %d moves win, but the verdict says %s", n, rec.Verdict)
	case CheckNoMoves:
		why := ""
		if rec.Reason != "" {
			why = " (" + rec.Reason + ")"
		}
		return fmt.Sprintf("nothing to check: the verdict is %s%s, and only a win comes with moves to replay", rec.Verdict, why)
	case CheckWinAgainstOutcome:
		return fmt.Sprintf("invalid: the %d moves win, but the outcome says %s", n, play.Outcome)
	case CheckStopped:
		return fmt.Sprintf("nothing to check: a game stopped by %s before it ended (the %s played are legal and end with %d of 52 cards on the foundations)",
			play.Signal, wording.Moves(n), on)
	}
	return fmt.Sprintf("nothing to check: a lost game (the %d moves played are legal and end with %d of 52 cards on the foundations); the deal's verdict with all cards known is %s",
		n, on, rec.Verdict)
}
