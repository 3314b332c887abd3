package rules_test

import (
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestConfigError: the error names the setting, the value and what is
// taken, on one line.
func TestConfigError(t *testing.T) {
	e := &rules.ConfigError{Field: "solver.Config.Workers", Value: -1, Want: "0 (the default) or more"}
	if got := e.Error(); got != "solver.Config.Workers is -1: want 0 (the default) or more" || strings.Contains(got, "\n") {
		t.Errorf("%q", got)
	}
}
