package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
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
	c, err := buildCatalogue(s, g, args[1:], o.deals)
	if err != nil {
		return err
	}
	data := c.Encode()
	report, err := writeCatalogue(ctx, s, o.out, data, args[1:], o.force)
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

// writeCatalogue writes the catalogue data to -o out (at most
// maxCatalogueBytes, the most that is read back) through the one output
// routine (writeOut: an input refused, a file a run is writing
// never replaced, links followed, descriptors and devices written as they
// are); an existing file that is not a catalogue is replaced only with
// force. It returns where the summary line goes: standard error when the
// catalogue went to standard output.
func writeCatalogue(ctx context.Context, s streams, out string, data []byte, inputs []string, force bool) (io.Writer, error) {
	if len(data) > maxCatalogueBytes {
		return nil, badInput("the catalogue would take %s bytes, more than the %s a catalogue is read up to: cover fewer deals", thousands(int64(len(data))), catalogueCap())
	}
	report := s.out
	check := func(old *os.File) error {
		if force {
			return nil
		}
		have, err := io.ReadAll(io.LimitReader(old, int64(maxCatalogueBytes)))
		if err == nil {
			_, err = catalogue.Parse(have)
		}
		if err != nil {
			return badInput("-o %s exists and is not a catalogue: give --force to replace it, or another -o", out)
		}
		return nil
	}
	err := writeOut(ctx, "-o", out, outfile.Options{Inputs: inputs, Check: check}, func(f *os.File) error {
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

// The verdict codes of buildCatalogue's table, one byte a deal.
const (
	catMissing byte = iota
	catSolvable
	catUnsolvable
	catUnknown
)

// buildCatalogue reads the results files of game g ("-" for standard
// input) and returns the catalogue of the range dealSpec ("" for the range
// the headers declare).
func buildCatalogue(s streams, g rules.Game, files []string, dealSpec string) (*catalogue.Catalogue, error) {
	vt, err := catalogueRead(s, g, files, dealSpec)
	if err != nil {
		return nil, err
	}
	l, err := vt.lists()
	if err != nil {
		return nil, err
	}
	headers := vt.headers
	c, err := catalogue.New(g, headers[0].Options, vt.first, vt.last, l.solvable, l.unsolvable, l.unknown)
	if err != nil {
		return nil, err
	}
	var builds []string
	for _, h := range headers {
		for _, b := range strings.Split(h.Solver, ", ") {
			if !slices.Contains(builds, b) {
				builds = append(builds, b)
			}
		}
		if t := h.Tag(); !slices.Contains(c.Runs, t) {
			c.Runs = append(c.Runs, t)
		}
		c.MaxNodes = max(c.MaxNodes, h.MaxNodes)
	}
	c.Solver = strings.Join(builds, ", ")
	c.Builder = buildinfo.String()
	return c, nil
}

// catalogueRead reads each results file once, its header and then its
// records, so that a pipe or standard input ("-") may be given: the
// headers, checked to hold the solver's verdicts of game g under the same
// rules, and the verdicts of the deals to cover (dealSpec, or when that is
// empty the deals the files declare, which must then be the same in each),
// one byte a deal from first to last, catMissing for a deal no file holds.
func catalogueRead(s streams, g rules.Game, files []string, dealSpec string) (*verdictTable, error) {
	var headers []batch.Header
	var first, last uint64
	var table []byte
	fromFiles := dealSpec == ""
	for i, file := range files {
		r, done, err := openResults(s, file)
		if err != nil {
			return nil, err
		}
		name := fileName(file)
		err = checkCatalogueHeader(g, name, r.Header(), fileName(files[0]), headers, fromFiles)
		if err == nil && i == 0 {
			if fromFiles {
				dealSpec = r.Header().Deals
			}
			first, last, err = catalogueRange(dealSpec)
			if err == nil && last-first >= catalogue.MaxDeals {
				err = badInput("--deals %s: a catalogue covers at most 2^32 deals", dealSpec)
			}
			if err == nil {
				table = make([]byte, last-first+1)
			}
		}
		if err == nil {
			headers = append(headers, r.Header())
			err = tallyVerdicts(r, name, table, first, last)
		}
		done()
		if err != nil {
			return nil, err
		}
	}
	return &verdictTable{headers, first, last, table}, nil
}

// verdictTable is what catalogueRead reads: the files' headers, and the
// verdict of each deal first..last, one byte a deal (catMissing for a
// deal no file holds).
type verdictTable struct {
	headers     []batch.Header
	first, last uint64
	table       []byte
}

// verdictLists are the lists a catalogue keeps: the rarer of the
// solvable and unsolvable deals (the other nil: the rest), and the
// unknown ones.
type verdictLists struct {
	solvable, unsolvable, unknown []uint64
}

// checkCatalogueHeader checks the header h of results file name against
// game g and the headers read before it (of first, the first file's
// name): the solver's verdicts, not a player's games, under the same
// rules, and when fromFiles the same deals.
func checkCatalogueHeader(g rules.Game, name string, h batch.Header, first string, before []batch.Header, fromFiles bool) error {
	switch {
	case h.Game != g:
		return badInput("%s holds %s results, not %s", name, h.Game, g)
	case h.Player != "":
		return badInput("%s holds the games of the %s player, not the solver's verdicts: a catalogue is made of verdicts", name, h.Player)
	case len(before) == 0:
		return nil
	case h.Options != before[0].Options:
		return badInput("%s was run with other rules than %s (foundation returns %s, not %s)", name, first, onOff(h.Options.Returns(h.Game)), onOff(before[0].Options.Returns(g)))
	case fromFiles && h.Deals != before[0].Deals:
		return badInput("%s declares deals %s and %s deals %s: give the range to cover with --deals A-B", first, before[0].Deals, name, h.Deals)
	}
	return nil
}

// tallyVerdicts reads the records of r (results file name) into table,
// the verdicts of deals first..last. A deal the file's header does not
// declare is refused, as is a deal solvable in one file and unsolvable in
// another; an unknown verdict gives way to a known one, and the deals
// outside first..last are left out.
func tallyVerdicts(r *batch.Reader, name string, table []byte, first, last uint64) error {
	declared, err := r.DeclaredDeals()
	if err != nil {
		return usageError{err}
	}
	return eachResult(r, name, func(rec *batch.Record) error {
		if _, err := r.InDeclared(declared, rec); err != nil {
			return usageError{err}
		}
		u, ok := rec.Number.Uint64()
		if rec.Number.IsMS() || !ok || u < first || u > last {
			return nil
		}
		var v byte
		switch rec.Verdict {
		case solver.Solvable:
			v = catSolvable
		case solver.Unsolvable:
			v = catUnsolvable
		default:
			v = catUnknown
		}
		switch old := &table[u-first]; {
		case *old == catMissing, *old == catUnknown:
			*old = v
		case v != catUnknown && v != *old:
			return usageError{fmt.Errorf("%s: deal %d is solvable in one file and unsolvable in another: the files cannot both be right", name, u)}
		}
		return nil
	})
}

// eachResult calls f for each record that r, the reader of results file
// name, reads. An error of reading is a usage error that names the file;
// an error of f is returned as it is.
func eachResult(r *batch.Reader, name string, f func(*batch.Record) error) error {
	var rec batch.Record
	for {
		err := r.Next(&rec)
		if err == io.EOF {
			return nil
		}
		var fe *batch.FileError
		if errors.As(err, &fe) {
			return usageError{err}
		}
		if err != nil {
			return usageError{fmt.Errorf("%s: %w", name, err)}
		}
		if err := f(&rec); err != nil {
			return err
		}
	}
}

// lists turns the table into the lists a catalogue keeps. A deal missing
// from the table is refused.
func (vt *verdictTable) lists() (verdictLists, error) {
	table, first, last := vt.table, vt.first, vt.last
	var lists [catUnknown + 1][]uint64
	missing, firstMissing := 0, uint64(0)
	for i, v := range table {
		if v == catMissing {
			if missing == 0 {
				firstMissing = first + uint64(i)
			}
			missing++
			continue
		}
		lists[v] = append(lists[v], first+uint64(i))
	}
	if missing > 0 {
		return verdictLists{}, badInput("%s of the deals %d-%d are not in the files (the first is %d): finish the run (run its stats command again) or give --deals", thousands(int64(missing)), first, last, firstMissing)
	}
	solvable, unsolvable := lists[catSolvable], lists[catUnsolvable]
	if solvable == nil {
		solvable = []uint64{}
	}
	if unsolvable == nil {
		unsolvable = []uint64{}
	}
	// Keep the rarer verdict's list; the other is the rest.
	if len(solvable) <= len(unsolvable) {
		unsolvable = nil
	} else {
		solvable = nil
	}
	return verdictLists{solvable, unsolvable, lists[catUnknown]}, nil
}

// catalogueRange reads a list of deals that must be one range of plain
// numbers, A-B.
func catalogueRange(spec string) (uint64, uint64, error) {
	l, err := batch.ParseDeals(spec)
	if err != nil {
		return 0, 0, usageError{fmt.Errorf("--deals: %w", err)}
	}
	a, okA := l.At(0).Uint64()
	b, okB := l.At(l.Len() - 1).Uint64()
	if !okA || !okB || l.At(0).IsMS() || l.At(l.Len()-1).IsMS() || b < a || b-a+1 != l.Len() {
		return 0, 0, badInput("deals %s: a catalogue covers one range of plain deal numbers, A-B; give --deals A-B", spec)
	}
	return a, b, nil
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
