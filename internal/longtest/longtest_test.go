package longtest

import (
	"fmt"
	"testing"
)

// recorder is a testing.TB that records Skip and Fatal instead of
// stopping the test.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()           {}
func (r *recorder) Skip(args ...any)  { r.skipped = fmt.Sprint(args...) }
func (r *recorder) Fatal(args ...any) { r.failed = fmt.Sprint(args...) }

func TestMissingSkipsOutsideCI(t *testing.T) {
	t.Setenv(CIEnv, "")
	r := &recorder{TB: t}
	Missing(r, "no browser")
	if r.skipped != "no browser" || r.failed != "" {
		t.Errorf("without %s: skipped %q, failed %q; want skipped", CIEnv, r.skipped, r.failed)
	}
}

func TestMissingFailsInCI(t *testing.T) {
	t.Setenv(CIEnv, "1")
	r := &recorder{TB: t}
	Missing(r, "no browser")
	if r.failed == "" || r.skipped != "" {
		t.Errorf("with %s=1: skipped %q, failed %q; want failed", CIEnv, r.skipped, r.failed)
	}
}
