#!/bin/sh
# gen-rangecoder.sh [ENET_SRC] writes enet/testdata/rangecoder/*.hex, golden
# vectors of ENet's range coder, from the reference library's sources:
# ENet 1.3.18, from github.com/lsalzman/enet (tag v1.3.18) or Debian's enet
# source package (apt-get source enet). ENET_SRC defaults to /tmp/enet-src.
# Needs a C compiler; the library is built into a temporary directory.
set -eu
src=${1:-/tmp/enet-src}
here=$(cd "$(dirname "$0")" && pwd)
out=$here/../../enet/testdata/rangecoder
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

test -f "$src/compress.c" || { echo "no ENet sources in $src" >&2; exit 1; }
cc -O1 -o "$tmp/gen" -I"$src/include" "$here/rangecoder-gen.c" \
	"$src"/callbacks.c "$src"/compress.c "$src"/host.c "$src"/list.c \
	"$src"/packet.c "$src"/peer.c "$src"/protocol.c "$src"/unix.c
rm -f "$out"/*.hex
mkdir -p "$out"
"$tmp/gen" "$out"
ls "$out" | wc -l
