package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestGenMovesIsLegalMoves: with every pruning off, genMoves produces
// exactly the moves of the rules package's referee (rules.LegalMoves),
// returns included, as a set, on the positions of random games of many
// deals.
func TestGenMovesIsLegalMoves(t *testing.T) {
	var buf []rcMove
	compareMoves(t, rules.RussianCell, 300, 5000, 20000, rand.NewPCG(31, 32), func(p *rules.Position) ([]string, error) {
		var b rcBoard
		if err := b.load(p); err != nil {
			return nil, err
		}
		buf = b.genMoves(buf, pruning{}, true)
		var got []string
		for _, m := range buf {
			got = append(got, m.toRules().String())
		}
		return got, nil
	})
}

// TestRFGenMovesIsLegalMoves: with every pruning off, Ripple Fan's genMoves
// (rf_search.go) produces exactly the moves of rules.LegalMoves, as a set,
// on the positions of random games of many deals.
func TestRFGenMovesIsLegalMoves(t *testing.T) {
	var cand [2 * rfPiles]rfUndo
	compareMoves(t, rules.RippleFan, 3000, 5000, 5000, rand.NewPCG(33, 34), func(p *rules.Position) ([]string, error) {
		var b rfBoard
		if err := b.load(p); err != nil {
			return nil, err
		}
		n := b.genMoves(&cand, pruning{})
		ms, _ := rfMoves(cand[:n])
		var got []string
		for _, m := range ms {
			got = append(got, m.String())
		}
		return got, nil
	})
}

// compareMoves plays random games of game g's deals 1..deals, up to 60
// moves each, and at every position compares gen's moves with those of
// rules.LegalMoves (default options), as sets. It fails unless at least
// minPositions positions and minMoves moves were compared.
func compareMoves(t *testing.T, g rules.Game, deals uint64, minPositions, minMoves int, src rand.Source, gen func(*rules.Position) ([]string, error)) {
	t.Helper()
	rng := rand.New(src)
	o, _ := rules.NewVariant(g, rules.DefaultOptions())
	compared, moves := 0, 0
	var legal []rules.Move
	for d := uint64(1); d <= deals; d++ {
		p := deal(g, d)
		for step := 0; step < 60; step++ {
			got, err := gen(p)
			if err != nil {
				t.Fatalf("deal %d, step %d: %v", d, step, err)
			}
			legal = rules.LegalMoves(p, o.Options, legal)
			var want []string
			for _, m := range legal {
				want = append(want, m.String())
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("deal %d, step %d: genMoves %v, rules.LegalMoves %v\n%s", d, step, got, want, rules.FormatBoard(p, "", rules.BoardStyle{}))
			}
			compared++
			moves += len(want)
			if len(legal) == 0 {
				break
			}
			p.Apply(legal[rng.IntN(len(legal))])
		}
	}
	if compared < minPositions || moves < minMoves {
		t.Fatalf("only %d positions and %d moves compared", compared, moves)
	}
	t.Logf("%d positions, %d moves", compared, moves)
}

// TestRCChildKeyAndFoundation cross-checks the Russian Cell search's
// shortcuts against playing the moves, on the positions of random games:
// nextFoundation (rc_auto.go) finds a move exactly when rules.LegalMoves
// lists a move to the foundations, and it is one of them; childKey
// (rc_childkey.go), where it answers, is the key make reaches.
func TestRCChildKeyAndFoundation(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	keys, founds := 0, 0
	var legal []rules.Move
	for d := uint64(1); d <= 200; d++ {
		p := deal(rules.RussianCell, d)
		for step := 0; step < 60; step++ {
			var b rcBoard
			if err := b.load(p); err != nil {
				t.Fatalf("deal %d, step %d: %v", d, step, err)
			}
			legal = rules.LegalMoves(p, rules.Options{}, legal)
			var toF []string
			for _, m := range legal {
				if m.To.Kind == rules.Foundation {
					toF = append(toF, m.String())
				}
			}
			m, ok := b.nextFoundation()
			if ok != (len(toF) > 0) || ok && !slices.Contains(toF, m.toRules().String()) {
				t.Fatalf("deal %d, step %d: nextFoundation %v (%v), foundation moves %v", d, step, m.toRules(), ok, toF)
			}
			if ok {
				founds++
			} else {
				// No foundation move is waiting, as in the search:
				// childKey must match every move it answers for.
				for _, m := range b.genMoves(nil, pruning{}, true) {
					k, ok := b.childKey(m)
					if !ok {
						continue
					}
					u := b.make(m)
					if b.key != k {
						t.Fatalf("deal %d, step %d: childKey(%v) differs from the key after the move", d, step, m.toRules())
					}
					b.unmake(u)
					keys++
				}
			}
			if len(legal) == 0 {
				break
			}
			p.Apply(legal[rng.IntN(len(legal))])
		}
	}
	if keys < 5000 || founds < 500 {
		t.Fatalf("only %d child keys and %d foundation moves checked", keys, founds)
	}
	t.Logf("%d child keys, %d foundation moves", keys, founds)
}
