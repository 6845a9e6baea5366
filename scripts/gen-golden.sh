#!/usr/bin/env bash
# Regenerates the golden vectors in testdata/ with the real engines:
#   testdata/golden/godot4/   values written by Godot 4.6 (scripts/golden/godot4.gd)
#   testdata/malformed/godot4.txt   malformed inputs with Godot 4.6's verdicts
# Install the engine first with scripts/install-godot.sh 4.
set -euo pipefail
cd "$(dirname "$0")/.."
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
godot4=${GDVAR_GODOT4:-$engines/bin/godot4}

rm -rf testdata/golden/godot4
"$godot4" --headless -s scripts/golden/godot4.gd -- testdata/golden/godot4 2>&1 | grep -v '^\s*$' | tail -n 3

mkdir -p testdata/malformed
candidates=$(mktemp)
go run ./scripts/malformed testdata/golden/godot4 >"$candidates"
"$godot4" --headless -s scripts/golden/judge4.gd -- "$candidates" testdata/malformed/godot4.txt >/dev/null 2>&1
rm -f "$candidates"
echo "judged $(wc -l <testdata/malformed/godot4.txt) malformed inputs"

rm -rf testdata/fuzz/FuzzDecode/godot4_* testdata/fuzz/FuzzRoundTrip/godot4_*
go run ./scripts/fuzzcorpus testdata/golden/godot4 testdata/fuzz
