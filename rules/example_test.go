package rules_test

import (
	"errors"
	"fmt"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// Deal a game, list its legal moves, and play one.
func Example() {
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	opts := rules.DefaultOptions() // foundation returns on
	moves := rules.LegalMoves(p, opts, nil)
	fmt.Println("legal moves:", moves)

	m := rules.MustMove("4H t7>t1")
	fmt.Println(m, "->", rules.Check(p, opts, m))

	m = moves[0]
	p.Apply(m)
	fmt.Println("after", m, "t2's top card is", p.Tableau[1].Top(), "and t5's is", p.Tableau[4].Top())
	// Output:
	// legal moves: [QS t2>t5 JH t2>t3 6C t1>c1 6C t1>c2 JH t2>c1 JH t2>c2 QH t3>c1 QH t3>c2 JD t4>c1 JD t4>c2 KS t5>c1 KS t5>c2 KC t6>c1 KC t6>c2 4H t7>c1 4H t7>c2]
	// 4H t7>t1 -> 4H cannot go on 6C, only on 5H
	// after QS t2>t5 t2's top card is 3C and t5's is JH
}

// The referee replays a move list from a start position and stops at the
// first illegal move, saying why.
func ExampleReplay() {
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	list := []rules.Move{
		rules.MustMove("4H t7>c1"),
		rules.MustMove("JC t7>c2"),
		rules.MustMove("2C t7>f"),
	}
	end, err := rules.Replay(start, rules.DefaultOptions(), list)
	var me *rules.MoveError
	if errors.As(err, &me) {
		fmt.Println("refused:", me.Index, me.Move, "-", me.Reason)
	}
	fmt.Println("cells after the legal moves:", end.Cells)
	// Output:
	// refused: 3 2C t7>f - 2C cannot go to its foundation, which needs AC next
	// cells after the legal moves: [4H JC]
}
