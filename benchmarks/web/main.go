// Command web measures the web page in headless Chromium (Debian's
// chromium package), for benchmarks/BENCHMARKS.md: the time to the first
// board from a local server, and the solver's time in the browser for
// Russian Cell 617 and 385, next to the native single-core time of the
// same searches (patience solve ... --workers 1), run in turn: browser,
// native, browser, native, ...
//
//	go run ./benchmarks/web -runs 5
//
// With -first it measures only the first board and the solver's start,
// from a local server and over a link the browser slows to -kbps
// kilobytes a second with -latency milliseconds (Chrome's network
// emulation), each in a fresh browser:
//
//	go run ./benchmarks/web -first -runs 5 -kbps 200 -latency 150
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/patience-solver/patience/internal/browser"
	"github.com/patience-solver/patience/web"
)

func main() {
	runs := flag.Int("runs", 5, "how many times to measure each figure")
	first := flag.Bool("first", false, "measure only the first board and the solver's start, local and slowed")
	kbps := flag.Float64("kbps", 200, "with -first: the slowed link's kilobytes a second")
	latency := flag.Float64("latency", 150, "with -first: the slowed link's latency in milliseconds")
	flag.Parse()
	var err error
	if *first {
		err = firstBoards(*runs, *kbps, *latency)
	} else {
		err = run(*runs)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "web benchmark:", err)
		os.Exit(1)
	}
}

// searched reads "Searched 212 positions in 21.8 ms." into seconds.
var searched = regexp.MustCompile(`Searched ([\d,]+) positions in ([\d.]+) (µs|ms|s)\.`)

func seconds(line string) (float64, string, error) {
	m := searched.FindStringSubmatch(line)
	if m == nil {
		return 0, "", fmt.Errorf("no time in %q", line)
	}
	v, _ := strconv.ParseFloat(m[2], 64)
	switch m[3] {
	case "µs":
		v /= 1e6
	case "ms":
		v /= 1e3
	}
	return v, m[1], nil
}

// bench is what a measurement needs: Chromium, a scratch folder (its
// profiles), and a local server of the page.
type bench struct {
	path, tmp, base string
	close           func()
}

// newBench finds Chromium, makes the scratch folder and serves h on a free
// local port.
func newBench(h http.Handler) (*bench, error) {
	path, err := browser.Find()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "patience-webbench-")
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	return &bench{path: path, tmp: tmp, base: "http://" + ln.Addr().String() + "/",
		close: func() { srv.Close(); os.RemoveAll(tmp) }}, nil
}

func run(runs int) error {
	// Count the requests for the WebAssembly: one per page load.
	var wasmGets atomic.Int64
	h := web.Handler()
	b, err := newBench(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/patience.wasm" {
			wasmGets.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	if err != nil {
		return err
	}
	defer b.close()
	path, tmp, base := b.path, b.tmp, b.base
	bin := filepath.Join(tmp, "patience")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/patience").CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}

	var first, b617, b385, n617, n385, wall385 []float64
	nodes := map[string]string{}
	for i := 0; i < runs; i++ {
		// A fresh browser and profile each run: nothing cached.
		ctx, stop := browser.Start(context.Background(), path, filepath.Join(tmp, fmt.Sprint("profile", i)), 1280, 900)
		err := func() error {
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"#russian-cell/617")); err != nil {
				return err
			}
			fb, err := chromedp.Run(ctx, chromedp.Poll[string](`document.body.dataset.firstBoard`, chromedp.WithPollingTimeout(time.Minute)))
			if err != nil {
				return err
			}
			ms, _ := strconv.ParseFloat(fb, 64)
			first = append(first, ms/1000)
			steps, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const r = performance.getEntriesByName(new URL('patience.wasm', location.href).href)[0]; const d = document.body.dataset; return 'page loaded ' + (performance.timing.domContentLoadedEventEnd - performance.timing.navigationStart) + ' ms, wasm asked ' + (r ? r.startTime.toFixed(0) : '?') + ' ms, first byte ' + (r ? r.responseStart.toFixed(0) : '?') + ' ms, fetched ' + (r ? r.responseEnd.toFixed(0) : '?') + ' ms, compiled ' + d.wasmCompiled + ' ms, worker ready ' + d.workerReady + ' ms, board ' + d.firstBoard + ' ms'; })()`))
			fmt.Fprintf(os.Stderr, "run %d: %s\n", i+1, steps)
			for _, deal := range []string{"617", "385"} {
				if err := chromedp.Do(ctx,
					chromedp.SetValue(chromedp.CSS("#number"), deal),
					chromedp.Click(chromedp.CSS("#deal-btn")),
				); err != nil {
					return err
				}
				if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById('title').textContent === 'Russian Cell, deal %s'`, deal), chromedp.WithPollingTimeout(time.Minute))); err != nil {
					return err
				}
				t0 := time.Now()
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#solve-btn"))); err != nil {
					return err
				}
				line, err := chromedp.Run(ctx, chromedp.Poll[string](`!document.body.dataset.busy && [...document.querySelectorAll('#verdict p')].map(p => p.textContent).find(s => s.startsWith('Searched'))`,
					chromedp.WithPollingTimeout(5*time.Minute), chromedp.WithPollingInterval(10*time.Millisecond)))
				if err != nil {
					return err
				}
				wall := time.Since(t0).Seconds()
				s, n, err := seconds(line)
				if err != nil {
					return err
				}
				nodes["browser "+deal] = n
				if deal == "617" {
					b617 = append(b617, s)
				} else {
					b385 = append(b385, s)
					wall385 = append(wall385, wall)
				}
			}
			return nil
		}()
		stop()
		if err != nil {
			return err
		}
		for _, deal := range []string{"617", "385"} {
			out, err := exec.Command(bin, "solve", "russian-cell", deal, "--workers", "1").Output()
			if err != nil {
				return err
			}
			s, n, err := seconds(string(out))
			if err != nil {
				return err
			}
			nodes["native "+deal] = n
			if deal == "617" {
				n617 = append(n617, s)
			} else {
				n385 = append(n385, s)
			}
		}
		fmt.Fprintf(os.Stderr, "run %d: first board %.3f s; 617 browser %.4f s native %.5f s; 385 browser %.2f s native %.2f s\n",
			i+1, first[i], b617[i], n617[i], b385[i], n385[i])
	}
	fmt.Printf("runs: %d; positions: %v; patience.wasm fetched %d times\n", runs, nodes, wasmGets.Load())
	fmt.Printf("first board on screen (fresh browser, local server): median %.3f s  (all: %s)\n", median(first), list(first))
	fmt.Printf("Russian Cell 617, browser: median %.4f s  (all: %s)\n", median(b617), list(b617))
	fmt.Printf("Russian Cell 617, native --workers 1: median %.5f s  (all: %s)\n", median(n617), list(n617))
	fmt.Printf("Russian Cell 385, browser: median %.2f s  (all: %s); click to verdict %.2f s\n", median(b385), list(b385), median(wall385))
	fmt.Printf("Russian Cell 385, native --workers 1: median %.2f s  (all: %s)\n", median(n385), list(n385))
	ratios := make([]float64, len(b385))
	for i := range b385 {
		ratios[i] = b385[i] / n385[i]
	}
	fmt.Printf("385 browser/native, run by run: median %.1f×  (all: %s)\n", median(ratios), list(ratios))
	return nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func list(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatFloat(x, 'g', 3, 64)
	}
	return strings.Join(parts, " ")
}

// firstBoards loads the page runs times in a fresh browser, from a local
// server and over the slowed link, and prints the medians of the first
// board (document.body.dataset.firstBoard) and of the solver's start
// (dataset.workerReady), in seconds from the start of the navigation.
func firstBoards(runs int, kbps, latency float64) error {
	b, err := newBench(web.Handler())
	if err != nil {
		return err
	}
	defer b.close()
	path, tmp, base := b.path, b.tmp, b.base
	for _, slow := range []bool{false, true} {
		var board, ready []float64
		for i := 0; i < runs; i++ {
			ctx, stop := browser.Start(context.Background(), path, filepath.Join(tmp, fmt.Sprintf("profile-%v-%d", slow, i)), 1280, 900)
			b, r, err := func() (float64, float64, error) {
				if slow {
					err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
						if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
							return err
						}
						_, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
							MatchedNetworkConditions: []*network.Conditions{{Latency: latency, DownloadThroughput: kbps * 1024, UploadThroughput: kbps * 1024}}})
						return err
					}))
					if err != nil {
						return 0, 0, err
					}
				}
				if err := chromedp.Do(ctx, chromedp.Navigate(base+"#russian-cell/617")); err != nil {
					return 0, 0, err
				}
				fb, err := chromedp.Run(ctx, chromedp.Poll[string](`document.body.dataset.firstBoard`, chromedp.WithPollingTimeout(2*time.Minute), chromedp.WithPollingInterval(10*time.Millisecond)))
				if err != nil {
					return 0, 0, err
				}
				wr, err := chromedp.Run(ctx, chromedp.Poll[string](`document.body.dataset.workerReady`, chromedp.WithPollingTimeout(2*time.Minute), chromedp.WithPollingInterval(10*time.Millisecond)))
				if err != nil {
					return 0, 0, err
				}
				// Where the time went: each file's fetch, from the start
				// of the navigation.
				steps, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const t = performance.timing, d = document.body.dataset; return 'page loaded ' + (t.domContentLoadedEventEnd - t.navigationStart) + ' ms; ' + performance.getEntriesByType('resource').map((r) => r.name.replace(/.*\//, '') + ' ' + r.startTime.toFixed(0) + '-' + r.responseEnd.toFixed(0)).join(', ') + '; early board ' + d.earlyBoard + ' ms'; })()`))
				fmt.Fprintf(os.Stderr, "  %s\n", steps)
				b, _ := strconv.ParseFloat(fb, 64)
				r, _ := strconv.ParseFloat(wr, 64)
				return b / 1000, r / 1000, nil
			}()
			stop()
			if err != nil {
				return err
			}
			board, ready = append(board, b), append(ready, r)
			fmt.Fprintf(os.Stderr, "slowed %v, run %d: first board %.3f s, solver ready %.3f s\n", slow, i+1, b, r)
		}
		what := "local server"
		if slow {
			what = fmt.Sprintf("%g KB/s, %g ms latency", kbps, latency)
		}
		fmt.Printf("%s: first board median %.3f s (all: %s); solver ready median %.3f s (all: %s)\n", what, median(board), list(board), median(ready), list(ready))
	}
	return nil
}
