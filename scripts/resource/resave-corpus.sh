#!/usr/bin/env bash
# Has Godot 4.6 load and save back, in place, files of the real-world corpus
# (testdata/projects), in a copy of their project (imported first), and
# writes each one's re-save to OUTDIR/PROJECT/PATH, and its binary form
# (.scn, .res) next to it:
#   scripts/resource/resave-corpus.sh OUTDIR PROJECT PATH…
# PROJECT is a folder of testdata/projects, PATH a file in it. The
# re-saves are what resource/testdata/corpus-differs.txt is checked against.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
godot4=${GDVAR_GODOT4:-${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}/bin/godot4}
out=$1 proj=$2
shift 2
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
cp -r "$top/testdata/projects/$proj/." "$copy/"
cp "$here/resave4.gd" "$copy/resave4.gd"
timeout 300 "$godot4" --headless --path "$copy" --import >/dev/null 2>&1 || true
args=()
for p in "$@"; do args+=("res://$p"); done
(cd "$copy" && timeout 300 "$godot4" --headless --path "$copy" -s res://resave4.gd -- "${args[@]}" 2>&1) | grep -E '^(resaved|fail)'
for p in "$@"; do
	mkdir -p "$out/$proj/$(dirname "$p")"
	cp "$copy/$p" "$out/$proj/$p"
	b="${p%.*}.scn"
	[ "${p##*.}" = tres ] && b="${p%.*}.res"
	cp "$copy/$b" "$out/$proj/$b"
done
