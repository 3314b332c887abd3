package game

import (
	"fmt"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// The defaults of the operations, each once, named for its purpose. Every
// flag of the command line and the web page's settings take their
// defaults from here (the page asks the worker for them).
const (
	// DecisionSamples is how many arrangements of the unseen cards a
	// no-peek player draws for one decision (play).
	DecisionSamples = player.DecisionSamples
	// HintSamples is how many arrangements judge one position: a hint
	// over the unseen cards, and "can I still win?".
	HintSamples = sample.DefaultSamples
	// ReviewSamples is how many arrangements review rates each move of a
	// played game over, in the command line and the page alike.
	ReviewSamples = DecisionSamples
	// JudgeSamples is how many fresh arrangements judge the losing move
	// of a game in review.
	JudgeSamples = player.DefaultJudgeSamples
	// StorySamples is how many arrangements the page's story of a game
	// draws at each of its positions: as many as a decision's.
	StorySamples = DecisionSamples
	// MaxSamples caps every count of arrangements a caller asks for (the
	// arrangements are kept in memory): CheckSamples refuses more.
	MaxSamples = 1_000_000
	// LabelSamples is the sampled player's arrangements per decision in
	// the games that label the catalogue's difficulty.
	LabelSamples = catalogue.LabelSamples
	// Seed is the seed of every draw of arrangements.
	Seed = sample.DefaultSeed
	// MaxNodes is the node budget of one search.
	MaxNodes = solver.DefaultMaxNodes
	// PageTableMB caps the position table of a search in the browser: fit
	// for a phone, a quarter of solver.DefaultMemoryMB. A full table
	// forgets positions, which may then be searched again: a search can
	// take far longer, and end Unknown at its node budget or time limit
	// where a larger table decides it. (In one trial, deal 38 with pruning
	// off ended Unknown after 4 min 28 s with a 16 MB table, and was
	// decided in 12 s with the default.)
	PageTableMB = 256
)

// or is v, or def when v is 0: a request's zero setting means game's
// default.
func or[T int | uint64](v, def T) T {
	if v == 0 {
		return def
	}
	return v
}

// SamplesError is the refusal of a count of arrangements out of range:
// below 1 or above MaxSamples.
type SamplesError struct {
	// N is the count refused.
	N int
}

// Error says the range and the count refused.
func (e *SamplesError) Error() string {
	return fmt.Sprintf("a count of arrangements must be 1 to %d, not %d", MaxSamples, e.N)
}

// CheckSamples refuses, with a *SamplesError, a count of arrangements
// that the operations cannot draw: below 1 or above MaxSamples. (A
// request's 0 means the default, and is not asked about.)
func CheckSamples(n int) error {
	if n < 1 || n > MaxSamples {
		return &SamplesError{N: n}
	}
	return nil
}
