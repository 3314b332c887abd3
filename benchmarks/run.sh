#!/usr/bin/env bash
# Runs the fixed benchmark sets and prints the figures recorded in
# BENCHMARKS.md. Each run is one process under /usr/bin/time -v, so that
# peak resident memory is measured from outside as well.
#
#   bash benchmarks/run.sh            # all sets (a few minutes)
#   bash benchmarks/run.sh quick      # a smaller set
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o /tmp/patience-harness ./benchmarks/harness

run() {
  echo "\$ harness $*"
  /usr/bin/time -f "time: %e s wall, %M KB peak RSS" /tmp/patience-harness "$@"
  echo
}

if [ "${1:-}" = quick ]; then
  run -game ripple-fan -deals 1-100000
  run -game russian-cell -deals 1-1000
  exit 0
fi
run -game ripple-fan -deals 1-1000000
run -game russian-cell -deals 1-10000
for w in 1 2 1 2 1 2; do
  run -game russian-cell -deals 385 -workers "$w"
done
