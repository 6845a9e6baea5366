#!/usr/bin/env bash
# Regenerates cmd/gdvar/testdata/framing/both/ with the real engines: files
# that read both as a save file and as values one after another, for the
# test of -framing auto's plausibility rule (TestFramingBothWays). Godot 4.6,
# 3.6 and 3.2 write, for each pair of a game's values, a save file
# (store_var), a put_var stream and var_to_bytes values, each plain,
# encrypted with the password "gdvar" and compressed with zstd
# (scripts/framing/both4.gd, both3.gd); of these, the pairs whose plain file
# gdvar validates both with -framing stream and with -framing none are kept,
# in all three containers, as lines "NAME HEX" (godotV.txt). NAME is
# KIND.CONTAINER.A.B, KIND sav, put or bin. Install the engines first with
# scripts/install-godot.sh 4 3.6 3.2.
set -euo pipefail
cd "$(dirname "$0")/.."
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
out=cmd/gdvar/testdata/framing/both
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/gdvar" ./cmd/gdvar
mkdir -p "$out"

# keep prints the candidate lines of the pairs whose plain file reads both ways.
keep() {
  local engine=$1 candidates=$2
  while read -r name hex; do
    case $name in *.plain.*) ;; *) continue ;; esac
    printf '%s' "$hex" | xxd -r -p >"$tmp/file"
    if "$tmp/gdvar" validate -all -engine "$engine" -framing stream "$tmp/file" >/dev/null 2>&1 &&
      "$tmp/gdvar" validate -all -engine "$engine" -framing none "$tmp/file" >/dev/null 2>&1; then
      echo "${name/.plain./.}"
    fi
  done <"$candidates" >"$tmp/pairs"
  while read -r name hex; do
    kind=${name%%.*} rest=${name#*.}
    if grep -qxF "$kind.${rest#*.}" "$tmp/pairs"; then
      echo "$name $hex"
    fi
  done <"$candidates"
}

# A script error leaves a Godot 3 engine running, so every run is timed.
timeout 600 "$engines/bin/godot4" --headless -s scripts/framing/both4.gd -- "$tmp/godot4" 2>&1 |
  sed -n 's/^GDVAR //p' >"$tmp/candidates4"
keep 4 "$tmp/candidates4" >"$out/godot4.txt"
for v in 3.6 3.2; do
  timeout 600 "$engines/bin/godot$v" --no-window -s scripts/framing/both3.gd -- "$tmp/godot$v" 2>&1 |
    sed -n 's/^GDVAR //p' >"$tmp/candidates$v"
  keep 3 "$tmp/candidates$v" >"$out/godot$v.txt"
done
rm -rf logs # Godot 3 logs into the folder it runs in
wc -l "$out"/*.txt
