package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/patience-solver/patience/web"
)

// rawGet sends a request line as it is, unchanged by any client, and
// returns the status code.
func rawGet(t *testing.T, addr, method, target string) (int, http.Header) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	io.WriteString(c, method+" "+target+" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
	res, err := http.ReadResponse(bufio.NewReader(c), &http.Request{Method: method})
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	res.Body.Close()
	return res.StatusCode, res.Header
}

func TestServeOnlyThePagesFiles(t *testing.T) {
	srv := httptest.NewServer(web.Handler())
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")

	for _, c := range []struct {
		path, ctype string
	}{
		{"/", "text/html; charset=utf-8"},
		{"/index.html", "text/html; charset=utf-8"},
		{"/app.js", "text/javascript; charset=utf-8"},
		{"/worker.js", "text/javascript; charset=utf-8"},
		{"/deal.js", "text/javascript; charset=utf-8"},
		{"/wasm_exec.js", "text/javascript; charset=utf-8"},
		{"/style.css", "text/css; charset=utf-8"},
		{"/patience.wasm", "application/wasm"},
	} {
		res, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != c.ctype || len(body) == 0 {
			t.Errorf("GET %s: %d, %q, %d bytes", c.path, res.StatusCode, res.Header.Get("Content-Type"), len(body))
		}
		csp := res.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("GET %s: CSP %q lacks %q", c.path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "http") || strings.Contains(csp, "*") {
			t.Errorf("GET %s: CSP %q allows more than the page's own files", c.path, csp)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: no nosniff", c.path)
		}
	}
	// HEAD: the headers, no body.
	res, err := http.Head(srv.URL + "/patience.wasm")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || len(body) != 0 || res.ContentLength < 1<<20 {
		t.Errorf("HEAD: %d, %d bytes of body, length %d", res.StatusCode, len(body), res.ContentLength)
	}

	long := "/" + strings.Repeat("a", 5000)
	for _, target := range []string{"/../", "/../etc/passwd", "/%2e%2e/", "/%2e%2e/%2e%2e/etc/passwd", "/..%2fweb.go",
		"/static/app.js", "/web.go", "/app.js/", "//app.js", "/index.html/..", "/APP.JS", "/app.js%00", long,
		"/patience.wasm.goversion", "/favicon.ico"} {
		if code, h := rawGet(t, addr, "GET", target); code != 404 || h.Get("Content-Security-Policy") == "" {
			t.Errorf("GET %.40s: %d, want 404 with the CSP", target, code)
		}
	}
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"} {
		target := "/"
		if m == "CONNECT" {
			target = "x:80"
		}
		code, h := rawGet(t, addr, m, target)
		if code != 405 || h.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s: %d, Allow %q; want 405, GET, HEAD", m, code, h.Get("Allow"))
		}
	}
}

// TestServeStopsPromptly serves on a real listener with a connection held
// open, and stops it.
func TestServeStopsPromptly(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- servePage(ctx, ln) }()
	if code, _ := rawGet(t, ln.Addr().String(), "GET", "/"); code != 200 {
		t.Fatalf("GET /: %d", code)
	}
	// An idle connection, left open.
	idle, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	t0 := time.Now()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not stop within 5 s")
	}
	t.Logf("stopped in %v", time.Since(t0))
	if _, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second); err == nil {
		t.Error("still listening after it stopped")
	}
}

// TestServeCommand runs patience serve as a real process: it prints the
// URL, serves the page there, and exits 0 soon after SIGTERM or SIGINT.
func TestServeCommand(t *testing.T) {
	bin := binary(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--allow-host", "MyBox.Local")
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err != nil {
			cmd.Process.Kill()
			t.Fatalf("reading the URL: %v", err)
		}
		url := line[strings.Index(line, "http://"):]
		url = strings.TrimSpace(url)
		res, err := http.Get(url)
		if err != nil {
			cmd.Process.Kill()
			t.Fatalf("GET %s: %v", url, err)
		}
		res.Body.Close()
		if res.StatusCode != 200 || !strings.HasPrefix(url, "http://127.0.0.1:") {
			t.Errorf("GET %s: %d", url, res.StatusCode)
		}
		hostPort := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
		if code, _, _ := getHost(t, hostPort, "rebound.example"); code != 421 {
			t.Errorf("Host rebound.example: %d, want 421", code)
		}
		if code, _, _ := getHost(t, hostPort, "mybox.local"); code != 200 {
			t.Errorf("Host mybox.local, allowed: %d, want 200", code)
		}
		t0 := time.Now()
		cmd.Process.Signal(sig)
		waited := make(chan error, 1)
		go func() { io.Copy(io.Discard, stdout); waited <- cmd.Wait() }()
		select {
		case <-waited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: serve did not stop within 5 s", sig)
		}
		if code := cmd.ProcessState.ExitCode(); code != 0 || stderr.String() != "patience: stopped\n" {
			t.Errorf("%v: exit %d, stderr %q (no warning for a loopback address)", sig, code, stderr.String())
		}
		t.Logf("%v: stopped in %v", sig, time.Since(t0))
	}
}

// getHost sends GET / with the given Host header to addr, and returns the
// status code, the Content-Type and the body.
func getHost(t *testing.T, addr, host string) (int, string, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: "+host+"\r\nConnection: close\r\n\r\n")
	res, err := http.ReadResponse(bufio.NewReader(c), &http.Request{Method: "GET"})
	if err != nil {
		t.Fatalf("Host %q: %v", host, err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res.StatusCode, res.Header.Get("Content-Type"), string(body)
}

// TestServeHostCheck: the server answers requests for localhost, an IP
// address or a name given with --allow-host, with or without a port, in
// any case; others get 421 and a short plain-text reason, as do Host
// values that are not valid: a bad port, a name or an IPv4 address in
// brackets, an IPv6 address with a zone (raw or as RFC 6874's %25).
func TestServeHostCheck(t *testing.T) {
	srv := httptest.NewServer(checkHost(web.Handler(), []string{"mybox.local"}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	for _, h := range []string{"localhost", "LocalHost:8080", "localhost.", "LOCALHOST.:80", addr, "127.0.0.1", "[::1]", "[::1]:8080",
		"192.168.1.5:8080", "10.0.0.7", "[fe80::1]:8080", "mybox.local", "MyBox.Local:9000", "mybox.local.",
		"localhost:", "[::1]:", "localhost:65535", "127.0.0.1:0", "[2001:db8::1]", "[::ffff:127.0.0.1]:80", "[FE80::1]", "localhost:0000080"} {
		if code, ctype, _ := getHost(t, addr, h); code != 200 || ctype != "text/html; charset=utf-8" {
			t.Errorf("Host %q: %d %q, want 200 and the page", h, code, ctype)
		}
	}
	for _, h := range []string{"evil.example", "evil.example:" + strings.Split(addr, ":")[1], "localhost.evil.example", "127.0.0.1.nip.io",
		"sub.mybox.local", "mybox.localx", "local", "", "::1", "x",
		// Zones: raw, as RFC 6874 writes them in a URI, on any address.
		"[::1%evil.com]", "[::1%evil.com]:80", "[::1%25evil.com]", "[fe80::1%25eth0]:8080", "[fe80::1%eth0]", "127.0.0.1%eth0",
		// Brackets around what is not an IPv6 address, or not closed.
		"[localhost]", "[localhost]:80", "[mybox.local]", "[127.0.0.1]", "[127.0.0.1]:80", "[]", "[]:80", "[", "[::1", "::1]",
		"[[::1]]", "[::1]]", "[v1.fe80::1+en0]", "[::1]x", "[::1]8080", "[::1]:80:80",
		// Ports.
		"localhost:http", "localhost:-1", "localhost:+80", "localhost:65536", "localhost:99999",
		"localhost:80:80", "127.0.0.1:80:80", "mybox.local:abc", "[::1]:x",
		// Addresses that are not quite.
		"127.0.0.01", "1.2.3.4.5", ":80", "::1:80"} {
		code, ctype, body := getHost(t, addr, h)
		if code == 200 {
			t.Errorf("Host %q: served", h)
			continue
		}
		if h == "" && code == 400 { // the server's own refusal of an empty Host
			continue
		}
		if code != 421 || ctype != "text/plain; charset=utf-8" || !strings.Contains(body, "--allow-host") || strings.Count(body, "\n") != 1 {
			t.Errorf("Host %q: %d %q %q, want 421 with a one-line reason", h, code, ctype, body)
		}
	}
}

// TestServeExposure: the address printed is the one listened on, and a
// listener that is not on a loopback address gets a warning. The
// addresses are given, never bound.
func TestServeExposure(t *testing.T) {
	for _, c := range []struct {
		addr      *net.TCPAddr
		url, warn string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, "http://127.0.0.1:8080/", ""},
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 2), Port: 8080}, "http://127.0.0.2:8080/", ""},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 8080}, "http://[::1]:8080/", ""},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, "http://localhost:8080/ (listening on 0.0.0.0:8080, every network interface)",
			"patience: warning: listening on 0.0.0.0:8080, every network interface: the page is reachable from the network"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, "http://localhost:8080/ (listening on [::]:8080, every network interface)",
			"patience: warning: listening on [::]:8080, every network interface: the page is reachable from the network"},
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 5), Port: 9000}, "http://192.168.1.5:9000/",
			"patience: warning: listening on address 192.168.1.5:9000: the page is reachable from the network"},
	} {
		if got := pageURL(c.addr); got != c.url {
			t.Errorf("%v: URL %q, want %q", c.addr, got, c.url)
		}
		w := exposureWarning(c.addr)
		if (c.warn == "") != (w == "") || !strings.HasPrefix(w, c.warn) || strings.Contains(w, "\n") {
			t.Errorf("%v: warning %q, want %q", c.addr, w, c.warn)
		}
	}
}

func TestServeBadAddress(t *testing.T) {
	r := cliRun(t, "", "serve", "--addr", "no-such-host-name.invalid:99999")
	if r.code != exitUsage || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "cannot listen on --addr") {
		t.Errorf("bad --addr: %v", r)
	}
	for _, h := range []string{"mybox:8080", "", "http://mybox", "[::1]"} {
		r = cliRun(t, "", "serve", "--addr", "127.0.0.1:0", "--allow-host", h)
		if r.code != exitUsage || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "bad --allow-host") {
			t.Errorf("--allow-host %q: %v", h, r)
		}
	}
	r = cliRun(t, "", "serve", "extra")
	if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, "serve takes no arguments") {
		t.Errorf("an argument: %v", r)
	}
}

func TestWebOut(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	out := cliOK(t, "", "web", "--out", dir)
	if !strings.Contains(out, "Wrote the web page") {
		t.Errorf("output %q", out)
	}
	n := 0
	err := fs.WalkDir(web.FS(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		want, _ := fs.ReadFile(web.FS(), name)
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: written %d bytes (%v), want %d", name, len(got), err, len(want))
		}
		n++
		return nil
	})
	if err != nil || n < 6 {
		t.Fatalf("%d files compared (%v)", n, err)
	}
	// Again into the same folder: the files are replaced.
	cliOK(t, "", "web", "--out", dir)

	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, []byte("x"), 0o644)
	for _, args := range [][]string{{"web"}, {"web", "--out", file}} {
		r := cliRun(t, "", args...)
		if r.code != exitUsage || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%v: %v", args, r)
		}
	}
}

// TestWebOutReplacesLinks writes the page into a folder where one file's
// name is a symbolic link to a file outside, another's a FIFO, and a third
// a symbolic link to a missing file: each becomes a regular file of the
// page, the link's target is left as it was, and the FIFO is never opened
// (the command runs as a process, so that a hang ends the test rather
// than blocking it).
func TestWebOutReplacesLinks(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "site")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(top, "victim.txt")
	if err := os.WriteFile(victim, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../victim.txt", filepath.Join(dir, "app.js")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../gone/nowhere.css", filepath.Join(dir, "style.css")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "index.html"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "notes.txt")
	os.WriteFile(other, []byte("mine\n"), 0o600)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary(t), "web", "--out", dir)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("web --out did not end within 30 s (a FIFO opened?): %s", out)
	}
	if err != nil || !strings.Contains(string(out), "Wrote the web page") {
		t.Fatalf("web --out: %v\n%s", err, out)
	}
	if got, _ := os.ReadFile(victim); string(got) != "keep me\n" {
		t.Errorf("the link's target was written: %q", got)
	}
	if _, err := os.Stat(filepath.Join(top, "gone")); err == nil {
		t.Error("a missing link target was made")
	}
	for _, name := range []string{"app.js", "style.css", "index.html"} {
		fi, err := os.Lstat(filepath.Join(dir, name))
		if err != nil || !fi.Mode().IsRegular() {
			t.Errorf("%s: %v, %v; want a regular file", name, fi.Mode(), err)
			continue
		}
		want, _ := fs.ReadFile(web.FS(), name)
		if got, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes, want the page's %d", name, len(got), len(want))
		}
	}
	if got, _ := os.ReadFile(other); string(got) != "mine\n" {
		t.Errorf("another file in the folder was changed: %q", got)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("a temporary file is left: %s", e.Name())
		}
	}

	// A folder where a file goes is refused, in one line, and left alone.
	dir2 := filepath.Join(top, "site2")
	os.MkdirAll(filepath.Join(dir2, "app.js"), 0o755)
	r := cliRun(t, "", "web", "--out", dir2)
	if r.code != exitUsage || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "is a folder") {
		t.Errorf("a folder named app.js: %v", r)
	}
	if fi, err := os.Lstat(filepath.Join(dir2, "app.js")); err != nil || !fi.IsDir() {
		t.Errorf("the folder app.js: %v", err)
	}
}

// TestWebOutInterrupted stops web --out with SIGINT after its second file:
// it exits 130, says how many files it wrote, and leaves those whole and
// no temporary file.
func TestWebOutInterrupted(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	files := 0
	afterPageFile = func(ctx context.Context) {
		files++
		if files != 2 {
			return
		}
		syscall.Kill(os.Getpid(), syscall.SIGINT)
		select {
		case <-ctx.Done():
		case <-time.After(30 * time.Second):
			t.Error("the signal did not end the context within 30 s")
		}
	}
	defer func() { afterPageFile = nil }()
	r := cliRun(t, "", "web", "--out", dir)
	if r.code != 130 || r.stdout != "" || r.stderr != "patience: stopped after writing 2 of the page's files to "+dir+" (each one whole)\n" {
		t.Errorf("web --out stopped by SIGINT: %v", r)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("%d entries in the folder, want the 2 files written", len(entries))
	}
	for _, e := range entries {
		want, _ := fs.ReadFile(web.FS(), e.Name())
		got, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil || len(want) == 0 || !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes (%v), want the page's %d", e.Name(), len(got), err, len(want))
		}
	}
}

// TestAllowHostLengths: --allow-host takes a name as DNS has it, at most
// 253 characters and each label, between the dots, 1 to 63 (a final dot
// aside); a longer name, or an empty label, is refused in one line that
// says so, quoting the name cut short.
func TestAllowHostLengths(t *testing.T) {
	label := strings.Repeat("a", 63)
	long := strings.Join([]string{label, label, label, strings.Repeat("b", 61)}, ".") // 253 characters
	for _, h := range []string{label + ".example", long, long + ".", "a.b.c"} {
		if _, err := allowedHosts([]string{h}); err != nil {
			t.Errorf("--allow-host of %d characters: %v", len(h), err)
		}
	}
	for _, h := range []string{strings.Repeat("a", 300), label + "a.example", long + "b", "a..b", ".example"} {
		_, err := allowedHosts([]string{h})
		if err == nil || !strings.Contains(err.Error(), "at most 253 characters, and each of its labels, between the dots, 1 to 63") ||
			len([]rune(err.Error())) > maxErrorLine {
			t.Errorf("--allow-host of %d characters: %v", len(h), err)
		}
	}
}
