#!/usr/bin/env bash
# Peak resident memory under --memory caps, measured from outside with
# /usr/bin/time -v (GNU time), for the table in docs/reliability.md.
#
# Each run decides deal 308860 of Russian Cell (unsolvable, 1,930,795
# positions: among the largest searches of deals 1..1,000,000), which fills
# any table of up to 64 MB; a node budget of 7,000,000 ends the runs whose
# table is too small to finish (they evict, and search positions again).
# The batch run decides 308860 and 144953 (unsolvable, 1,631,893 positions)
# on two workers, each with half the cap.
#
#   bash benchmarks/memory.sh               # caps 16 64 256 1024
#   bash benchmarks/memory.sh 16 64         # the caps given
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o /tmp/patience-memory ./cmd/patience
caps=("$@")
[ ${#caps[@]} -gt 0 ] || caps=(16 64 256 1024)

echo "| --memory | run | peak RSS | over the cap | verdict | positions | wall |"
echo "|---|---|---|---|---|---|---|"
for cap in "${caps[@]}"; do
  for run in "solve --workers 1" "solve --workers 2" "stats --workers 2"; do
    set -- $run
    if [ "$1" = solve ]; then
      args=(solve russian-cell 308860 "$2" "$3" --format json)
    else
      args=(stats russian-cell --deals 308860,144953 "$2" "$3" --format json --quiet)
    fi
    out=$(GOMEMLIMIT= /usr/bin/time -v /tmp/patience-memory "${args[@]}" --memory "$cap" --max-nodes 7000000 2>/tmp/patience-memory.time)
    kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' /tmp/patience-memory.time)
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' /tmp/patience-memory.time)
    if [ "$1" = solve ]; then
      verdict=$(printf '%s' "$out" | sed -n 's/.*"verdict":"\([a-z]*\)".*/\1/p')
      nodes=$(printf '%s' "$out" | sed -n 's/.*"nodes":\([0-9]*\).*/\1/p')
    else
      verdict=$(printf '%s' "$out" | sed -n 's/.*"solvable":\([0-9]*\),"unsolvable":\([0-9]*\),"unknown":\([0-9]*\).*/\1 won, \2 lost, \3 unknown/p')
      nodes=$(printf '%s' "$out" | sed -n 's/.*"nodes":{"count":[0-9]*,"mean":\([0-9.]*\).*/\1 mean/p')
    fi
    awk -v cap="$cap" -v run="$run" -v kb="$kb" -v v="$verdict" -v n="$nodes" -v w="$wall" \
      'BEGIN { printf "| %d | `%s` | %.1f MiB | %+.1f MiB | %s | %s | %s |\n", cap, run, kb/1024, kb/1024-cap, v, n, w }'
  done
done
