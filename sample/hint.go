package sample

import (
	"context"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// MoveShare is one legal move and the verdicts after it, one per
// arrangement: Winnable counts the arrangements in which a win still exists
// after the move, with every card known from then on.
type MoveShare struct {
	Move rules.Move // the move
	// Tally counts the verdicts after the move, one per arrangement.
	Tally
	// TurnsUnknown is set when the move turns up an unknown card: it
	// turns up a different card in each arrangement.
	TurnsUnknown bool
	// Leads counts the arrangements in which the win the solver found
	// for the position begins with this move (or with a move to the same
	// position up to the order of columns and cells). Among moves of equal
	// share, the one that leads in the most arrangements is on the way to
	// a win most often.
	Leads int
	// Verdicts is the verdict after the move in each arrangement, in draw
	// order: the same arrangements for every move, so two moves can be
	// compared pair by pair. Moves to the same position share the slice.
	Verdicts []solver.Verdict
	// Twins are the other places Move's card could go to the same effect:
	// the other empty cells, when Move goes to an empty cell, or the other
	// empty columns, when it goes to an empty column. Cells are
	// interchangeable, and so are empty columns, so a twin has the same
	// outcome in every arrangement; it is listed here rather than as a
	// move of its own. In order, as rules.LegalMoves gives them.
	Twins []rules.Loc
}

// Shares is the answer of MoveShares.
type Shares struct {
	// Share is the position itself, over the same arrangements as the
	// moves; its Nodes and Elapsed cover the moves' searches too.
	Share
	// Moves lists every legal move of the position, the most winnable
	// first: by Winnable, then by fewer Unknown; ties keep the order of
	// rules.LegalMoves (foundation moves first). Moves that differ only in
	// which empty cell or empty column they go to are listed once, the
	// first of them with the others as its Twins.
	Moves []MoveShare
	// Searches is how many searches were run for the moves. Many
	// outcomes need none (see MoveShares).
	Searches int
}

// MoveShares decides, for every legal move of p, over the same arrangements of
// the unseen cards as Estimate draws (common random numbers: every move is
// judged on the same arrangements, so their counts compare directly), in
// how many a win still exists after the move.
//
// A move that turns up an unknown card turns up a different card in each
// arrangement; each arrangement is a full position, so that is no
// trouble.
//
// Some outcomes follow without a search, exactly:
//   - after any move from an arrangement that cannot be won, it still
//     cannot be won (a win after the move would be a win before it);
//   - the first move of the win the solver found for an arrangement keeps
//     it winnable;
//   - a move that can be undone (the position before it is one move away,
//     and the move turns up no card) keeps a winnable arrangement
//     winnable;
//   - two moves that lead to the same position up to the order of columns
//     and cells (such as a card to c1 or to c2) have the same outcome in
//     every arrangement, so one of them is searched.
//
// When ctx ends the run before every arrangement is decided, MoveShares returns
// the Shares as far as it got (its Share, and no moves ranked) and an
// error that errors.Is ctx's (context.Canceled or
// context.DeadlineExceeded). A p that fails rules.Validate is refused, as Estimate
// refuses it.
func MoveShares(ctx context.Context, p *rules.Position, cfg Config) (Shares, error) {
	return hint(ctx, p, cfg, nil)
}

// Compare is MoveShares for some of p's legal moves only: those of only (and
// their twins), over the same arrangements and with the same rules. It
// costs the searches of those moves alone. A move of only that is not
// legal in p is left out of Moves.
func Compare(ctx context.Context, p *rules.Position, cfg Config, only []rules.Move) (Shares, error) {
	if only == nil {
		only = []rules.Move{}
	}
	return hint(ctx, p, cfg, only)
}

// hint is MoveShares for the moves of only, or for every legal move when only is
// nil.
func hint(ctx context.Context, p *rules.Position, cfg Config, only []rules.Move) (Shares, error) {
	start := time.Now()
	sh, arr, outs, err := decide(ctx, p, cfg)
	if err != nil {
		return Shares{}, err
	}
	if sh.CutShort > 0 {
		return Shares{Share: sh}, interrupted(ctx)
	}
	moves := rules.LegalMoves(p, cfg.Solver.Options, nil)
	if only != nil {
		moves = slices.DeleteFunc(moves, func(m rules.Move) bool {
			return !slices.ContainsFunc(only, func(o rules.Move) bool { return twins(p, m, o) })
		})
	}
	adv := Shares{Share: sh, Moves: make([]MoveShare, len(moves))}

	// Group the moves into classes of moves with the same outcome. The
	// test runs on one full arrangement, ref; it holds for all, because
	// another arrangement is ref with the unseen cards renamed, and
	// renaming cards that no move names commutes with playing the move
	// and with reordering columns and cells. (The moves name only visible
	// cards: their legality never depends on an unseen card.)
	classes, classOf := moveClasses(p, p.Fill(arr[0]), moves, cfg.Solver.Options)
	for k, m := range moves {
		adv.Moves[k].Move = m
		adv.Moves[k].TurnsUnknown = p.Reveals(m) == rules.UnknownCard
	}

	// Decide each class in each arrangement: by the rules above, or by a
	// search.
	verdicts := make([][]solver.Verdict, len(classes))
	type job struct{ class, arr int }
	var jobs []job
	for ci, cl := range classes {
		verdicts[ci] = make([]solver.Verdict, len(arr))
		for a, o := range outs {
			switch {
			case o.verdict == solver.Unsolvable:
				verdicts[ci][a] = solver.Unsolvable
			case o.verdict == solver.Solvable && cl.reversible:
				verdicts[ci][a] = solver.Solvable
			case o.verdict == solver.Solvable && o.hasMove && firstIn(moves, classOf, o.first) == ci:
				verdicts[ci][a] = solver.Solvable
			default:
				jobs = append(jobs, job{ci, a})
			}
		}
	}
	res, stopped, err := solveAll(ctx, p.Game, cfg, len(jobs), func(i int) *rules.Position {
		j := jobs[i]
		q := p.Fill(arr[j.arr])
		q.Apply(moves[classes[j.class].rep])
		return q
	})
	if err != nil {
		return Shares{}, err
	}
	if stopped {
		return adv, interrupted(ctx)
	}
	for i, j := range jobs {
		verdicts[j.class][j.arr] = res[i].verdict
		adv.Nodes += res[i].nodes
		if res[i].verdict == solver.Unknown && adv.Reason.Kind == solver.NotStopped {
			adv.Reason = res[i].reason
		}
	}
	adv.Searches = len(jobs)
	tallyMoves(p, &adv, moves, classOf, verdicts, outs)
	adv.Elapsed = time.Since(start)
	return adv, nil
}

// moveClass is a class of moves with the same outcome.
type moveClass struct {
	rep        int // the move searched for the class
	reversible bool
}

// moveClasses groups moves into classes of moves with the same outcome,
// by the position each leads to from ref, a full arrangement of p; and
// says which class each move is in.
func moveClasses(p, ref *rules.Position, moves []rules.Move, opts rules.Options) ([]moveClass, []int) {
	var classes []moveClass
	classOf := make([]int, len(moves))
	byKey := map[string]int{}
	for k, m := range moves {
		c := ref.Clone()
		c.Apply(m)
		key := canonical(c)
		if ci, ok := byKey[key]; ok {
			classOf[k] = ci
			continue
		}
		byKey[key] = len(classes)
		classOf[k] = len(classes)
		classes = append(classes, moveClass{rep: k, reversible: p.Reveals(m) == rules.NoCard && undoes(c, opts, canonical(ref))})
	}
	return classes, classOf
}

// tallyMoves counts each move's verdicts over the arrangements, and the
// wins found that begin with it; merges the moves to either cell or to
// either empty column; and ranks the moves, the most arrangements won
// first.
func tallyMoves(p *rules.Position, adv *Shares, moves []rules.Move, classOf []int, verdicts [][]solver.Verdict, outs []outcome) {
	leads := make([]int, len(verdicts))
	for _, o := range outs {
		if ci := firstIn(moves, classOf, o.first); o.verdict == solver.Solvable && o.hasMove && ci >= 0 {
			leads[ci]++
		}
	}
	for k := range moves {
		for _, v := range verdicts[classOf[k]] {
			adv.Moves[k].add(v)
		}
		adv.Moves[k].Leads = leads[classOf[k]]
		adv.Moves[k].Verdicts = verdicts[classOf[k]]
	}
	adv.Moves = mergeTwins(p, adv.Moves, classOf)
	sort.SliceStable(adv.Moves, func(i, j int) bool {
		a, b := adv.Moves[i], adv.Moves[j]
		if a.Winnable != b.Winnable {
			return a.Winnable > b.Winnable
		}
		return a.Unknown < b.Unknown
	})
}

// mergeTwins lists once the moves that differ only in which empty cell,
// or which empty column, they go to: the first, with the others' places as
// its Twins. Such moves lead to positions that differ only in the order of
// cells or columns, so they are in the same class (classOf, by move) and
// have the same tally; a pair that is not is left apart.
func mergeTwins(p *rules.Position, moves []MoveShare, classOf []int) []MoveShare {
	type key struct {
		card rules.Card
		from rules.Loc
		to   rules.LocKind
	}
	first := map[key]int{} // the index in out of the first of its twins
	out := make([]MoveShare, 0, len(moves))
	cls := make([]int, 0, len(moves))
	for k, m := range moves {
		to := m.Move.To
		empty := (to.Kind == rules.Cell && p.Cells[to.Index] == rules.NoCard) ||
			(to.Kind == rules.Tableau && p.Tableau[to.Index].Len() == 0)
		if empty {
			kk := key{m.Move.Card, m.Move.From, to.Kind}
			if i, ok := first[kk]; ok && cls[i] == classOf[k] {
				out[i].Twins = append(out[i].Twins, to)
				continue
			}
			first[kk] = len(out)
		}
		out = append(out, m)
		cls = append(cls, classOf[k])
	}
	return out
}

// twins reports whether moves a and b are the same move, or move the same
// card from the same place to two empty cells or two empty columns.
func twins(p *rules.Position, a, b rules.Move) bool {
	if a == b {
		return true
	}
	if a.Card != b.Card || a.From != b.From || a.To.Kind != b.To.Kind {
		return false
	}
	empty := func(l rules.Loc) bool {
		return (l.Kind == rules.Cell && p.Cells[l.Index] == rules.NoCard) ||
			(l.Kind == rules.Tableau && p.Tableau[l.Index].Len() == 0)
	}
	return empty(a.To) && empty(b.To)
}

// firstIn returns the class of move m, or -1 when m is not one of moves.
func firstIn(moves []rules.Move, classOf []int, m rules.Move) int {
	if k := slices.Index(moves, m); k >= 0 {
		return classOf[k]
	}
	return -1
}

// undoes reports whether some legal move of c that turns up no card leads
// to the position whose canonical form is back.
func undoes(c *rules.Position, o rules.Options, back string) bool {
	for _, m := range rules.LegalMoves(c, o, nil) {
		if c.Reveals(m) != rules.NoCard {
			continue
		}
		q := c.Clone()
		q.Apply(m)
		if canonical(q) == back {
			return true
		}
	}
	return false
}

// Key returns a string that is the same for every position that differs
// from q only in the order of its piles or of its cells, and differs
// otherwise: two positions with the same key are the same position for
// play. Unknown cards count as cards named "??". A nil q has the key "",
// which no position has.
func Key(q *rules.Position) string {
	if q == nil {
		return ""
	}
	return canonical(q)
}

// canonical returns a form of q that is the same for every position that
// differs from q only in the order of its piles or of its cells, and
// differs otherwise. No rule refers to a pile's or a cell's place, so such
// positions have the same verdict.
func canonical(q *rules.Position) string {
	piles := make([]string, len(q.Tableau))
	for i, pl := range q.Tableau {
		b := make([]byte, 0, pl.Len()+1)
		for _, c := range pl.Down {
			b = append(b, byte(c))
		}
		b = append(b, 0xFD) // between the face-down and face-up cards
		for _, c := range pl.Up {
			b = append(b, byte(c))
		}
		piles[i] = string(b)
	}
	slices.Sort(piles)
	cells := make([]byte, len(q.Cells))
	for i, c := range q.Cells {
		cells[i] = byte(c)
	}
	slices.Sort(cells)
	var b strings.Builder
	b.WriteByte(byte(q.Game))
	for _, h := range q.Foundations {
		b.WriteByte(byte(h))
	}
	b.Write(cells)
	for _, s := range piles {
		b.WriteByte(0xFC) // before each pile
		b.WriteString(s)
	}
	return b.String()
}
