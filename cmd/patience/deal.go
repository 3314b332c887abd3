package main

import (
	"errors"
	"fmt"
	mathrand "math/rand/v2"
	"time"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
)

// dealOptions are the flags of deal.
type dealOptions struct {
	format           string
	ascii            bool
	sf               startFlags
	random, winnable bool
	seed             uint64
	difficulty       string // as given; read by difficultyFlag
	daily            bool
	date             string // as given; read by dailyDate
}

// dealLong and dealExample are the help of deal.
const dealLong = `deal prints the starting layout of a deal: the board for people, or the
position JSON that --position reads. Deal numbers are PySolFC's: 617, #12,345,
ms3000000000 and 20-digit numbers such as 00000000000000000617 all work.

--hide prints what a player sees: every face-down card as ?? ("[??]" on the
board, "??" in JSON). solve and hint read such a position and answer over
the arrangements of the unseen cards.

When the catalogue (see "patience catalogue") knows whether the deal can be
won, the board ends with a comment line that says so, such as
"# Catalogue: winnable (Russian Cell deals 1..1,000,000, solved by patience
v1.2.3)"; --position reads the board back, comment and all. The line is left
out with --hide, and from the JSON formats.

--random picks a deal at random among those the catalogue covers, and
--random --winnable among its winnable deals, without a search; the board's
title names the deal. --seed N makes the pick repeatable: the same N gives
the same deal (with the same catalogue). --random --difficulty hard picks
among the winnable Russian Cell deals of that difficulty (easy, medium,
hard or very-hard; the catalogue labels deals 1..10,000: see "patience
catalogue label"), and the note names the difficulty.

--daily deals the deal of the day: a winnable deal, the same for everyone on
a date, today's in UTC unless --date YYYY-MM-DD names another (of the
years 1 to 9999). A date's deal never changes, with a new build or a new
catalogue: it comes from the date and the catalogue's verdicts alone (the
rule is game.DailyDeal's), and two dates less than a week apart never share
one. The web page's "Deal of the day" deals the same.

GAME is russian-cell or ripple-fan.`

const dealExample = `  patience deal russian-cell 617
  patience deal ripple-fan 1 --format json > deal.json
  patience deal russian-cell 617 --format solvitaire > 617.json
  patience deal russian-cell --position deal.json --ascii
  patience deal russian-cell 617 --hide > seen.txt
  patience deal russian-cell --random --winnable
  patience deal ripple-fan --random --winnable --seed 7
  patience deal russian-cell --random --winnable --difficulty hard
  patience deal russian-cell --daily
  patience deal ripple-fan --daily --date 2026-12-07 --format json`

func newDealCommand(s streams) *cobra.Command {
	o := &dealOptions{}
	cmd := &cobra.Command{
		Use:     "deal GAME (NUMBER | --position FILE | --random | --daily)",
		Aliases: []string{"show"},
		Short:   "Show the layout of a deal (also: show)",
		Long:    dealLong,
		Example: dealExample,
		Args:    gameArgs,
		RunE:    func(cmd *cobra.Command, args []string) error { return runDeal(s, cmd, o, args) },
	}
	cmd.ValidArgsFunction = gameFirst
	formatFlag(cmd, &o.format, "output format: text, json, or solvitaire (Solvitaire's deal JSON, for cross-checking)", dealFormats)
	cmd.Flags().BoolVar(&o.ascii, "ascii", false, "draw suits as letters (C S H D), not symbols")
	cmd.Flags().StringVar(&o.sf.position, "position", "", "read the position from FILE (JSON or board text; - for stdin)")
	o.sf.addHide(cmd, "show every face-down card as ?? (what a player sees)")
	cmd.Flags().BoolVar(&o.random, "random", false, "pick a deal at random among those the catalogue covers")
	cmd.Flags().BoolVar(&o.winnable, "winnable", false, "with --random: pick among the winnable deals only")
	uint64Flag(cmd.Flags(), &o.seed, "seed", 0, "with --random: repeat the pick made with this seed (default: a new pick each time)")
	cmd.Flags().StringVar(&o.difficulty, "difficulty", "", "with --random: pick a winnable Russian Cell deal of this difficulty (easy, medium, hard, very-hard)")
	cmd.Flags().BoolVar(&o.daily, "daily", false, "deal the deal of the day: a winnable deal, the same for everyone on a UTC date")
	cmd.Flags().StringVar(&o.date, "date", "", "with --daily: the deal of this date, YYYY-MM-DD (default: today in UTC)")
	return cmd
}

// runDeal runs deal with its flags parsed into o.
func runDeal(s streams, cmd *cobra.Command, o *dealOptions, args []string) error {
	if err := checkFormat(o.format, dealFormats); err != nil {
		return err
	}
	var p *rules.Position
	var num string
	d, hasDifficulty, err := difficultyFlag(cmd)
	if err != nil {
		return err
	}
	seeded := cmd.Flags().Changed("seed")
	switch {
	case o.random && o.daily:
		err = badInput("--random and --daily each pick the deal: give one of them")
	case o.random:
		p, num, err = randomDeal(args, o, d, seeded)
	case hasDifficulty:
		err = badInput("--difficulty goes with --random: it picks a random deal of that difficulty")
	case o.winnable:
		err = badInput("--winnable goes with --random: it picks a random winnable deal")
	case seeded:
		err = badInput("--seed goes with --random: it repeats a random pick")
	case o.daily:
		p, num, err = dailyDeal(cmd, args, o)
	case cmd.Flags().Changed("date"):
		err = badInput("--date goes with --daily: it names the day whose deal to deal")
	default:
		p, num, err = readStart(s, args, o.sf)
	}
	if err != nil {
		return err
	}
	note := ""
	if o.sf.hide {
		p = p.Hide()
	} else {
		note = catalogueNote(rules.DefaultOptions(), p, num)
	}
	switch o.format {
	case "json":
		fmt.Fprintf(s.out, "%s\n", rules.MarshalPosition(p, num))
		return nil
	case "solvitaire":
		b, err := rules.MarshalSolvitaire(p)
		if err != nil {
			return usageError{err}
		}
		s.out.Write(b)
		return nil
	}
	fmt.Fprint(s.out, formatBoard(p, num, style(s.out, o.ascii)))
	if note != "" {
		fmt.Fprintf(s.out, "# %s\n", note)
	}
	return nil
}

// randomDeal picks the deal of deal --random: GAME (args[0]) and no deal
// number or --position; seeded says that --seed was given. A difficulty d
// picks among the winnable deals of that label, --winnable among all the
// winnable deals.
func randomDeal(args []string, o *dealOptions, d catalogue.Difficulty, seeded bool) (*rules.Position, string, error) {
	sf, winnable, seed := o.sf, o.winnable, o.seed
	g, err := parseGame(args[0])
	if err != nil {
		return nil, "", err
	}
	if len(args) > 1 || sf.position != "" {
		return nil, "", badInput("--random picks the deal: give no deal NUMBER or --position")
	}
	if !seeded {
		seed = mathrand.Uint64()
	}
	n, err := game.RandomDeal(g, winnable, d, seed)
	switch {
	case errors.Is(err, game.ErrNoCatalogue):
		return nil, "", badInput("--random picks from the catalogue, and this build has none for %s", g)
	case err != nil:
		return nil, "", usageError{err}
	}
	return dealgen.Deal(g, n), n.String(), nil
}

// dailyDeal deals the deal of deal --daily: GAME (args[0]) and no deal
// number or --position, on the date of --date, or today in UTC.
func dailyDeal(cmd *cobra.Command, args []string, o *dealOptions) (*rules.Position, string, error) {
	g, err := parseGame(args[0])
	if err != nil {
		return nil, "", err
	}
	if len(args) > 1 || o.sf.position != "" {
		return nil, "", badInput("--daily picks the deal: give no deal NUMBER or --position")
	}
	date := time.Now().UTC()
	if cmd.Flags().Changed("date") {
		date, err = time.Parse(time.DateOnly, o.date)
		if err != nil {
			return nil, "", badInput("--date %q: want a date as YYYY-MM-DD, such as 2026-12-07", o.date)
		}
	}
	n, err := game.DailyDeal(g, date)
	var ce *rules.ConfigError
	switch {
	case errors.As(err, &ce):
		return nil, "", badInput("--date %s: the deal of the day takes the years 1 to 9999", o.date)
	case errors.Is(err, game.ErrNoCatalogue):
		return nil, "", badInput("--daily picks from the catalogue, and this build has none for %s that decides every deal it draws from", g)
	case err != nil:
		return nil, "", usageError{err}
	}
	return dealgen.Deal(g, n), n.String(), nil
}

// fileName names a file argument in a message, "-" as standard input.
func fileName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

// inFile names file in each of the problems err lists (standard input, "-",
// goes unnamed).
func inFile(file string, err error) error {
	if wd, ok := err.(*rules.WrongDocumentError); ok && file != "-" {
		return named{file + ": " + wrongDocument(wd), err}
	}
	rp, ok := err.(rules.Problems)
	if file == "-" || !ok {
		return err
	}
	named := make(rules.Problems, len(rp))
	for i, l := range rp {
		named[i] = file + ": " + l
	}
	return named
}
