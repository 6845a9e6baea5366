package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// gdvar server-skeleton prints a server's Go source for a project's main
// scene (its run/main_scene unless named): a corpus game's lobby
// autoload's methods, a spawner's scenes; a project it cannot read is
// exit 1, naming the file.
func TestServerSkeleton(t *testing.T) {
	const corpus = "../../testdata/projects/"
	for _, c := range []struct {
		args     []string
		code     int
		out, err string
	}{
		{[]string{"-project", corpus + "jamonholmgren__jammin_lobby"}, 0, `must(game.Handle("/root/Lobby", "ping_server", func(c *multiplayer.Call, args ...any) error {`, ""},
		{[]string{"-project", corpus + "Ultraegern__godot-multiplayer-example", "uid://cmepfssdlqa1h"}, 0, `multiplayerSpawner, err := game.Spawner("/root/Main/MultiplayerSpawner")`, ""},
		{[]string{"-project", corpus + "jamonholmgren__jammin_lobby", "res://nope.tscn"}, 1, "", "res://nope.tscn"},
		{[]string{"-project", t.TempDir()}, 1, "", "project.godot"},
		{[]string{"a", "b"}, 2, "", "want at most one MAIN_SCENE"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"server-skeleton"}, c.args...), strings.NewReader(""), &stdout, &stderr)
		assert.Equal(t, c.code, code, "%v: %s", c.args, stderr.String())
		assert.Contains(t, stdout.String(), c.out, "%v", c.args)
		assert.Contains(t, stderr.String(), c.err, "%v", c.args)
	}
}
