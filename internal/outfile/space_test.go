package outfile

import (
	"path/filepath"
	"testing"
)

// TestFreeSpace: the real free space of the test's directory is known and
// not zero.
func TestFreeSpace(t *testing.T) {
	n, err := FreeSpace(t.TempDir())
	if err != nil || n == 0 {
		t.Fatalf("FreeSpace: %d, %v", n, err)
	}
	if _, err := FreeSpace(filepath.Join(t.TempDir(), "no", "such", "dir")); err == nil {
		t.Error("FreeSpace of a missing directory: no error")
	}
}
