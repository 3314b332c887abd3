package solver

import (
	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/rules"
)

// Solution returns r as the solution document that rules.MarshalSolution
// writes and `patience check` (rules.ReadSolution, then rules.Replay)
// reads back: the verdict and its reason, the moves, the effort, the
// rules opts the search was run under (Config.Options), and the build
// of patience that found it.
//
// start is the position searched. number is the number of the deal it
// is, in canonical form (dealgen.Number's String), or "" for a position
// of no deal. A deal is named by its number alone; a position with no
// number is carried whole. To carry a position whole together with the
// deal it came from (read from a file, or reached by moves), set the
// Solution's Position to it afterwards: the number is then written
// inside the position.
//
// A shortest search's result (Config.Shortest) gives a document with
// "shortest" and "lower_bound". A nil start gives nil: no solution.
func (r Result) Solution(start *rules.Position, number string, opts rules.Options) *rules.Solution {
	if start == nil {
		return nil
	}
	sol := &rules.Solution{
		Game:    start.Game,
		Number:  number,
		Verdict: verdictText(r.Verdict),
		Reason:  r.Reason.String(),
		Options: opts,
		Moves:   r.Moves,
		Forced:  r.Forced,
		Nodes:   r.Nodes,
		Seconds: r.Elapsed.Seconds(),
		Build:   buildinfo.String(),
	}
	if number == "" {
		sol.Position = start
	}
	if r.shortest {
		sol.Shortest = &rules.Shortest{Proven: r.Optimal, LowerBound: r.LowerBound}
	}
	return sol
}

// verdictText is the verdict as a solution document writes it.
func verdictText(v Verdict) string {
	switch v {
	case Solvable:
		return rules.VerdictSolvable
	case Unsolvable:
		return rules.VerdictUnsolvable
	}
	return rules.VerdictUnknown
}
