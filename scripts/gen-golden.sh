#!/usr/bin/env bash
# Regenerates the golden vectors in testdata/ with the real engines:
#   testdata/golden/godot4/         values written by Godot 4.6 (scripts/golden/godot4.gd)
#   testdata/golden/godot3.6/, 3.2/ values written by Godot 3.6 and 3.2 (scripts/golden/godot3.gd)
#   testdata/malformed/godot4.txt, godot3.6.txt, godot3.2.txt   malformed inputs with each engine's verdicts
#   testdata/fuzz/                  fuzz seeds made from the golden vectors
# Install the engines first with scripts/install-godot.sh 4 3.6 3.2.
set -euo pipefail
cd "$(dirname "$0")/.."
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
godot4=${GDVAR_GODOT4:-$engines/bin/godot4}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p testdata/malformed

# A script error leaves a Godot 3 engine running, so every run is timed.
rm -rf testdata/golden/godot4
timeout 600 "$godot4" --headless -s scripts/golden/godot4.gd -- testdata/golden/godot4 2>&1 | grep wrote
go run ./scripts/malformed candidates godot4 testdata/golden/godot4 >"$tmp/candidates4"
timeout 600 "$godot4" --headless -s scripts/golden/judge4.gd -- "$tmp/candidates4" testdata/malformed/godot4.txt >/dev/null 2>&1
echo "Godot 4.6 judged $(wc -l <testdata/malformed/godot4.txt) inputs"

for v in 3.6 3.2; do
  godot3=$engines/bin/godot$v
  rm -rf "testdata/golden/godot$v"
  timeout 600 "$godot3" --no-window -s scripts/golden/godot3.gd -- "testdata/golden/godot$v" 2>&1 | grep wrote
done
go run ./scripts/malformed candidates godot3 testdata/golden/godot3.6 >"$tmp/candidates3"
for v in 3.6 3.2; do
  timeout 900 "$engines/bin/godot$v" --no-window -s scripts/golden/judge3.gd -- "$tmp/candidates3" 2>&1 |
    grep -E '^(TRY|DONE|SIZE)' >"$tmp/judge$v.log" || true
  go run ./scripts/malformed verdicts "$tmp/candidates3" "$tmp/judge$v.log" >"testdata/malformed/godot$v.txt"
  echo "Godot $v judged $(wc -l <"testdata/malformed/godot$v.txt") inputs"
done

rm -rf logs # Godot 3 logs into the folder it runs in
