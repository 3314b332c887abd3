//go:build !unix

package main

import "os"

// currentUmask is 022 where there is no umask.
func currentUmask() os.FileMode { return 0o022 }
