#!/usr/bin/env bash
# Regenerates resource/testdata/ with the real engines: random resources and
# scenes as Godot 4.6, 3.6 and 3.2 save them, as text, binary and
# compressed binary, with the engines' re-saves of them and their
# conversions between text and binary (scripts/resource/make4.gd and
# make3.gd, 30 cases each; the file list is in make4.gd). Seed 12 is one
# whose cases have everything: placeholders, editable instances, nodes
# added inside them (parent_id_path), a _skip_save_ sub-resource, format=4.
#   resource/testdata/godotV/          the random cases, saved as res://data/…
#   resource/testdata/godotV-script/   fixed cases with GDScripts, saved as res://script/…
#   resource/testdata/godot4-classes/  fixed cases of classes whose files depend on
#                                      their values (Theme, AnimationNodeStateMachine,
#                                      ImageTexture, …), saved as res://classes/…;
#                                      its differs.txt (kept by hand) lists what gdvar
#                                      does not give yet, and why
# The engines ran in a project of their own (an empty project.godot and a
# link to scripts/), with the files in its folder data/ (or script/): the
# paths inside the files, and the ids Godot 4.6 draws from them, are those
# res:// paths. To have an engine load the files, put them there again.
# Godot 4.6 gives scene nodes random unique_ids, so its .tscn and .scn files
# change on every run; everything else comes out the same.
# Install the engines first with scripts/install-godot.sh 4 3.6 3.2.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
engines=${GDVAR_ENGINES:-$HOME/.cache/gdvar/engines}
godot4=${GDVAR_GODOT4:-$engines/bin/godot4}
seed=12
count=30
proj=$(mktemp -d)
trap 'rm -rf "$proj"' EXIT
: >"$proj/project.godot"
ln -s "$repo/scripts" "$proj/scripts"

# run ENGINE-ARGS... runs an engine in the project and prints its "wrote"
# and "fail" lines; a generator exits 1 when a file it wrote does not load.
# A script error leaves a Godot 3 engine running, so every run is timed.
run() {
  (cd "$proj" && timeout 300 "$@" 2>&1) | grep -E '^(wrote|fail)'
}

cp resource/testdata/godot4-classes/differs.txt "$proj/differs.txt"
rm -rf resource/testdata/godot4 resource/testdata/godot4-script resource/testdata/godot4-classes \
  resource/testdata/godot3.6 resource/testdata/godot3.6-script \
  resource/testdata/godot3.2 resource/testdata/godot3.2-script
mkdir -p resource/testdata
for v in 4 3.6 3.2; do
  if [ "$v" = 4 ]; then
    engine=("$godot4" --headless -s scripts/resource/make4.gd --)
  else
    engine=("$engines/bin/godot$v" --no-window -s scripts/resource/make3.gd --)
  fi
  run "${engine[@]}" data "$seed" "$count"
  run "${engine[@]}" script script
  # A GDScript error in Godot 4 ends only the function it happens in.
  test "$(wc -l <"$proj/data/index.txt")" -eq "$count"
  test "$(wc -l <"$proj/script/index.txt")" -eq 3
  mv "$proj/data" "resource/testdata/godot$v"
  mv "$proj/script" "resource/testdata/godot$v-script"
done
run "$godot4" --headless -s scripts/resource/make4.gd -- classes classes
mv "$proj/classes" resource/testdata/godot4-classes
mv "$proj/differs.txt" resource/testdata/godot4-classes/
du -sh --apparent-size resource/testdata
