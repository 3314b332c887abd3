package web_test

import (
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// schemeColours reads the colours of style.css's :root, in the light
// scheme and in the dark (the light ones, with the dark block's over
// them).
func schemeColours(t *testing.T) map[string]map[string]string {
	t.Helper()
	css, err := os.ReadFile("static/style.css")
	if err != nil {
		t.Fatal(err)
	}
	s := regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(string(css), "")
	decl := regexp.MustCompile(`(--[\w-]+):\s*(#[0-9a-fA-F]{3,6})\s*;`)
	block := func(from int) string {
		i := strings.Index(s[from:], ":root {")
		if i < 0 {
			t.Fatal("style.css: no :root block")
		}
		i += from
		return s[i : i+strings.Index(s[i:], "}")]
	}
	light := map[string]string{}
	for _, m := range decl.FindAllStringSubmatch(block(0), -1) {
		light[m[1]] = m[2]
	}
	dark := map[string]string{}
	for k, v := range light {
		dark[k] = v
	}
	d := strings.Index(s, "@media (prefers-color-scheme: dark)")
	if d < 0 {
		t.Fatal("style.css: no dark scheme")
	}
	for _, m := range decl.FindAllStringSubmatch(block(d), -1) {
		dark[m[1]] = m[2]
	}
	return map[string]map[string]string{"light": light, "dark": dark}
}

// luminance is the relative luminance of a colour #rgb or #rrggbb (WCAG).
func luminance(t *testing.T, hex string) float64 {
	t.Helper()
	h := strings.TrimPrefix(hex, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil || len(h) != 6 {
		t.Fatalf("colour %q", hex)
	}
	lin := func(c uint64) float64 {
		x := float64(c) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(v>>16) + 0.7152*lin(v>>8&0xff) + 0.0722*lin(v&0xff)
}

func contrast(t *testing.T, a, b string) float64 {
	la, lb := luminance(t, a), luminance(t, b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// TestContrastOnTheBoard: in both colour schemes, what tells the cards
// and their states apart has the contrast WCAG 2.2 AA asks: the card's
// edge against its face (it parts the cards of a column) and each ring
// (focus, last move, selection, hint) against what lies next to it, 3:1;
// the red and black ranks against the face, 4.5:1.
func TestContrastOnTheBoard(t *testing.T) {
	for scheme, c := range schemeColours(t) {
		check := func(a, b string, min float64) {
			t.Helper()
			if c[a] == "" || c[b] == "" {
				t.Fatalf("%s scheme: no colour %s or %s in style.css", scheme, a, b)
			}
			if r := contrast(t, c[a], c[b]); r < min {
				t.Errorf("%s scheme: %s %s against %s %s: %.2f:1, want %.1f:1", scheme, a, c[a], b, c[b], r, min)
			}
		}
		check("--card-edge", "--card", 3)
		check("--red", "--card", 4.5)
		check("--black", "--card", 4.5)
		check("--ring-inner", "--card", 3)
		for _, ring := range []string{"--ring-focus", "--ring-moved", "--ring-selected", "--ring-hint", "--bad-on-felt"} {
			if ring != "--bad-on-felt" {
				check(ring, "--ring-inner", 3)
			}
			check(ring, "--felt", 3)
			check(ring, "--felt-2", 3)
		}
		t.Logf("%s: edge %.2f, red %.2f, focus on felt %.2f", scheme, contrast(t, c["--card-edge"], c["--card"]), contrast(t, c["--red"], c["--card"]), contrast(t, c["--ring-focus"], c["--felt"]))
	}
}
