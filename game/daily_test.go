package game_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// dailyPinned are deals of the day, computed once by DailyDeal when it was
// written. They must never change: a player's deal of a past date, and a
// shared link to it, would deal another.
var dailyPinned = []struct {
	g    rules.Game
	date string
	want uint64
}{
	{rules.RussianCell, "2026-12-07", 593065},
	{rules.RussianCell, "2026-12-08", 70005},
	{rules.RussianCell, "2024-02-29", 95123},  // a leap day
	{rules.RussianCell, "1969-07-20", 124554}, // before 1970
	{rules.RussianCell, "9999-12-31", 797644}, // the last date taken
	{rules.RussianCell, "0001-01-01", 209381}, // the first
	{rules.RippleFan, "2026-12-07", 7009258},
	{rules.RippleFan, "2026-12-08", 915472},
	{rules.RippleFan, "2024-02-29", 1370915},
	{rules.RippleFan, "1969-07-20", 7415978},
	{rules.RippleFan, "9999-12-31", 6984237},
	{rules.RippleFan, "0001-01-01", 3248305},
}

func mustDate(t *testing.T, s string) time.Time {
	t.Helper()
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestDailyDealPinned: the deal of the day of each pinned date is the one
// pinned, of the day's class (its number mod 7, told by the weekday), and
// winnable twice over: per the catalogue, and per a search of the solver
// on the dealt position, whose winning line the referee replays
// (game.Search).
func TestDailyDealPinned(t *testing.T) {
	for _, c := range dailyPinned {
		n, err := game.DailyDeal(c.g, mustDate(t, c.date))
		if err != nil {
			t.Fatalf("%v %s: %v", c.g, c.date, err)
		}
		if u, _ := n.Uint64(); u != c.want || n.IsMS() {
			t.Errorf("%v %s: deal %v, pinned %d", c.g, c.date, n, c.want)
			continue
		}
		// The day's class, by the weekday: Thursdays are of class 0.
		if class := (int(mustDate(t, c.date).Weekday()) - int(time.Thursday) + 7) % 7; c.want%7 != uint64(class) {
			t.Errorf("%v %s, a %v: deal %d is %d mod 7, want %d", c.g, c.date, mustDate(t, c.date).Weekday(), c.want, c.want%7, class)
		}
		if v := catalogue.For(c.g, rules.DefaultOptions()).Lookup(n); v != catalogue.Winnable {
			t.Errorf("%v %s: deal %v is %v per the catalogue", c.g, c.date, n, v)
		}
		res, err := game.Search(context.Background(), dealgen.Deal(c.g, n), solver.Config{Workers: 1, MaxNodes: 1_000_000})
		if err != nil || res.Verdict != solver.Solvable {
			t.Errorf("%v %s: deal %v: the solver says %v (%v)", c.g, c.date, n, res.Verdict, err)
		}
	}
}

// TestDailyDealDays: consecutive days give different deals, for each game,
// and so do any two dates less than a week apart (over two stretches
// across a leap day, a year's end and 1 January 1970); every deal is
// winnable per the catalogue.
func TestDailyDealDays(t *testing.T) {
	for _, g := range rules.Games() {
		c := catalogue.For(g, rules.DefaultOptions())
		for _, start := range []string{"2023-12-01", "1969-11-01"} {
			d := mustDate(t, start)
			var week []dealgen.Number // the deals of the 6 days before d
			for range 150 {
				n, err := game.DailyDeal(g, d)
				if err != nil {
					t.Fatalf("%v %s: %v", g, d.Format(time.DateOnly), err)
				}
				for i, before := range week {
					if n == before {
						t.Errorf("%v: %s gives deal %v, as the day %d days before does", g, d.Format(time.DateOnly), n, len(week)-i)
					}
				}
				if c.Lookup(n) != catalogue.Winnable {
					t.Errorf("%v %s: deal %v is not winnable", g, d.Format(time.DateOnly), n)
				}
				week = append(week, n)
				if len(week) > 6 {
					week = week[1:]
				}
				d = d.AddDate(0, 0, 1)
			}
		}
	}
}

// TestDailyDealUTC: the UTC date counts, not the time zone of the time
// given nor its time of day: 2026-12-07 23:30 at UTC-5 is 2026-12-08 in
// UTC, and 2026-12-08 00:30 at UTC+9 is 2026-12-07.
func TestDailyDealUTC(t *testing.T) {
	west, east := time.FixedZone("UTC-5", -5*3600), time.FixedZone("UTC+9", 9*3600)
	for _, g := range rules.Games() {
		day7, _ := game.DailyDeal(g, mustDate(t, "2026-12-07"))
		day8, _ := game.DailyDeal(g, mustDate(t, "2026-12-08"))
		for _, c := range []struct {
			at   time.Time
			want dealgen.Number
		}{
			{time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC), day7},
			{time.Date(2026, 12, 7, 23, 59, 59, 999, time.UTC), day7},
			{time.Date(2026, 12, 7, 23, 30, 0, 0, west), day8},
			{time.Date(2026, 12, 7, 18, 0, 0, 0, west), day7},
			{time.Date(2026, 12, 8, 0, 30, 0, 0, east), day7},
			{time.Date(2026, 12, 8, 9, 30, 0, 0, east), day8},
			{time.Date(2026, 12, 8, 12, 0, 0, 0, time.Local), day8}, // within a day of UTC noon, whatever Local is
		} {
			if got, err := game.DailyDeal(g, c.at); err != nil || got != c.want {
				t.Errorf("%v at %v: deal %v (%v), want %v", g, c.at, got, err, c.want)
			}
		}
	}
}

// TestDailyDealRefuses: a date outside the years 1..9999 is refused with
// a *rules.ConfigError, the zero game with rules.ErrNoGame.
func TestDailyDealRefuses(t *testing.T) {
	for _, d := range []time.Time{
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(0, 12, 31, 23, 59, 0, 0, time.UTC),
		time.Date(-44, 3, 15, 0, 0, 0, 0, time.UTC),
		time.Date(1, 1, 1, 0, 30, 0, 0, time.FixedZone("UTC+1", 3600)), // 31 December of year 0 in UTC
	} {
		var ce *rules.ConfigError
		if _, err := game.DailyDeal(rules.RussianCell, d); !errors.As(err, &ce) {
			t.Errorf("%v: %v, want a *rules.ConfigError", d, err)
		}
	}
	if _, err := game.DailyDeal(0, mustDate(t, "2026-12-07")); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("the zero game: %v, want rules.ErrNoGame", err)
	}
}
