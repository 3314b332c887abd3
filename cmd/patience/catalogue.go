package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/catbuild"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/outfile"
	"github.com/patience-solver/patience/rules"
)

func newCatalogueCommand(s streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "catalogue",
		Short: "Build or show the catalogue of deals known to be winnable or not",
		Long: `The catalogue remembers the verdict of every Russian Cell deal from 1 to
1,000,000 and every Ripple Fan deal from 1 to 10,000,000 (all cards known),
so that find, deal and solve can answer without a search. It ships in the
program; "catalogue build" makes a new one from the results files of
"patience stats", and "catalogue info" describes one.`,
		Example: `  patience stats russian-cell --deals 1-1000000 --out rc.jsonl
  patience catalogue build russian-cell rc.jsonl -o catalogue/data/russian-cell.cat
  patience catalogue info russian-cell`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newCatalogueBuildCommand(s), newCatalogueLabelCommand(s), newCatalogueInfoCommand(s))
	return cmd
}

// buildOptions are the flags of catalogue build.
type buildOptions struct {
	out, deals string
	force      bool
}

func newCatalogueBuildCommand(s streams) *cobra.Command {
	o := &buildOptions{}
	cmd := &cobra.Command{
		Use:   "build GAME FILE... -o OUT",
		Short: "Build a catalogue from results files of patience stats",
		Long: `build reads the results files of "patience stats" runs of GAME (or the shard
files of one run) and writes the catalogue of their deals to OUT: the range
of deals, the deal numbers of the rarer verdict (solvable or unsolvable),
and those left unknown by the budget, which the catalogue never guesses.
It records the rules of the runs, the builds of patience that decided the
deals, the runs' tags, and this build.

A FILE of - is standard input (one FILE at most). The deals covered are
those the files' headers declare, which must be one range A-B; --deals A-B
takes a range of your own (for a run not finished yet, say). Every deal of
the range must be in the files, and every line of a file must be of a deal
its header declares. A deal decided in one file and unknown in another
takes the decision; a deal solvable in one file and unsolvable in another
is an error. Files of players' games (stats --player) are refused: their
outcomes are not verdicts.

OUT is written as "patience merge" writes --out: it must not be one of the
files read; an existing OUT that is not a catalogue is replaced only with
--force, and a results file that a stats run is writing never; the new
catalogue is written beside OUT and renamed over it, with OUT's
permissions. A symbolic link is followed and stays; - or /dev/stdout
writes the catalogue to standard output (the summary then goes to
stderr), and a pipe or device is written as it is.

The catalogues that ship are catalogue/data/russian-cell.cat and
catalogue/data/ripple-fan.cat; rebuild the program after replacing them.`,
		Example: `  patience stats russian-cell --deals 1-1000000 --out rc.jsonl
  patience catalogue build russian-cell rc.jsonl -o catalogue/data/russian-cell.cat
  patience catalogue build ripple-fan rf-0.jsonl rf-1.jsonl -o catalogue/data/ripple-fan.cat`,
		Args: func(_ *cobra.Command, args []string) error {
			switch len(args) {
			case 0:
				return badInput("missing GAME: use russian-cell or ripple-fan")
			case 1:
				return badInput("missing FILE: give the results files of patience stats, e.g. rc.jsonl")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runCatalogueBuild(cmd.Context(), s, o, args) },
	}
	cmd.ValidArgsFunction = gameThenFiles
	cmd.Flags().StringVarP(&o.out, "out", "o", "", "the catalogue file to write")
	cmd.Flags().BoolVar(&o.force, "force", false, "replace -o even if it is not a catalogue")
	cmd.Flags().StringVar(&o.deals, "deals", "", "the range of deals A-B to cover (default: the range the files' headers declare)")
	return cmd
}

// runCatalogueBuild runs catalogue build with its flags parsed into o.
func runCatalogueBuild(ctx context.Context, s streams, o *buildOptions, args []string) error {
	if o.out == "" {
		return badInput("missing -o OUT: the catalogue file to write")
	}
	g, err := parseGame(args[0])
	if err != nil {
		return err
	}
	if err := oneStdin(args[1:]...); err != nil {
		return err
	}
	if err := outError(ctx, "-o", outfile.Probe(o.out, outfile.Options{Inputs: args[1:]})); err != nil {
		return err
	}
	c, err := catbuild.Build(g, resultsInputs(s, args[1:]), o.deals)
	if err != nil {
		return buildError(err)
	}
	data := c.Encode()
	report, err := writeCatalogue(ctx, s, catalogueOut{o.out, args[1:], o.force}, data)
	if err != nil {
		return err
	}
	fmt.Fprintf(report, "%s: %s\n", o.out, catalogueSummary(c, data))
	return nil
}

func newCatalogueInfoCommand(s streams) *cobra.Command {
	var file string
	cmd := &cobra.Command{
		Use:   "info (GAME | --file FILE)",
		Short: "Describe the shipped catalogue of a game, or a catalogue file",
		Example: `  patience catalogue info russian-cell
  patience catalogue info --file rc.cat`,
		RunE: func(cmd *cobra.Command, args []string) error { return runCatalogueInfo(s, file, args) },
	}
	cmd.ValidArgsFunction = gameFirst
	cmd.Flags().StringVar(&file, "file", "", "a catalogue file to describe (- for stdin; read up to 64 MiB)")
	return cmd
}

// runCatalogueInfo runs catalogue info on GAME's shipped catalogue (args)
// or on the catalogue file file.
func runCatalogueInfo(s streams, file string, args []string) error {
	var c *catalogue.Catalogue
	var data []byte
	switch {
	case file != "" && len(args) > 0, file == "" && len(args) != 1:
		return badInput("give one GAME, or --file FILE")
	case file != "":
		var err error
		if data, err = readCatalogueFile(s, file); err != nil {
			return err
		}
		if c, err = catalogue.Parse(data); err != nil {
			return usageError{fmt.Errorf("%s: %w", fileName(file), err)}
		}
	default:
		g, err := parseGame(args[0])
		if err != nil {
			return err
		}
		if c = catalogue.For(g, rules.DefaultOptions()); c == nil {
			return badInput("no catalogue of %s ships in this build", g)
		}
		data = c.Encode()
	}
	fmt.Fprintln(s.out, catalogueSummary(c, data))
	fmt.Fprintf(s.out, "rules: foundation returns %s (a catalogue answers with returns on or off: they never change a verdict)\n", onOff(c.Options.Returns(c.Game)))
	fmt.Fprintf(s.out, "runs: %s; node budget %s; %s\n", strings.Join(c.Runs, ", "), thousands(c.MaxNodes), builderWords(c))
	if _, _, ok := c.Labelled(); ok {
		fmt.Fprintln(s.out, difficultySummary(c))
	}
	return nil
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// catalogueSummary is one line: the range and its source, the count of
// each verdict, and the size raw and gzipped.
func catalogueSummary(c *catalogue.Catalogue, data []byte) string {
	return fmt.Sprintf("%s: %s solvable, %s unsolvable, %s unknown; %s bytes (%s gzipped)",
		c.Describe(), thousands(int64(c.Count(catalogue.Winnable))), thousands(int64(c.Count(catalogue.Unwinnable))),
		thousands(int64(c.Count(catalogue.Undecided))), thousands(int64(len(data))), thousands(int64(gzipSize(data))))
}

// gzipSize is the size of data gzipped at the best compression.
func gzipSize(data []byte) int {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	w.Write(data)
	w.Close()
	return b.Len()
}

// catalogueOut is where catalogue build and catalogue label write a
// catalogue: -o, the files the command reads (never written over), and
// whether --force is given.
type catalogueOut struct {
	path   string
	inputs []string
	force  bool
}

// writeCatalogue writes the catalogue data to o.path (at most
// maxCatalogueBytes, the most that is read back) through the one output
// routine (writeOut: an input refused, a file a run is writing
// never replaced, links followed, descriptors and devices written as they
// are); an existing file that is not a catalogue is replaced only with
// o.force. It returns where the summary line goes: standard error when
// the catalogue went to standard output.
func writeCatalogue(ctx context.Context, s streams, o catalogueOut, data []byte) (io.Writer, error) {
	if len(data) > maxCatalogueBytes {
		return nil, badInput("the catalogue would take %s bytes, more than the %s a catalogue is read up to: cover fewer deals", thousands(int64(len(data))), catalogueCap())
	}
	report := s.out
	check := func(old *os.File) error {
		if o.force {
			return nil
		}
		have, err := io.ReadAll(io.LimitReader(old, int64(maxCatalogueBytes)))
		if err == nil {
			_, err = catalogue.Parse(have)
		}
		if err != nil {
			return badInput("-o %s exists and is not a catalogue: give --force to replace it, or another -o", o.path)
		}
		return nil
	}
	err := writeOut(ctx, "-o", o.path, outfile.Options{Inputs: o.inputs, Check: check}, func(f *os.File) error {
		if sameAsStdout(f, s.out) {
			report = s.err
		}
		_, err := f.Write(data)
		return err
	})
	return report, err
}

// maxCatalogueBytes is the most of a catalogue that is read (catalogue
// info --file, catalogue label --catalogue, and an existing -o that
// writeCatalogue checks), and so the most that is written: far more than
// the largest one that ships. A variable, for the tests.
var maxCatalogueBytes = 64 << 20

// catalogueCap is maxCatalogueBytes in words: "64 MiB".
func catalogueCap() string {
	if maxCatalogueBytes%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", maxCatalogueBytes>>20)
	}
	return thousands(int64(maxCatalogueBytes)) + " bytes"
}

// buildError words an error of catbuild.Build as catalogue build says
// it, with the flags that resolve it: a refusal is bad input, and the
// error of opening a file (openInput's) is as it is.
func buildError(err error) error {
	switch e := err.(type) {
	case *catbuild.GameError:
		return badInput("%s holds %s results, not %s", e.Name, e.Got, e.Want)
	case *catbuild.PlayerError:
		return badInput("%s holds the games of the %s player, not the solver's verdicts: a catalogue is made of verdicts", e.Name, e.Player)
	case *catbuild.RulesError:
		return badInput("%s was run with other rules than %s (foundation returns %s, not %s)", e.Name, e.First, onOff(e.Options.Returns(e.Game)), onOff(e.FirstOptions.Returns(e.Game)))
	case *catbuild.DealsError:
		return badInput("%s declares deals %s and %s deals %s: give the range to cover with --deals A-B", e.First, e.FirstDeals, e.Name, e.Deals)
	case *catbuild.RangeError:
		switch {
		case e.Err != nil:
			return usageError{fmt.Errorf("--deals: %w", e.Err)}
		case e.TooMany:
			return badInput("--deals %s: a catalogue covers at most 2^32 deals", e.Deals)
		}
		return badInput("deals %s: a catalogue covers one range of plain deal numbers, A-B; give --deals A-B", e.Deals)
	case *catbuild.ConflictError:
		return badInput("%s: deal %d is solvable in one file and unsolvable in another: the files cannot both be right", e.Name, e.Deal)
	case *catbuild.MissingError:
		return badInput("%s of the deals %d-%d are not in the files (the first is %d): finish the run (run its stats command again) or give --deals", thousands(int64(e.Count)), e.First, e.Last, e.Deal)
	case *batch.FileError:
		return usageError{err}
	}
	return err
}

// catalogueNote is the line that says what the catalogue knows of the
// start position p (game.Known's Note), or "" when p is not the start of a
// deal (num) that the catalogue has decided.
func catalogueNote(o rules.Options, p *rules.Position, num string) string {
	if k := game.KnownOf(o, p, num); k != nil {
		return k.Note()
	}
	return ""
}

// builderWords names the builds that wrote a catalogue: its verdicts, and
// its difficulty labels when another build's are named (catalogue label).
func builderWords(c *catalogue.Catalogue) string {
	verdicts, labels, ok := strings.Cut(c.Builder, ", ")
	if _, _, labelled := c.Labelled(); ok && labelled {
		return "built by patience " + verdicts + ", labelled by patience " + labels
	}
	return "built by patience " + c.Builder
}
