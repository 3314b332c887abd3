package web_test

// The page's JavaScript dealer (static/deal.js), which draws the first
// board before patience.wasm has loaded, checked in Chromium against the
// Go package dealgen: thousands of deals of each game, and the reading of
// deal numbers, good and bad.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// dealerCase is one deal for the JavaScript dealer: the text it is given
// and the deal Go makes of it.
type dealerCase struct {
	input string
	n     dealgen.Number
}

// dealerCases are the deals compared, the same for both games: 1 to 1,000,
// both sides of the LCG's limit (32,000), the edges of the "ms" ranges,
// large numbers up to the top of the uint64 fast path and past it (keys of
// 624 and 625 words, and of more than 624, which the seeding loop treats
// apart), some spellings that are not canonical, and numbers drawn at
// random with a fixed seed.
func dealerCases(t *testing.T) []dealerCase {
	t.Helper()
	var cs []dealerCase
	add := func(input string) {
		t.Helper()
		n, err := dealgen.ParseNumber(input)
		if err != nil {
			t.Fatalf("a test deal %q: %v", input, err)
		}
		cs = append(cs, dealerCase{input, n})
	}
	for n := 1; n <= 1000; n++ {
		add(strconv.Itoa(n))
	}
	for n := 31900; n <= 32100; n++ {
		add(strconv.Itoa(n))
	}
	for _, s := range []string{
		"1000000", "10000000", "4294967295", "4294967296", "4294967297", "9007199254740991", "9007199254740993",
		"18446744073709551614", "18446744073709551615", "18446744073709551616", "18446744073709551617",
		"99999999999999999999", "100000000000000000000", "340282366920938463463374607431768211455",
		"ms1", "ms617", "ms31999", "ms32000", "ms2147483647", "ms2147483648", "ms4294967295",
		"ms4294967296", "ms4294967297", "ms8589934591", "ms3000000000",
		"#617", "#12,345", "00000000000000000617", "ms00617", "1_000_000", "617L",
	} {
		add(s)
	}
	one := big.NewInt(1)
	for _, words := range []uint{623, 624, 625} { // keys around the state's 624 words
		b := new(big.Int).Lsh(one, 32*words)
		add(new(big.Int).Sub(b, one).String())
		add(b.String())
	}
	add("7" + strings.Repeat("31", 3500)) // 7,001 digits: a key of 727 words
	r := rand.New(rand.NewPCG(2024, 617))
	for range 1000 {
		add(strconv.FormatUint(1+r.Uint64N(10_000_000), 10))
	}
	for range 500 {
		add(strconv.FormatUint(1+r.Uint64N(1<<63-1)+r.Uint64N(1<<63), 10))
	}
	for range 300 {
		add("ms" + strconv.FormatUint(32000+r.Uint64N(1<<33-32000), 10))
	}
	for range 200 {
		digits := []byte{byte('1' + r.IntN(9))}
		for range 19 + r.IntN(60) {
			digits = append(digits, byte('0'+r.IntN(10)))
		}
		add(string(digits))
	}
	return cs
}

// TestDealerMatchesDealgen loads deal.js as a module, served with the
// page's Content-Security-Policy, deals every dealerCase of both games with
// it and compares each position, parsed, with Go's
// rules.NewPositionDoc(dealgen.Deal(g, n), n.String()). It logs how long a
// deal takes in the browser.
func TestDealerMatchesDealgen(t *testing.T) {
	p := openDealer(t)

	cases := dealerCases(t)
	inputs := make([]string, len(cases))
	for i, c := range cases {
		inputs[i] = c.input
	}
	inputsJSON, _ := json.Marshal(inputs)
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		js := p.evalAwait(fmt.Sprintf(`Promise.resolve().then(() => JSON.stringify(%s.map((n) => window.dealer.deal(%q, n))))`, inputsJSON, g))
		var got []any
		if err := json.Unmarshal([]byte(js), &got); err != nil {
			t.Fatalf("%s: reading the deals: %v", g, err)
		}
		if len(got) != len(cases) {
			t.Fatalf("%s: %d deals, want %d", g, len(got), len(cases))
		}
		bad := 0
		for i, c := range cases {
			want := positionJSON(t, rules.NewPositionDoc(dealgen.Deal(g, c.n), c.n.String()))
			if reflect.DeepEqual(got[i], want) {
				continue
			}
			if bad++; bad <= 3 {
				gj, _ := json.Marshal(got[i])
				wj, _ := json.Marshal(want)
				t.Errorf("%s deal %q: deal.js gives\n%s\nGo\n%s", g, c.input, gj, wj)
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d deals differ", g, bad, len(cases))
		}
		t.Logf("%s: %d deals compared", g, len(cases))
	}

	// Other arguments to deal: an integer, a BigInt, and what is not a deal.
	for _, c := range []struct{ expr, want string }{
		{`JSON.stringify(window.dealer.deal("russian-cell", 617)) === JSON.stringify(window.dealer.deal("russian-cell", "617"))`, "true"},
		{`JSON.stringify(window.dealer.deal("ripple-fan", 18446744073709551617n).number)`, `"18446744073709551617"`},
		{`(() => { try { window.dealer.deal("freecell", "1"); return "no error"; } catch (e) { return e.message; } })()`, `unknown game "freecell": use russian-cell or ripple-fan`},
		{`(() => { try { window.dealer.deal("russian-cell", 0); return "no error"; } catch (e) { return e.message; } })()`, `bad deal number 0: deals start at 1`},
		{`(() => { try { window.dealer.deal("russian-cell", "0"); return "no error"; } catch (e) { return e.message; } })()`, `bad deal number "0": deals start at 1, 0 is not a deal`},
	} {
		if got := p.evalAwait(`Promise.resolve(String(` + c.expr + `))`); got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}

	p.dealerTiming()
}

// openDealer starts the server and the browser, opens a document of the
// page's server (deal.js itself), so that what it loads is under the
// page's Content-Security-Policy, and imports deal.js there as a module,
// as window.dealer.
func openDealer(t *testing.T) *page {
	t.Helper()
	p := openGame(t)
	t.Cleanup(p.noCSP)
	p.do("opening deal.js", chromedp.Navigate(p.url+"deal.js"))
	if ok := p.evalAwait(`import("/deal.js").then((m) => { window.dealer = m; return typeof m.deal === "function" && typeof m.parseNumber === "function"; })`); ok != "true" {
		t.Fatalf("deal.js exports %s", ok)
	}
	return p
}

// positionJSON is a position document as JSON reads it back: the form the
// browser's objects are compared in.
func positionJSON(t *testing.T, d rules.PositionDoc) any {
	t.Helper()
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// dealerTiming logs how long deal.js takes per deal, for LCG deals (1 to
// 31,999), MT19937 deals of uint64 numbers and of 30-digit numbers: each
// timed over batches of 2,000 deals for at least 100 ms, after a round of
// the same to warm up the JavaScript compiler.
func (p *page) dealerTiming() {
	p.t.Helper()
	js := p.evalAwait(`Promise.resolve().then(() => {
  const kinds = {
    lcg: (i) => String(1 + (i * 7919) % 31999),
    mt: (i) => String(32000 + i * 1000003),
    big: (i) => "123456789012345678901234" + String(100000 + i),
  };
  const out = {};
  // Twice round, keeping the second: the first is the compiler's warm-up.
  for (const [kind, num] of [...Object.entries(kinds), ...Object.entries(kinds)]) {
    const nums = Array.from({ length: 2000 }, (_, i) => num(i));
    let deals = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 100) {
      for (const n of nums) window.dealer.deal(deals % 4000 < 2000 ? "russian-cell" : "ripple-fan", n);
      deals += nums.length;
    }
    out[kind] = (performance.now() - t0) / deals;
  }
  return JSON.stringify(out);
})`)
	var ms map[string]float64
	if err := json.Unmarshal([]byte(js), &ms); err != nil {
		p.t.Fatalf("reading the timing %s: %v", js, err)
	}
	p.t.Logf("deal.js in Chromium: %.4f ms per LCG deal, %.4f ms per MT19937 deal, %.4f ms per 30-digit deal",
		ms["lcg"], ms["mt"], ms["big"])
}

// evalAwait evaluates an expression whose value, or whose promise's value,
// is a string or a boolean, and returns it as text.
func (p *page) evalAwait(expr string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[any](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluating %.200s: %v", expr, err)
	}
	switch v := v.(type) {
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	}
	p.t.Fatalf("evaluating %.200s: %T %v, want a string or a boolean", expr, v, v)
	return ""
}

// TestDealerParseNumber compares deal.js's parseNumber with
// dealgen.ParseNumber on good and bad input: the same canonical number, or
// an error with the same message.
func TestDealerParseNumber(t *testing.T) {
	p := openDealer(t)
	inputs := []string{
		"1", "617", "-1", "-5", "--5", "5-", "+5", "", " ", " 7", "7 ", "\t7\n", "007", "0", "000", "00000000000000000000617",
		"1e3", "1E3", "0x10", "1.5", "1,000", "#12,345", "12_345", "#617", "# 6 1 7", "5L", "5l", "5LL", "L", "L5", "ms5L",
		"31999", "32000", "ms31999", "ms32000", "ms032000", "ms123", "ms0", "ms00", "ms1", "ms8589934591", "ms8589934592",
		"ms00000000008589934591", "ms99999999999", "ms", "m", "s5", "MS5", "Ms5", "#ms5", "ms1,000", "ms 5", "ms5 ", " ms5",
		"ms-5", "ms+5", "msms5", "ms5x", "-ms5", "ms_5", "m s 5",
		"18446744073709551615", "18446744073709551616", "99999999999999999999", "9999999999999999999",
		"10000000000000000000", "0000000000000000000000000000000001", strings.Repeat("9", 200),
		strings.Repeat("1,", 50) + "x", strings.Repeat("y", 41), strings.Repeat("é", 45), "617!", "six", "abc",
		"\u00a0617", "\u3000617\u2028", "\u0085617", "\u200b617", "\ufeff617", "\u1680617", "\u202f617", "\u180e617",
		"١٢٣", "６１７", "617\x00", "\x07617", "617\x7f", "\u00ad617", "\"617\"", `6\17`, "617🂡", "🂡", "\U000e0001",
		"null", "NaN", "Infinity", "-0", "0.0", "0,0", ".", "#", "-", "_",
	}
	inputsJSON, _ := json.Marshal(inputs)
	js := p.evalAwait(fmt.Sprintf(`Promise.resolve().then(() => JSON.stringify(%s.map((s) => {
  try { return { ok: window.dealer.parseNumber(s) }; } catch (e) { return { err: e.message }; }
})))`, inputsJSON))
	var got []struct {
		OK  *string `json:"ok"`
		Err *string `json:"err"`
	}
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatalf("reading the results: %v", err)
	}
	if len(got) != len(inputs) {
		t.Fatalf("%d results, want %d", len(got), len(inputs))
	}
	for i, s := range inputs {
		n, err := dealgen.ParseNumber(s)
		g := got[i]
		switch {
		case err == nil && (g.OK == nil || *g.OK != n.String()):
			t.Errorf("parseNumber(%q) = %s, want %q", s, show(g.OK, g.Err), n.String())
		case err != nil && (g.Err == nil || *g.Err != err.Error()):
			t.Errorf("parseNumber(%q) = %s, want the error %q", s, show(g.OK, g.Err), err.Error())
		}
	}
	t.Logf("%d inputs compared", len(inputs))
}

func show(ok, err *string) string {
	switch {
	case ok != nil:
		return strconv.Quote(*ok)
	case err != nil:
		return "the error " + strconv.Quote(*err)
	}
	return "nothing"
}
