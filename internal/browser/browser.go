// Package browser starts headless Chromium (Debian's chromium package) for
// the web page's tests and its screenshot command, with the flags that
// keep it off the network and working as root.
package browser

import (
	"context"
	"errors"
	"os"
	"os/exec"

	"github.com/chromedp/chromedp"
)

// ErrNoBrowser is returned by Find when no Chromium is installed.
var ErrNoBrowser = errors.New("no Chromium found: install Debian's chromium package (apt-get install chromium), or set CHROMIUM to its path")

// Find returns the path of Chromium: $CHROMIUM, or chromium,
// chromium-browser, google-chrome on the PATH.
func Find() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoBrowser
}

// Start starts headless Chromium at the path, with a fresh profile in
// dir, a window of width by height, and returns a context for chromedp
// and the function that ends the browser.
func Start(ctx context.Context, path, dir string, width, height int) (context.Context, context.CancelFunc) {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(width, height),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true), // as root, the sandbox will not start
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("hide-scrollbars", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	return bctx, func() {
		cancelBrowser()
		cancelAlloc()
	}
}
