package main

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/stat"
)

func plotTitle(h batch.Header) string {
	d := h.Deals
	if len(d) > 40 {
		d = d[:37] + "..."
	}
	return h.Game.Title() + ", deals " + d
}

// writePlot draws two charts, one above the other, into an SVG file: the
// running win rate with its 95% Wilson band against the number of deals,
// and the distribution of positions searched per deal on a log scale.
func writePlot(ctx context.Context, name string, sum *batch.Summary, title string) error {
	top, err := ratePlot(sum, title)
	if err != nil {
		return err
	}
	bottom := effortPlot(sum)
	c := vgsvg.New(8*vg.Inch, 9*vg.Inch)
	dc := draw.New(c)
	tiles := draw.Tiles{Rows: 2, Cols: 1, PadTop: vg.Points(8), PadBottom: vg.Points(8), PadLeft: vg.Points(8), PadRight: vg.Points(16), PadY: vg.Points(24)}
	canvases := plot.Align([][]*plot.Plot{{top}, {bottom}}, tiles, dc)
	top.Draw(canvases[0][0])
	bottom.Draw(canvases[1][0])
	// checkPlot found it writable before the run: a failure now is not
	// the user's input, and the summary is already out.
	err = writeOut(ctx, "--plot", name, plotOptions, func(f *os.File) error {
		_, err := c.WriteTo(f)
		return err
	})
	var ue usageError
	if errors.As(err, &ue) {
		return ioFailure(ue)
	}
	return err
}

func ratePlot(sum *batch.Summary, title string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title + ": running win rate, 95% Wilson band"
	p.X.Label.Text = "deals"
	p.Y.Label.Text = "win rate of decided deals (%)"
	p.X.Tick.Marker = countTicks{}
	trace := sum.Trace()
	var line, upper, lower plotter.XYs
	lo, hi := math.Inf(1), math.Inf(-1)
	var last uint64
	if len(trace) > 0 {
		last = trace[len(trace)-1].Deals
	}
	for _, t := range trace {
		n := t.Solvable + t.Unsolvable
		if n == 0 {
			continue
		}
		x := float64(t.Deals)
		r := float64(t.Solvable) / float64(n)
		l, h := stat.Wilson(t.Solvable, n, stat.Z95)
		line = append(line, plotter.XY{X: x, Y: 100 * r})
		upper = append(upper, plotter.XY{X: x, Y: 100 * h})
		lower = append(lower, plotter.XY{X: x, Y: 100 * l})
		// The y range follows the band over the last four fifths of the
		// deals: the first few deals' band is nearly 0 to 100%.
		if t.Deals >= max(30, last/5) {
			lo, hi = min(lo, 100*l), max(hi, 100*h)
		}
	}
	if len(line) == 0 {
		p.Title.Text += " (no decided deals)"
		return p, nil
	}
	band := make(plotter.XYs, 0, 2*len(upper))
	band = append(band, upper...)
	for i := len(lower) - 1; i >= 0; i-- {
		band = append(band, lower[i])
	}
	poly, err := plotter.NewPolygon(band)
	if err != nil {
		return nil, err
	}
	poly.Color = color.RGBA{R: 160, G: 190, B: 230, A: 255}
	poly.LineStyle.Width = 0
	l, err := plotter.NewLine(line)
	if err != nil {
		return nil, err
	}
	l.Color = color.RGBA{R: 20, G: 60, B: 140, A: 255}
	l.Width = vg.Points(1.2)
	p.Add(poly, l, plotter.NewGrid())
	if !math.IsInf(lo, 0) {
		pad := max((hi-lo)*0.1, 1e-6)
		p.Y.Min, p.Y.Max = max(0, lo-pad), min(100, hi+pad)
	}
	p.X.Min = 0
	return p, nil
}

func effortPlot(sum *batch.Summary) *plot.Plot {
	p := plot.New()
	p.Title.Text = "Search effort per deal"
	p.Y.Label.Text = "deals"
	p.Y.Tick.Marker = countTicks{}
	bins := sum.Effort(10)
	var hb []plotter.HistogramBin
	var zero uint64
	for _, b := range bins {
		if b.Hi == 0 {
			zero += b.Count
			continue
		}
		hb = append(hb, plotter.HistogramBin{Min: float64(b.Lo), Max: float64(b.Hi + 1), Weight: float64(b.Count)})
	}
	p.X.Label.Text = "positions searched (log scale)"
	if zero > 0 {
		p.X.Label.Text += fmt.Sprintf("\n(not shown: %s deals decided with no search)", thousands(int64(zero)))
	}
	if len(hb) == 0 {
		return p
	}
	h := &plotter.Histogram{Bins: hb, Width: hb[len(hb)-1].Max - hb[0].Min, FillColor: color.RGBA{R: 120, G: 160, B: 210, A: 255}, LineStyle: plotter.DefaultLineStyle}
	h.LineStyle.Width = vg.Points(0.5)
	p.Add(h, plotter.NewGrid())
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = countTicks{log: true}
	p.X.Min, p.X.Max = hb[0].Min, hb[len(hb)-1].Max
	p.Y.Min = 0
	return p
}

// countTicks are the default ticks (or, with log, the ticks of a log
// scale) labelled as whole numbers with thousands separators (no 1e+06
// notation).
type countTicks struct{ log bool }

// Ticks returns the ticks between min and max.
func (c countTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	if c.log {
		ts = plot.LogTicks{Prec: -1}.Ticks(min, max)
	} else {
		ts = plot.DefaultTicks{}.Ticks(min, max)
	}
	for i := range ts {
		if ts[i].Label != "" {
			v := ts[i].Value
			if v == math.Trunc(v) && math.Abs(v) < 1e15 {
				ts[i].Label = thousands(int64(v))
			} else {
				ts[i].Label = strconv.FormatFloat(v, 'g', 4, 64)
			}
		}
	}
	return ts
}
