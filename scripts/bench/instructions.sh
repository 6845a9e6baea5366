#!/bin/sh
# Prints the instructions, branches and mispredicted branches (cachegrind's
# model) that reading one token of the game-state payload costs, the
# caller's loop included: the difference between reading it three times and
# once, over two, per token. Needs valgrind.
#   scripts/bench/instructions.sh
set -e
cd "$(dirname "$0")/../.."
bin=$(mktemp)
trap 'rm -f "$bin"' EXIT
go build -o "$bin" ./scripts/bench/tokens
count() { # N -> "instructions branches mispredicts" for N reads
	GOGC=off valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=/dev/null "$bin" "$1" 2>&1 >/dev/null |
		grep -E 'I +refs|Branches|Mispredicts' | sed 's/.*: *//; s/ .*//; s/,//g' | tr '\n' ' '
}
tokens=$("$bin" 1)
echo "$tokens $(count 1) $(count 3)" | awk '{printf "per token (%d tokens): %.1f instructions, %.2f branches, %.3f mispredicted\n", $1, ($5-$2)/2/$1, ($6-$3)/2/$1, ($7-$4)/2/$1}'
