package rules

import (
	"strings"
	"testing"
)

func TestMarshalSolvitaire(t *testing.T) {
	p := NewPosition(RussianCell)
	p.Tableau[0].Up = MustCards("6C")
	p.Tableau[1].Down = MustCards("7D")
	p.Tableau[1].Up = MustCards("TD 3C")
	p.Tableau[2].Down = MustCards("TH AS")
	p.Tableau[2].Up = MustCards("KS")
	got, err := MarshalSolvitaire(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "tableau piles": [
    ["6C"],
    ["7d", "10D", "3C"],
    ["10h", "As", "KS"],
    [],
    [],
    [],
    []
  ]
}
`
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}

	p.Cells[1] = MustCard("2H")
	if _, err := MarshalSolvitaire(p); err == nil || !strings.Contains(err.Error(), "no cells") {
		t.Fatalf("a cell card: err = %v, want a refusal naming the cells", err)
	}
	p.Cells[1] = NoCard
	p.Foundations[Hearts] = 1
	if _, err := MarshalSolvitaire(p); err == nil || !strings.Contains(err.Error(), "no foundations") {
		t.Fatalf("a foundation card: err = %v, want a refusal naming the foundations", err)
	}
}
