package rules_test

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// mvWalk plays up to steps random legal moves from a random layout and
// calls visit on the start and after every move. Foundation moves are
// preferred (see mvPick), so that walks get deep into the game.
// Every move LegalMoves lists must pass Check, and Apply must keep the 52
// cards in place and turn up every uncovered card.
func mvWalk(t testing.TB, g rules.Game, o rules.Options, seed int64, steps int, visit func(p *rules.Position)) {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	p := mvDeal(g, r)
	visit(p)
	var buf []rules.Move
	for step := 0; step < steps; step++ {
		buf = rules.LegalMoves(p, o, buf)
		for _, m := range buf {
			if err := rules.Check(p, o, m); err != nil {
				t.Fatalf("seed %d step %d: LegalMoves lists %v, Check says %q", seed, step, m, err)
			}
		}
		if len(buf) == 0 {
			return
		}
		m := mvPick(r, buf)
		p.Apply(m)
		if err := mvCheckCards(p); err != nil {
			t.Fatalf("seed %d step %d: after %v: %v", seed, step, m, err)
		}
		if err := mvFaceDownOnTop(p); err != nil {
			t.Fatalf("seed %d step %d: after %v: %v", seed, step, m, err)
		}
		visit(p)
	}
}

// mvPick picks a random move, but a foundation move nine times in ten
// when there is one, and it tries twice to avoid a move into a cell, so
// that random games do not block at once with full cells.
func mvPick(r *rand.Rand, ms []rules.Move) rules.Move {
	if r.Intn(10) != 0 {
		for _, m := range ms {
			if m.To.Kind == rules.Foundation {
				return m
			}
		}
	}
	m := ms[r.Intn(len(ms))]
	for try := 0; try < 2 && m.To.Kind == rules.Cell; try++ {
		m = ms[r.Intn(len(ms))]
	}
	return m
}

// mvAllLocs lists every place of the game, and one more of each kind that
// does not exist.
func mvAllLocs(g rules.Game) []rules.Loc {
	var out []rules.Loc
	for i := 0; i <= g.Piles(); i++ {
		out = append(out, rules.T(i))
	}
	for i := 0; i <= 2; i++ {
		out = append(out, rules.C(i))
	}
	return append(out, rules.F)
}

// TestConsistency checks LegalMoves and the referee against each other on
// positions reached by random play: (a) every listed move passes Check
// (in mvWalk); (b) every (card, from, to) that Check accepts is listed,
// once; (c) Apply keeps the 52 cards (in mvWalk).
func TestConsistency(t *testing.T) {
	deals, steps := 10, 200
	if testing.Short() || mvRace {
		deals = 3
	}
	for _, g := range rules.Games() {
		locs := mvAllLocs(g)
		for _, o := range []rules.Options{{}, {NoReturns: true}} {
			// Ripple Fan walks are short (most deals block at once):
			// take more of them, and every position.
			nDeals, every := deals, 5
			if g == rules.RippleFan {
				nDeals, every = 3*deals, 4
			}
			positions := 0
			for seed := int64(1); seed <= int64(nDeals); seed++ {
				n := 0
				mvWalk(t, g, o, seed, steps, func(p *rules.Position) {
					n++
					if n%every != 1%every {
						return // (b) is slow: take a sample
					}
					positions++
					legal := rules.LegalMoves(p, o, nil)
					for _, m := range legal {
						if k := len(slices.DeleteFunc(slices.Clone(legal), func(x rules.Move) bool { return x != m })); k != 1 {
							t.Fatalf("%v listed %d times", m, k)
						}
					}
					accepted := 0
					for c := rules.Card(0); c < rules.NumCards; c++ {
						for _, from := range locs {
							for _, to := range locs {
								m := rules.Move{Card: c, From: from, To: to}
								if rules.Check(p, o, m) != nil {
									continue
								}
								accepted++
								if !slices.Contains(legal, m) {
									t.Fatalf("seed %d: Check accepts %v, LegalMoves does not list it", seed, m)
								}
							}
						}
					}
					if accepted != len(legal) {
						t.Fatalf("seed %d: Check accepts %d moves, LegalMoves lists %d", seed, accepted, len(legal))
					}
				})
			}
			t.Logf("%v %+v: (b) on %d positions", g, o, positions)
			if positions < deals*2 {
				t.Fatalf("%v: only %d positions checked", g, positions)
			}
		}
	}
}

// TestRandomPlayWins plays random games to the end, preferring foundation
// moves, and checks that Won agrees with the foundations, and that a won
// game has no moves left but returns.
func TestRandomPlayWins(t *testing.T) {
	wins := 0
	for seed := int64(100); seed < 200; seed++ {
		var last *rules.Position
		mvWalk(t, rules.RussianCell, rules.Options{NoReturns: true}, seed, 400, func(p *rules.Position) { last = p })
		if last.Won() != (last.OnFoundations() == 52) {
			t.Fatalf("Won = %v with %d cards on the foundations", last.Won(), last.OnFoundations())
		}
		if last.Won() {
			wins++
			if err := mvCheckCards(last); err != nil {
				t.Fatal(err)
			}
			if ms := rules.LegalMoves(last, rules.Options{NoReturns: true}, nil); len(ms) != 0 {
				t.Fatalf("seed %d: a won game has %d moves without returns, the first %v", seed, len(ms), ms[0])
			}
			if ms := rules.LegalMoves(last, rules.Options{}, nil); len(ms) == 0 {
				t.Fatalf("seed %d: a won game has no returns", seed)
			}
		}
	}
	t.Logf("%d random Russian Cell games of 100 won", wins)
	if wins == 0 {
		t.Fatal("no random game won: the walk never reaches the end")
	}
}

var mvSinkMoves []rules.Move

func BenchmarkLegalMoves(b *testing.B) {
	for _, g := range rules.Games() {
		b.Run(g.String(), func(b *testing.B) {
			var positions []*rules.Position
			for seed := int64(1); seed <= 20; seed++ {
				mvWalk(b, g, rules.DefaultOptions(), seed, 60, func(p *rules.Position) {
					positions = append(positions, p.Clone())
				})
			}
			o := rules.DefaultOptions()
			buf := make([]rules.Move, 0, 256)
			i := 0
			for b.Loop() {
				buf = rules.LegalMoves(positions[i], o, buf)
				i++
				if i == len(positions) {
					i = 0
				}
			}
			mvSinkMoves = buf
		})
	}
}
