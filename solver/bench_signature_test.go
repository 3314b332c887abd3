package solver

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// The bench signature, as Stockfish's bench: the total positions searched
// over a fixed set of deals of both games, with one worker and a fixed
// configuration. Any change to what the search does (a pruning, the move
// order, the restarts, the table) changes the number; a change that only
// moves code or makes the same search faster does not.
//
// To change the number deliberately: make sure the verdicts of the long
// tests (PATIENCE_LONG=1 go test ./solver/) still hold, put the new figures
// from the failure message below, and say in the commit message why the
// search now searches differently.
const (
	benchSignatureRC = 107497 // Russian Cell deals 1..40
	benchSignatureRF = 5308   // Ripple Fan deals 1..1000 (each is small)
)

// benchConfig is the fixed configuration of the bench signature.
func benchConfig() Config {
	cfg := DefaultConfig()
	cfg.Workers = 1
	cfg.MaxNodes = 50_000_000
	cfg.MemoryMB = 64
	return cfg
}

func TestBenchSignature(t *testing.T) {
	var rc, rf int64
	s := New(rules.RussianCell, benchConfig())
	for d := uint64(1); d <= 40; d++ {
		r, err := s.Solve(context.Background(), deal(rules.RussianCell, d))
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict == Unknown {
			t.Fatalf("Russian Cell deal %d: unknown (%s)", d, r.Reason)
		}
		rc += r.Nodes
	}
	cfg := benchConfig()
	s = New(rules.RippleFan, cfg)
	for d := uint64(1); d <= 1000; d++ {
		r, err := s.Solve(context.Background(), deal(rules.RippleFan, d))
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict == Unknown {
			t.Fatalf("Ripple Fan deal %d: unknown (%s)", d, r.Reason)
		}
		rf += r.Nodes
	}
	if rc != benchSignatureRC || rf != benchSignatureRF {
		t.Fatalf("bench signature: Russian Cell %d positions (pinned %d), Ripple Fan %d (pinned %d).\n"+
			"The search now searches other positions. If that is deliberate, check the long tests\n"+
			"(PATIENCE_LONG=1 go test ./solver/), set benchSignatureRC = %d and benchSignatureRF = %d\n"+
			"in solver/bench_signature_test.go, and say why in the commit message.",
			rc, benchSignatureRC, rf, benchSignatureRF, rc, rf)
	}
}
