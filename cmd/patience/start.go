package main

// The plumbing every command shares, in one place: where a start position
// comes from (a deal number, --position, --moves), the checks of the
// arguments and of --format. Output paths are outpath.go's, signals and
// errors root.go's.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
)

// startFlags are the flags that say where a start position comes from.
type startFlags struct {
	position string
	moves    string // moves to play first (solve and hint)
	hide     bool   // make every face-down card unknown (??), after the moves
	// seen, when not nil, gets the keys of the positions of the game the
	// moves play (sample.AddSeen): the history hint's advice avoids.
	seen map[string]bool
}

// addHide adds the --hide flag.
func (f *startFlags) addHide(cmd *cobra.Command, help string) {
	cmd.Flags().BoolVar(&f.hide, "hide", false, help)
}

// playMoves plays the moves of f.moves, if any, from p with the referee,
// and returns the position reached and how many moves were played. num is
// p's deal number ("" for none). An illegal move is bad input, named by its
// number and the reason; so is a file that holds no moves, or a solution
// for another game, deal or position than p.
func playMoves(s streams, p *rules.Position, num string, f startFlags, o rules.Options) (*rules.Position, int, error) {
	if f.moves == "" {
		return p, 0, nil
	}
	mf, err := readMoveDoc(s, f.moves)
	if err != nil {
		return nil, 0, err
	}
	moves, err := movesFrom(f.moves, mf, p, num)
	if err != nil {
		return nil, 0, err
	}
	end, err := rules.Replay(p, o, moves)
	if err != nil {
		return nil, 0, usageError{fmt.Errorf("%s: %v", fileName(f.moves), err)}
	}
	if f.seen != nil {
		if _, err := game.SeenAlong(f.seen, p, moves); err != nil {
			return nil, 0, usageError{fmt.Errorf("%s: %v", fileName(f.moves), err)}
		}
	}
	return end, len(moves), nil
}

// readMoveDoc reads the move file name ("-" for standard input): a list of
// moves, or a solution or play record.
func readMoveDoc(s streams, name string) (game.MoveFile, error) {
	r, done, err := openInput(s, name)
	if err != nil {
		return game.MoveFile{}, err
	}
	defer done()
	mf, err := game.ReadMoveFile(r)
	var wd *rules.WrongDocumentError
	if errors.As(err, &wd) {
		return mf, usageError{named{fileName(name) + ": " + wrongDocument(wd), err}}
	}
	if err != nil {
		return mf, usageError{fmt.Errorf("%s: %v", fileName(name), err)}
	}
	if sol := mf.Record; sol != nil && sol.Position != nil {
		if err := checkLabel("the position of "+fileName(name), sol.Position, sol.Number); err != nil {
			return mf, err
		}
	}
	return mf, nil
}

// movesFrom returns the moves of a move file read from name, to be played
// from p (deal num, or "" for a position): a solution or play record must
// be for that game and start, and there must be moves.
func movesFrom(name string, mf game.MoveFile, p *rules.Position, num string) ([]rules.Move, error) {
	name = fileName(name)
	if mf.Record != nil {
		if err := sameStart(name, mf.Record.Solution, p, num); err != nil {
			return nil, err
		}
	}
	if mf.Empty {
		return nil, badInput(`%s is empty: want the moves played, one a line such as "5C t3>t6", a JSON list of moves, or a solution`, name)
	}
	if len(mf.Moves) == 0 {
		return nil, badInput("%s holds no moves: nothing to play (leave out --moves to start from the deal)", name)
	}
	return mf.Moves, nil
}

// sameStart checks that a solution given to --moves starts where the moves
// are to be played: the same game, and the same deal or position. name is
// the file's name for the message.
func sameStart(name string, sol *rules.Solution, p *rules.Position, num string) error {
	switch {
	case sol.Game != p.Game:
		return badInput("%s is a solution for %s, not %s", name, sol.Game, p.Game)
	case sol.Position != nil && !sol.Position.Equal(p):
		return badInput("%s is a solution from another position than the start given (%s): its moves cannot be played from here", name, startName(num))
	case sol.Position == nil && num != "" && sol.Number != num:
		return badInput("%s is a solution for deal %s, not deal %s", name, sol.Number, num)
	case sol.Position == nil:
		// A position file may carry a deal's number and yet be a later
		// position of it: compare the layouts.
		n, err := dealgen.ParseNumber(sol.Number)
		if err != nil || !dealgen.Deal(p.Game, n).Equal(p) {
			return badInput("%s is a solution from the start of deal %s, but the position given is not that start", name, sol.Number)
		}
	}
	if len(sol.Moves) == 0 {
		return badInput("%s is a solution with no moves (verdict %s): nothing to play", name, sol.Verdict)
	}
	return nil
}

// checkLabel refuses a position read from name (a file, or "the position
// of" one) that names a deal, num, it cannot come from: one line naming
// both, and what differs (dealgen.CheckLabel). A position without a
// number passes.
func checkLabel(name string, p *rules.Position, num string) error {
	if why := dealgen.LabelMismatch(p, num); why != "" {
		return badInput("%s names deal %s, but %s", name, num, why)
	}
	return nil
}

// startName names a start position in a message.
func startName(num string) string {
	if num == "" {
		return "the position given"
	}
	return "deal " + num
}

// readStart reads GAME (args[0]) and the start position that the rest of
// the arguments and flags name, with its deal number in canonical form
// ("" for a position without one).
func readStart(s streams, args []string, f startFlags) (*rules.Position, string, error) {
	g, err := parseGame(args[0])
	if err != nil {
		return nil, "", err
	}
	return loadStart(s, g, args, f)
}

// start is the position a command begins from: a deal or a --position,
// after the moves of --moves.
type start struct {
	pos    *rules.Position
	num    string // the deal number it comes from, canonical, or ""
	played int    // how many moves of --moves were played to reach it
}

// loadStart returns the start position named by the arguments: a deal
// number (args[1]) or a position file (--position). It also returns the
// deal number in canonical form, or "" for a position without one.
func loadStart(s streams, g rules.Game, args []string, f startFlags) (*rules.Position, string, error) {
	switch {
	case f.moves == "-" && f.position == "-":
		return nil, "", badInput("--position and --moves cannot both read standard input")
	case f.position != "" && len(args) > 1:
		return nil, "", badInput("give a deal number or --position, not both")
	case f.position != "":
		r, done, err := openInput(s, f.position)
		if err != nil {
			return nil, "", err
		}
		defer done()
		p, num, err := game.ReadPositionOf(r, g)
		var lm *rules.LayoutMismatch
		if errors.As(err, &lm) {
			return nil, "", badInput("%s is %v", fileName(f.position), lm)
		}
		if err != nil {
			return nil, "", usageError{inFile(f.position, err)}
		}
		if p.Game != g {
			return nil, "", badInput("%s holds a %s position, not %s", f.position, p.Game, g)
		}
		if err := checkLabel(fileName(f.position), p, num); err != nil {
			return nil, "", err
		}
		return p, num, nil
	case len(args) > 1:
		n, err := dealgen.ParseNumber(args[1])
		if err != nil {
			return nil, "", usageError{err}
		}
		return dealgen.Deal(g, n), n.String(), nil
	}
	return nil, "", badInput("give a deal NUMBER or --position FILE")
}

// oneArg checks that a command has its one argument, saying in one line
// what is missing (missing) or which arguments are extra (one says what the
// command takes).
func oneArg(missing, one string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		switch {
		case len(args) == 0:
			return badInput("%s", missing)
		case len(args) > 1:
			return badInput("too many arguments: %s; extra: %s", one, strings.Join(args[1:], " "))
		}
		return nil
	}
}

// gameArgs checks the arguments GAME [NUMBER] of deal and solve, saying in
// one line what is missing or extra.
func gameArgs(_ *cobra.Command, args []string) error {
	switch {
	case len(args) == 0:
		return badInput("missing GAME: use russian-cell or ripple-fan")
	case len(args) > 2:
		return badInput("too many arguments: want GAME and one deal NUMBER; extra: %s", strings.Join(args[2:], " "))
	}
	return nil
}

// checkFormat checks that f, the value of --format, is one of allowed:
// the formats the command's formatFlag was given.
func checkFormat(f string, allowed []string) error {
	for _, a := range allowed {
		if f == a {
			return nil
		}
	}
	return badInput("unknown --format %q: use %s", f, joinOr(allowed))
}

func joinOr(xs []string) string {
	switch len(xs) {
	case 1:
		return xs[0]
	case 2:
		return xs[0] + " or " + xs[1]
	}
	s := ""
	for i, x := range xs {
		switch {
		case i == len(xs)-1:
			s += ", or " + x
		case i > 0:
			s += ", " + x
		default:
			s += x
		}
	}
	return s
}
