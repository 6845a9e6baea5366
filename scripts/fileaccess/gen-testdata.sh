#!/bin/sh
# Regenerates fileaccess/testdata: every container mode, written by Godot
# 4.6, 3.6 and 3.2 (scripts/install-godot.sh 4 3.6 3.2), with the engine's
# var_to_bytes of each value stored in sent.txt.
set -eu
cd "$(dirname "$0")/../.."
bin=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}/bin
for e in 4 3.6 3.2; do
	dir=fileaccess/testdata/godot$e
	rm -rf "$dir" && mkdir -p "$dir"
	if [ "$e" = 4 ]; then
		"$bin/godot4" --headless -s scripts/fileaccess/godot4.gd -- write "$PWD/$dir"
	else
		"$bin/godot$e" --no-window -s scripts/fileaccess/godot3.gd write "$PWD/$dir" 2>/dev/null
	fi | sed -n 's/^SENT //p' > "$dir/sent.txt"
done
