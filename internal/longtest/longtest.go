// Package longtest marks the tests that take long: the differential tests
// against a plain search, the million-deal runs, the browser tests and the
// WebAssembly rebuild. They run only when PATIENCE_LONG=1 is set, so that
// the default `go test ./...` stays quick; CI (.ci/run) sets it and runs
// everything.
package longtest

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the long tests on.
const Env = "PATIENCE_LONG"

// Enabled reports whether the long tests are to run: PATIENCE_LONG=1 and
// not -short.
func Enabled() bool {
	return os.Getenv(Env) == "1" && !testing.Short()
}

// Need skips t, with a message naming the variable, unless the long tests
// are enabled.
func Need(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skip("a long test: set " + Env + "=1 to run it")
	}
}
