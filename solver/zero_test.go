package solver

import (
	"reflect"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestZeroConfig checks the solver's zero Config against the rule of
// docs/design.md ("Settings"): it is DefaultConfig, and a search made
// from it has every reduction on, the game's default rules (returns on in
// Russian Cell only) and the documented default budgets. Every Pruning
// field must be a bool that turns a reduction off when true (NoXxx, or
// PlayReturns for SkipReturns), false by default.
func TestZeroConfig(t *testing.T) {
	if !reflect.DeepEqual(Config{}, DefaultConfig()) { // Notify, a func, is not comparable with ==
		t.Errorf("DefaultConfig() = %+v, want the zero Config", DefaultConfig())
	}
	if AllPruning() != (Pruning{}) {
		t.Errorf("AllPruning() = %+v, want the zero Pruning", AllPruning())
	}
	pt := reflect.TypeFor[Pruning]()
	for i := range pt.NumField() {
		if f := pt.Field(i); !(strings.HasPrefix(f.Name, "No") || f.Name == "PlayReturns") || f.Type.Kind() != reflect.Bool {
			t.Errorf("Pruning.%s: want a bool that turns a reduction off (NoXxx), so that its zero value is the default", f.Name)
		}
	}
	for _, g := range rules.Games() {
		s := Config{}.resolve(g)
		on := reflect.ValueOf(s.Pruning)
		for i := range on.NumField() {
			if !on.Field(i).Bool() {
				t.Errorf("%v: the zero Config has %s off", g, on.Type().Field(i).Name)
			}
		}
		if s.returns != (g == rules.RussianCell) {
			t.Errorf("%v: the zero Config has returns %v", g, s.returns)
		}
		if s.maxNodes() != DefaultMaxNodes || s.memoryBytes() != DefaultMemoryMB<<20 || s.workers() < 1 {
			t.Errorf("%v: the zero Config has %d nodes, %d bytes, %d workers", g, s.maxNodes(), s.memoryBytes(), s.workers())
		}
	}
	// Every switch of NoPruning is set: its resolved form has none on.
	if NoPruning().on() != (pruning{}) {
		t.Errorf("NoPruning() leaves %+v on", NoPruning().on())
	}
}
