package main

import (
	"errors"
	"fmt"
	mathrand "math/rand/v2"

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

GAME is russian-cell or ripple-fan.`

const dealExample = `  patience deal russian-cell 617
  patience deal ripple-fan 1 --format json > deal.json
  patience deal russian-cell 617 --format solvitaire > 617.json
  patience deal russian-cell --position deal.json --ascii
  patience deal russian-cell 617 --hide > seen.txt
  patience deal russian-cell --random --winnable
  patience deal ripple-fan --random --winnable --seed 7
  patience deal russian-cell --random --winnable --difficulty hard`

func newDealCommand(s streams) *cobra.Command {
	o := &dealOptions{}
	cmd := &cobra.Command{
		Use:     "deal GAME (NUMBER | --position FILE | --random)",
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
	case o.random:
		p, num, err = randomDeal(args, o, d, seeded)
	case hasDifficulty:
		err = badInput("--difficulty goes with --random: it picks a random deal of that difficulty")
	case o.winnable:
		err = badInput("--winnable goes with --random: it picks a random winnable deal")
	case seeded:
		err = badInput("--seed goes with --random: it repeats a random pick")
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
