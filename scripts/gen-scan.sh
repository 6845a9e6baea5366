#!/usr/bin/env bash
# Regenerates scan/testdata/ with the real engines: saves and ConfigFiles
# with objects, scripts and resources in them, and plain ones, as Godot
# 4.6, 3.6 and 3.2 write them (scripts/scan/make4.gd and make3.gd), and
# the resources they refer to (scripts/scan/evil4.tres, evil3.tres).
# scan's TestLiveEngineRuns makes them afresh and has each engine load
# them. Install the engines first with scripts/install-godot.sh 4 3.6 3.2.
set -euo pipefail
cd "$(dirname "$0")/.."
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
rm -rf scan/testdata/godot4 scan/testdata/godot3.6 scan/testdata/godot3.2
# A script error leaves a Godot 3 engine running, so every run is timed.
timeout 120 "$engines/bin/godot4" --headless -s scripts/scan/make4.gd -- scan/testdata/godot4 fixtures 2>&1 | grep wrote
timeout 120 "$engines/bin/godot3.6" --no-window -s scripts/scan/make3.gd -- scan/testdata/godot3.6 fixtures 2>&1 | grep wrote
timeout 120 "$engines/bin/godot3.2" --no-window -s scripts/scan/make3.gd -- scan/testdata/godot3.2 2>&1 | grep wrote
