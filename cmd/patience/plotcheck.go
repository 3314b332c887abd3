package main

import (
	"context"
	"strings"

	"github.com/patience-solver/patience/internal/outfile"
)

// plotOptions are how --plot is written: a file, never a stream.
var plotOptions = outfile.Options{FileOnly: true}

// checkPlot checks --plot before a run starts: the picture is SVG; it
// names neither the results file (out, "" for none) nor an input, whatever
// the spelling of the paths or the symbolic links on the way; and it can
// be written (outfile.Probe). So a run never ends by finding that its
// picture cannot be drawn, nor by drawing it over a file it needs.
func checkPlot(plot, out string, inputs []string) error {
	if plot == "" {
		return nil
	}
	if !strings.HasSuffix(strings.ToLower(plot), ".svg") {
		return badInput("--plot %q: the picture is SVG, name it FILE.svg", plot)
	}
	if out != "" && outfile.SameFile(out, plot) {
		return badInput("--plot %s is the results file --out %s: the picture would replace it; name the picture apart", plot, out)
	}
	for _, in := range inputs {
		if in != "" && outfile.SameFile(plot, in) {
			return badInput("--plot %s is the input %s: the picture would replace it; name the picture apart", plot, in)
		}
	}
	return outError(context.Background(), "--plot", outfile.Probe(plot, plotOptions))
}
