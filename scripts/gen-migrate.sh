#!/usr/bin/env bash
# Regenerates migrate/testdata/ with the real engines: Godot 3.6 and 3.2
# write a game's files with random values (scripts/migrate/make3.gd: save
# files plain, encrypted and compressed, ConfigFiles, resources), gdvar
# migrates them, and Godot 4.6 reads what gdvar wrote
# (scripts/migrate/load4.gd). This is TestLiveMigrate with a fixed seed
# (the first argument, 3 by default), keeping what it made:
#   migrate/testdata/godotV/       Godot 3's files, FILE.want.txt (what
#                                  Godot 3 reads back of each),
#                                  FILE.got.txt (what Godot 4.6 read of
#                                  gdvar's migration), and Godot 4.6's
#                                  saves of what it read
#   migrate/testdata/godotV/g4/    gdvar's migrations
# The engines write in /tmp/gdvar-migrate/godotV, the path the resources
# refer to each other by.
# Install the engines first with scripts/install-godot.sh 4 3.6 3.2.
set -euo pipefail
cd "$(dirname "$0")/.."
GDVAR_MIGRATE_SEED=${1:-3} go test ./migrate -count=1 -v -run TestLiveMigrate -update | grep -E '^(---|ok|FAIL)|seed'
du -sh --apparent-size migrate/testdata
