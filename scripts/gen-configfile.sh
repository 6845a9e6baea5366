#!/usr/bin/env bash
# Regenerates testdata/configfile/ with the real engines: 20 random
# ConfigFiles each, saved by Godot 4.6, 3.6 and 3.2 (plain and encrypted
# with the password "gdvar"), with what each engine reads back from them
# and saves again (scripts/text/cases4.gd and cases3.gd with "cfg", seed 7).
# configfile's TestLiveEngineFiles makes 200 more each run, from a new seed.
# Install the engines first with scripts/install-godot.sh 4 3.6 3.2.
set -euo pipefail
cd "$(dirname "$0")/.."
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
godot4=${GDVAR_GODOT4:-$engines/bin/godot4}
rm -rf testdata/configfile
# A script error leaves a Godot 3 engine running, so every run is timed.
timeout 300 "$godot4" --headless -s scripts/text/cases4.gd -- testdata/configfile/godot4 7 20 cfg 2>&1 | grep wrote
for v in 3.6 3.2; do
  timeout 300 "$engines/bin/godot$v" --no-window -s scripts/text/cases3.gd -- "testdata/configfile/godot$v" 7 20 cfg "$v" 2>&1 | grep wrote
done
