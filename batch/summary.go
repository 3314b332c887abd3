package batch

import (
	"math"
	"math/bits"
	"slices"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/stat"
)

// Summary gathers the statistics of a batch: counts per verdict, the
// distributions of effort, the hardest deals and the running win rate.
// Its memory is bounded whatever the number of deals: distributions are
// kept as histograms that are exact below 2048 and within 0.4% above, and
// the running win rate (Trace) is kept at no more than 2048 points, and
// the last.
// The zero value is empty and ready to use. A Summary is not safe for
// concurrent use.
type Summary struct {
	// Count is the number of deals of each verdict.
	Count Counts

	nodes, micros, moves histogram
	// forced counts the forced moves of the wins whose lines record
	// them, and forcedOf the moves of those wins.
	forced    histogram
	forcedOf  uint64
	hardest   []HardDeal
	trace     []TracePoint
	traceStep uint64
	// played counts the deals a player played (Record.Outcome set), won
	// those it won, and wonSolvable those of them that are solvable.
	played, won, wonSolvable uint64
	playedSolvable           uint64
	// timed counts the games whose lines record their moves and time, and
	// gameMoves and playSeconds add them up.
	timed, gameMoves, gameMicros uint64
}

// HardDeal is one of the hardest deals, by positions searched.
type HardDeal struct {
	Number  string         `json:"number"`  // the deal number in canonical form, as in "617" or "ms3000000000"
	Verdict solver.Verdict `json:"verdict"` // written as "solvable", "unsolvable" or "unknown"
	Nodes   int64          `json:"nodes"`   // the positions its search expanded
	Seconds float64        `json:"seconds"` // the time its search took
	Moves   int            `json:"moves"`   // the length of its solution, 0 when not solvable
	// Forced is the number of forced moves of a win, when its line
	// records it.
	Forced *int `json:"forced,omitempty"`

	num dealgen.Number
}

// TracePoint is the running count after Deals deals, in the order they
// were added.
type TracePoint struct {
	Deals, Solvable, Unsolvable uint64 // the deals added so far, and those of them solvable and unsolvable
}

// Counts counts deals by verdict, in the order the reports give them.
type Counts struct {
	Solvable, Unsolvable, Unknown uint64 // the number of deals of each verdict
}

// Add adds n deals of verdict v.
func (c *Counts) Add(v solver.Verdict, n uint64) {
	switch v {
	case solver.Solvable:
		c.Solvable += n
	case solver.Unsolvable:
		c.Unsolvable += n
	default:
		c.Unknown += n
	}
}

// Of returns the number of deals of verdict v.
func (c Counts) Of(v solver.Verdict) uint64 {
	switch v {
	case solver.Solvable:
		return c.Solvable
	case solver.Unsolvable:
		return c.Unsolvable
	}
	return c.Unknown
}

// Total returns the number of deals of every verdict.
func (c Counts) Total() uint64 { return c.Solvable + c.Unsolvable + c.Unknown }

// HardestCount is how many of the hardest deals a summary keeps.
const HardestCount = 10

// traceMax bounds the number of running-rate points kept.
const traceMax = 2048

// Add counts one deal's result; a nil r counts nothing.
func (s *Summary) Add(r *Record) {
	if r == nil {
		return
	}
	s.Count.Add(r.Verdict, 1)
	if r.Outcome != NotPlayed {
		s.played++
		if r.GameMoves >= 0 {
			s.timed++
			s.gameMoves += uint64(r.GameMoves)
			s.gameMicros += uint64(max(r.GameElapsed.Round(time.Microsecond).Microseconds(), 0)) // as the line has it
		}
		if r.Verdict == solver.Solvable {
			s.playedSolvable++
		}
		if r.Outcome == Won {
			s.won++
			if r.Verdict == solver.Solvable {
				s.wonSolvable++
			}
		}
	}
	s.nodes.add(uint64(max(r.Nodes, 0)))
	s.micros.add(uint64(max(r.Elapsed.Round(time.Microsecond).Microseconds(), 0)))
	if r.Verdict == solver.Solvable {
		s.moves.add(uint64(r.Moves))
		if r.Forced >= 0 {
			s.forced.add(uint64(r.Forced))
			s.forcedOf += uint64(r.Moves)
		}
	}
	s.addHard(r)
	if s.traceStep == 0 {
		s.traceStep = 1
	}
	if n := s.Total(); n%s.traceStep == 0 {
		if len(s.trace) == traceMax {
			// Keep every other point and sample half as often.
			k := 0
			for i := 1; i < len(s.trace); i += 2 {
				s.trace[k] = s.trace[i]
				k++
			}
			s.trace = s.trace[:k]
			s.traceStep *= 2
		}
		if n%s.traceStep == 0 {
			s.trace = append(s.trace, TracePoint{n, s.Count.Solvable, s.Count.Unsolvable})
		}
	}
}

// addHard keeps the HardestCount deals with the most nodes; ties go to the
// lower deal number, so the list does not depend on the order of adding.
func (s *Summary) addHard(r *Record) {
	if len(s.hardest) == HardestCount && !harder(r.Nodes, r.Number, s.hardest[HardestCount-1].Nodes, s.hardest[HardestCount-1].num) {
		return
	}
	h := HardDeal{Verdict: r.Verdict, Nodes: r.Nodes, Seconds: seconds(r.Elapsed), Moves: r.Moves, num: r.Number}
	if r.Verdict == solver.Solvable && r.Forced >= 0 {
		f := r.Forced
		h.Forced = &f
	}
	i, _ := slices.BinarySearchFunc(s.hardest, h, func(a, b HardDeal) int {
		if harder(a.Nodes, a.num, b.Nodes, b.num) {
			return -1
		}
		return 1
	})
	if len(s.hardest) == HardestCount {
		s.hardest = s.hardest[:HardestCount-1]
	}
	s.hardest = slices.Insert(s.hardest, i, h)
}

// harder orders deals by nodes, most first, then by number.
func harder(na int64, a dealgen.Number, nb int64, b dealgen.Number) bool {
	if na != nb {
		return na > nb
	}
	return CompareNumbers(a, b) < 0
}

// CompareNumbers orders deal numbers: plain numbers by value, then the
// "ms" numbers by value.
func CompareNumbers(a, b dealgen.Number) int {
	if a.IsMS() != b.IsMS() {
		if a.IsMS() {
			return 1
		}
		return -1
	}
	ua, oka := a.Uint64()
	ub, okb := b.Uint64()
	switch {
	case oka && okb:
		return cmpUint(ua, ub)
	case oka:
		return -1
	case okb:
		return 1
	}
	return a.Big().Cmp(b.Big())
}

func seconds(d time.Duration) float64 {
	return float64(d.Round(time.Microsecond).Microseconds()) / 1e6
}

// Total returns the number of deals added.
func (s *Summary) Total() uint64 {
	return s.Count.Total()
}

// Trace returns the running counts, sampled at evenly spaced numbers of
// deals (at most a few thousand points), ending with the current counts.
func (s *Summary) Trace() []TracePoint {
	t := slices.Clone(s.trace)
	if n := s.Total(); n > 0 && (len(t) == 0 || t[len(t)-1].Deals != n) {
		t = append(t, TracePoint{n, s.Count.Solvable, s.Count.Unsolvable})
	}
	return t
}

// EffortBin is a bin of the distribution of positions searched per deal:
// Count deals searched from Lo to Hi positions (Hi included).
type EffortBin struct {
	Lo, Hi uint64 // the least and most positions searched of the bin, both included
	Count  uint64 // the deals in the bin
}

// Effort returns the distribution of positions searched per deal in
// log-spaced bins, about perDecade bins per power of ten (fewer below 10,
// where bins are whole numbers). Deals that searched no position (decided
// at once) are in a bin from 0 to 0. Empty bins at either end are left
// out.
func (s *Summary) Effort(perDecade int) []EffortBin {
	perDecade = max(perDecade, 1)
	if s.nodes.n == 0 {
		return nil
	}
	// Bin edges: 0, 1, then ceil(10^(k/perDecade)) without repeats, up to
	// past the maximum.
	edges := []uint64{0, 1}
	for k := 1; edges[len(edges)-1] <= s.nodes.max; k++ {
		e := uint64(math.Ceil(math.Pow(10, float64(k)/float64(perDecade)) - 1e-9))
		if e > edges[len(edges)-1] {
			edges = append(edges, e)
		}
	}
	out := make([]EffortBin, len(edges)-1)
	for i := range out {
		out[i] = EffortBin{Lo: edges[i], Hi: edges[i+1] - 1}
	}
	s.nodes.each(func(lo, hi, c uint64) {
		// A histogram bucket is narrower than a bin (0.4%), so it goes
		// whole to the bin of its middle value.
		v := lo + (hi-lo)/2
		i, _ := slices.BinarySearchFunc(out, v, func(b EffortBin, v uint64) int {
			switch {
			case b.Hi < v:
				return -1
			case b.Lo > v:
				return 1
			}
			return 0
		})
		out[min(i, len(out)-1)].Count += c
	})
	i, j := 0, len(out)
	for i < j && out[i].Count == 0 {
		i++
	}
	for j > i && out[j-1].Count == 0 {
		j--
	}
	return out[i:j]
}

// Rate is a proportion with its 95% Wilson interval, as package stat
// computes it; Report's rates are of this type.
type Rate = stat.Rate

// Dist describes a distribution: the mean, the median and 99th percentile
// (nearest rank), and the maximum.
type Dist struct {
	Count  uint64  `json:"count"`  // the number of values; 0 for an empty distribution, all of whose fields are 0
	Mean   float64 `json:"mean"`   // the mean, in the values' unit (positions, seconds or moves in a Report)
	Median float64 `json:"median"` // the 50th percentile, nearest rank
	P99    float64 `json:"p99"`    // the 99th percentile, nearest rank
	Max    float64 `json:"max"`    // the largest value
}

// Report is a summary's figures, ready to print or to encode as JSON.
type Report struct {
	Deals      uint64 `json:"deals"`      // the deals summarised
	Solvable   uint64 `json:"solvable"`   // the deals found solvable
	Unsolvable uint64 `json:"unsolvable"` // the deals proven unsolvable
	Unknown    uint64 `json:"unknown"`    // the deals whose search a budget ended
	// WinRate is solvable of the decided deals (unknowns left out).
	WinRate Rate `json:"win_rate"`
	// IfUnknownLost and IfUnknownWon are the bounds: the win rate over
	// all deals if every unknown were a loss, or a win.
	IfUnknownLost Rate `json:"if_unknown_lost"`
	IfUnknownWon  Rate `json:"if_unknown_won"`
	// Nodes and Seconds are over all deals; Moves over solvable deals.
	Nodes   Dist `json:"nodes"`
	Seconds Dist `json:"seconds"`
	Moves   Dist `json:"moves"`
	// Forced is over the solvable deals whose lines record their forced
	// moves (all of them, but for files written before it was
	// recorded: Forced.Count says how many), and ForcedShare is the
	// forced moves of those wins over all their moves.
	Forced      Dist       `json:"forced"`
	ForcedShare float64    `json:"forced_share"`
	Hardest     []HardDeal `json:"hardest"` // up to HardestCount deals, those that searched the most positions first
	// Player is set when a player played the deals (stats --player).
	Player *PlayerReport `json:"player,omitempty"`
}

// PlayerReport is how a player that cannot see the face-down cards did.
type PlayerReport struct {
	// Name, Samples and Seed say which player: Report leaves them empty,
	// as a summary does not hold the header; the command line fills them
	// from it (Seed, with Samples, for a player that draws; else nil).
	Name    string  `json:"name,omitempty"`
	Samples int     `json:"samples,omitempty"`
	Seed    *uint64 `json:"seed,omitempty,string"`
	// Played counts the deals played; WinRate is won of played, with its
	// 95% Wilson interval.
	Played  uint64 `json:"played"`
	WinRate Rate   `json:"win_rate"`
	// WinnableWon is won of the deals that are solvable with all cards
	// known.
	WinnableWon Rate `json:"winnable_won"`
	// Timed counts the games whose lines record their length and time
	// (all but those of files written before they were recorded), and
	// MovesPerGame and SecondsPerGame are their means (nil when none is).
	Timed          uint64   `json:"timed"`
	MovesPerGame   *float64 `json:"moves_per_game,omitempty"`
	SecondsPerGame *float64 `json:"seconds_per_game,omitempty"`
}

// Report computes the figures.
func (s *Summary) Report() Report {
	w, l, u := s.Count.Solvable, s.Count.Unsolvable, s.Count.Unknown
	n := w + l + u
	r := Report{
		Deals: n, Solvable: w, Unsolvable: l, Unknown: u,
		WinRate:       stat.NewRate(w, w+l),
		IfUnknownLost: stat.NewRate(w, n),
		IfUnknownWon:  stat.NewRate(w+u, n),
		Nodes:         s.nodes.dist(1),
		Seconds:       s.micros.dist(1e6),
		Moves:         s.moves.dist(1),
		Forced:        s.forced.dist(1),
		Hardest:       make([]HardDeal, len(s.hardest)),
	}
	if s.forcedOf > 0 {
		r.ForcedShare = s.forced.sum / float64(s.forcedOf)
	}
	if s.played > 0 {
		r.Player = &PlayerReport{Played: s.played, WinRate: stat.NewRate(s.won, s.played), WinnableWon: stat.NewRate(s.wonSolvable, s.playedSolvable), Timed: s.timed}
		if s.timed > 0 {
			moves, secs := float64(s.gameMoves)/float64(s.timed), float64(s.gameMicros)/1e6/float64(s.timed)
			r.Player.MovesPerGame, r.Player.SecondsPerGame = &moves, &secs
		}
	}
	for i, h := range s.hardest {
		h.Number = h.num.String()
		r.Hardest[i] = h
	}
	return r
}

// histogram counts non-negative integers: exactly below 2048, and in 256
// log-spaced sub-buckets per power of two above, so that a quantile read
// from it is within 0.4% of the true value. Sum and max are exact.
type histogram struct {
	counts []uint64
	n      uint64
	sum    float64
	max    uint64
}

const (
	histExact = 1 << 11 // values below are counted exactly
	histSub   = 8       // log2 of sub-buckets per power of two
)

func histBucket(v uint64) int {
	if v < histExact {
		return int(v)
	}
	e := bits.Len64(v) - 1 // 11..63
	sub := (v >> (e - histSub)) & (1<<histSub - 1)
	return histExact + (e-11)<<histSub + int(sub)
}

// histRange returns the smallest and largest value of bucket k.
func histRange(k int) (lo, hi uint64) {
	if k < histExact {
		return uint64(k), uint64(k)
	}
	k -= histExact
	e := k>>histSub + 11
	sub := uint64(k & (1<<histSub - 1))
	lo = (1<<histSub + sub) << (e - histSub)
	return lo, lo + 1<<(e-histSub) - 1
}

func (h *histogram) add(v uint64) {
	k := histBucket(v)
	if k >= len(h.counts) {
		h.counts = append(h.counts, make([]uint64, max(k+1, 2*len(h.counts))-len(h.counts))...)
	}
	h.counts[k]++
	h.n++
	h.sum += float64(v)
	h.max = max(h.max, v)
}

// quantile returns the nearest-rank q-quantile: the smallest value with at
// least q·n values at or below it (the midpoint of its bucket above 2047,
// clamped to the maximum).
func (h *histogram) quantile(q float64) uint64 {
	if h.n == 0 {
		return 0
	}
	rank := uint64(math.Ceil(q * float64(h.n)))
	rank = min(max(rank, 1), h.n)
	if rank == h.n {
		return h.max
	}
	var seen uint64
	for k, c := range h.counts {
		seen += c
		if seen >= rank {
			lo, hi := histRange(k)
			return min(lo+(hi-lo)/2, h.max)
		}
	}
	return h.max
}

// dist describes the distribution of the values divided by unit.
func (h *histogram) dist(unit float64) Dist {
	if h.n == 0 {
		return Dist{}
	}
	return Dist{
		Count:  h.n,
		Mean:   h.sum / float64(h.n) / unit,
		Median: float64(h.quantile(0.5)) / unit,
		P99:    float64(h.quantile(0.99)) / unit,
		Max:    float64(h.max) / unit,
	}
}

// each calls f for every non-empty bucket, in order.
func (h *histogram) each(f func(lo, hi, count uint64)) {
	for k, c := range h.counts {
		if c > 0 {
			lo, hi := histRange(k)
			f(lo, min(hi, h.max), c)
		}
	}
}
