package main

import (
	"os"
	"os/signal"
	"syscall"
	"testing"
)

// This file's name sorts first, and its variables are declared first and
// depend on no other of the package's: they are the first it initialises,
// in their order here, before any other code of the program runs.

// stopSignals are the signals that stop a search or a run cleanly: Ctrl-C,
// a polite kill, a closed terminal, and Ctrl-\ (which would otherwise end
// the program with a dump of its goroutines and exit code 2, the code of
// bad input).
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// realProgram is false in a test binary, whose Main runs in the tests'
// process: there a signal or a closed pipe must not end the process.
var realProgram = !testing.Testing()

// earlySignals holds the stop signals that come from the start of the
// program's own code until Main listens for them (listen takes the
// channel): a signal that comes early is then handled as one that comes
// later, with the documented exit code (128 plus its number, or 0 for
// serve), never Go's dump of goroutines and exit code 2. Before it is
// made, while Go's runtime and the packages the program imports start
// (10 to 30 ms, measured: docs/reliability.md), a signal cannot be
// caught. It is nil in a test binary, where each Main listens for itself.
var earlySignals = catchEarly()

func catchEarly() chan os.Signal {
	if !realProgram {
		return nil
	}
	ch := make(chan os.Signal, 4)
	// SIGQUIT first: Go's runtime would end the program with exit code
	// 2 for it, while for the others it ends the program as killed by
	// the signal, which a shell reports as 128 plus its number anyway.
	// The first signal Notify takes starts a goroutine, which takes a
	// while in a program that has only begun (a millisecond, measured).
	signal.Notify(ch, syscall.SIGQUIT)
	signal.Notify(ch, stopSignals...)
	// A write to a closed pipe then fails with EPIPE, on standard output
	// too, rather than killing the program where it stands: it ends with
	// exit code 141 once every output is whole (outWriter, Main).
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	return ch
}

// signalChannel returns the channel of the stop signals for listen: the
// one made at the start, the first time, or else a new one.
func signalChannel() chan os.Signal {
	if ch := earlySignals; ch != nil {
		earlySignals = nil
		return ch
	}
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, stopSignals...)
	return ch
}
