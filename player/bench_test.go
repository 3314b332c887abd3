package player

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// BenchmarkSampledGame plays whole games of Russian Cell deals 1, 2, 3, ...
// (one per iteration, in turn) with the sampled player's default samples
// on one core: ns/op is the time of one game. The target is 3.5 s on
// average over deals 1..200 (go test -bench SampledGame -benchtime 200x).
func BenchmarkSampledGame(b *testing.B) {
	cfg := config(Sampled, DecisionSamples)
	cfg.Seed = 1
	for i := 0; b.Loop(); i++ {
		if _, err := Play(context.Background(), deal(rules.RussianCell, uint64(i+1)), cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGreedyGame is the same for the greedy player.
func BenchmarkGreedyGame(b *testing.B) {
	cfg := config(Greedy, 0)
	for i := 0; b.Loop(); i++ {
		if _, err := Play(context.Background(), deal(rules.RussianCell, uint64(i+1)), cfg); err != nil {
			b.Fatal(err)
		}
	}
}
