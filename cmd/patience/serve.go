package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/web"
)

// defaultAddr is where serve listens by default: this machine only.
const defaultAddr = "127.0.0.1:8080"

func newServeCommand(s streams) *cobra.Command {
	var addr string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web page: see a deal, solve it and watch it won, in a browser",
		Long: `serve serves the web page on this machine and prints its address. Open it in a
browser: type a deal number, press Solve and watch the game won step by step,
or play by hand with hints. The link in the address bar restores the deal and
the step, so it can be shared.

The solver runs in the browser (WebAssembly, in a Web Worker): the server only
hands out the page's own files, GET and HEAD only, with a strict
Content-Security-Policy. Ctrl-C stops it. To host the page elsewhere, write
its files with "patience web --out DIR" and serve that folder with any static
HTTP server.`,
		Example: `  patience serve
  patience serve --addr 127.0.0.1:9000
  patience serve --addr :8080      # every network interface`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return badInput("cannot listen on --addr %s: %v", addr, errors.Unwrap(err))
			}
			ctx, signalled, stop := stopOnSignal()
			defer stop()
			fmt.Fprintf(s.out, "Serving the patience web page at %s\nPress Ctrl-C to stop.\n", pageURL(ln.Addr()))
			if err := servePage(ctx, ln); err != nil {
				return err
			}
			if sig := signalled(); sig != 0 {
				fmt.Fprintln(s.err, "patience: stopped")
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "addr", defaultAddr, "the address to listen on, host:port")
	return cmd
}

// noArgs refuses arguments, in one line.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return badInput("%s takes no arguments; extra: %s", cmd.Name(), args[0])
	}
	return nil
}

// pageURL is the address a browser opens for a listener on a: a host
// left open (":8080", "0.0.0.0") is reached as localhost.
func pageURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// servePage serves the web page on ln until ctx ends, then shuts down: it
// stops taking connections and gives those in progress half a second to
// end (a connection opened but silent would hold a graceful shutdown for
// seconds).
func servePage(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           web.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serving: %v", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serving: %v", err)
	}
	return nil
}
