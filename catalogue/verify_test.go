package catalogue_test

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestShipped: both games' catalogues ship, start at deal 1, and their
// counts add up.
func TestShipped(t *testing.T) {
	for _, g := range rules.Games() {
		c := catalogue.For(g, rules.DefaultOptions())
		if c == nil {
			t.Fatalf("no catalogue of %s ships", g)
		}
		if c.Game != g || c.First != 1 || c.Last < 100_000 {
			t.Errorf("%s: the catalogue is of %s deals %d-%d", g, c.Game, c.First, c.Last)
		}
		sum := c.Count(catalogue.Winnable) + c.Count(catalogue.Unwinnable) + c.Count(catalogue.Undecided)
		if sum != c.Len() || c.Count(catalogue.Winnable) == 0 || c.Count(catalogue.Unwinnable) == 0 {
			t.Errorf("%s: counts %d solvable, %d unsolvable, %d unknown, of %d deals", g,
				c.Count(catalogue.Winnable), c.Count(catalogue.Unwinnable), c.Count(catalogue.Undecided), c.Len())
		}
		if c.Build == "" || len(c.Runs) == 0 || c.Builder == "" {
			t.Errorf("%s: the catalogue does not record its builds and runs: %+v", g, c)
		}
		if o := (rules.Options{NoReturns: true}); catalogue.For(g, o) != c {
			t.Errorf("%s: the catalogue does not answer with returns off, which never change a verdict", g)
		}
	}
	if c := catalogue.For(rules.RussianCell, rules.DefaultOptions()); c.Listed() != catalogue.Unwinnable {
		t.Errorf("the Russian Cell catalogue lists the %v deals, the commoner kind", c.Listed())
	}
}

// TestAgainstSolver decides a random sample (fixed seed) of each shipped
// catalogue's solvable and unsolvable deals with the solver, and checks the
// verdicts: per kind 100 Russian Cell deals and 1,000 Ripple Fan deals in
// the quick tests, ten times as many with PATIENCE_LONG=1. Russian Cell
// deals are decided with returns on and off in turn: the catalogue answers
// for both.
func TestAgainstSolver(t *testing.T) {
	perKind := map[rules.Game]int{rules.RussianCell: 100, rules.RippleFan: 1000}
	if longtest.Enabled() {
		for g := range perKind {
			perKind[g] *= 10
		}
	}
	for _, g := range rules.Games() {
		t.Run(g.String(), func(t *testing.T) {
			c := catalogue.For(g, rules.DefaultOptions())
			r := rand.New(rand.NewPCG(29, uint64(g)))
			checked := map[catalogue.Status]int{}
			for _, want := range []catalogue.Status{catalogue.Winnable, catalogue.Unwinnable} {
				n := min(uint64(perKind[g]), c.Count(want))
				for range n {
					num, ok := c.Nth(want, r.Uint64N(c.Count(want)))
					if !ok {
						t.Fatalf("Nth(%v) found no deal", want)
					}
					if got := c.LookupUint64(num); got != want {
						t.Fatalf("deal %d: Nth says %v, Lookup %v", num, want, got)
					}
					cfg := solver.DefaultConfig()
					cfg.Workers, cfg.MemoryMB = 1, 64
					cfg.Options.NoReturns = num%2 == 1
					res, err := solver.New(g, cfg).Solve(context.Background(), dealgen.Deal(g, dealgen.FromUint64(num)))
					if err != nil {
						t.Fatal(err)
					}
					if res.Verdict == solver.Unknown {
						t.Logf("deal %d: the solver ran out of budget (%v)", num, res.Reason)
						continue
					}
					if res.Verdict.String() != want.String() {
						t.Fatalf("%s deal %d: the catalogue says %v, the solver %v", g, num, want, res.Verdict)
					}
					checked[want]++
				}
			}
			// A sample the solver could not decide would prove nothing.
			for _, v := range []catalogue.Status{catalogue.Winnable, catalogue.Unwinnable} {
				if need := min(perKind[g], int(c.Count(v))) * 9 / 10; checked[v] < need {
					t.Errorf("%s: only %d %v deals checked, want at least %d", g, checked[v], v, need)
				}
			}
			t.Logf("%s: %d solvable and %d unsolvable deals agree with the solver", g, checked[catalogue.Winnable], checked[catalogue.Unwinnable])
		})
	}
}

// TestNoBatchInWasm: the catalogue reader stays out of the solver, so the
// WebAssembly page can read it without the batch code.
func TestNoBatchInWasm(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	cmd := exec.Command(goTool, "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := string(out)
	if !strings.Contains(deps, "github.com/patience-solver/patience/rules\n") {
		t.Fatalf("go list -deps shows no rules package:\n%s", deps)
	}
	for _, bad := range []string{"/solver\n", "/batch\n", "/sample\n"} {
		if strings.Contains(deps, "github.com/patience-solver/patience"+bad) {
			t.Errorf("the catalogue package imports %s", strings.TrimSpace(bad))
		}
	}
}
