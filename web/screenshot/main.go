// Command screenshot takes a picture of the web page with headless
// Chromium (Debian's chromium package): by default Russian Cell 617,
// solved and stepped to move 14, written to docs/web-solved.png, the
// picture the README shows.
//
//	go run ./web/screenshot
//	go run ./web/screenshot -fragment russian-cell/617/step/30 -width 390 -height 844 -dark -out /tmp/phone.png
//
// It serves the embedded page itself on a free local port.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/patience-solver/patience/internal/browser"
	"github.com/patience-solver/patience/web"
)

func main() {
	out := flag.String("out", "docs/web-solved.png", "the PNG file to write")
	fragment := flag.String("fragment", "russian-cell/617/step/14", `what to show, as the page's URL fragment; "end" as the step means the last one`)
	width := flag.Int("width", 1200, "window width in CSS pixels")
	height := flag.Int("height", 720, "window height in CSS pixels")
	dark := flag.Bool("dark", false, "the dark colour scheme")
	flag.Parse()
	if err := run(*out, *fragment, *width, *height, *dark); err != nil {
		fmt.Fprintln(os.Stderr, "screenshot:", err)
		os.Exit(1)
	}
}

func run(out, fragment string, width, height int, dark bool) error {
	path, err := browser.Find()
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: web.Handler()}
	go srv.Serve(ln)
	defer srv.Close()

	dir, err := os.MkdirTemp("", "patience-screenshot-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ctx, stop := browser.Start(context.Background(), path, dir, width, height)
	defer stop()

	scheme := "light"
	if dark {
		scheme = "dark"
	}
	end := false
	if n := len(fragment); n > 4 && fragment[n-4:] == "/end" {
		fragment, end = fragment[:n-4]+"/0", true
	}
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(int64(width), int64(height)),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				// Reduced motion: no card is caught halfway through its slide.
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}, {Name: "prefers-reduced-motion", Value: "reduce"}}})
			return err
		}),
		chromedp.Navigate("http://"+ln.Addr().String()+"/#"+fragment),
	)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if _, err := chromedp.Run(wctx, chromedp.Poll[bool](`!!document.querySelector('[data-pile="t1"]') && !document.body.dataset.busy`,
		chromedp.WithPollingTimeout(2*time.Minute), chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
		return fmt.Errorf("the page did not show a board: %v", err)
	}
	if end {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#last-btn"))); err != nil {
			return err
		}
	}
	// Let the page draw, and the spinner of a search started by the link stop.
	if err := chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond)); err != nil {
		return err
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()) // the window only
	if err != nil {
		return err
	}
	if len(png) == 0 {
		return errors.New("empty picture")
	}
	if err := os.WriteFile(out, png, 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s (%d bytes)\n", out, len(png))
	return nil
}
