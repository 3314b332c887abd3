//go:build !linux

package main

// physicalMB returns the machine's memory in MB where it is known: not
// here.
func physicalMB() (int64, bool) { return 0, false }
