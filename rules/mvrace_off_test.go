//go:build !race

package rules_test

// mvRace reports whether the race detector is on; the slow differential
// tests then run at their -short size, the race detector being ~10x slower.
const mvRace = false
