#!/usr/bin/env bash
# Regenerates resource/testdata/godot3.6-listed with the real engine
# (scripts/resource/listorder3.gd): scripted resources whose .res lists
# its external resources out of their paths' order, saved as
# res://listed/case_N.res and .tres, and Godot 3.6's conversion of each
# .res to text (case_N.conv.tres) and of each .tres to text at another
# path (case_N.moved.tres), each made by a fresh engine running
# convert3.gd 3 times: the script stops if the 3 differ.
# Install the engine first with scripts/install-godot.sh 3.6.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
seed=${1:-76}
count=${2:-40}
gen=$repo/scripts/resource/listorder3.gd
conv=$repo/scripts/resource/convert3.gd
proj=$(mktemp -d)
echo 'config_version=4' >"$proj/project.godot"
# A script error leaves a Godot 3 engine running, so every run is timed.
run() { timeout 120 "$engines/bin/godot3.6" --no-window --path "$proj" -s "$@" 2>&1 | grep -E '^(wrote|fail)' || true; }
run "$gen" -- res://listed "$seed" "$count"
test "$(wc -l <"$proj/listed/index.txt")" -eq "$count"
for n in $(cat "$proj/listed/index.txt"); do
  for c in "res conv" "tres moved"; do
    set -- $c
    for k in 1 2 3; do
      run "$conv" -- convert "res://listed/$n.$1" "res://listed/$n.$2$k.tres"
      cmp "$proj/listed/$n.${2}1.tres" "$proj/listed/$n.$2$k.tres"
    done
    mv "$proj/listed/$n.${2}1.tres" "$proj/listed/$n.$2.tres"
    rm "$proj/listed/$n.$2"[23].tres
  done
done
# Keep only the cases listed (a case drawn again leaves no other file).
rm -rf resource/testdata/godot3.6-listed
mkdir resource/testdata/godot3.6-listed
cp "$proj"/listed/*.gd "$proj/listed/index.txt" resource/testdata/godot3.6-listed/
for n in $(cat "$proj/listed/index.txt"); do
  cp "$proj/listed/$n".{res,tres,conv.tres,moved.tres} resource/testdata/godot3.6-listed/
done
rm -rf "$proj"
