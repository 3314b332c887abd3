package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/web"
)

// defaultAddr is where serve listens by default: this machine only.
const defaultAddr = "127.0.0.1:8080"

// serveOptions are the flags of serve.
type serveOptions struct {
	addr  string
	allow []string
}

// serveLong and serveExample are the help of serve.
const serveLong = `serve serves the web page on this machine and prints its address. Open it in a
browser: type a deal number, press Solve and watch the game won step by step,
or play by hand with hints. The link in the address bar restores the deal and
the step, so it can be shared.

The solver runs in the browser (WebAssembly, in a Web Worker): the server only
hands out the page's own files, GET and HEAD only, with a strict
Content-Security-Policy. Ctrl-C stops it. To host the page elsewhere, write
its files with "patience web --out DIR" and serve that folder with any static
HTTP server.

By default serve listens on 127.0.0.1, this machine only. An --addr with no
host (":8080"), 0.0.0.0 or another address that is not a loopback address
makes the page reachable from the network: serve says so on stderr, and
prints the address it really listens on.

serve answers only requests whose Host is localhost, an IP address (such as
http://192.168.1.5:8080/, for a phone on the same network) or a name given
with --allow-host; a request for any other name gets 421 Misdirected
Request, as does one whose Host is not valid (a port that is not a number
up to 65535, a name in brackets, an IPv6 address with a zone). This keeps
a web page from another site from reaching the server through a name of
its own that it points at this machine (DNS rebinding).

Exit codes: 0 once it has stopped cleanly, after Ctrl-C, SIGTERM, SIGHUP or
SIGQUIT (it then says "patience: stopped" on stderr); 2 if it cannot listen
on --addr or --allow-host is not a host name (at most 253 characters, each
label between dots 1 to 63); 1 if serving fails.`

const serveExample = `  patience serve
  patience serve --addr 127.0.0.1:9000
  patience serve --addr :8080      # every network interface: reachable from the network
  patience serve --addr :8080 --allow-host mybox.local   # also answer to http://mybox.local:8080/`

func newServeCommand(s streams) *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:     "serve",
		Short:   "Serve the web page: see a deal, solve it and watch it won, in a browser",
		Long:    serveLong,
		Example: serveExample,
		Args:    noArgs,
		RunE:    func(cmd *cobra.Command, args []string) error { return runServe(cmd.Context(), s, o) },
	}
	cmd.ValidArgsFunction = noValues
	cmd.Flags().StringVar(&o.addr, "addr", defaultAddr, "the address to listen on, host:port")
	cmd.Flags().StringArrayVar(&o.allow, "allow-host", nil, "also answer requests for this host `NAME` (repeatable); localhost and IP addresses are always answered")
	return cmd
}

// runServe runs serve with its flags parsed into o.
func runServe(ctx context.Context, s streams, o *serveOptions) error {
	hosts, err := allowedHosts(o.allow)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return badInput("cannot listen on --addr %s: %v", o.addr, errors.Unwrap(err))
	}
	fmt.Fprintf(s.out, "Serving the patience web page at %s\nPress Ctrl-C to stop.\n", pageURL(ln.Addr()))
	if w := exposureWarning(ln.Addr()); w != "" {
		fmt.Fprintln(s.err, w)
	}
	if err := servePage(ctx, ln, hosts...); err != nil {
		return err
	}
	if signalOf(ctx) != 0 {
		fmt.Fprintln(s.err, "patience: stopped")
	}
	return nil
}

// noArgs refuses arguments, in one line.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return badInput("%s takes no arguments; extra: %s", cmd.Name(), args[0])
	}
	return nil
}

// pageURL is the address a browser on this machine opens for a listener
// on a: the address itself, or for a listener on every interface
// ("0.0.0.0", "[::]") localhost, followed by the address it listens on.
func pageURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		return "http://" + net.JoinHostPort("localhost", port) + "/ (listening on " + a.String() + ", every network interface)"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// exposureWarning is the warning for a listener on a that is reachable from
// the network (any address but a loopback one), or "" for a loopback one.
func exposureWarning(a net.Addr) string {
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		host = a.String()
	}
	ip, err := netip.ParseAddr(host)
	if err == nil && ip.Unmap().IsLoopback() {
		return ""
	}
	where := "address " + a.String()
	if err == nil && ip.IsUnspecified() {
		where = a.String() + ", every network interface"
	}
	return "patience: warning: listening on " + where + ": the page is reachable from the network, by anyone who can reach this machine; --addr 127.0.0.1:PORT keeps it on this machine"
}

// allowedHosts checks the names given with --allow-host and returns them
// in lower case, without a final dot. A name has at most 253 characters,
// and each of its labels 1 to 63 (RFC 1035).
func allowedHosts(names []string) ([]string, error) {
	var out []string
	for _, n := range names {
		h := strings.TrimSuffix(strings.ToLower(n), ".")
		if h == "" || strings.ContainsAny(h, ":/[]@ \t") || strings.ContainsFunc(h, unicode.IsControl) {
			return nil, badInput("bad --allow-host %q: give a host name alone, without a port or scheme, such as mybox.local", clipArg(n))
		}
		if len(h) > 253 || slices.ContainsFunc(strings.Split(h, "."), func(l string) bool { return l == "" || len(l) > 63 }) {
			return nil, badInput("bad --allow-host %q: a host name has at most 253 characters, and each of its labels, between the dots, 1 to 63", clipArg(n))
		}
		out = append(out, h)
	}
	return out, nil
}

// clipArg shortens an argument that a message quotes to its first 60
// characters and "…", so that the rest of the message stays on its line.
func clipArg(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// hostAllowed says whether a request's Host header (host, or host:port)
// names localhost, an IP address, or one of the allowed names (lower case,
// no final dot). Case does not matter, nor a final dot. The header must be
// valid (RFC 9110's uri-host [":" port]): a port is digits (or empty, as
// RFC 3986 allows) up to 65535; an address in brackets is an IPv6 address,
// never an IPv4 one or a name ("[localhost]"); and it carries no zone,
// neither "%eth0" nor RFC 6874's "%25eth0", since RFC 6874 has a client
// remove the zone before it sends a URI (a zone means something only on
// the machine that sends it).
func hostAllowed(hostHeader string, allowed []string) bool {
	h, port := hostHeader, ""
	bracketed := strings.HasPrefix(h, "[")
	if bracketed {
		end := strings.IndexByte(h, ']')
		if end < 0 {
			return false
		}
		h, port = h[1:end], h[end+1:]
		if port != "" && port[0] != ':' {
			return false // "[::1]x"
		}
	} else if i := strings.LastIndexByte(h, ':'); i >= 0 {
		h, port = h[:i], h[i:]
	}
	if port != "" && !validPort(port[1:]) {
		return false
	}
	if h == "" || (!bracketed && strings.ContainsAny(h, ":[]")) {
		// An IPv6 address must be in brackets in a Host header.
		return false
	}
	ip, err := netip.ParseAddr(h)
	switch {
	case bracketed:
		return err == nil && ip.Is6() && ip.Zone() == ""
	case err == nil:
		return ip.Is4()
	}
	h = strings.TrimSuffix(strings.ToLower(h), ".")
	return h == "localhost" || slices.Contains(allowed, h)
}

// validPort says whether p, the port of a Host header, is valid: empty (the
// scheme's default, as RFC 3986 allows) or decimal digits, leading zeros
// allowed, of a number up to 65535.
func validPort(p string) bool {
	if p == "" {
		return true
	}
	if strings.ContainsFunc(p, func(r rune) bool { return r < '0' || r > '9' }) {
		return false
	}
	n, err := strconv.Atoi(p)
	return err == nil && n <= 65535
}

// checkHost answers only requests for an allowed host (see hostAllowed),
// and refuses others with 421 Misdirected Request.
func checkHost(next http.Handler, allowed []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hostAllowed(r.Host, allowed) {
			h := w.Header()
			h.Set("Content-Security-Policy", "default-src 'none'")
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusMisdirectedRequest)
			io.WriteString(w, "421 misdirected request: this server answers only for localhost, an IP address, or a name given to patience serve with --allow-host\n")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// servePage serves the web page on ln until ctx ends, then shuts down: it
// stops taking connections and gives those in progress half a second to
// end (a connection opened but silent would hold a graceful shutdown for
// seconds). It answers requests for localhost, an IP address or one of
// allowed (see hostAllowed).
func servePage(ctx context.Context, ln net.Listener, allowed ...string) error {
	srv := &http.Server{
		Handler:           checkHost(web.Handler(), allowed),
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
