package main

import "os"

func main() {
	catchQuit(os.Stderr)
	os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
