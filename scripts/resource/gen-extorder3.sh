#!/usr/bin/env bash
# Regenerates resource/testdata/godot3.6-ext and godot3.2-ext with the real
# engines (scripts/resource/extorder3.gd): resources with several external
# resources (scripts that preload and extend others, textures, scenes) in
# nested sub-resources with different scripts, saved as res://ext/case_N.res,
# and the engine's conversion of each to text (case_N.conv.tres), each made
# by a fresh engine 5 times: the script stops if the 5 differ.
# Install the engines first with scripts/install-godot.sh 3.6 3.2.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
seed=${1:-54}
count=${2:-12}
gen=$repo/scripts/resource/extorder3.gd
for v in 3.6 3.2; do
  proj=$(mktemp -d)
  echo 'config_version=4' >"$proj/project.godot"
  # A script error leaves a Godot 3 engine running, so every run is timed.
  run() { timeout 120 "$engines/bin/godot$v" --no-window --path "$proj" -s "$gen" -- "$@" 2>&1 | grep -E '^(wrote|fail)' || true; }
  run res://ext "$seed" "$count"
  test "$(wc -l <"$proj/ext/index.txt")" -eq "$count"
  for n in $(cat "$proj/ext/index.txt"); do
    for k in 1 2 3 4 5; do
      run convert "res://ext/$n.res" "res://ext/$n.conv$k.tres"
      cmp "$proj/ext/$n.conv1.tres" "$proj/ext/$n.conv$k.tres"
    done
    mv "$proj/ext/$n.conv1.tres" "$proj/ext/$n.conv.tres"
    rm "$proj/ext/$n".conv[2-5].tres
  done
  rm -rf "resource/testdata/godot$v-ext"
  mv "$proj/ext" "resource/testdata/godot$v-ext"
  rm -rf "$proj"
done
