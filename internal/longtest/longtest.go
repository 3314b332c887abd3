// Package longtest marks the tests that take long: the differential tests
// against a plain search, the million-deal runs, the browser tests, the
// Slurm array job and the WebAssembly rebuild. They run only when
// PATIENCE_LONG=1 is set, so that the default `go test ./...` stays quick;
// CI (.ci/run) sets it and runs everything.
//
// CI also sets PATIENCE_CI=1. A contributor's machine may lack a browser
// or Slurm, or run another Go version than the one the WebAssembly was
// built with, and the tests that need them skip there; in CI they must
// run, so under PATIENCE_CI=1 they fail instead (Missing).
package longtest

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the long tests on.
const Env = "PATIENCE_LONG"

// CIEnv is the environment variable that .ci/run sets: under
// PATIENCE_CI=1, Missing fails rather than skips.
const CIEnv = "PATIENCE_CI"

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

// InCI reports whether PATIENCE_CI=1 is set.
func InCI() bool { return os.Getenv(CIEnv) == "1" }

// Missing is for a test that cannot run because the machine lacks
// something, said by msg: it skips t, or, under PATIENCE_CI=1, fails it,
// as CI must have everything the tests need.
func Missing(t testing.TB, msg string) {
	t.Helper()
	if InCI() {
		t.Fatal(msg + " (" + CIEnv + "=1: CI must run this test)")
		return
	}
	t.Skip(msg)
}
