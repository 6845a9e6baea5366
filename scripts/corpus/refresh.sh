#!/usr/bin/env bash
# refresh.sh: (re-)extract one project of the real-world corpus from its git
# repository, at the commit testdata/projects/manifest.tsv names, by fixed rules.
#
#   scripts/corpus/refresh.sh [-check] [-commit HASH] [-taken YYYY-MM-DD] REPOSITORY GITDIR
#
# REPOSITORY is the manifest's "repository" column (owner/name); GITDIR is a
# git directory holding that repository's history (a `git clone --bare`, or a
# snapshot's git directory). Every manifest line of REPOSITORY is extracted
# (one repository can give several projects). The same commit always gives
# the same files, bytes and manifest counts; see scripts/corpus/README.md.
#
# -check     extract to a temporary folder and compare with what is kept
#            (exit 1 on any difference); nothing is written.
# -commit    take another commit instead of the manifest's (to update a
#            project); the manifest line is rewritten with it.
# -taken     the date written in SOURCE (default: the date already in SOURCE,
#            or today for a new project).
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
corpus="$top/testdata/projects"
manifest="$corpus/manifest.tsv"

check=0 commit_override="" taken_override=""
while [ $# -gt 0 ]; do
	case "$1" in
	-check) check=1; shift ;;
	-commit) commit_override=$2; shift 2 ;;
	-taken) taken_override=$2; shift 2 ;;
	-h | -help | --help) sed -n '2,20p' "$0"; exit 0 ;;
	-*) echo "refresh.sh: unknown flag $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || { echo "usage: refresh.sh [-check] [-commit HASH] [-taken DATE] REPOSITORY GITDIR" >&2; exit 2; }
repo=$1 gitdir=$2
git --git-dir="$gitdir" rev-parse --git-dir >/dev/null 2>&1 || { echo "refresh.sh: $gitdir is not a git directory" >&2; exit 2; }

# Size limits, in bytes.
max_text=$((512 * 1024))   # any kept text file
max_model=$((256 * 1024))  # .gltf, .obj, .dae kept as text
max_assets=$((1536 * 1024)) # binary assets of a runnable game, in all

# keep_kind PATH: prints "text", "model", "licence", "asset", "data" or
# nothing. A "data" file (.json) is kept for a project whose assets column
# is "data": a game whose scripts read it as it runs.
# Matching is on the lower-cased name; a licence file is kept wherever it is,
# a README only at the project's root.
keep_kind() {
	local p=${1,,} b=${1##*/}
	b=${b,,}
	# The project's README, which often states the licence of its assets.
	case "$p" in
	readme | readme.md | readme.txt) echo licence; return ;;
	esac
	case "$b" in
	*licen[cs]e* | copying* | notice*)
		case "$b" in
		*.*) case "${b##*.}" in txt | md | rst) echo licence; return ;; esac ;;
		*) echo licence; return ;;
		esac ;;
	esac
	case "$b" in
	project.godot | *.gd | *.cs | *.csproj | *.tscn | *.tres | *.import | *.cfg | *.gdshader | *.gdshaderinc | *.uid)
		echo text; return ;;
	*.gltf | *.obj | *.dae)
		echo model; return ;;
	*.json)
		echo data; return ;;
	*.png | *.svg | *.jpg | *.jpeg | *.webp | *.ttf | *.otf | *.woff | *.woff2 | *.glb | *.bin | *.res | *.scn | *.ogg | *.wav | *.mp3)
		echo asset; return ;;
	esac
}

# extract LINE DEST: writes the project of one manifest line into DEST and
# prints "FILES BYTES NOTES".
extract() {
	local folder=$1 commit=$2 root=$3 assets=$4 cut=$5 dest=$6
	local prefix="" list skipped="" n=0 bytes=0 abytes=0
	[ "$root" = "." ] || prefix="$root/"
	list=$(mktemp)
	# Regular files only (mode 100644/100755): no links, no submodules.
	git --git-dir="$gitdir" ls-tree -r -z --full-tree -l "$commit" -- ${prefix:+"$prefix"} |
		tr '\0' '\n' | awk -F'\t' '{ split($1, a, " "); if (a[1] == "100644" || a[1] == "100755") print a[3] "\t" a[4] "\t" $2 }' |
		sort -t"$(printf '\t')" -k3,3 >"$list"
	mkdir -p "$dest"
	local blob size path rel kind c skip
	while IFS=$'\t' read -r blob size path; do
		rel=${path#"$prefix"}
		# The cut column: "-", or a comma list of prefixes of paths not kept;
		# a prefix written +PREFIX keeps only the paths under such prefixes
		# (and then the others still cut what they name).
		skip=0
		if [ "$cut" != "-" ]; then
			IFS=',' read -r -a cuts <<<"$cut"
			local only=0 in=0
			for c in "${cuts[@]}"; do
				case "$c" in
				+*) only=1; case "$rel" in "${c#+}"*) in=1 ;; esac ;;
				*) case "$rel" in "$c"*) skip=1 ;; esac ;;
				esac
			done
			[ $only = 1 ] && [ $in = 0 ] && skip=1
		fi
		[ $skip = 1 ] && continue
		# Built executables and build scripts are never kept, whatever their name.
		case "${rel,,}" in *.exe | *.dll | *.so | *.dylib | *.pck | *.sh | *.bat | *.ps1) continue ;; esac
		kind=$(keep_kind "$rel")
		[ -n "$kind" ] || continue
		[ "$kind" != asset ] || [ "$assets" = run ] || continue
		[ "$kind" != data ] || [ "$assets" = data ] || continue
		# A snapshot lacks its largest blobs (ls-tree prints no size): such a
		# file is over every limit here anyway.
		case "$size" in
		'' | *[!0-9]*) skipped="$skipped $rel(absent)"; continue ;;
		esac
		case "$kind" in
		asset)
			[ "$assets" = "run" ] || continue
			case "$rel" in .godot/*) continue ;; esac
			abytes=$((abytes + size))
			if [ $abytes -gt $max_assets ]; then
				echo "refresh.sh: $folder: binary assets over $max_assets bytes at $rel; cut some folders" >&2
				exit 1
			fi ;;
		model)
			if [ "$size" -gt $max_model ]; then skipped="$skipped $rel($size)"; continue; fi ;;
		text | licence | data)
			if [ "$size" -gt $max_text ]; then skipped="$skipped $rel($size)"; continue; fi ;;
		esac
		# .godot/ holds what the editor makes; only text files the repository
		# itself committed there are kept, and no imported binaries.
		mkdir -p "$dest/$(dirname "$rel")"
		git --git-dir="$gitdir" cat-file blob "$blob" >"$dest/$rel"
		n=$((n + 1))
		bytes=$((bytes + size))
	done <"$list"
	# The repository's own licence, when the project is in a sub-folder.
	if [ "$root" != "." ]; then
		git --git-dir="$gitdir" ls-tree -z --full-tree -l "$commit" |
			tr '\0' '\n' | awk -F'\t' '{ split($1, a, " "); if (a[1] == "100644") print a[3] "\t" a[4] "\t" $2 }' |
			while IFS=$'\t' read -r blob size path; do
				[ "$(keep_kind "$path")" = licence ] || continue
				git --git-dir="$gitdir" cat-file blob "$blob" >"$dest/REPOSITORY-$path"
			done
		for f in "$dest"/REPOSITORY-*; do
			[ -e "$f" ] || continue
			n=$((n + 1))
			bytes=$((bytes + $(stat -c %s "$f")))
		done
	fi
	rm -f "$list"
	echo "$n $bytes ${skipped# }"
}

write_source() {
	local dest=$1 commit=$2 licence=$3 root=$4 taken=$5 notes=$6
	{
		echo "repository: https://github.com/$repo"
		echo "commit: $commit"
		[ "$root" = "." ] || echo "folder: $root"
		echo "licence: $licence"
		echo "taken: $taken"
		[ -z "$notes" ] || echo "notes: $notes"
		echo "kept: text files only (scripts, scenes, resources, .import, project.godot, small text models, licences), by scripts/corpus/refresh.sh"
	} >"$dest/SOURCE"
}

[ -f "$manifest" ] || { echo "refresh.sh: no $manifest" >&2; exit 2; }
found=0 status=0
tmpman=$(mktemp)
cp "$manifest" "$tmpman"
# Columns: folder repository commit licence kinds godot root assets files bytes cut notes
while IFS=$'\t' read -r folder mrepo mcommit licence kinds godot root assets files bytes cut notes; do
	[ "$folder" = folder ] && continue
	[ "$mrepo" = "$repo" ] || continue
	found=1
	commit=${commit_override:-$mcommit}
	commit=$(git --git-dir="$gitdir" rev-parse --verify "$commit^{commit}") || { echo "refresh.sh: $repo has no commit $commit here" >&2; exit 1; }
	dest="$corpus/$folder"
	taken=$taken_override
	if [ -z "$taken" ] && [ -f "$dest/SOURCE" ]; then
		taken=$(sed -n 's/^taken: //p' "$dest/SOURCE")
	fi
	[ -n "$taken" ] || taken=$(date -u +%F)
	auto_notes=""
	if [ $check = 1 ]; then
		tmp=$(mktemp -d)
		extract "$folder" "$commit" "$root" "$assets" "$cut" "$tmp/p" >"$tmp/counts" || exit 1
		read -r n b skipped <"$tmp/counts"
		[ -z "$skipped" ] || auto_notes="over the size limit, not kept: $skipped"
		write_source "$tmp/p" "$commit" "$licence" "$root" "$taken" "$auto_notes"
		if diff -r -q "$dest" "$tmp/p"; then
			echo "ok $folder ($n files, $b bytes)"
		else
			echo "DIFFERS $folder" >&2
			status=1
		fi
		if [ "$n" != "$files" ] || [ "$b" != "$bytes" ]; then
			echo "DIFFERS $folder: manifest says $files files, $bytes bytes; extraction gives $n, $b" >&2
			status=1
		fi
		rm -rf "$tmp"
		continue
	fi
	rm -rf "$dest"
	extract "$folder" "$commit" "$root" "$assets" "$cut" "$dest" >"$tmpman.counts" || exit 1
	read -r n b skipped <"$tmpman.counts"
	rm -f "$tmpman.counts"
	[ -z "$skipped" ] || auto_notes="over the size limit, not kept: $skipped"
	write_source "$dest" "$commit" "$licence" "$root" "$taken" "$auto_notes"
	# Rewrite this project's line with the commit and counts just taken.
	awk -F'\t' -v OFS='\t' -v f="$folder" -v c="$commit" -v n="$n" -v b="$b" \
		'$1 == f { $3 = c; $9 = n; $10 = b } { print }' "$tmpman" >"$tmpman.new"
	mv "$tmpman.new" "$tmpman"
	echo "$folder: $n files, $b bytes${skipped:+; not kept: $skipped}"
done <"$manifest"
[ $found = 1 ] || { echo "refresh.sh: $repo is not in $manifest" >&2; rm -f "$tmpman"; exit 1; }
if [ $check = 0 ]; then cp "$tmpman" "$manifest"; fi
rm -f "$tmpman"
exit $status
