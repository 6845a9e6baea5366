package debugger_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replayFile is a replay file of two games, as a Recorder writes them
// (a blank line between, which a reader skips).
const replayFile = `{"gdvar_replay":1}
{"frame":0,"game":"host","op":"launch","seed":1,"fps":60,"engine":"4.6"}
{"frame":0,"game":"client","op":"launch","seed":2,"fps":60,"engine":"4.6"}
{"frame":0,"game":"host","op":"call","path":"/root/Menu/Host","method":"emit_signal","args":["\"pressed\""],"value":"0"}
{"frame":0,"game":"host","op":"advance","frames":1}

{"frame":0,"game":"client","op":"advance","frames":1}
{"frame":1,"game":"client","op":"action","data":"[\"right\", true, 1.0]"}
{"frame":1,"game":"client","op":"mouse_motion","data":"[Vector2(10, 20)]"}
{"frame":1,"game":"client","op":"set","path":"/root/Game","property":"speed","value":"2.5"}
{"frame":1,"game":"client","op":"pause","value":"false"}
{"frame":1,"game":"client","op":"evaluate","expression":"1 + 2","value":"3"}
{"frame":5,"game":"host","op":"get","path":"/root/Game/Player","property":"position","value":"Vector2(1, 2)"}
{"frame":5,"game":"host","op":"screenshot","sha256":"` + sha + `"}
`

// sha is a SHA-256 in hexadecimal.
const sha = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

// A replay file reads step by step, each with its line; a step may come
// later than its game's last advance (the replay runs the game there).
func TestReadReplay(t *testing.T) {
	rp, err := debugger.ReadReplay(strings.NewReader(replayFile))
	require.NoError(t, err)
	require.Len(t, rp.Steps, 12)
	assert.Equal(t, debugger.ReplayStep{Line: 2, Frame: 0, Game: "host", Op: debugger.OpLaunch, Seed: 1, FPS: 60, Engine: "4.6"}, rp.Steps[0])
	assert.Equal(t, debugger.ReplayStep{Line: 4, Game: "host", Op: debugger.OpCall, Path: "/root/Menu/Host", Method: "emit_signal", Args: []string{`"pressed"`}, Value: "0"}, rp.Steps[2])
	assert.Equal(t, 7, rp.Steps[4].Line, "after the blank line")
	assert.Equal(t, debugger.OpScreenshot, rp.Steps[11].Op)
	assert.Equal(t, int64(5), rp.Steps[11].Frame)
}

// What ReadReplay refuses, each a *ReplayError (ErrBadReplay) saying at
// which line and why.
func TestReadReplayRefuses(t *testing.T) {
	launch := `{"frame":3,"game":"g","op":"launch","seed":1}` + "\n"
	head := `{"gdvar_replay":1}` + "\n" + launch
	for _, c := range []struct {
		name, file string
		line       int
		why        string
	}{
		{"empty", "", 0, `empty: no {"gdvar_replay": 1} line`},
		{"not JSON", "save.dat\n", 1, `not a replay file: want {"gdvar_replay": 1} first`},
		{"another version", `{"gdvar_replay":2}`, 1, "version 2: this gdvar reads version 1"},
		{"no version", `{}`, 1, `not a replay file`},
		{"a field of no step", head + `{"frame":3,"game":"g","op":"advance","frames":1,"speed":2}`, 3, `not a step: unknown field "speed"`},
		{"a name given twice", head + `{"frame":3,"game":"g","op":"advance","game":"h"}`, 3, `duplicate object member name "game"`},
		{"invalid UTF-8", head + "{\"frame\":3,\"game\":\"g\xff\",\"op\":\"advance\"}", 3, "invalid UTF-8"},
		{"two objects on a line", head + `{"frame":3,"game":"g","op":"advance"} {}`, 3, "not a step: jsontext: invalid character '{' after top-level value"},
		{"no game", head + `{"frame":3,"op":"advance","frames":1}`, 3, `game "": want a name of 1 to 64 bytes`},
		{"a long game name", head + `{"frame":3,"game":"` + strings.Repeat("g", 65) + `","op":"advance"}`, 3, "want a name of 1 to 64 bytes"},
		{"a game not launched", head + `{"frame":3,"game":"h","op":"advance","frames":1}`, 3, "game h: not launched before"},
		{"a game launched twice", head + launch, 3, "game g launched again"},
		{"a frame before the game's", head + `{"frame":2,"game":"g","op":"get","path":"/root/A","property":"x","value":"1"}`, 3, "frame 2 of game g: it is at frame 3 already"},
		{"a frame before the last advance's end", head + `{"frame":3,"game":"g","op":"advance","frames":5}` + "\n" + `{"frame":7,"game":"g","op":"advance","frames":1}`, 4, "it is at frame 8 already"},
		{"a negative frame", head + `{"frame":-1,"game":"g","op":"advance"}`, 3, "frame -1: want 0 or more"},
		{"too many frames", head + `{"frame":3,"game":"g","op":"advance","frames":16777217}`, 3, "advance 16777217 frames: want 0 to 16777216"},
		{"too far from the first frame", head + `{"frame":16777220,"game":"g","op":"advance"}`, 3, "over the limit of 16777216 frames from its first"},
		{"an unknown op", head + `{"frame":3,"game":"g","op":"jump"}`, 3, `op "jump": not one of a replay's`},
		{"input data that is no Array", head + `{"frame":3,"game":"g","op":"key","data":"\"A\""}`, 3, `key data "\"A\"": want an Array`},
		{"input data that does not parse", head + `{"frame":3,"game":"g","op":"action","data":"[jump"}`, 3, `action data "[jump": unknown name "jump"`},
		{"input data of two values", head + `{"frame":3,"game":"g","op":"action","data":"[] []"}`, 3, `action data "[] []": want one value in Godot's text form`},
		{"input data open at its end", head + `{"frame":3,"game":"g","op":"key","data":"[1,"}` + "\n" + `{"frame":3,"game":"g","op":"key","data":"2]"}`, 3, `key data "[1,": want one value`},
		{"a set without a value", head + `{"frame":3,"game":"g","op":"set","path":"/root/A","property":"x"}`, 3, "set without its value"},
		{"a set of no text value", head + `{"frame":3,"game":"g","op":"set","path":"/root/A","property":"x","value":"Vector2(1"}`, 3, `set value "Vector2(1"`},
		{"a get without a path", head + `{"frame":3,"game":"g","op":"get","property":"x","value":"1"}`, 3, "get without its path"},
		{"a call argument that does not parse", head + `{"frame":3,"game":"g","op":"call","path":"/root/A","method":"m","args":["1","[1"]}`, 3, `call argument "[1": want ',' or ']', found end of input`},
		{"an evaluate without its expression", head + `{"frame":3,"game":"g","op":"evaluate"}`, 3, "evaluate without its expression"},
		{"a pause of no bool", head + `{"frame":3,"game":"g","op":"pause","value":"1"}`, 3, `pause "1": want true or false`},
		{"a short hash", head + `{"frame":3,"game":"g","op":"screenshot","sha256":"abc"}`, 3, `screenshot sha256 "abc": want 64 hexadecimal digits`},
		{"a negative fps", `{"gdvar_replay":1}` + "\n" + `{"frame":0,"game":"g","op":"launch","fps":-1}`, 2, "fps -1: want 0 (not known) or more"},
		{"nine games", `{"gdvar_replay":1}` + "\n" + nineGames(), 10, "over the limit of 8 games"},
		{"a link step of no link", head + `{"frame":0,"link":"l","op":"step","frames":1}`, 3, "link l: not made before"},
		{"a link named as a game", head + `{"frame":0,"game":"g","op":"step","frames":1}`, 3, `link "": want a name of 1 to 64 bytes, and no game`},
		{"a game step naming a link", head + `{"frame":3,"game":"g","link":"l","op":"advance"}`, 3, "and no link"},
		{"a link made twice", linkHead + link, 3, "link l made again"},
		{"a link of no network", head + `{"frame":0,"link":"l","op":"link","fps":60,"network":"sctp","server":"127.0.0.1:1","listen":"127.0.0.1:2"}`, 3, `link network "sctp": want udp or tcp`},
		{"a link of no fps", head + `{"frame":0,"link":"l","op":"link","network":"udp","server":"127.0.0.1:1","listen":"127.0.0.1:2"}`, 3, "link fps 0: want the games' --fixed-fps"},
		{"a link with no listen", head + `{"frame":0,"link":"l","op":"link","fps":60,"network":"udp","server":"127.0.0.1:1"}`, 3, "link without its listen"},
		{"a link made late", head + `{"frame":4,"link":"l","op":"link","fps":60,"network":"udp","server":"127.0.0.1:1","listen":"127.0.0.1:2"}`, 3, "link made at frame 4: want 0"},
		{"a net of no direction", linkHead + `{"frame":0,"link":"l","op":"net","dir":"left","faults":{}}`, 3, `net dir "left": want up or down`},
		{"a net of no faults", linkHead + `{"frame":0,"link":"l","op":"net","dir":"up"}`, 3, "net without its faults"},
		{"a net of a long delay", linkHead + `{"frame":0,"link":"l","op":"net","dir":"up","faults":{"delay":"2h"}}`, 3, `net: delay "2h": want a duration from 0 to 1m`},
		{"a net of a loss over 1", linkHead + `{"frame":0,"link":"l","op":"net","dir":"up","faults":{"loss":5}}`, 3, "net: loss 5: want a chance from 0 to 1"},
		{"a net of a field of no faults", linkHead + `{"frame":0,"link":"l","op":"net","dir":"up","faults":{"speed":1}}`, 3, `unknown field "speed"`},
		{"a link step skipping frames", linkHead + `{"frame":3,"link":"l","op":"step","frames":1}`, 3, "frame 3 of link l: it is at frame 0"},
		{"nine links", `{"gdvar_replay":1}` + "\n" + nineLinks(), 10, "over the limit of 8 links"},
		{"a line over 1 MiB", head + `{"frame":3,"game":"g","op":"evaluate","expression":"` + strings.Repeat("1", 1<<20) + `"}`, 3, "over the 1 MiB limit of a line"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := debugger.ReadReplay(strings.NewReader(c.file))
			require.ErrorIs(t, err, debugger.ErrBadReplay)
			var re *debugger.ReplayError
			require.True(t, errors.As(err, &re), "%T", err)
			assert.Equal(t, c.line, re.Line, err.Error())
			assert.Contains(t, re.Why, c.why)
			assert.Less(t, len(err.Error()), 400, "bounded")
		})
	}
}

// link makes a link l; linkHead is a file's first lines up to it.
const (
	link     = `{"frame":0,"link":"l","op":"link","fps":60,"network":"udp","server":"127.0.0.1:1","listen":"127.0.0.1:2"}` + "\n"
	linkHead = `{"gdvar_replay":1}` + "\n" + link
)

// nineLinks is the link steps of nine links.
func nineLinks() string {
	var b strings.Builder
	for i := range 9 {
		b.WriteString(strings.Replace(link, `"l"`, `"l`+string(rune('0'+i))+`"`, 1))
	}
	return b.String()
}

// nineGames is the launch steps of nine games.
func nineGames() string {
	var b strings.Builder
	for i := range 9 {
		b.WriteString(`{"frame":0,"game":"g` + string(rune('0'+i)) + `","op":"launch"}` + "\n")
	}
	return b.String()
}

// A file over 16 MiB is refused, whatever its lines.
func TestReadReplayRefusesLargeFile(t *testing.T) {
	line := `{"frame":0,"game":"g","op":"evaluate","expression":"` + strings.Repeat("1", 1<<19) + `"}` + "\n"
	file := `{"gdvar_replay":1}` + "\n" + `{"frame":0,"game":"g","op":"launch"}` + "\n" + strings.Repeat(line, 40)
	_, err := debugger.ReadReplay(strings.NewReader(file))
	require.ErrorIs(t, err, debugger.ErrBadReplay)
	assert.Contains(t, err.Error(), "over the 16 MiB limit of a file")
}
