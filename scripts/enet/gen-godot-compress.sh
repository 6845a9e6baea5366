#!/bin/sh
# gen-godot-compress.sh writes enet/testdata/compress/*.hex, golden vectors of
# the FastLZ, zlib and Zstd compressors Godot's ENetConnection uses, made by
# Godot 4.6 (scripts/install-godot.sh 4) from the range coder's inputs.
set -eu
cd "$(dirname "$0")/../.."
godot4=${GDVAR_GODOT4:-${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}/bin/godot4}
rm -f enet/testdata/compress/*.hex
mkdir -p enet/testdata/compress
timeout 300 "$godot4" --headless -s scripts/enet/gen-godot-compress.gd -- \
	"$PWD/enet/testdata/rangecoder" "$PWD/enet/testdata/compress" 2>&1 | grep wrote
