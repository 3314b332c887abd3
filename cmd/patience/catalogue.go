package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/solver/batch"
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

func newCatalogueBuildCommand(s streams) *cobra.Command {
	var out, deals string
	cmd := &cobra.Command{
		Use:   "build GAME FILE... -o OUT",
		Short: "Build a catalogue from results files of patience stats",
		Long: `build reads the results files of "patience stats" runs of GAME (or the shard
files of one run) and writes the catalogue of their deals to OUT: the range
of deals, the deal numbers of the rarer verdict (solvable or unsolvable),
and those left unknown by the budget, which the catalogue never guesses.
It records the rules of the runs, the builds of patience that decided the
deals, the runs' tags, and this build.

The deals covered are those the files' headers declare, which must be one
range A-B; --deals A-B takes a range of your own (for a run not finished
yet, say). Every deal of the range must be in the files. A deal decided in
one file and unknown in another takes the decision; a deal solvable in one
file and unsolvable in another is an error. Files of players' games (stats
--player) are refused: their outcomes are not verdicts.

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
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return badInput("missing -o OUT: the catalogue file to write")
			}
			g, err := parseGame(args[0])
			if err != nil {
				return err
			}
			c, err := buildCatalogue(g, args[1:], deals)
			if err != nil {
				return err
			}
			data := c.Encode()
			if err := writeFileAtomic(out, data); err != nil {
				return ioFailure{err}
			}
			fmt.Fprintf(s.out, "%s: %s\n", out, catalogueSummary(c, data))
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "the catalogue file to write")
	cmd.Flags().StringVar(&deals, "deals", "", "the range of deals A-B to cover (default: the range the files' headers declare)")
	return cmd
}

func newCatalogueInfoCommand(s streams) *cobra.Command {
	var file string
	cmd := &cobra.Command{
		Use:   "info (GAME | --file FILE)",
		Short: "Describe the shipped catalogue of a game, or a catalogue file",
		Example: `  patience catalogue info russian-cell
  patience catalogue info --file rc.cat`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var c *catalogue.Catalogue
			var data []byte
			switch {
			case file != "" && len(args) > 0, file == "" && len(args) != 1:
				return badInput("give one GAME, or --file FILE")
			case file != "":
				var err error
				if data, err = os.ReadFile(file); err != nil {
					return usageError{err}
				}
				if c, err = catalogue.Parse(data); err != nil {
					return usageError{fmt.Errorf("%s: %w", file, err)}
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
		},
	}
	cmd.Flags().StringVar(&file, "file", "", "a catalogue file to describe")
	return cmd
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
		c.Describe(), thousands(int64(c.Count(catalogue.Solvable))), thousands(int64(c.Count(catalogue.Unsolvable))),
		thousands(int64(c.Count(catalogue.Unknown))), thousands(int64(len(data))), thousands(int64(gzipSize(data))))
}

// gzipSize is the size of data gzipped at the best compression.
func gzipSize(data []byte) int {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	w.Write(data)
	w.Close()
	return b.Len()
}

// writeFileAtomic writes data to a temporary file beside name, then
// renames it over name: an interrupted build leaves the old file whole.
func writeFileAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// The verdict codes of buildCatalogue's table, one byte a deal.
const (
	catMissing byte = iota
	catSolvable
	catUnsolvable
	catUnknown
)

// buildCatalogue reads the results files of game g and returns the
// catalogue of the range dealSpec ("" for the range the headers declare).
func buildCatalogue(g rules.Game, files []string, dealSpec string) (*catalogue.Catalogue, error) {
	headers, first, last, table, err := catalogueRead(g, files, dealSpec)
	if err != nil {
		return nil, err
	}
	solvable, unsolvable, unknown, err := catalogueLists(table, first, last)
	if err != nil {
		return nil, err
	}
	c, err := catalogue.New(g, headers[0].Options, first, last, solvable, unsolvable, unknown)
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
// records, so that a pipe may be given: the headers, checked to hold the
// solver's verdicts of game g under the same rules, and the verdicts of
// the deals to cover (dealSpec, or when that is empty the deals the files
// declare, which must then be the same in each), one byte a deal from
// first to last, catMissing for a deal no file holds.
func catalogueRead(g rules.Game, files []string, dealSpec string) (headers []batch.Header, first, last uint64, table []byte, err error) {
	fromFiles := dealSpec == ""
	for i, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, 0, 0, nil, usageError{err}
		}
		r, err := batch.NewReader(f, name)
		if err != nil {
			err = usageError{err}
		} else {
			err = checkCatalogueHeader(g, name, r.Header(), files[0], headers, fromFiles)
		}
		if err == nil && i == 0 {
			if fromFiles {
				dealSpec = r.Header().Deals
			}
			first, last, err = catalogueRange(dealSpec)
			if err == nil && last-first >= 1<<32 {
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
		f.Close()
		if err != nil {
			return nil, 0, 0, nil, err
		}
	}
	return headers, first, last, table, nil
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
// the verdicts of deals first..last. A deal solvable in one file and
// unsolvable in another is refused; an unknown verdict gives way to a
// known one.
func tallyVerdicts(r *batch.Reader, name string, table []byte, first, last uint64) error {
	return eachResult(r, name, func(rec *batch.Record) error {
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

// catalogueLists turns the table of deals first..last into the lists a
// catalogue keeps: the rarer of the solvable and unsolvable deals (the
// other list nil: the rest), and the unknown ones. A deal missing from the
// table is refused.
func catalogueLists(table []byte, first, last uint64) (solvable, unsolvable, unknown []uint64, err error) {
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
		return nil, nil, nil, badInput("%s of the deals %d-%d are not in the files (the first is %d): finish the run (run its stats command again) or give --deals", thousands(int64(missing)), first, last, firstMissing)
	}
	solvable, unsolvable = lists[catSolvable], lists[catUnsolvable]
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
	return solvable, unsolvable, lists[catUnknown], nil
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
// start position p, "Catalogue: winnable (Russian Cell deals
// 1..1,000,000, solved by patience v1.2.3)", or "" when p is not the start
// of a deal (num) that the catalogue has decided. A labelled deal's note
// names its difficulty: "Catalogue: winnable, difficulty hard (...)".
func catalogueNote(o rules.Options, p *rules.Position, num string) string {
	if num == "" {
		return ""
	}
	n, err := dealgen.ParseNumber(num)
	if err != nil {
		return ""
	}
	c := catalogue.For(p.Game, o)
	if c == nil {
		return ""
	}
	v := c.Lookup(n)
	if v != catalogue.Solvable && v != catalogue.Unsolvable {
		return ""
	}
	if !dealgen.Deal(p.Game, n).Equal(p) {
		return "" // a later position of the deal, or another
	}
	u, _ := n.Uint64()
	if d := c.Difficulty(u); d != catalogue.NoDifficulty {
		return fmt.Sprintf("Catalogue: %s, difficulty %s (%s)", v.Words(), d, c.Describe())
	}
	return fmt.Sprintf("Catalogue: %s (%s)", v.Words(), c.Describe())
}

// pickRandom returns a deal of the catalogue c drawn at random with seed
// (Catalogue.Pick): one of its winnable deals when winnable, else any deal
// it covers. The same seed gives the same deal for the same catalogue.
func pickRandom(c *catalogue.Catalogue, winnable bool, seed uint64) uint64 {
	return c.Pick(winnable, seed)
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
