package rules

import "testing"

func TestSafeAutoMovesLeavesThePositionAlone(t *testing.T) {
	p, _, err := ParseBoard(`Russian Cell
Foundations:  C --   S --   H --   D --
Cells:        AS --
t1:   [5D] 2C AC
t2:   2S
t3:   KD
t4:   --
t5:   --
t6:   --
t7:   --
`)
	if err != nil {
		t.Fatal(err)
	}
	before := p.Clone()
	got := SafeAutoMoves(p)
	if !p.Equal(before) {
		t.Fatal("SafeAutoMoves changed its position")
	}
	want := []Move{MustMove("AC t1>f"), MustMove("2C t1>f"), MustMove("AS c1>f"), MustMove("2S t2>f")}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}
