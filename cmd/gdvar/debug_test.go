package main

import (
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvar debug drives a real game: each result on standard output, nothing
// else there, exit 0 only if every command succeeded.
func TestLiveDebugCommand(t *testing.T) {
	game := append([]string{"--"}, gametest.Game(t)...)

	script := `wait /root/Main/Added; tree; get /root/Main speed; set /root/Main speed 9.5; get /root/Main speed;
		set "/root/Main/Spaced Name" position Vector2(3, 4); get "/root/Main/Spaced Name" position;
		call /root/Main add 2 3; call /root/Main greet "bob"; call /root/Main echo {"b": [1, 2.5], "a": &"sn"}; call /root/Main nothing;
		output; errors`
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", script}, game...)...)
	require.Equal(t, 0, code, "%s\n---\n%s", out, errOut)
	want := gametest.GameTree + `1.5
9.5
Vector2(3, 4)
5
"hi bob"
{
"a": &"sn",
"b": [1, 2.5]
}
null
`
	require.True(t, strings.HasPrefix(out, want), out)
	rest := strings.TrimPrefix(out, want)
	assert.Contains(t, rest, "\nhello from main\nbold text\nTREE [")
	assert.True(t, strings.HasSuffix(rest, "WARNING: a warning at: _ready (res://main.gd:12)\nERROR: an error at: _ready (res://main.gd:13)\n"), rest)
	assert.Contains(t, errOut, "hello from main", "the game's own output goes to standard error")

	code, out, errOut = runGdvar(nil, append([]string{"debug", "-e", "wait /root/Main; get /root/Main speed; get /root/Nope speed; call /root/Main nosuch; get /root/Main K"}, game...)...)
	assert.Equal(t, 1, code)
	assert.Equal(t, "1.5\n7\n", out)
	assert.Contains(t, errOut, "gdvar debug: get /root/Nope speed: debugger: no such node: /root/Nope")
	assert.Contains(t, errOut, "no such method")

	code, out, errOut = runGdvar(nil, append([]string{"debug", "-e", `wait /root/Main/Added; key Enter down; click 5 6 middle; wheel 5 6 up 0.5;
		action jump 0.5 down; action fly; text "a; b"; eval "|".join(Engine.get_main_loop().root.get_node("Main").inputs)`}, game...)...)
	assert.Equal(t, 1, code)
	assert.Equal(t, `"key Enter physical Enter true|button 3 true at (5.0, 6.0) factor 1.0 mask 4|button 3 false at (5.0, 6.0) factor 1.0 mask 0|`+
		`button 4 true at (5.0, 6.0) factor 0.5 mask 8|button 4 false at (5.0, 6.0) factor 0.5 mask 0|action jump true 0.5 is_pressed true|`+
		`char a true|char a false|char ; true|char ; false|char   true|char   false|char b true|char b false"`+"\n", out)
	assert.Contains(t, errOut, "gdvar debug: action fly: debugger: the game refused the input: no action fly in the Input Map")
}

// Without a game, or with bad flags, gdvar debug fails with a usage.
func TestDebugUsage(t *testing.T) {
	code, _, errOut := runGdvar(nil, "debug")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "usage: gdvar debug")
	code, _, errOut = runGdvar(nil, "debug", "--", "/nonexistent/godot")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "gdvar debug:")
}
