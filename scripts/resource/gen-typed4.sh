#!/usr/bin/env bash
# Regenerates resource/testdata/godot4-typed with Godot 4.6
# (scripts/resource/typed4.gd, as TestLiveScriptTypes runs it): resources
# whose scripts type variables through constants that preload other
# scripts and preload defaults, saved as NAME.tres and NAME.res and
# converted by the engine (NAME.conv.res, NAME.conv.tres). Some list an
# external resource no property names (a script's typed Array left
# empty, which the engine's save meets with its script).
#   scripts/resource/gen-typed4.sh [SEED] [COUNT]
set -euo pipefail
cd "$(dirname "$0")/../.."
godot4=${GDVAR_GODOT4:-${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}/bin/godot4}
seed=${1:-76}
count=${2:-40}
proj=$(mktemp -d)
trap 'rm -rf "$proj"' EXIT
echo 'config_version=5' >"$proj/project.godot"
timeout 300 "$godot4" --headless --path "$proj" -s "$PWD/scripts/resource/typed4.gd" -- "$seed" "$count" 2>&1 | grep -E '^(wrote|fail)'
rm -rf "$proj/.godot" "$proj/project.godot"
rm -rf resource/testdata/godot4-typed
mkdir resource/testdata/godot4-typed
cp -r "$proj/." resource/testdata/godot4-typed/
