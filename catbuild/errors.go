package catbuild

import (
	"errors"
	"fmt"
	"strings"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// The errors name no flag or command: a front end words them as its
// users give the files and ranges.

// errNoOpen is the problem of an Input without an Open function.
var errNoOpen = errors.New("an Input without a function to open it")

// errNoFiles is the problem of a Build given neither files nor a range.
var errNoFiles = errors.New("no results files declare it, and none is given")

// GameError is a results file of another game than the one wanted, or
// for ReadLabels a catalogue of a game other than Russian Cell.
type GameError struct {
	Name      string     // the file's name; "" for the catalogue given to ReadLabels
	Got, Want rules.Game // the game the file (or catalogue) is of, and the game wanted
}

// Error says what the file holds and what was wanted.
func (e *GameError) Error() string {
	if e.Name == "" {
		return fmt.Sprintf("the catalogue is of %s, not %s", e.Got, e.Want)
	}
	return fmt.Sprintf("%s holds %s results, not %s", e.Name, e.Got, e.Want)
}

// PlayerError is a results file whose games are not the ones wanted: a
// player's games where the solver's verdicts are wanted (Build: Want is
// ""), or not the games of the player Want with WantSamples samples
// (ReadLabels).
type PlayerError struct {
	Name string // the file's name
	// Player and Samples are the file's (batch.Header): Player is "" for
	// the solver's verdicts.
	Player  string
	Samples int
	// Want is the player wanted, "" for the solver's verdicts, and
	// WantSamples its samples, 0 for any.
	Want        string
	WantSamples int
}

// Error says what the file holds and what was wanted.
func (e *PlayerError) Error() string {
	if e.Want == "" {
		return fmt.Sprintf("%s holds the games of the %s player, not the solver's verdicts: a catalogue is made of verdicts", e.Name, e.Player)
	}
	want := "the " + e.Want + " player's games"
	if e.WantSamples > 0 {
		want += fmt.Sprintf(" with %d samples", e.WantSamples)
	}
	return fmt.Sprintf("%s: want %s, not %s", e.Name, want, e.Got())
}

// Got says whose results the file holds: "the solver's verdicts", "the
// greedy player's", "the sampled player's with 10 samples".
func (e *PlayerError) Got() string {
	switch {
	case e.Player == "":
		return "the solver's verdicts"
	case e.Samples > 0:
		return fmt.Sprintf("the %s player's with %d samples", e.Player, e.Samples)
	}
	return "the " + e.Player + " player's"
}

// RulesError is a results file run with other rules than the first file
// that Build read.
type RulesError struct {
	Name, First string     // the file's name, and the first file's
	Game        rules.Game // the game of both
	// Options are the file's rules, FirstOptions the first file's.
	Options, FirstOptions rules.Options
}

// Error names both files and says how their rules differ.
func (e *RulesError) Error() string {
	return fmt.Sprintf("%s was run with other rules than %s (foundation returns %s, not %s)",
		e.Name, e.First, onOff[e.Options.Returns(e.Game)], onOff[e.FirstOptions.Returns(e.Game)])
}

// onOff words a rule on or off.
var onOff = map[bool]string{true: "on", false: "off"}

// DealsError is a results file that declares other deals than the first
// file that Build read, when Build was given no range of its own.
type DealsError struct {
	Name, First       string // the file's name, and the first file's
	Deals, FirstDeals string // the deals their headers declare
}

// Error names both files and their deals.
func (e *DealsError) Error() string {
	return fmt.Sprintf("%s declares deals %s and %s deals %s: give the range to cover", e.First, e.FirstDeals, e.Name, e.Deals)
}

// RangeError is a list of deals that is not one range a catalogue
// covers: it does not parse (Err), or it is not one range of plain deal
// numbers A-B, or it is longer than catalogue.MaxDeals (TooMany).
type RangeError struct {
	// Name is the file whose header declares the deals, "" for a range
	// the caller gave.
	Name    string
	Deals   string // the list, "" for none
	Err     error  // why the list does not parse (batch.ParseDeals), or nil
	TooMany bool
}

// Error says which list it is and what is wrong with it.
func (e *RangeError) Error() string {
	where := "deals " + e.Deals
	if e.Name != "" {
		where = e.Name + ": its header declares deals " + e.Deals
	}
	switch {
	case e.Err != nil:
		return where + ": " + e.Err.Error()
	case e.TooMany:
		return where + ": a catalogue covers at most 2^32 deals"
	}
	return where + ": a catalogue covers one range of plain deal numbers, A-B"
}

// Unwrap returns why the list does not parse, or nil.
func (e *RangeError) Unwrap() error { return e.Err }

// ConflictError is a deal solvable in one results file and unsolvable in
// another.
type ConflictError struct {
	Name string // the file read second of the two
	Deal uint64 // the deal of two verdicts
}

// Error names the deal and the file where the conflict showed.
func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s: deal %d is solvable in one file and unsolvable in another: the files cannot both be right", e.Name, e.Deal)
}

// MissingError is a range whose deals are not all in the files: for
// Build, Count deals of First..Last that no file holds; for ReadLabels,
// those that the greedy player's file Name lacks of the range its header
// declares. Deal is the first of them.
type MissingError struct {
	Name        string // the file; "" for the files of Build
	First, Last uint64 // the range
	Count, Deal uint64 // how many deals of it are missing, and the first
}

// Error says how many deals of the range are missing, and the first.
func (e *MissingError) Error() string {
	if e.Name == "" {
		return fmt.Sprintf("%d of the deals %d-%d are not in the files (the first is %d)", e.Count, e.First, e.Last, e.Deal)
	}
	return fmt.Sprintf("%s: %d of the deals %d-%d are missing (the first is %d)", e.Name, e.Count, e.First, e.Last, e.Deal)
}

// SeedError is a sampled player's file that ReadLabels refuses for its
// seed: one that the labels do not count (catalogue.LabelSeeds), or the
// seed of a file read before it (Duplicate).
type SeedError struct {
	Name      string // the file's name
	Seed      uint64 // the file's seed
	Duplicate bool   // a file read before had the same seed
}

// Error names the file and its seed.
func (e *SeedError) Error() string {
	if e.Duplicate {
		return fmt.Sprintf("%s: a second file of seed %d", e.Name, e.Seed)
	}
	return fmt.Sprintf("%s: seed %d; the labels count the seeds %s", e.Name, e.Seed, strings.Trim(fmt.Sprint(catalogue.LabelSeeds()), "[]"))
}

// UndecidedError is a deal to label that the catalogue has not decided.
type UndecidedError struct {
	Deal   uint64           // the deal
	Status catalogue.Status // what the catalogue says of it
}

// Error names the deal and what the catalogue says of it.
func (e *UndecidedError) Error() string {
	return fmt.Sprintf("deal %d is %s: the catalogue must decide every deal to label", e.Deal, e.Status)
}

// VerdictError is a deal whose verdict in a results file is not the
// catalogue's: the two are not of the same rules or solver.
type VerdictError struct {
	Name      string           // the file
	Deal      uint64           // the deal
	Catalogue catalogue.Status // the catalogue's verdict
	File      solver.Verdict   // the file's
}

// Error names the deal and both verdicts.
func (e *VerdictError) Error() string {
	return fmt.Sprintf("%s: deal %d: the catalogue says %s, the file %s: they are not of the same rules or solver", e.Name, e.Deal, e.Catalogue, e.File)
}

// UnsampledError is a winnable deal that the greedy player lost, and
// that not every sampled player's file holds: its label needs the games
// of every seed.
type UnsampledError struct {
	Deal  uint64 // the deal
	Files int    // the sampled player's files that hold it
}

// Error names the deal and how many files hold it.
func (e *UnsampledError) Error() string {
	return fmt.Sprintf("deal %d: the greedy player lost it, and %d of the sampled player's files hold it: its label needs one of each seed", e.Deal, e.Files)
}

// StartError is labels that do not start where the catalogue given to
// Labels.Apply does: a catalogue's labels start at its first deal.
type StartError struct {
	Labels, Catalogue uint64 // the first deal of each
}

// Error says where each starts.
func (e *StartError) Error() string {
	return fmt.Sprintf("the labels start at deal %d and the catalogue at %d: a catalogue's labels start where it does", e.Labels, e.Catalogue)
}
