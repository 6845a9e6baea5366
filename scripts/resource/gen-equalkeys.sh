#!/usr/bin/env bash
# Has Godot 4.6 save a Dictionary keyed by 20 external resources, which its
# comparison finds equal, then load that file and save it again
# (scripts/resource/equalkeys.gd): its sort is not stable, and the second
# save orders the keys otherwise. Writes resource/testdata/equalkeys.
#   scripts/resource/gen-equalkeys.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
dir=resource/testdata/equalkeys
proj=$(mktemp -d)
trap 'rm -rf "$proj"' EXIT
echo 'config_version=5' >"$proj/project.godot"
cp scripts/resource/equalkeys.gd "$proj/"
(cd "$proj" && timeout 120 "$engines/bin/godot4" --headless --path . -s res://equalkeys.gd 2>&1 | grep -E '^saved')
cp "$proj/equalkeys4.tres" "$proj/equalkeys4.tres.back.tres" "$dir/"
