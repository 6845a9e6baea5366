#!/usr/bin/env bash
# Regenerates resource/testdata/godot4-tiles with Godot 4.6
# (scripts/resource/tiles4.gd): random TileSets and FontFiles holding a
# cache, saved as res://tiles/NAME.tres, and the engine's conversions of
# each (NAME.conv.res, NAME.back.tres, NAME.moved.tres).
#   scripts/resource/gen-tiles4.sh [SEED] [COUNT]
set -euo pipefail
cd "$(dirname "$0")/../.."
godot4=${GDVAR_GODOT4:-${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}/bin/godot4}
seed=${1:-76}
count=${2:-40}
proj=$(mktemp -d)
trap 'rm -rf "$proj"' EXIT
echo 'config_version=5' >"$proj/project.godot"
timeout 300 "$godot4" --headless --path "$proj" -s "$PWD/scripts/resource/tiles4.gd" -- res://tiles "$seed" "$count" 2>&1 | grep -E '^(wrote|fail)'
rm -rf resource/testdata/godot4-tiles
cp -r "$proj/tiles" resource/testdata/godot4-tiles
