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
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/internal/outfile"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
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

// labelBuilder is the builder of a labelled catalogue: the build that
// wrote its verdicts (the first of builder), then the build that labels
// it, in place of any that labelled it before (docs/formats.md).
func labelBuilder(builder, build string) string {
	verdicts, _, _ := strings.Cut(builder, ", ")
	return verdicts + ", " + build
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

// readLabels reads the greedy player's file and the sampled player's
// files, and returns the first deal of the greedy file's range and the
// label of each deal of that range (catalogue.DifficultyOf). A file may be
// standard input, "-".
func readLabels(s streams, c *catalogue.Catalogue, greedyFile string, sampledFiles []string) (uint64, []catalogue.Difficulty, error) {
	var first, last uint64
	greedy, err := readOutcomes(s, greedyFile, func(h batch.Header) error {
		if h.Player != "greedy" {
			return badInput("%s: want the greedy player's games (stats --player greedy), not %s", fileName(greedyFile), playerWords(h))
		}
		var err error
		if first, last, err = catalogueRange(h.Deals); err != nil {
			return badInput("%s: the greedy run covers deals %s: it must cover one range of plain deal numbers (stats --deals A-B)", fileName(greedyFile), h.Deals)
		}
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	var seeds []uint64
	wins := map[uint64]int{}
	played := map[uint64]int{}
	var verdicts []map[uint64]playedDeal
	for _, file := range sampledFiles {
		name := fileName(file)
		outcomes, err := readOutcomes(s, file, func(h batch.Header) error {
			switch {
			case h.Player != "sampled" || h.Samples != game.LabelSamples:
				return badInput("%s: want the sampled player's games with %d samples, not %s", name, game.LabelSamples, playerWords(h))
			case !slices.Contains(catalogue.LabelSeeds(), h.Seed):
				return badInput("%s: seed %d; the labels count the seeds %s", name, h.Seed, seedList())
			case slices.Contains(seeds, h.Seed):
				return badInput("%s: a second file of seed %d", name, h.Seed)
			}
			seeds = append(seeds, h.Seed)
			return nil
		})
		if err != nil {
			return 0, nil, err
		}
		verdicts = append(verdicts, outcomes)
		for n, g := range outcomes {
			played[n]++
			if g.won {
				wins[n]++
			}
		}
	}
	of := make([]catalogue.Difficulty, last-first+1)
	needed := 0 // winnable deals that greedy lost
	for n := first; n <= last; n++ {
		v := c.LookupUint64(n)
		if v != catalogue.Winnable && v != catalogue.Unwinnable {
			return 0, nil, badInput("deal %d is %s: the catalogue must decide every deal to label", n, v)
		}
		for _, m := range append([]map[uint64]playedDeal{greedy}, verdicts...) {
			if g, ok := m[n]; ok && g.verdict.String() != v.String() {
				return 0, nil, badInput("deal %d: the catalogue says %s, a results file %s: they are not of the same rules or solver", n, v, g.verdict)
			}
		}
		g, ok := greedy[n]
		switch {
		case !ok:
			return 0, nil, badInput("%s: deal %d is missing: finish the run (run its stats command again)", fileName(greedyFile), n)
		case v == catalogue.Unwinnable:
			continue
		case !g.won:
			needed++
			if played[n] != len(catalogue.LabelSeeds()) {
				return 0, nil, badInput("deal %d: greedy lost it, and %d of the sampled files of the seeds %s hold it: run the missing seeds, or finish their runs", n, played[n], seedList())
			}
		}
		of[n-first] = catalogue.DifficultyOf(g.won, wins[n])
	}
	if needed > 0 && len(seeds) != len(catalogue.LabelSeeds()) {
		return 0, nil, badInput("%d files of the sampled player: the labels count one of each of the seeds %s", len(seeds), seedList())
	}
	return first, of, nil
}

// playedDeal is one deal of a player's results file: the player's
// outcome and the solver's verdict.
type playedDeal struct {
	won     bool
	verdict solver.Verdict
}

// readOutcomes reads a player's results file ("-" for standard input):
// check vets its header, and the map gives each deal's outcome and verdict. A deal the
// header does not declare is refused.
func readOutcomes(s streams, file string, check func(batch.Header) error) (map[uint64]playedDeal, error) {
	r, done, err := openResults(s, file)
	if err != nil {
		return nil, err
	}
	defer done()
	name := fileName(file)
	if h := r.Header(); h.Game != rules.RussianCell {
		return nil, badInput("%s holds %s games, not Russian Cell", name, h.Game)
	}
	if err := check(r.Header()); err != nil {
		return nil, err
	}
	declared, err := r.DeclaredDeals()
	if err != nil {
		return nil, usageError{err}
	}
	m := map[uint64]playedDeal{}
	err = eachResult(r, name, func(rec *batch.Record) error {
		if _, err := r.InDeclared(declared, rec); err != nil {
			return usageError{err}
		}
		if u, ok := rec.Number.Uint64(); ok && !rec.Number.IsMS() && rec.Outcome != batch.NotPlayed {
			m[u] = playedDeal{won: rec.Outcome == batch.Won, verdict: rec.Verdict}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

func playerWords(h batch.Header) string {
	switch {
	case h.Player == "":
		return "the solver's verdicts"
	case h.Samples > 0:
		return fmt.Sprintf("the %s player's with %d samples", h.Player, h.Samples)
	}
	return "the " + h.Player + " player's"
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
	first, of, err := readLabels(s, c, args[1], args[2:])
	if err != nil {
		return err
	}
	if o.list {
		return printLabels(s.out, first, of)
	}
	if first != c.First {
		return badInput("the labels start at deal %d and the catalogue at %d: a catalogue's labels start where it does (use --list)", first, c.First)
	}
	l, err := c.WithDifficulty(of)
	if err != nil {
		return err
	}
	l.Builder = labelBuilder(c.Builder, buildinfo.String())
	data := l.Encode()
	report, err := writeCatalogue(ctx, s, o.out, data, inputs, o.force)
	if err != nil {
		return err
	}
	fmt.Fprintf(report, "%s: %s\n%s\n", o.out, catalogueSummary(l, data), difficultySummary(l))
	return nil
}
