package main

import "syscall"

// physicalMB returns the machine's memory in MB (2^20 bytes).
func physicalMB() (int64, bool) {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil || si.Totalram == 0 {
		return 0, false
	}
	return int64(uint64(si.Totalram) * uint64(si.Unit) >> 20), true
}
