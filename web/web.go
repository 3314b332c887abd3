// Package web is the web page: the board drawn as cards, Solve, Watch,
// Play, Hint and the rest, with the solver running in the browser as
// WebAssembly in a Web Worker. Its files are embedded here, so `patience
// serve` serves them and `patience web --out DIR` writes them out.
//
// static/patience.wasm.gz is built from ./wasm by build.sh (go generate)
// and committed, since go:embed needs it in a fresh clone and `go install`
// never runs go generate. It is kept compressed (a third of the size) and
// served and written out as patience.wasm. TestWasmIsFresh
// (PATIENCE_LONG=1) rebuilds it and fails when the committed file is stale.
package web

//go:generate sh build.sh

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"testing/fstest"
	"time"
)

//go:embed static
var static embed.FS

// FS returns the page's files: index.html, its script, style and worker,
// the JavaScript dealer deal.js (the first board before the WebAssembly
// has loaded), wasm_exec.js and patience.wasm (unpacked from the embedded
// patience.wasm.gz the first time it is asked for).
func FS() fs.FS {
	pageOnce.Do(func() { page = unpack() })
	return page
}

var (
	pageOnce sync.Once
	page     fstest.MapFS
)

// unpack copies the embedded files into memory, each ".gz" file
// decompressed under its name without the ending.
func unpack() fstest.MapFS {
	m := fstest.MapFS{}
	err := fs.WalkDir(static, "static", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := static.ReadFile(name)
		if err != nil {
			return err
		}
		name = strings.TrimPrefix(name, "static/")
		if base, ok := strings.CutSuffix(name, ".gz"); ok {
			z, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				return err
			}
			if data, err = io.ReadAll(z); err != nil {
				return err
			}
			name = base
		}
		m[name] = &fstest.MapFile{Data: data, Mode: 0o644}
		return nil
	})
	if err != nil {
		panic("web: " + err.Error())
	}
	return m
}

// CSP is the Content-Security-Policy of the page: everything from the
// page's own folder only, WebAssembly allowed to compile, nothing inline,
// nothing from elsewhere.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; " +
	"img-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// maxPath is the longest request path served; every file's path is far
// shorter.
const maxPath = 256

// file is one of the page's files, held in memory: data, and gz, the
// same gzipped when the page embeds it so (patience.wasm), else nil. etag
// is data's ETag, naming its content; gzTag the gzipped form's.
type file struct {
	data, gz    []byte
	ctype       string
	etag, gzTag string
}

var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".svg":  "image/svg+xml",
	".wasm": "application/wasm",
}

// Handler serves the page's files, and nothing else: GET and HEAD only
// (405 otherwise), the exact names of its files only (404 otherwise, for
// "..", encoded dots and long paths too), each with the page's CSP.
// patience.wasm goes gzipped (a quarter of the bytes: the embedded file
// as it is) to a browser that accepts gzip, with X-Decoded-Length, its
// size unpacked, so that the page can show how far the download has come. Every file carries an ETag,
// and a request that names it (If-None-Match) gets 304 Not Modified, so a
// reload does not fetch the WebAssembly again.
func Handler() http.Handler {
	files := map[string]file{}
	fsys := FS()
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		ct, ok := contentTypes[path.Ext(name)]
		if !ok {
			ct = "application/octet-stream"
		}
		sum := sha256.Sum256(data)
		tag := hex.EncodeToString(sum[:12])
		f := file{data: data, ctype: ct, etag: `"` + tag + `"`}
		if gz, err := static.ReadFile("static/" + name + ".gz"); err == nil {
			f.gz, f.gzTag = gz, `"`+tag+`-gz"`
		}
		files["/"+name] = f
		return nil
	})
	if err != nil {
		panic("web: " + err.Error())
	}
	files["/"] = files["/index.html"]
	start := time.Now()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", CSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := r.URL.Path
		f, ok := files[p]
		if !ok || len(p) > maxPath || strings.Contains(r.URL.RawPath, "%") {
			http.NotFound(w, r)
			return
		}
		body, etag := f.data, f.etag
		if f.gz != nil {
			h.Set("Vary", "Accept-Encoding")
			if acceptsGzip(r.Header.Get("Accept-Encoding")) {
				body, etag = f.gz, f.gzTag
				h.Set("Content-Encoding", "gzip")
				// The size the page receives, unpacked: its progress.
				h.Set("X-Decoded-Length", strconv.Itoa(len(f.data)))
			}
		}
		h.Set("Content-Type", f.ctype)
		h.Set("Cache-Control", "no-cache")
		h.Set("Last-Modified", start.UTC().Format(http.TimeFormat))
		h.Set("ETag", etag)
		if matchesETag(r.Header.Get("If-None-Match"), etag) {
			h.Del("Content-Type")
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			w.Write(body)
		}
	})
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip: it
// names gzip without q=0, or, not naming gzip, names * without q=0.
func acceptsGzip(header string) bool {
	gzip, star := -1.0, -1.0 // the q of each, -1 when not named
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "gzip", "x-gzip":
			gzip = q
		case "*":
			star = q
		}
	}
	if gzip >= 0 {
		return gzip > 0
	}
	return star > 0
}

// matchesETag reports whether an If-None-Match header names etag (or is
// "*"), comparing weakly: a W/ prefix is ignored.
func matchesETag(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}
