#!/usr/bin/env bash
# Regenerates the CPU profiles that guide the Go compiler's optimizations
# (profile-guided optimization, PGO). Go reads default.pgo from a main
# package's directory on every build, so `go build ./cmd/patience` and the
# harness use them without any flag; `-pgo=off` builds without.
#
# The profile is the harness on both games' fixed sets: the solver's hot
# paths are the same in `patience solve` and `patience stats`.
#
#   bash benchmarks/pgo.sh            # about half a minute
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -pgo=off -o "$tmp/harness" ./benchmarks/harness
"$tmp/harness" -game russian-cell -deals 1-10000 -cpuprofile "$tmp/rc.pprof" >/dev/null
"$tmp/harness" -game ripple-fan -deals 1-1000000 -cpuprofile "$tmp/rf.pprof" >/dev/null
go tool pprof -proto "$tmp/rc.pprof" "$tmp/rf.pprof" >"$tmp/default.pgo" 2>/dev/null
cp "$tmp/default.pgo" cmd/patience/default.pgo
cp "$tmp/default.pgo" benchmarks/harness/default.pgo
ls -l cmd/patience/default.pgo benchmarks/harness/default.pgo
