#!/usr/bin/env bash
# Has Godot 4.6 re-save in place a scene written as Godot 4.1 wrote a
# container typed with a script, Array[Resource("res://s.gd")], and keeps
# the re-save (which adds the script's [ext_resource]) as the golden of
# resource's TestPathScriptResave:
#   scripts/resource/gen-pathscript.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=$(cd "$here/../../resource/testdata/godot4-pathscript" && pwd)
godot4=${GDVAR_GODOT4:-${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}/bin/godot4}
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
cp -r "$dir/project/." "$copy/"
cp "$here/resave4.gd" "$copy/resave4.gd"
timeout 300 "$godot4" --headless --path "$copy" --import >/dev/null 2>&1 || true
timeout 300 "$godot4" --headless --path "$copy" -s res://resave4.gd -- res://a.tscn 2>&1 | grep -E '^(resaved|fail)'
mkdir -p "$dir/resave"
cp "$copy/a.tscn" "$copy/a.scn" "$dir/resave/"
