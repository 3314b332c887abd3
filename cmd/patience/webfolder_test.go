package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/patience-solver/patience/web"
)

// TestWebOutFolder: a web --out folder that cannot be made is bad input,
// exit 2, whatever the place (the folder itself or one under it), in one
// line that says why in words: a loop of symbolic links, a link to a
// folder that does not exist, a file on the way; never "file exists".
// Without root, a folder this user may not write (as a read-only mount)
// gives exit 2 both as --out itself and for a folder under it.
func TestWebOutFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, l := range [][2]string{{"loop", "loop"}, {"missing", "dangling"}, {"file", "flink"}} {
		if err := os.Symlink(l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile("file", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		out  string
		want string
	}{
		{"loop", "cannot make --out loop: loop is a loop of symbolic links"},
		{"loop/sub", "cannot make --out loop/sub: loop is a loop of symbolic links"},
		{"dangling", "cannot make --out dangling: dangling is a symbolic link to missing, which does not exist"},
		{"dangling/sub/deeper", "cannot make --out dangling/sub/deeper: dangling is a symbolic link to missing, which does not exist"},
		{"file", "--out file is a file, not a folder"},
		{"file/sub", "cannot make --out file/sub: file is a file, not a folder"},
		{"flink/sub", "cannot make --out flink/sub: flink is a file, not a folder"},
	}
	if os.Geteuid() != 0 {
		if err := os.Mkdir("ro", 0o555); err != nil {
			t.Fatal(err)
		}
		ents, err := fs.ReadDir(web.FS(), ".") // written in this order
		if err != nil || len(ents) == 0 {
			t.Fatalf("the page's files: %v", err)
		}
		cases = append(cases,
			struct{ out, want string }{"ro", "cannot write --out " + filepath.Join("ro", ents[0].Name()) + ": permission denied"},
			struct{ out, want string }{"ro/sub", "cannot make --out ro/sub: permission denied"})
	}
	for _, c := range cases {
		cliWantUsage(t, cliRun(t, "", "web", "--out", c.out), 1, c.want)
	}
	if _, err := os.Stat("missing"); err == nil {
		t.Errorf("web made the folder a dangling link names")
	}
	cliOK(t, "", "web", "--out", "new/a/b")
}
