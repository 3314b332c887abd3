package batch

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestConfigProgress: Config.Progress counts the deals a run decides, not
// those it resumes from its file: all 30 the first time, none when the
// same run is resumed.
func TestConfigProgress(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.jsonl")
	for round := range 2 {
		cfg := testConfig(t, rules.RippleFan, "1-30")
		cfg.Out = out
		var decided atomic.Int64
		cfg.Progress = &decided
		r, err := Open(cfg)
		if err != nil {
			t.Fatal(err)
		}
		res, err := r.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got, want := decided.Load(), int64(res.Done-res.Resumed); got != want || res.Done != 30 || res.Resumed != 30*uint64(round) {
			t.Errorf("round %d: Progress %d, decided %d (done %d, resumed %d)", round, got, want, res.Done, res.Resumed)
		}
	}
}
