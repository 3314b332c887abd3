package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"testing"
)

// get requests path from h with the given headers.
func get(h http.Handler, path string, headers ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// TestWasmServedGzipped checks that patience.wasm goes gzipped to a
// browser that accepts gzip, and unpacks to the file itself; as it is to
// one that does not.
func TestWasmServedGzipped(t *testing.T) {
	want, err := fs.ReadFile(FS(), "patience.wasm")
	if err != nil || len(want) < 1<<20 {
		t.Fatalf("patience.wasm: %d bytes, %v", len(want), err)
	}
	h := Handler()
	for _, c := range []struct {
		accept string
		gz     bool
	}{
		{"gzip, deflate, br", true},
		{"br;q=1.0, gzip;q=0.8", true},
		{"*", true},
		{"", false},
		{"br", false},
		{"gzip;q=0", false},
		{"gzip;q=0.000, *", false},
		{"identity", false},
	} {
		w := get(h, "/patience.wasm", "Accept-Encoding", c.accept)
		body := w.Body.Bytes()
		if w.Code != 200 || w.Header().Get("Vary") != "Accept-Encoding" || w.Header().Get("Content-Type") != "application/wasm" {
			t.Fatalf("Accept-Encoding %q: %d, headers %v", c.accept, w.Code, w.Header())
		}
		if gz := w.Header().Get("Content-Encoding") == "gzip"; gz != c.gz {
			t.Fatalf("Accept-Encoding %q: gzipped %v, want %v", c.accept, gz, c.gz)
		}
		if c.gz {
			if got := w.Header().Get("X-Decoded-Length"); got != strconv.Itoa(len(want)) {
				t.Errorf("gzipped: X-Decoded-Length %q, want %d, the size unpacked", got, len(want))
			}
			if len(body) > len(want)/2 {
				t.Errorf("gzipped: %d bytes of %d", len(body), len(want))
			}
			z, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(z); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(body, want) {
			t.Fatalf("Accept-Encoding %q: the body is not patience.wasm (%d bytes, want %d)", c.accept, len(body), len(want))
		}
	}
	// A page file that is not embedded gzipped goes as it is.
	if w := get(h, "/app.js", "Accept-Encoding", "gzip"); w.Header().Get("Content-Encoding") != "" || w.Header().Get("Vary") != "" {
		t.Errorf("app.js: %v", w.Header())
	}
}

// TestETagRevalidates checks that a reload naming a file's ETag gets 304
// and no body, for each form of patience.wasm, and that another tag, or
// the other form's, gets the file.
func TestETagRevalidates(t *testing.T) {
	h := Handler()
	for _, path := range []string{"/", "/app.js", "/patience.wasm"} {
		for _, enc := range []string{"gzip", ""} {
			w := get(h, path, "Accept-Encoding", enc)
			tag := w.Header().Get("ETag")
			if w.Code != 200 || len(tag) < 10 || tag[0] != '"' {
				t.Fatalf("GET %s: %d, ETag %q", path, w.Code, tag)
			}
			for _, inm := range []string{tag, "W/" + tag, `"x", ` + tag} {
				if w := get(h, path, "Accept-Encoding", enc, "If-None-Match", inm); w.Code != 304 || w.Body.Len() != 0 || w.Header().Get("ETag") != tag {
					t.Errorf("GET %s (%q) If-None-Match %s: %d, %d bytes", path, enc, inm, w.Code, w.Body.Len())
				}
			}
			if w := get(h, path, "Accept-Encoding", enc, "If-None-Match", `"other"`); w.Code != 200 || w.Body.Len() == 0 {
				t.Errorf("GET %s with another tag: %d", path, w.Code)
			}
		}
	}
	plain := get(h, "/patience.wasm").Header().Get("ETag")
	if w := get(h, "/patience.wasm", "Accept-Encoding", "gzip", "If-None-Match", plain); w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("the plain form's tag answered a gzip request with %d", w.Code)
	}
}

// TestAxeNotInThePage checks that axe-core, which only the browser tests
// inject (testdata/axe), is no file of the page and named by none.
func TestAxeNotInThePage(t *testing.T) {
	axe, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = fs.WalkDir(FS(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		data, err := fs.ReadFile(FS(), name)
		if err != nil {
			return err
		}
		if bytes.Equal(data, axe) || bytes.Contains(data, []byte("axe.min.js")) || bytes.Contains(data, axe[:200]) {
			t.Errorf("the page's file %s is or names axe-core", name)
		}
		return nil
	})
	if err != nil || n < 5 {
		t.Fatalf("walking the page's files: %d files, %v", n, err)
	}
}
