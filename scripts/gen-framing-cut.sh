#!/usr/bin/env bash
# Regenerates cmd/gdvar/testdata/framing/cut/godot4.txt: stream frames cut
# short (a u32 length L, then fewer than L bytes) made from the golden
# values by scripts/framing/cutframes, of which Godot 4.6's bytes_to_var
# rejects every one, as lines "NAME PLAIN OBJECTS HEX" (see
# scripts/golden/judge4.gd; PLAIN is 0). TestValidateCutFrames asserts that
# gdvar validate calls none of them valid. Install the engine first with
# scripts/install-godot.sh 4.
set -euo pipefail
cd "$(dirname "$0")/.."
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
out=cmd/gdvar/testdata/framing/cut
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
go run ./scripts/framing/cutframes testdata/golden/godot4 >"$tmp/candidates"
timeout 600 "$engines/bin/godot4" --headless -s scripts/golden/judge4.gd -- "$tmp/candidates" "$tmp/judged" >/dev/null 2>&1
awk '$2 == 0' "$tmp/judged" >"$out/godot4.txt"
echo "Godot 4.6 rejects $(wc -l <"$out/godot4.txt") of $(wc -l <"$tmp/candidates") cut frames"
