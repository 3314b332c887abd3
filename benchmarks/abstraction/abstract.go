package main

// The abstract game: Russian Cell with some suits blanked.
//
// A card of a kept suit keeps its identity and moves by the game's own
// rules. A card of a blanked suit becomes a blank: in Plain mode every
// blank is the same, in Ranked mode a blank keeps its rank but forgets its
// suit. Every move of the real game but a foundation return is a move of
// the abstract game, so an abstract position that cannot be won proves the
// real one lost (returns are never needed: docs/pruning.md, SkipReturns).
//
// Plain blanks: a face-up blank with everything on it, or a blank from a
// cell, goes onto any column whose top card is a blank, or into an empty
// column; a blank on top of a column or in a cell goes to a cell (from a
// column) or home, at any time.
//
// Ranked blanks: a blank of rank r goes onto a blank of rank r+1; only a
// blank King goes into an empty column; a blank of rank r goes home when
// fewer blanks of rank r than of rank r-1 are home (the blanked
// foundations are a multiset of heights, and that is exactly "some blanked
// foundation is at r-1").
//
// Kept cards never go onto a blank, and no blank goes onto a kept card.

import (
	"bytes"

	"github.com/patience-solver/patience/rules"
)

// Card codes in the abstract game: 0..51 a kept card (its rules.Card id),
// blankPlain the anonymous blank, blankRank0+r a blank of rank r.
const (
	blankPlain byte = 52
	blankRank0 byte = 64
	noCard     byte = 0xFF
	colEnd     byte = 0xFE // ends a column in a key
)

// Mode says what a blank remembers.
type Mode uint8

const (
	Plain  Mode = iota // nothing: every blank is the same
	Ranked             // its rank
)

func (m Mode) String() string {
	if m == Ranked {
		return "ranked"
	}
	return "plain"
}

// Config is one abstract search.
type Config struct {
	Mode      Mode
	Kept      uint8 // bit s set: suit s (C S H D = 0..3) is kept
	MaxStates int   // budget: the most states stored; 0 is no budget
	// AutoKept plays a kept card to its foundation at once when it is
	// next there. Safe in the abstract game: the only card ever put on a
	// kept card is its predecessor, which is home already (the
	// AutoFoundation proof of docs/pruning.md goes through unchanged).
	AutoKept bool
	// AutoBlank plays a blank home at once where it is proven safe:
	// Plain, a blank in a cell, or on top of a column and lying on a
	// blank or on nothing; Ranked, a blank of rank r when every blank of
	// rank r-1 is home (every Ace). See blankHomeSafe for the proofs.
	AutoBlank bool
}

// column is one tableau column: cards bottom first, the first down of
// them face down. Slices are shared between states and never written in
// place once a state is made.
type column struct {
	down  int
	cards []byte
}

// state is one abstract position.
type state struct {
	cols  [7]column
	cells [2]byte
	found [4]int8  // kept suits: the foundation's height
	home  [13]int8 // Ranked: blanks of each rank home
}

func isBlank(c byte) bool { return c >= blankPlain && c < colEnd }
func suitOf(c byte) int   { return int(c) / 13 }
func rankOf(c byte) int {
	if c >= blankRank0 {
		return int(c - blankRank0)
	}
	return int(c) % 13
}

// game holds what a search knows besides the state.
type game struct {
	cfg     Config
	blanked int8 // number of blanked suits
}

func newGame(cfg Config) *game {
	g := &game{cfg: cfg}
	for s := 0; s < 4; s++ {
		if cfg.Kept&(1<<s) == 0 {
			g.blanked++
		}
	}
	return g
}

// abstractOf maps a real Russian Cell position (every card known) to the
// abstract state.
func (g *game) abstractOf(p *rules.Position) *state {
	st := &state{cells: [2]byte{noCard, noCard}}
	code := func(c rules.Card) byte {
		s := int(c.Suit())
		if g.cfg.Kept&(1<<s) != 0 {
			return byte(c)
		}
		if g.cfg.Mode == Ranked {
			return blankRank0 + byte(c.Rank())
		}
		return blankPlain
	}
	for i, pile := range p.Tableau {
		cs := make([]byte, 0, pile.Len())
		for _, c := range pile.Down {
			cs = append(cs, code(c))
		}
		for _, c := range pile.Up {
			cs = append(cs, code(c))
		}
		st.cols[i] = column{down: len(pile.Down), cards: cs}
	}
	for i, c := range p.Cells {
		if c != rules.NoCard {
			st.cells[i] = code(c)
		}
	}
	for s := 0; s < 4; s++ {
		h := p.Foundations[s]
		if g.cfg.Kept&(1<<s) != 0 {
			st.found[s] = int8(h)
			continue
		}
		for r := 0; r < h; r++ {
			st.home[r]++
		}
	}
	return st
}

// won: nothing left in the tableau or the cells.
func (st *state) won() bool {
	for i := range st.cols {
		if len(st.cols[i].cards) > 0 {
			return false
		}
	}
	return st.cells[0] == noCard && st.cells[1] == noCard
}

// canHome says whether card c, free to move, may go to its foundation
// (a kept card) or home (a blank).
func (g *game) canHome(st *state, c byte) bool {
	switch {
	case !isBlank(c):
		return int(st.found[suitOf(c)]) == rankOf(c)
	case g.cfg.Mode == Plain:
		return true
	default:
		r := rankOf(c)
		below := g.blanked
		if r > 0 {
			below = st.home[r-1]
		}
		return st.home[r] < below
	}
}

// canOnto says whether a group with bottom card x may go onto top card y.
func (g *game) canOnto(x, y byte) bool {
	switch {
	case !isBlank(x):
		return !isBlank(y) && rankOf(x) < 12 && y == x+1
	case g.cfg.Mode == Plain:
		return isBlank(y)
	default:
		return isBlank(y) && rankOf(y) == rankOf(x)+1
	}
}

// canEmpty says whether a group with bottom card x may go to an empty
// column.
func (g *game) canEmpty(x byte) bool {
	if isBlank(x) && g.cfg.Mode == Plain {
		return true
	}
	return rankOf(x) == 12
}

// goHome records card c as gone home.
func (st *state) goHome(c byte) {
	if isBlank(c) {
		if c >= blankRank0 {
			st.home[rankOf(c)]++
		}
		return
	}
	st.found[suitOf(c)]++
}

// cut returns column i without its cards from index j up, turning a
// face-down card left on top.
func (st *state) cut(i, j int) {
	col := st.cols[i]
	down := col.down
	if j == down && down > 0 {
		down--
	}
	st.cols[i] = column{down: down, cards: col.cards[:j:j]}
}

// put lays cards on column i (a new slice: the old one may be shared).
func (st *state) put(i int, cards []byte) {
	old := st.cols[i].cards
	cs := make([]byte, 0, len(old)+len(cards))
	cs = append(append(cs, old...), cards...)
	st.cols[i].cards = cs
}

// blankHomeSafe says whether the free blank c (on top of column col, or in
// a cell when col < 0) goes home at once under AutoBlank.
//
// Plain. Let B be a blank in a cell, or on top of a column and lying on a
// blank X (face up or down) or on nothing. Take any winning line and play
// B home first, leaving out every later move of B. Invariant: whatever B
// lies on is a blank or nothing, since B only ever goes onto a blank or an
// empty column. Only groups with a blank bottom are ever put on B (kept
// cards go only onto their kept successor). So in the new line:
//   - a group put on B goes onto what B lay on: a blank (legal) or an
//     empty column (legal for a blank bottom);
//   - a move of a group with bottom B moves the group without B, whose
//     bottom is a blank that was put on B, to the same blank or empty
//     column (or is left out when B was alone);
//   - a group that carried B above its bottom moves without it;
//   - B's moves to and from a cell and home are left out; places are only
//     emptier, a card that B covered is face up earlier (nothing needs a
//     face-down card), and other blanks go home at any time.
//
// When the old line plays B home the two positions are the same.
//
// Ranked. Let B be a free blank of rank r with every blank of rank r-1
// home (any Ace). Nothing can ever be put on B (only a blank of rank r-1
// could), so the AutoFoundation proof applies, and the home counts only
// grow earlier: another blank of rank r goes home in the old line while
// B and it are both out, so at most b-2 of rank r are home and the new
// count, one more, is still below b; rank r+1 only gains.
func (g *game) blankHomeSafe(st *state, col int, c byte) bool {
	if g.cfg.Mode == Ranked {
		r := rankOf(c)
		return r == 0 || st.home[r-1] == g.blanked
	}
	if col < 0 {
		return true
	}
	cs := st.cols[col].cards
	return len(cs) == 1 || isBlank(cs[len(cs)-2])
}

// settle plays the automatic moves until none is left.
func (g *game) settle(st *state) {
	if !g.cfg.AutoKept && !g.cfg.AutoBlank {
		return
	}
	auto := func(col int, c byte) bool {
		if isBlank(c) {
			return g.cfg.AutoBlank && g.canHome(st, c) && g.blankHomeSafe(st, col, c)
		}
		return g.cfg.AutoKept && g.canHome(st, c)
	}
	for changed := true; changed; {
		changed = false
		for k, c := range st.cells {
			if c != noCard && auto(-1, c) {
				st.goHome(c)
				st.cells[k] = noCard
				changed = true
			}
		}
		for i := range st.cols {
			for {
				cs := st.cols[i].cards
				if len(cs) == 0 || !auto(i, cs[len(cs)-1]) {
					break
				}
				st.goHome(cs[len(cs)-1])
				st.cut(i, len(cs)-1)
				changed = true
			}
		}
	}
}

// Move kinds.
const (
	colToCol = iota
	colToCell
	colHome
	cellToCol
	cellHome
)

// move is one abstract move: from a column (the group from index j up)
// or a cell, to a column, a cell or home.
type move struct {
	kind     uint8
	from, to int8
	j        int8
}

// moves appends the moves of st. Moves to an empty column or an empty cell
// are listed for the first one only (columns and cells are unordered),
// and a group that is a whole column never goes to an empty one.
func (g *game) moves(st *state, buf []move) []move {
	buf = buf[:0]
	firstEmpty := -1
	for i := range st.cols {
		if len(st.cols[i].cards) == 0 {
			firstEmpty = i
			break
		}
	}
	freeCell := st.cells[0] == noCard || st.cells[1] == noCard
	for k, c := range st.cells {
		if c == noCard {
			continue
		}
		if g.canHome(st, c) {
			buf = append(buf, move{kind: cellHome, from: int8(k)})
		}
		for t := range st.cols {
			ts := st.cols[t].cards
			if len(ts) == 0 {
				if t == firstEmpty && g.canEmpty(c) {
					buf = append(buf, move{kind: cellToCol, from: int8(k), to: int8(t)})
				}
			} else if g.canOnto(c, ts[len(ts)-1]) {
				buf = append(buf, move{kind: cellToCol, from: int8(k), to: int8(t)})
			}
		}
	}
	for f := range st.cols {
		col := st.cols[f]
		n := len(col.cards)
		if n == 0 {
			continue
		}
		top := col.cards[n-1]
		if g.canHome(st, top) {
			buf = append(buf, move{kind: colHome, from: int8(f)})
		}
		for j := col.down; j < n; j++ {
			x := col.cards[j]
			for t := range st.cols {
				if t == f {
					continue
				}
				ts := st.cols[t].cards
				if len(ts) == 0 {
					if t == firstEmpty && j > 0 && g.canEmpty(x) {
						buf = append(buf, move{kind: colToCol, from: int8(f), to: int8(t), j: int8(j)})
					}
				} else if g.canOnto(x, ts[len(ts)-1]) {
					buf = append(buf, move{kind: colToCol, from: int8(f), to: int8(t), j: int8(j)})
				}
			}
		}
		if freeCell {
			buf = append(buf, move{kind: colToCell, from: int8(f)})
		}
	}
	return buf
}

// play returns st after m (st itself is not changed).
func (g *game) play(st *state, m move) state {
	ns := *st
	switch m.kind {
	case colToCol:
		grp := st.cols[m.from].cards[m.j:]
		ns.cut(int(m.from), int(m.j))
		ns.put(int(m.to), grp)
	case colToCell:
		cs := st.cols[m.from].cards
		k := 0
		if ns.cells[0] != noCard {
			k = 1
		}
		ns.cells[k] = cs[len(cs)-1]
		ns.cut(int(m.from), len(cs)-1)
	case colHome:
		cs := st.cols[m.from].cards
		ns.goHome(cs[len(cs)-1])
		ns.cut(int(m.from), len(cs)-1)
	case cellToCol:
		ns.put(int(m.to), []byte{st.cells[m.from]})
		ns.cells[m.from] = noCard
	case cellHome:
		ns.goHome(st.cells[m.from])
		ns.cells[m.from] = noCard
	}
	return ns
}

// key appends the canonical encoding of st to buf: the columns sorted (each
// its face-down count, its cards and colEnd), the cells sorted, the kept
// foundations and, in Ranked mode, the home counts.
func (g *game) key(st *state, buf []byte) []byte {
	var order [7]int
	for i := range order {
		order[i] = i
	}
	less := func(a, b int) bool {
		ca, cb := st.cols[a], st.cols[b]
		if ca.down != cb.down {
			return ca.down < cb.down
		}
		return bytes.Compare(ca.cards, cb.cards) < 0
	}
	for i := 1; i < 7; i++ {
		for k := i; k > 0 && less(order[k], order[k-1]); k-- {
			order[k], order[k-1] = order[k-1], order[k]
		}
	}
	for _, i := range order {
		buf = append(buf, byte(st.cols[i].down))
		buf = append(buf, st.cols[i].cards...)
		buf = append(buf, colEnd)
	}
	a, b := st.cells[0], st.cells[1]
	if a > b {
		a, b = b, a
	}
	buf = append(buf, a, b)
	for _, h := range st.found {
		buf = append(buf, byte(h))
	}
	if g.cfg.Mode == Ranked {
		for _, h := range st.home {
			buf = append(buf, byte(h))
		}
	}
	return buf
}

// Outcome is the verdict of an abstract search.
type Outcome uint8

const (
	Won    Outcome = iota // the abstract game can be won: proves nothing
	Lost                  // every abstract state searched: the real position is lost
	Budget                // the budget ran out: proves nothing
)

func (o Outcome) String() string {
	return [...]string{"won", "lost", "budget"}[o]
}

// Result is what one abstract search found.
type Result struct {
	Outcome Outcome
	States  int // states stored in the visited set
}

// frame is one level of the depth-first search.
type frame struct {
	st    state
	moves []move
	next  int
}

// Search decides the abstract game from st by a plain depth-first search
// with an exact visited set of whole (canonical) states. It ends with Lost
// only when every reachable state was searched.
func (g *game) Search(root *state) Result {
	seen := make(map[string]struct{})
	var kbuf []byte
	var stack []frame
	var free [][]move // move buffers to reuse
	// enter settles st and pushes it; it reports a win, or false when the
	// state was seen (nothing pushed).
	enter := func(st state) (win, stop bool) {
		g.settle(&st)
		if st.won() {
			return true, false
		}
		kbuf = g.key(&st, kbuf[:0])
		if _, ok := seen[string(kbuf)]; ok {
			return false, false
		}
		if g.cfg.MaxStates > 0 && len(seen) >= g.cfg.MaxStates {
			return false, true
		}
		seen[string(kbuf)] = struct{}{}
		var mb []move
		if n := len(free); n > 0 {
			mb, free = free[n-1], free[:n-1]
		}
		stack = append(stack, frame{st: st, moves: g.moves(&st, mb)})
		return false, false
	}
	win, stop := enter(*root)
	for !win && !stop && len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next == len(top.moves) {
			free = append(free, top.moves)
			stack = stack[:len(stack)-1]
			continue
		}
		m := top.moves[top.next]
		top.next++
		win, stop = enter(g.play(&top.st, m))
	}
	switch {
	case win:
		return Result{Outcome: Won, States: len(seen)}
	case stop:
		return Result{Outcome: Budget, States: len(seen)}
	}
	return Result{Outcome: Lost, States: len(seen)}
}
