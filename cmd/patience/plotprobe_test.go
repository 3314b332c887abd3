package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/patience-solver/patience/internal/outfile"
)

// TestPlotCheckedBeforeTheRun: a --plot that another command holds (its
// lock taken) or that ends in a loop of symbolic links is refused before
// stats decides its first deal and before merge reads its inputs: exit
// 2, one line naming --plot, nothing on stdout, and no --out made.
func TestPlotCheckedBeforeTheRun(t *testing.T) {
	dir := t.TempDir()
	in := shardsOf(t, dir, "1-20")
	held := filepath.Join(dir, "held.svg")
	if err := os.WriteFile(held, []byte("<svg/>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(held, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	unlock, err := outfile.Lock(f)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	loop := filepath.Join(dir, "loop.svg")
	if err := os.Symlink("loop2.svg", loop); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop.svg", filepath.Join(dir, "loop2.svg")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		plot, why string
	}{{held, "--plot " + held}, {loop, "--plot " + loop}} {
		out := filepath.Join(dir, "out.jsonl")
		for _, args := range [][]string{
			{"stats", "ripple-fan", "--deals", "1-20", "--quiet", "--out", out, "--plot", c.plot},
			{"merge", in[0], in[1], "--out", out, "--plot", c.plot},
			{"stats", "--summary", in[0], in[1], "--plot", c.plot},
		} {
			r := cliRun(t, "", args...)
			cliWantUsage(t, r, 1, c.why)
			if _, err := os.Lstat(out); err == nil {
				t.Errorf("%v: made --out", args)
				os.Remove(out)
			}
		}
	}
	if b, err := os.ReadFile(held); err != nil || string(b) != "<svg/>\n" {
		t.Errorf("the held picture: %q, %v", b, err)
	}
}
