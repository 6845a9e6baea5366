#!/usr/bin/env bash
# Regenerates project/testdata/corpus_rpc.txt with the real engine: Godot
# 4.6 runs a copy of each project of testdata/projects that has GDScripts
# holding "@rpc", with a main scene (scripts/project/corpus_rpc.gd) that
# writes get_rpc_config() of each of them. Run as a game, the project's
# autoloads are the globals its scripts name (with -s they do not
# compile). The copy stands in for what the corpus does not keep: a 1x1
# PNG for each image its scenes, resources and preloads name, a silent
# WAV for each sound, an empty binary resource for each mesh, and a global
# class for each class of a cut extension its @rpc scripts name
# (corpusStubClasses in project/corpus_rpc_test.go). This is
# TestLiveCorpusRPCConfig run on every project, keeping what the engine
# printed; TestCorpusRPCConfig compares gdvar's reading with it.
# Install the engine first with scripts/install-godot.sh 4.
set -euo pipefail
cd "$(dirname "$0")/.."
go test ./project -count=1 -timeout 30m -v -run '^TestLiveCorpusRPCConfig$' -update-corpus-rpc | grep -E '^(---|ok|FAIL)'
grep -c '^>>>' project/testdata/corpus_rpc.txt
