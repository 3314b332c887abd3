package player

import "fmt"

// RemovedError is what ParseKind's error holds for a player that patience
// offered once and no longer does: a design measured against Sampled that did not
// beat it on both fixed deal sets. Results files that name it are still
// read (they hold strings, not Kinds); a run of it cannot be resumed, as
// this build does not play it (the build of Commit does).
type RemovedError struct {
	Name   string // the player's name, as in "rollout"
	Why    string // the measurement that removed it, in a few words
	Commit string // the commit whose build plays it and measured it
}

// Error says that the player was removed, why, and which commit plays it.
func (e *RemovedError) Error() string {
	return fmt.Sprintf("the %s player was removed from patience: %s; a build of commit %s plays it, and benchmarks/BENCHMARKS.md has its figures. Use sampled or greedy", e.Name, e.Why, e.Commit)
}

// removed lists the players that were measured and removed.
var removed = []RemovedError{
	{
		Name:   "reveal",
		Why:    "it did not beat sampled (42.7% against 42.1% of deals 1..1,000, 43.4% against 44.2% of 100001..100500; paired p = 0.51 and 0.52)",
		Commit: "c71e213",
	},
	{
		Name:   "adaptive",
		Why:    "it beat sampled on deals 100001..100500 (47.6% against 44.2%, paired p = 0.046) but not on 1..2,000 (45.5% against 44.9%, p = 0.50)",
		Commit: "c71e213",
	},
	{
		Name:   "rollout",
		Why:    "it did not beat sampled (45.7% against 44.9% of deals 1..2,000, 44.0% against 45.7% of 400001..401000; paired p = 0.50 and 0.32)",
		Commit: "11c6cc2",
	},
	{
		Name:   "conditioned",
		Why:    "it did not beat sampled (45.2% against 44.9% of deals 1..2,000, 44.0% against 45.7% of 400001..401000; paired p = 0.71 and 0.17)",
		Commit: "7748c0c",
	},
}

// Removed returns the error that says why the player named name was
// removed, and ok false when no player of that name was.
func Removed(name string) (e *RemovedError, ok bool) {
	for i := range removed {
		if removed[i].Name == name {
			r := removed[i]
			return &r, true
		}
	}
	return nil, false
}
