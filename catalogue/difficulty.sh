#!/usr/bin/env bash
# Rebuilds the difficulty labels of the Russian Cell catalogue: plays the
# deals with the no-peek players, then writes the labels into the catalogue.
#
#   bash catalogue/difficulty.sh [DEALS] [DIR]
#
# DEALS is the list to label (default 1-10000); DIR keeps the players'
# results files (default difficulty-runs), so that a stopped run resumes
# where it stopped when the command is run again. On 2 cores, deals
# 1..10,000 take about 40 minutes. The labels (catalogue.Rate, and
# docs/design.md, "Difficulty labels"):
#   easy       the greedy player, a fixed rule with no search, wins it;
#   medium     greedy loses; the sampled player with 10 samples wins it
#              with 2 or 3 of the seeds 1, 2 and 3;
#   hard       ... with 1 of the 3 seeds;
#   very hard  ... with none, though the deal can be won.
# Deals that cannot be won get no label. Set PATIENCE to the patience
# binary to use (default: built from this checkout). With LABEL=0 only the
# players run, and the catalogue is left as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${1:-1-10000}
dir=${2:-difficulty-runs}
mkdir -p "$dir"
if [ -z "${PATIENCE:-}" ]; then
	PATIENCE=$dir/patience
	# The commit, for the catalogue's builder, where the Go tool records none.
	rev=
	if git rev-parse -q --verify HEAD >/dev/null 2>&1; then
		rev=$(git rev-parse HEAD)$(git diff --quiet HEAD || echo -dirty)
	fi
	go build -o "$PATIENCE" -ldflags "-X github.com/patience-solver/patience/internal/buildinfo.revision=$rev" ./cmd/patience
fi
run() { "$PATIENCE" stats russian-cell --quiet "$@"; }

run --deals "$deals" --player greedy --out "$dir/greedy.jsonl" >/dev/null
# The sampled player plays only the winnable deals that greedy lost.
grep '"outcome":"lost"' "$dir/greedy.jsonl" | grep '"verdict":"solvable"' >"$dir/open.jsonl" || true
sampled=()
if [ -s "$dir/open.jsonl" ]; then # else greedy won them all
	for seed in 1 2 3; do
		run --deals-file "$dir/open.jsonl" --player sampled --samples 10 --seed "$seed" \
			--out "$dir/sampled10-seed$seed.jsonl" >/dev/null
		sampled+=("$dir/sampled10-seed$seed.jsonl")
	done
fi
if [ "${LABEL:-1}" != 0 ]; then
	"$PATIENCE" catalogue label russian-cell "$dir/greedy.jsonl" "${sampled[@]}" \
		--catalogue catalogue/data/russian-cell.cat -o catalogue/data/russian-cell.cat
fi
