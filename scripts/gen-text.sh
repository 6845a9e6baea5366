#!/usr/bin/env bash
# Regenerates testdata/text/ with the real engines: values and float samples
# that pin down how var_to_str (var2str) prints, beyond the golden vectors.
#   testdata/text/godot4_floats.txt     Godot 4.6 floats (scripts/text/floats4.gd)
#   testdata/text/strtod4.txt           how Godot 4.6 reads random floats as var_to_str and
#                                       vartext.WithExactFloats print them
#                                       (scripts/text/strtod4.gd, TestLiveStrtod -update)
#   testdata/text/godot4/               Godot 4.6 values (scripts/text/cases4.gd)
#   testdata/text/godot3.6/, godot3.2/  Godot 3 values and floats.txt (scripts/text/cases3.gd)
#   testdata/text/random/SET/           random values of every type in every position
#                                       (cases4.gd and cases3.gd with a seed: 1)
#   testdata/text/reparse/SET/CORPUS/   what each engine's str_to_var makes of the .txt of
#                                       testdata/CORPUS/SET (golden or text), as var_to_bytes
#   testdata/text/readback/SET/         random string-bearing values whose text needs care
#                                       (raw CR, code points past U+10FFFF, surrogates, bytes
#                                       that are not UTF-8) and what the engine reads from it
#                                       (scripts/text/readback4.gd and readback3.gd, seed 23)
# Install the engines first with scripts/install-godot.sh 4 3.6 3.2.
set -euo pipefail
cd "$(dirname "$0")/.."
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
godot4=${GDVAR_GODOT4:-$engines/bin/godot4}
# A script error leaves a Godot 3 engine running, so every run is timed.
timeout 300 "$godot4" --headless -s scripts/text/floats4.gd -- testdata/text/godot4_floats.txt >/dev/null 2>&1
go test ./vartext -run TestLiveStrtod -count=1 -update >/dev/null
rm -rf testdata/text/godot4
timeout 300 "$godot4" --headless -s scripts/text/cases4.gd -- testdata/text/godot4 2>&1 | grep wrote
for v in 3.6 3.2; do
  rm -rf "testdata/text/godot$v"
  timeout 300 "$engines/bin/godot$v" --no-window -s scripts/text/cases3.gd -- "testdata/text/godot$v" 2>&1 | grep wrote
done
rm -rf testdata/text/random
timeout 300 "$godot4" --headless -s scripts/text/cases4.gd -- testdata/text/random/godot4 1 300 2>&1 | grep wrote
for v in 3.6 3.2; do
  timeout 300 "$engines/bin/godot$v" --no-window -s scripts/text/cases3.gd -- "testdata/text/random/godot$v" 1 300 2>&1 | grep wrote
done
rm -rf testdata/text/reparse
for corpus in golden text; do
  timeout 300 "$godot4" --headless -s scripts/text/reparse4.gd -- "testdata/$corpus/godot4" "testdata/text/reparse/godot4/$corpus" 2>&1 | grep reparsed
  for v in 3.6 3.2; do
    timeout 300 "$engines/bin/godot$v" --no-window -s scripts/text/reparse3.gd -- "testdata/$corpus/godot$v" "testdata/text/reparse/godot$v/$corpus" 2>&1 | grep reparsed
  done
done
rm -rf testdata/text/readback
timeout 300 "$godot4" --headless -s scripts/text/readback4.gd -- testdata/text/readback/godot4 23 100 2>&1 | grep wrote
for v in 3.6 3.2; do
  timeout 300 "$engines/bin/godot$v" --no-window -s scripts/text/readback3.gd -- "testdata/text/readback/godot$v" 23 100 2>&1 | grep wrote
done
rm -rf logs # Godot 3 logs into the folder it runs in
