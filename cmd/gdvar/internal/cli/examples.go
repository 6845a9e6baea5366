package cli

import (
	"fmt"
	"io"
	"strings"
)

// Examples are each command's, the last thing its -h prints: command
// lines that run as written in a folder holding the files they name
// (TestHelpExamplesRun runs each against testdata), GODOT being a Godot 4
// launcher, ~/.cache/gdvar/engines/bin/godot4 once scripts/install-godot.sh
// has installed it.
var Examples = map[string][]string{
	"inspect":  {"gdvar inspect save.dat"},
	"validate": {"gdvar validate -all save.dat"},
	"copy":     {"gdvar copy packet.bin > again.bin && cmp packet.bin again.bin"},
	"text":     {"gdvar text save.dat", "gdvar text level.scn > level.tscn"},
	"json":     {"gdvar json save.dat | jq .", "gdvar json -pretty settings.cfg"},
	"scan":     {"gdvar scan -password hunter2 save.sav || echo refused"},
	"encode": {
		"gdvar encode -from json -framing stream save.json > save.dat",
		`gdvar json bus.tres | jq '.resource.properties["bus/1/volume_db"] = -3' | gdvar encode -from json -to tres -like bus.tres > new.tres`,
	},
	"convert": {"gdvar convert -to tres level.scn > level.tscn"},
	"edit":    {`gdvar edit -password hunter2 save.sav -- jq 'if type == "object" then .gold = 9999 else . end'`},
	"migrate": {"gdvar migrate -password hunter2 save3.sav > save4.sav"},
	"debug": {
		`gdvar debug -e 'tree /root 2; get /root/Game/Player position; action move_right down' -- $GODOT --headless --path platformer`,
		`echo 'tree /root/Game 1' | gdvar debug -- $GODOT --headless --path platformer`,
	},
	"rpc-config":      {"gdvar rpc-config mygame/main.gd"},
	"server-skeleton": {"gdvar server-skeleton -project mygame > server.go"},
	"mcp":             {"gdvar mcp -- $GODOT --path platformer"},
	"replay":          {"gdvar replay walk.jsonl -- $GODOT --headless --fixed-fps 60 --path platformer"},
	"load": {
		"gdvar load -project mygame -addr 127.0.0.1:8910 -bots 20 -duration 30s -scenario mygame/load/players.json",
		"gdvar load -project mygame -addr 127.0.0.1:8910 -transport enet -bots 8 -summary load.json -threshold min_delivered_pct=99",
		"gdvar load -locust 10.0.0.2:5557 -project mygame -addr 10.0.0.5:8910 -scenario mygame/load/players.json -summary worker.json",
	},
	"audit": {
		"gdvar audit -static -project mygame",
		"gdvar audit -project mygame -addr 127.0.0.1:8910 -transport ws -json audit.json -- $GODOT --headless --path mygame -- server 8910 300",
	},
	"version": {"gdvar version"},
}

// WriteExamples ends a command's help with its examples, and what GODOT
// is if they name it.
func WriteExamples(w io.Writer, command string) {
	fmt.Fprintln(w, "\nExamples:")
	godot := false
	for _, e := range Examples[command] {
		fmt.Fprintf(w, "  %s\n", e)
		godot = godot || strings.Contains(e, "$GODOT")
	}
	if godot {
		fmt.Fprintln(w, "  (GODOT=~/.cache/gdvar/engines/bin/godot4, which scripts/install-godot.sh 4 installs, or any debug build of Godot 4)")
	}
}
