#!/usr/bin/env bash
# Has Godot 3.6 and 4.6 load and re-save the files of
# resource/testdata/loadsteps (scripts/resource/load3.gd, load4.gd): text
# files whose load_steps= counts resources they do not hold, as a hand
# edit leaves it. Each engine loads them (the count is only a progress
# hint) and writes its own count (Godot 3) or none (Godot 4.6): FILE.back.EXT.
#   scripts/resource/gen-loadsteps.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
dir=resource/testdata/loadsteps
for v in 3 4; do
  proj=$(mktemp -d)
  if [ $v = 3 ]; then
    echo 'config_version=4' >"$proj/project.godot"
    files=$(cd $dir && ls *3.tscn *3.tres 2>/dev/null || true)
    engine="$engines/bin/godot3.6 --no-window"
  else
    echo 'config_version=5' >"$proj/project.godot"
    files=$(cd $dir && ls *4.tscn *4.tres 2>/dev/null || true)
    engine="$engines/bin/godot4 --headless"
  fi
  for f in $files; do cp "$dir/$f" "$proj/"; done
  # Godot 4.6's load4.gd takes the project's folder as DIR: its files have no IDs to draw.
  (cd "$proj" && timeout 120 $engine --path . -s "$repo/scripts/resource/load$v.gd" -- "$proj" $files 2>&1 | grep -E '^(ok|fail|loaded)' || true)
  for f in $files; do cp "$proj/$f.back."* "$dir/"; done
  rm -rf "$proj"
done
