package main

import (
	"errors"
	"fmt"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver/batch"
)

// The library's errors name no flag or command: a library has none. The
// command line knows which flag or command resolves each, and words those
// errors here, by their type.

// cliLines returns the lines of err as the command line words them, and
// false for an error it words as the library does. Only an error whose
// message is the library error's own (not wrapped in more words) is
// worded again.
func cliLines(err error) ([]string, bool) {
	msg := err.Error()
	var me *batch.MismatchError
	var se *batch.SpaceError
	var fe *batch.FileError
	var wd *rules.WrongDocumentError
	var be *batch.BuildError
	var ip *rules.InvalidPositionError
	var rp rules.Problems
	switch {
	case errors.As(err, &be) && be.Error() == msg:
		return []string{be.Builds() + "; use another --out, or add --force to resume it with this build (its header then names both)"}, true
	case errors.As(err, &me) && me.Error() == msg:
		lines := []string{fmt.Sprintf("%s holds results of a different run; use another --out, or the same flags as that run", me.Name)}
		for _, p := range me.Problems {
			lines = append(lines, me.Name+": "+p)
		}
		if me.RetryUnknown {
			lines = append(lines, me.Name+": to search its unknown deals again with this run's budget, add --retry-unknown")
		}
		return lines, true
	case errors.As(err, &se) && se.Error() == msg:
		return []string{se.Shortfall() + ": free some space, write --out elsewhere, split the run with --shard, or check nothing with --no-space-check"}, true
	case errors.As(err, &fe) && fe.Error() == msg && fe.Truncated:
		return []string{fmt.Sprintf("%s line %d: the last line is cut short (a run was killed while writing it); resume the run with the same --out to repair it", fe.Name, fe.Line)}, true
	case errors.As(err, &fe) && fe.Error() == msg && errors.Is(fe.Err, batch.ErrSecondHeader):
		return []string{msg + ", use patience merge --out"}, true
	case errors.As(err, &wd) && wd.Error() == msg:
		return []string{wrongDocument(wd)}, true
	case errors.As(err, &ip) && ip.Error() == msg && errors.As(ip.Err, &rp):
		// One problem a line, as for a position read from a file.
		return rp, true
	case errors.Is(err, rules.ErrNotSolvitaire):
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
	case rules.SolutionDocument, rules.PlayDocument:
		is = "a solution (as patience solve --format json writes it)"
		if e.Got == rules.PlayDocument {
			is = "the record of a played game (as patience play --format json writes it)"
		}
		hint = "check its moves with patience check FILE"
		if e.Want == rules.PositionDocument {
			hint += ", or give it to --moves (review GAME --moves FILE starts from its own start)"
		}
	case rules.HintDocument:
		is = "a hint (as patience hint --format json writes it)"
	case rules.SummaryDocument:
		is = "the summary of a results file (as patience stats --format json writes it)"
		hint = "give the results file itself (the one patience stats --out writes)"
	case rules.ReviewDocument:
		is = "the review of a played game (as patience review --format json writes it)"
		switch e.Want {
		case rules.MoveListDocument:
			hint = "give the game itself: play's record (play --format json) or its moves"
		case rules.SolutionDocument:
			hint = "check the game itself: play's record (play --format json)"
		}
	}
	msg := "this is " + is + ", not " + e.Want.String()
	if hint != "" {
		msg += ": " + hint
	}
	return msg
}

// named is a library error worded by the command line, with the file it
// came from; it keeps the library's error for errors.Is and As.
type named struct {
	msg string
	err error
}

func (e named) Error() string { return e.msg }
func (e named) Unwrap() error { return e.err }
