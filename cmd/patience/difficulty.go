package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/catbuild"
	"github.com/patience-solver/patience/internal/outfile"
	"github.com/patience-solver/patience/rules"
)

// labelOptions are the flags of catalogue label.
type labelOptions struct {
	out, in     string
	list, force bool
}

func newCatalogueLabelCommand(s streams) *cobra.Command {
	o := &labelOptions{}
	cmd := &cobra.Command{
		Use:   "label russian-cell GREEDY SAMPLED... (-o OUT | --list)",
		Short: "Label the Russian Cell deals of a catalogue by difficulty, from the players' games",
		Long: `label reads the results files of "patience stats --player" runs and gives
each winnable deal of their range a difficulty:

  easy       the greedy player (a fixed rule, no search) wins it;
  medium     greedy loses, and the sampled player with 10 samples wins it
             with at least 2 of the seeds 1, 2 and 3;
  hard       ... with 1 of the 3 seeds;
  very hard  ... with none, though the deal can be won.

GREEDY is the greedy player's file of the deals to label, one range A-B;
the SAMPLED files are the sampled player's (--samples 10) with the seeds 1,
2 and 3, and must hold every winnable deal that greedy lost. Whether a deal
can be won comes from the catalogue (--catalogue FILE, default the one
that ships), and must agree with the files. Any one of the files, or
--catalogue, may be -, standard input. Deals that cannot be won get
no label. Ripple Fan has none: every card is face up.

With -o, the labels are written into a copy of the catalogue, whose range
must then start where the labels do; OUT is written as catalogue build
writes it (never over one of the files read, and over a file that is not
a catalogue only with --force). With --list, each deal of the range is
printed with its label ("-" for none), one a line.

"bash catalogue/difficulty.sh" runs the players and this command in one go
(about 40 minutes on 2 cores for deals 1..10,000).`,
		Example: `  patience stats russian-cell --deals 1-10000 --player greedy --out greedy.jsonl
  grep '"outcome":"lost"' greedy.jsonl | grep '"verdict":"solvable"' > open.jsonl
  patience stats russian-cell --deals-file open.jsonl --player sampled --samples 10 --seed 1 --out s1.jsonl
  (and --seed 2, --seed 3)
  patience catalogue label russian-cell greedy.jsonl s1.jsonl s2.jsonl s3.jsonl -o catalogue/data/russian-cell.cat`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) < 2 {
				return badInput("give the game, the greedy player's results file and the sampled player's files")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runCatalogueLabel(cmd.Context(), s, o, args) },
	}
	cmd.ValidArgsFunction = argValues(words(rules.RussianCell.String()), files)
	cmd.Flags().StringVarP(&o.out, "out", "o", "", "the catalogue file to write, with the labels")
	cmd.Flags().BoolVar(&o.force, "force", false, "replace -o even if it is not a catalogue")
	cmd.Flags().StringVar(&o.in, "catalogue", "", "the catalogue to label (default: the one that ships; - for stdin; read up to 64 MiB)")
	cmd.Flags().BoolVar(&o.list, "list", false, "print each deal's label instead of writing a catalogue")
	return cmd
}

// labelBase is the catalogue to label: file ("-" for standard input), or
// the shipped one of g.
func labelBase(s streams, g rules.Game, file string) (*catalogue.Catalogue, error) {
	if file == "" {
		c := catalogue.For(g, rules.DefaultOptions())
		if c == nil {
			return nil, badInput("no catalogue of %s ships in this build: give --catalogue FILE", g)
		}
		return c, nil
	}
	data, err := readCatalogueFile(s, file)
	if err != nil {
		return nil, err
	}
	c, err := catalogue.Parse(data)
	if err != nil {
		return nil, usageError{fmt.Errorf("%s: %w", fileName(file), err)}
	}
	if c.Game != g {
		return nil, badInput("%s is a catalogue of %s, not %s", fileName(file), c.Game, g)
	}
	return c, nil
}

// labelError words an error of catbuild.ReadLabels or Labels.Apply as
// catalogue label says it, with the flags and commands that resolve it:
// a refusal is bad input, and the error of opening a file (openInput's)
// is as it is.
func labelError(err error) error {
	switch e := err.(type) {
	case *catbuild.GameError:
		if e.Name != "" {
			return badInput("%s holds %s games, not Russian Cell", e.Name, e.Got)
		}
	case *catbuild.PlayerError:
		if e.WantSamples > 0 {
			return badInput("%s: want the %s player's games with %d samples, not %s", e.Name, e.Want, e.WantSamples, e.Got())
		}
		return badInput("%s: want the %s player's games (stats --player %s), not %s", e.Name, e.Want, e.Want, e.Got())
	case *catbuild.RangeError:
		return badInput("%s: the greedy run covers deals %s: it must cover one range of plain deal numbers (stats --deals A-B)", e.Name, e.Deals)
	case *catbuild.SeedError:
		if e.Duplicate {
			return badInput("%s: a second file of seed %d", e.Name, e.Seed)
		}
		return badInput("%s: seed %d; the labels count the seeds %s", e.Name, e.Seed, seedList())
	case *catbuild.UndecidedError:
		return badInput("deal %d is %s: the catalogue must decide every deal to label", e.Deal, e.Status)
	case *catbuild.VerdictError:
		return badInput("deal %d: the catalogue says %s, a results file %s: they are not of the same rules or solver", e.Deal, e.Catalogue, e.File)
	case *catbuild.MissingError:
		return badInput("%s: deal %d is missing: finish the run (run its stats command again)", e.Name, e.Deal)
	case *catbuild.UnsampledError:
		return badInput("deal %d: greedy lost it, and %d of the sampled files of the seeds %s hold it: run the missing seeds, or finish their runs", e.Deal, e.Files, seedList())
	case *catbuild.StartError:
		return badInput("the labels start at deal %d and the catalogue at %d: a catalogue's labels start where it does (use --list)", e.Labels, e.Catalogue)
	case *batch.FileError:
		return usageError{err}
	}
	return err
}

func seedList() string {
	var s []string
	for _, x := range catalogue.LabelSeeds() {
		s = append(s, fmt.Sprint(x))
	}
	return strings.Join(s, ", ")
}

// printLabels writes "N label" lines, "-" for a deal without one.
func printLabels(w io.Writer, first uint64, of []catalogue.Difficulty) error {
	var b strings.Builder
	for i, d := range of {
		label := d.Slug()
		if label == "" {
			label = "-"
		}
		fmt.Fprintf(&b, "%d %s\n", first+uint64(i), label)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// difficultySummary is one line: the labelled range and how many deals
// carry each label, with their share of the labelled (winnable) deals.
func difficultySummary(c *catalogue.Catalogue) string {
	first, last, ok := c.Labelled()
	if !ok {
		return "difficulty: no labels"
	}
	var total uint64
	for _, d := range catalogue.Difficulties() {
		total += c.CountDifficulty(d)
	}
	parts := make([]string, 0, len(catalogue.Difficulties()))
	for _, d := range catalogue.Difficulties() {
		n := c.CountDifficulty(d)
		parts = append(parts, fmt.Sprintf("%s %s (%.1f%%)", d, thousands(int64(n)), 100*float64(n)/float64(max(total, 1))))
	}
	return fmt.Sprintf("difficulty of the winnable deals %s..%s: %s", thousands(int64(first)), thousands(int64(last)), strings.Join(parts, ", "))
}

// runCatalogueLabel runs catalogue label with its flags parsed into o.
func runCatalogueLabel(ctx context.Context, s streams, o *labelOptions, args []string) error {
	if (o.out == "") == !o.list {
		return badInput("give -o OUT (a catalogue to write) or --list, one of them")
	}
	g, err := parseGame(args[0])
	if err != nil {
		return err
	}
	if g != rules.RussianCell {
		return badInput("only Russian Cell deals have a difficulty: in Ripple Fan every card is face up")
	}
	if err := oneStdin(slices.Concat(args[1:], []string{o.in})...); err != nil {
		return err
	}
	inputs := args[1:]
	if o.in != "" {
		inputs = append(inputs, o.in)
	}
	if o.out != "" {
		if err := outError(ctx, "-o", outfile.Probe(o.out, outfile.Options{Inputs: inputs})); err != nil {
			return err
		}
	}
	c, err := labelBase(s, g, o.in)
	if err != nil {
		return err
	}
	files := resultsInputs(s, args[1:])
	labels, err := catbuild.ReadLabels(c, files[0], files[1:])
	if err != nil {
		return labelError(err)
	}
	if o.list {
		return printLabels(s.out, labels.First, labels.Of)
	}
	l, err := labels.Apply(c)
	if err != nil {
		return labelError(err)
	}
	data := l.Encode()
	report, err := writeCatalogue(ctx, s, catalogueOut{o.out, inputs, o.force}, data)
	if err != nil {
		return err
	}
	fmt.Fprintf(report, "%s: %s\n%s\n", o.out, catalogueSummary(l, data), difficultySummary(l))
	return nil
}
