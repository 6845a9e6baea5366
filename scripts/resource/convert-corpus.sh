#!/usr/bin/env bash
# Has Godot 4.6 convert every .tres/.tscn of the real-world corpus
# (testdata/projects) it can load, in a copy of its project (imported
# first), to binary and back to text at another path (convert4.gd), and
# keeps the outputs under OUTDIR/PROJECT/PATH (a.scn, a.conv.tscn; b.res,
# b.conv.tres) as the goldens of resource's TestCorpusConversions:
#   scripts/resource/convert-corpus.sh OUTDIR [PROJECT…]
# Files an output of which is over 64 KiB are left out, and listed with the
# files the engine does not load in OUTDIR/skipped.txt ("PATH: why").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
godot4=${GDVAR_GODOT4:-${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}/bin/godot4}
max=65536
out=$(mkdir -p "$1" && cd "$1" && pwd)
shift
projects=("$@")
if [ ${#projects[@]} -eq 0 ]; then
	while read -r p; do projects+=("${p#"$top/testdata/projects/"}"); done \
		< <(find "$top/testdata/projects" -name project.godot -printf '%h\n' | sort)
fi
for proj in "${projects[@]}"; do
	copy=$(mktemp -d)
	cp -r "$top/testdata/projects/$proj/." "$copy/"
	cp "$here/convert4.gd" "$copy/convert4.gd"
	mapfile -t files < <(cd "$copy" && find . -path ./.godot -prune -o \( -name '*.tres' -o -name '*.tscn' \) -print | sed 's#^\./##' | sort)
	if [ ${#files[@]} -eq 0 ]; then rm -rf "$copy"; continue; fi
	timeout 120 "$godot4" --headless --path "$copy" --import >/dev/null 2>&1 || true
	args=()
	for p in "${files[@]}"; do args+=("res://$p"); done
	log=$( (cd "$copy" && timeout 600 "$godot4" --headless --path "$copy" -s res://convert4.gd -- "${args[@]}" 2>&1) | grep -aE '^(converted|fail) ' || true)
	for p in "${files[@]}"; do
		b="${p%.*}.scn" c="${p%.*}.conv.tscn"
		if [ "${p##*.}" = tres ]; then b="${p%.*}.res" c="${p%.*}.conv.tres"; fi
		if ! grep -qxF "converted res://$p" <<<"$log"; then
			why=$(grep -aF "fail res://$p " <<<"$log" | head -1 | sed "s#^fail res://$p ##")
			echo "$proj/$p: the engine does not convert it (${why:-no answer})" >>"$out/skipped.txt"
			continue
		fi
		if [ "$(stat -c %s "$copy/$b")" -gt $max ] || [ "$(stat -c %s "$copy/$c")" -gt $max ]; then
			echo "$proj/$p: an output over 64 KiB" >>"$out/skipped.txt"
			continue
		fi
		mkdir -p "$out/$proj/$(dirname "$p")"
		cp "$copy/$b" "$out/$proj/$b"
		cp "$copy/$c" "$out/$proj/$c"
	done
	rm -rf "$copy"
	echo "$proj: $(grep -c '^converted' <<<"$log" || true) converted" >&2
done
if [ -f "$out/skipped.txt" ]; then sort -o "$out/skipped.txt" "$out/skipped.txt"; fi
