package game

import (
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
	// LabelSamples is the sampled player's arrangements per decision in
	// the games that label the catalogue's difficulty.
	LabelSamples = catalogue.LabelSamples
	// Seed is the seed of every draw of arrangements.
	Seed = sample.DefaultSeed
	// MaxNodes is the node budget of one search.
	MaxNodes = solver.DefaultMaxNodes
	// PageTableMB caps the position table of a search in the browser: fit
	// for a phone. A full table forgets positions, which costs speed only.
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
