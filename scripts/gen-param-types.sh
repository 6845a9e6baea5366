#!/usr/bin/env bash
# Regenerates multiplayer/testdata/param_types.txt with the real engine:
# Godot 4.6 prints which arguments it takes for a parameter of each type
# (scripts/multiplayer/param_types.gd). TestConvertibleAsTheEngine checks
# the Go host's rules against it; TestLiveParamTypes checks the file
# against the installed engine. Install the engine first with
# scripts/install-godot.sh 4.
set -euo pipefail
cd "$(dirname "$0")/.."
godot="${GODOT4:-$HOME/.cache/gdvar/engines/bin/godot4}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
touch "$dir/project.godot"
cp scripts/multiplayer/param_types.gd "$dir/"
"$godot" --headless --path "$dir" -s res://param_types.gd 2>/dev/null | grep -P '\t' > multiplayer/testdata/param_types.txt
wc -l multiplayer/testdata/param_types.txt
