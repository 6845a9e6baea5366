package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// walkFile is the knight of the 2D platformer walking right for 60
// frames, held from his first frame: his x and the score read at frame
// 100 (gdvar replay's example).
var walkFile = filepath.Join("testdata", "walk.jsonl")

// gdvar replay without a file, without its "--" or a game, or with a file
// that is not a replay, is a usage error, exit 2, before anything starts.
func TestReplayUsage(t *testing.T) {
	dir := t.TempDir()
	notReplay := filepath.Join(dir, "save.dat")
	require.NoError(t, os.WriteFile(notReplay, []byte("GDSC"), 0o644))
	for _, c := range []struct {
		args []string
		says string
	}{
		{nil, "usage: gdvar replay FILE -- GODOT"},
		{[]string{walkFile}, "usage: gdvar replay"},
		{[]string{walkFile, "godot"}, "usage: gdvar replay"},
		{[]string{walkFile, "--"}, "usage: gdvar replay"},
		{[]string{filepath.Join(dir, "none.jsonl"), "--", "godot"}, "gdvar replay: open "},
		{[]string{notReplay, "--", "godot"}, `gdvar replay: debugger: not a replay file gdvar reads: line 1: not a replay file: want {"gdvar_replay": 1} first`},
	} {
		code, out, errOut := runGdvar(nil, append([]string{"replay"}, c.args...)...)
		assert.Equal(t, 2, code, "%v: %s", c.args, errOut)
		assert.Empty(t, out)
		assert.Contains(t, errOut, c.says, c.args)
	}
	code, out, _ := runGdvar(nil, "replay", "-h")
	assert.Equal(t, 0, code)
	assert.Empty(t, out, "help goes to standard error")
}

// gdvar replay plays a recording to the end and says what matched, exit
// 0; a recording the game differs from is exit 1, naming the line, the
// frame, the property, and both values; a game that ends before the
// recording's end is exit 1 too, saying how it ended. No game is left
// running.
func TestLiveReplayCommand(t *testing.T) {
	engine := debuggertest.Godot(t)
	dir := debuggertest.Project(t, filepath.Join("..", "..", "testdata", "projects", "ewanc26__platformer-prototype"))
	t.Setenv("GDVAR_GODOT_HOME", t.TempDir())
	game := []string{"--", engine, "--headless", "--fixed-fps", "60", "--path", dir}
	code, out, errOut := runGdvar(nil, append([]string{"replay", walkFile}, game...)...)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "replayed 8 steps: 2 checks matched; game game to frame 100\n", out)

	b, err := os.ReadFile(walkFile)
	require.NoError(t, err)
	differs := filepath.Join(t.TempDir(), "differs.jsonl")
	require.NoError(t, os.WriteFile(differs, []byte(strings.Replace(string(b), `"value":"181.51797"`, `"value":"190.5"`, 1)), 0o644))
	code, out, errOut = runGdvar(nil, append([]string{"replay", differs}, game...)...)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "gdvar replay: the replay differs: line 8, game game, frame 100: position:x of /root/Game/Player: recorded 190.5, replayed 181.51797\n")

	quits := filepath.Join(t.TempDir(), "quits.jsonl")
	require.NoError(t, os.WriteFile(quits, []byte(`{"gdvar_replay":1}
{"frame":0,"game":"game","op":"launch","seed":1,"fps":60}
{"frame":0,"game":"game","op":"evaluate","expression":"Engine.get_main_loop().quit(3)"}
{"frame":0,"game":"game","op":"advance","frames":600}
`), 0o644))
	start := time.Now()
	code, _, errOut = runGdvar(nil, append([]string{"replay", quits}, game...)...)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "gdvar replay: debugger: replay: line 4, game game, frame 0: advance: debugger: the game's process ended (exit status 3)")
	assert.Less(t, time.Since(start), 30*time.Second)

	code, _, errOut = runGdvar(nil, "replay", walkFile, "--", engine, "--headless", "--path", dir)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "stepping needs the game started with --fixed-fps N")
	assert.Empty(t, processesWith(dir), "games left running")
}
