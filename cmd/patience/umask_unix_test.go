//go:build unix

package main

import "syscall"

// umask sets the process's umask and returns the old one.
func umask(m int) int { return syscall.Umask(m) }
