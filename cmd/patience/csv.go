package main

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/solver"
)

// CSV export, for spreadsheets and R: a summary as one row under a header
// row (stats --format csv), and the records of results files one deal a
// row (stats --summary FILE... --records). Results files stay JSON lines.

// reportCSVColumns are the columns of a summary in CSV.
var reportCSVColumns = []string{
	"game", "returns", "deals_list", "max_nodes", "timeout", "planned", "interrupted",
	"deals", "solvable", "unsolvable", "unknown",
	"win_rate", "win_low", "win_high",
	"if_unknown_lost", "if_unknown_lost_low", "if_unknown_lost_high",
	"if_unknown_won", "if_unknown_won_low", "if_unknown_won_high",
	"nodes_mean", "nodes_median", "nodes_p99", "nodes_max",
	"seconds_mean", "seconds_median", "seconds_p99", "seconds_max",
	"moves_count", "moves_mean", "moves_median", "moves_p99", "moves_max",
	"forced_count", "forced_mean", "forced_median", "forced_p99", "forced_max", "forced_share",
	"player", "samples", "seed", "player_games", "player_win_rate", "player_win_low", "player_win_high",
	"winnable_won", "winnable_won_low", "winnable_won_high", "game_moves_mean", "game_seconds_mean",
}

// writeReportCSV writes a summary as CSV: a header row and one row of
// figures (rates as fractions, not percentages). The hardest deals are
// left out: --records writes every deal. The player's columns are empty
// when no player played.
func writeReportCSV(w io.Writer, info runInfo, r batch.Report) error {
	h := info.header
	timeout := ""
	if h.Timeout > 0 {
		timeout = h.Timeout.String()
	}
	planned := ""
	if info.planned > 0 {
		planned = u64(info.planned)
	}
	row := []string{h.Game.String(), strconv.FormatBool(h.Options.Returns(h.Game)), h.Deals, strconv.FormatInt(h.MaxNodes, 10), timeout, planned, strconv.FormatBool(info.interrupted),
		u64(r.Deals), u64(r.Solvable), u64(r.Unsolvable), u64(r.Unknown)}
	for _, rt := range []batch.Rate{r.WinRate, r.IfUnknownLost, r.IfUnknownWon} {
		row = append(row, num(rt.Value), num(rt.Low), num(rt.High))
	}
	for _, d := range []batch.Dist{r.Nodes, r.Seconds} {
		row = append(row, num(d.Mean), num(d.Median), num(d.P99), num(d.Max))
	}
	for _, d := range []batch.Dist{r.Moves, r.Forced} {
		row = append(row, u64(d.Count), num(d.Mean), num(d.Median), num(d.P99), num(d.Max))
	}
	row = append(row, num(r.ForcedShare))
	if pr := r.Player; pr != nil {
		samples, seed := "", ""
		if h.Samples > 0 {
			samples, seed = strconv.Itoa(h.Samples), strconv.FormatUint(h.Seed, 10)
		}
		row = append(row, h.Player, samples, seed, u64(pr.Played))
		for _, rt := range []batch.Rate{pr.WinRate, pr.WinnableWon} {
			row = append(row, num(rt.Value), num(rt.Low), num(rt.High))
		}
		if pr.Timed > 0 {
			row = append(row, num(*pr.MovesPerGame), num(*pr.SecondsPerGame))
		} else {
			row = append(row, "", "")
		}
	} else {
		row = append(row, make([]string, len(reportCSVColumns)-len(row))...)
	}
	cw := csv.NewWriter(w)
	cw.Write(reportCSVColumns)
	cw.Write(row)
	cw.Flush()
	return cw.Error()
}

// recordCSVColumns are the columns of a results file's records in CSV, the
// fields of its lines. "number" is text: MT deal numbers exceed what a
// double holds exactly (in R, read it with colClasses = "character").
var recordCSVColumns = []string{"number", "verdict", "reason", "moves", "forced", "nodes", "seconds", "outcome", "game_moves", "game_seconds"}

// writeRecordsCSV writes every record of the results files, one deal a
// row under a header row, in the files' order. The files are checked as
// --summary checks them first (one game and rules, each deal once); a
// cut-short last line is left out, as --summary leaves it out.
func writeRecordsCSV(s streams, names []string) error {
	cw := csv.NewWriter(s.out)
	wrote := false
	_, fi, err := batch.SummarizeFilesThen(names, func(rec *batch.Record) error {
		if !wrote {
			cw.Write(recordCSVColumns)
			wrote = true
		}
		forced := ""
		if rec.Verdict == solver.Solvable && rec.Forced != batch.NoForced {
			forced = strconv.Itoa(rec.Forced)
		}
		played, playSeconds := "", ""
		if rec.Outcome != batch.NotPlayed && rec.GameMoves >= 0 {
			played, playSeconds = strconv.Itoa(rec.GameMoves), strconv.FormatFloat(rec.GameElapsed.Seconds(), 'f', -1, 64)
		}
		cw.Write([]string{rec.Number.String(), rec.Verdict.String(), rec.Reason, strconv.Itoa(rec.Moves), forced,
			strconv.FormatInt(rec.Nodes, 10), strconv.FormatFloat(rec.Elapsed.Seconds(), 'f', -1, 64),
			rec.Outcome.String(), played, playSeconds})
		return cw.Error()
	}, batch.ReadStdin(s.in))
	if err != nil {
		return usageError{err}
	}
	if !wrote {
		cw.Write(recordCSVColumns)
	}
	for _, n := range fi.Notes {
		s.err.Write([]byte("patience: note: " + oneLine(n) + "\n"))
	}
	cw.Flush()
	return cw.Error()
}

func u64(n uint64) string { return strconv.FormatUint(n, 10) }

func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// recordsFiles is stats --summary FILE... --records: the files' records
// as CSV.
func recordsFiles(s streams, cmd *cobra.Command, args []string, f statsFlags) error {
	switch {
	case !f.summary:
		return badInput("--records writes the deals of results files: patience stats --summary FILE... --records --format csv")
	case cmd.Flags().Changed("format") && f.format != "csv":
		return badInput("--records writes CSV (--format csv): the results file itself is the JSON, one line a deal")
	case f.plot != "":
		return badInput("--records writes the deals as CSV: --plot does not apply")
	}
	if len(args) == 0 {
		return badInput("--summary needs results files: patience stats --summary FILE...")
	}
	for _, name := range []string{"deals", "deals-file", "out", "shard", "retry-unknown", "workers", "max-nodes", "timeout", "memory", "no-returns", "no-space-check"} {
		if cmd.Flags().Changed(name) {
			return badInput("--summary reads results files: --%s does not apply", name)
		}
	}
	if err := oneStdin(args...); err != nil {
		return err
	}
	return writeRecordsCSV(s, args)
}
