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
	"embed"
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
// wasm_exec.js and patience.wasm (unpacked from the embedded
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

// file is one of the page's files, held in memory.
type file struct {
	data  []byte
	ctype string
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
		files["/"+name] = file{data: data, ctype: ct}
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
		h.Set("Content-Type", f.ctype)
		h.Set("Content-Length", strconv.Itoa(len(f.data)))
		h.Set("Cache-Control", "no-cache")
		h.Set("Last-Modified", start.UTC().Format(http.TimeFormat))
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			w.Write(f.data)
		}
	})
}
