#!/usr/bin/env bash
# Compares two builds of patience by the instructions they execute
# (valgrind's callgrind), which, unlike times, do not depend on the load of
# the machine. Each build runs
#
#   patience stats russian-cell --deals $RC_DEALS --workers 1
#   patience stats ripple-fan   --deals $RF_DEALS --workers 1
#
# under callgrind, with GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 so
# that the garbage collector and the scheduler add as little as possible
# that varies from run to run, and the script prints the instructions of
# each, the ratio B/A, and the positions searched (summed from a --out file
# of a separate run outside valgrind), which must be the same for the
# comparison to mean anything.
#
#   bash benchmarks/callgrind.sh A B
#
# A and B are each a git revision of this repository (built from `git
# archive` in a temporary directory, with that revision's own default.pgo),
# a directory holding a checkout (built as it is, uncommitted changes
# included: "." is the working tree), or an executable patience binary.
#
#   bash benchmarks/callgrind.sh bcfa129 HEAD
#   bash benchmarks/callgrind.sh HEAD .               # before committing
#   GOFLAGS=-pgo=off bash benchmarks/callgrind.sh HEAD .
#   RC_DEALS=1-1000 bash benchmarks/callgrind.sh /tmp/p-old /tmp/p-new
#
# Environment: RC_DEALS (default 1-300), RF_DEALS (default 1-20000), GAMES
# (default "russian-cell ripple-fan"), GOFLAGS (passed to go build), KEEP=1
# keeps the temporary directory (binaries and callgrind.out files, for
# callgrind_annotate) and prints where it is. About 30 s a build and game.
# Nothing is written into the repository: the builds, outputs and
# profiles all go to a temporary directory, removed at the end.
set -euo pipefail

if [ $# -ne 2 ]; then
	sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
	exit 2
fi
command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind is not installed" >&2; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd)
RC_DEALS=${RC_DEALS:-1-300}
RF_DEALS=${RF_DEALS:-1-20000}
GAMES=${GAMES:-russian-cell ripple-fan}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/patience-callgrind.XXXXXX")
if [ "${KEEP:-}" = 1 ]; then
	trap 'echo "kept: $tmp" >&2' EXIT
else
	trap 'rm -rf "$tmp"' EXIT
fi
trap 'exit 130' INT
trap 'exit 143' TERM

# build NAME SPEC: leaves the binary at $tmp/NAME/patience and says what it is.
build() {
	local name=$1 spec=$2 dir=$tmp/$1
	mkdir -p "$dir"
	if [ -f "$spec" ] && [ -x "$spec" ]; then
		cp "$spec" "$dir/patience"
		echo "$name: binary $spec"
		return
	fi
	local src
	if [ -d "$spec" ]; then
		src=$(cd "$spec" && pwd)
		echo "$name: checkout $src ($(git -C "$src" describe --always --dirty 2>/dev/null || echo 'not a git checkout'))"
	else
		local rev
		rev=$(git -C "$repo" rev-parse --verify --quiet "$spec^{commit}") ||
			{ echo "callgrind.sh: $spec is neither a binary, a directory nor a revision" >&2; exit 1; }
		src=$dir/src
		mkdir -p "$src"
		git -C "$repo" archive "$rev" | tar -x -C "$src"
		echo "$name: revision $spec = $(git -C "$repo" log -1 --format='%h %s' "$rev" | cut -c1-70)"
	fi
	(cd "$src" && go build -o "$dir/patience" ./cmd/patience)
}

# deals GAME: the deal list used for GAME.
deals() {
	case $1 in
	russian-cell) echo "$RC_DEALS" ;;
	ripple-fan) echo "$RF_DEALS" ;;
	*) echo "callgrind.sh: unknown game $1" >&2; exit 1 ;;
	esac
}

# measure NAME GAME: prints "instructions positions".
measure() {
	local name=$1 game=$2 dir=$tmp/$1 d
	d=$(deals "$game")
	"$dir/patience" stats "$game" --deals "$d" --workers 1 --quiet \
		--out "$dir/$game.jsonl" >/dev/null
	local positions
	positions=$(grep -o '"nodes":[0-9]*' "$dir/$game.jsonl" | awk -F: '{s += $2} END {print s}')
	# Valgrind does not know RDTSCP, which Go's runtime executes when a
	# thread waits for a lock held by another (runtime.cputicks): under
	# load that can happen, and the program then dies of SIGILL with a
	# count that means nothing. Such a run is tried again, up to 3 times.
	local try status
	for try in 1 2 3; do
		status=0
		GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
			--callgrind-out-file="$dir/callgrind.$game.out" \
			"$dir/patience" stats "$game" --deals "$d" --workers 1 \
			>/dev/null 2>"$dir/valgrind.$game.log" || status=$?
		[ "$status" -eq 0 ] && break
		echo "callgrind.sh: $name $game exited $status under valgrind (try $try of 3)" >&2
	done
	[ "$status" -eq 0 ] || { echo "callgrind.sh: $name $game failed under valgrind; see $dir/valgrind.$game.log" >&2; exit 1; }
	local instr
	instr=$(grep -o 'Collected : [0-9]*' "$dir/valgrind.$game.log" | awk '{print $3}')
	[ -n "$instr" ] || { echo "callgrind.sh: no count from valgrind; see $dir/valgrind.$game.log" >&2; exit 1; }
	echo "$instr $positions"
}

build A "$1"
build B "$2"
printf '%-13s %-14s %16s %16s %8s %12s %12s\n' game deals "A instructions" "B instructions" "B/A" "A positions" "B positions"
status=0
for game in $GAMES; do
	ra=$(measure A "$game")
	rb=$(measure B "$game")
	read -r ia pa <<<"$ra"
	read -r ib pb <<<"$rb"
	ratio=$(awk -v a="$ia" -v b="$ib" 'BEGIN {printf "%.4f", b / a}')
	printf '%-13s %-14s %16s %16s %8s %12s %12s\n' "$game" "$(deals "$game")" "$ia" "$ib" "$ratio" "$pa" "$pb"
	if [ "$pa" != "$pb" ]; then
		echo "  positions differ: the builds search differently, so the ratio compares different work" >&2
		status=3
	fi
done
exit $status
