package main

import (
	"errors"
	"fmt"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
)

// The library's errors name no flag or command: a library has none. The
// command line knows which flag or command resolves each, and words those
// errors here, by their type.

// bare returns the error that err carries with no words added: err
// itself, or what the command line's kinds (usageError, ioFailure), which
// add none, wrap.
func bare(err error) error {
	for {
		switch e := err.(type) {
		case usageError:
			err = e.err
		case ioFailure:
			err = e.err
		default:
			return err
		}
	}
}

// cliLines returns the lines of err as the command line words them, and
// false for an error it words as the library does. Only a library error
// carried bare (not wrapped in more words: see bare) is worded again.
func cliLines(err error) ([]string, bool) {
	msg := err.Error()
	switch e := bare(err).(type) {
	case *batch.BuildError:
		return []string{e.Builds() + "; use another --out, or add --force to resume it with this build (its header then names both)"}, true
	case *batch.MismatchError:
		me := e
		advice := "use another --out, or the same flags as that run"
		re, removed := player.Removed(me.Player)
		if removed {
			advice = "use another --out"
		}
		lines := []string{fmt.Sprintf("%s holds results of a different run; %s", me.Name, advice)}
		for _, p := range me.Problems {
			lines = append(lines, me.Name+": "+p)
		}
		if me.RetryUnknown {
			lines = append(lines, me.Name+": to search its unknown deals again with this run's budget, add --retry-unknown")
		}
		if removed {
			lines = append(lines, fmt.Sprintf("%s: its player, %s, was removed from patience: this build cannot resume its run (commit %s can); stats --summary and merge still read the file", me.Name, re.Name, re.Commit))
		}
		return lines, true
	case *batch.SpaceError:
		return []string{e.Shortfall() + ": free some space, write --out elsewhere, split the run with --shard, or check nothing with --no-space-check"}, true
	case *batch.FileError:
		switch {
		case e.Truncated:
			return []string{fmt.Sprintf("%s line %d: the last line is cut short (a run was killed while writing it); resume the run with the same --out to repair it", e.Name, e.Line)}, true
		case errors.Is(e.Err, batch.ErrSecondHeader):
			return []string{msg + ", use patience merge --out"}, true
		}
	case *rules.WrongDocumentError:
		return []string{wrongDocument(e)}, true
	case *rules.InvalidPositionError:
		// One problem a line, as for a position read from a file.
		var rp rules.Problems
		if errors.As(e.Err, &rp) {
			return rp, true
		}
	}
	if errors.Is(err, rules.ErrNotSolvitaire) {
		return []string{msg + ", or use --format json"}, true
	}
	return nil, false
}

// wrongDocument says what a document given in the wrong place is, and
// which command takes it.
func wrongDocument(e *rules.WrongDocumentError) string {
	is, hint := e.Got.String(), ""
	switch e.Got {
	case rules.ResultsDocument:
		hint = "read it with patience stats --summary FILE"
	case rules.PositionDocument:
		hint = "patience check replays the moves that patience solve --format json writes; to solve the position, run patience solve GAME --position FILE"
		if e.Want == rules.MoveListDocument {
			hint = "give a position with --position FILE"
		}
	case rules.SolutionDocument:
		is, hint = "a solution (as patience solve --format json writes it)", solutionHint(e.Want)
	case 0:
		d, err := game.ParseKind(e.Kind)
		if err != nil {
			return game.WrongDocumentWords(e)
		}
		is, hint = appDocument(d, e.Want)
	}
	msg := "this is " + is + ", not " + e.Want.String()
	if hint != "" {
		msg += ": " + hint
	}
	return msg
}

// solutionHint says where a solution or play record given in place of
// want goes.
func solutionHint(want rules.Document) string {
	hint := "check its moves with patience check FILE"
	if want == rules.PositionDocument {
		hint += ", or give it to --moves (review GAME --moves FILE starts from its own start)"
	}
	return hint
}

// appDocument says what the application's document d is, and where it
// goes in place of want.
func appDocument(d game.Document, want rules.Document) (is, hint string) {
	switch d {
	case game.PlayDocument:
		return "the record of a played game (as patience play --format json writes it)", solutionHint(want)
	case game.HintDocument:
		return "a hint (as patience hint --format json writes it)", ""
	case game.ShareDocument:
		return "the share of arrangements won that patience solve gives for a position with unknown face-down cards (??)", ""
	case game.SummaryDocument:
		return "the summary of a results file (as patience stats --format json writes it)", "give the results file itself (the one patience stats --out writes)"
	case game.ReviewDocument:
		switch want {
		case rules.MoveListDocument:
			hint = "give the game itself: play's record (play --format json) or its moves"
		case rules.SolutionDocument:
			hint = "check the game itself: play's record (play --format json)"
		}
		return "the review of a played game (as patience review --format json writes it)", hint
	}
	return d.String(), ""
}

// named is a library error worded by the command line, with the file it
// came from; it keeps the library's error for errors.Is and As.
type named struct {
	msg string
	err error
}

func (e named) Error() string { return e.msg }
func (e named) Unwrap() error { return e.err }
