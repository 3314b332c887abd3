package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// catchQuit makes SIGQUIT (Ctrl-\) end the program with one line on
// stderr and exit code 131 (128 plus its number, as for SIGTERM's 143),
// where the Go runtime would print every goroutine's stack and exit with
// 2, the code of bad input. While a search or a run listens for the stop
// signals (stopOnSignal), SIGQUIT is left to it: the run stops cleanly
// and reports, as for SIGTERM. Only main calls it: it ends the process.
func catchQuit(errw io.Writer) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGQUIT)
	go func() {
		for range ch {
			if stopping.Load() > 0 {
				continue // a clean stop is under way
			}
			fmt.Fprintln(errw, "patience: stopped by SIGQUIT")
			os.Exit(128 + int(syscall.SIGQUIT))
		}
	}()
}
