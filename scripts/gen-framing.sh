#!/usr/bin/env bash
# Regenerates cmd/gdvar/testdata/framing/ with the real engines: save files
# (store_var, with and without full objects, plain, encrypted with the
# password "gdvar" and compressed) and var_to_bytes files, as Godot 4.6 and
# 3.6 write them (scripts/framing/make4.gd and make3.gd), for the tests of
# -framing auto and gdvar edit. Install the engines first with
# scripts/install-godot.sh 4 3.6.
set -euo pipefail
cd "$(dirname "$0")/.."
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
out=cmd/gdvar/testdata/framing
rm -rf "$out/godot4" "$out/godot3.6"
# A script error leaves a Godot 3 engine running, so every run is timed.
timeout 120 "$engines/bin/godot4" --headless -s scripts/framing/make4.gd -- "$out/godot4" 2>&1 | grep wrote
timeout 120 "$engines/bin/godot3.6" --no-window -s scripts/framing/make3.gd -- "$out/godot3.6" 2>&1 | grep wrote
