// Command patience solves and analyses Russian Cell and Ripple Fan deals.
// See README.md, or run `patience help`.
package main

import "os"

func main() {
	catchQuit(os.Stderr)
	os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
