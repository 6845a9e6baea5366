package main

import (
	"context"
	"fmt"
	"image"
	"maps"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/vartext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// agent is a scripted MCP client playing games through gdvar mcp, as an
// agent would: it counts the tools it calls.
type agent struct {
	t      *testing.T
	ctx    context.Context
	cs     *mcp.ClientSession
	called map[string]int
}

// call calls a tool, requires it to succeed, and returns its text.
func (a *agent) call(tool string, args map[string]any) string {
	a.t.Helper()
	text, failed := a.try(tool, args)
	require.False(a.t, failed, "%s %v: %s", tool, args, text)
	return text
}

// try calls a tool and returns its text and whether it failed.
func (a *agent) try(tool string, args map[string]any) (string, bool) {
	a.t.Helper()
	a.called[tool]++
	return gametest.CallTool(a.t, a.ctx, a.cs, tool, args)
}

// value calls a tool that returns a value and returns it, read from its
// text form.
func (a *agent) value(tool string, args map[string]any) any {
	a.t.Helper()
	text := a.call(tool, args)
	var v any
	require.NoError(a.t, vartext.Unmarshal([]byte(text), &v), text)
	return v
}

// get returns a node's property.
func (a *agent) get(path, property string) any {
	a.t.Helper()
	return a.value("get", map[string]any{"path": path, "property": property})
}

// number returns a node's property that is a number.
func (a *agent) number(path, property string) float64 {
	a.t.Helper()
	v, ok := a.get(path, property).(float64)
	require.True(a.t, ok, "%s of %s", property, path)
	return v
}

// screenshot calls the screenshot tool and returns its image.
func (a *agent) screenshot(args map[string]any) image.Image {
	a.t.Helper()
	a.called["screenshot"]++
	img, _ := gametest.ShotOf(a.t, a.ctx, a.cs, args)
	return img
}

// until asks again, within gametest.Wait, until cond holds.
func (a *agent) until(what string, cond func() bool) {
	a.t.Helper()
	deadline := time.Now().Add(gametest.Wait)
	for !cond() {
		require.True(a.t, time.Now().Before(deadline), "waited %v for %s", gametest.Wait, what)
		time.Sleep(50 * time.Millisecond)
	}
}

// launch launches a game, ending the one before, and waits for a node.
func (a *agent) launch(game []string, node string) {
	a.t.Helper()
	require.Contains(a.t, a.call("launch", map[string]any{"godot": game[0], "args": game[1:]}), "launched: pid ")
	a.call("wait", map[string]any{"path": node})
}

// renderedGame is the command line of a game of the corpus, copied and
// imported, nothing added, that renders on the test's display.
func renderedGame(t *testing.T, engine, project string) []string {
	dir := debuggertest.Project(t, filepath.Join("..", "..", "testdata", "projects", project))
	return []string{engine, "--rendering-driver", "opengl3", "--audio-driver", "Dummy", "--path", dir}
}

// The paths of the nodes the run drives, and Expressions of where a
// player's feet are on screen (the cameras follow them).
const (
	knight     = "/root/Game/Player"      // the 2D platformer's
	manager    = "/root/Game/GameManager" // its score keeper
	robot      = "/root/Main/Player"      // the 3D platformer's
	onScreen2D = `Engine.get_main_loop().root.get_node("Game/Player").get_global_transform_with_canvas().origin`
	onScreen3D = `Engine.get_main_loop().root.get_camera_3d().unproject_position(Engine.get_main_loop().root.get_node("Main/Player").global_position)`
)

// feet returns the w×h region of the screen above a player's feet, given
// as an Expression of them.
func (a *agent) feet(expr string, w, h int) image.Rectangle {
	a.t.Helper()
	at, ok := a.value("evaluate", map[string]any{"expression": expr}).(gdvar.Vector2)
	require.True(a.t, ok, "the feet on screen")
	return image.Rect(int(at.X)-w/2, int(at.Y)-h, int(at.X)+w/2, int(at.Y))
}

// onFloor says whether the knight stands on the floor.
func (a *agent) onFloor() bool {
	return a.call("call", map[string]any{"path": knight, "method": "is_on_floor"}) == "true\n"
}

// hold presses actions, waits until cond, and releases them.
func (a *agent) hold(actions []string, what string, cond func() bool) {
	a.t.Helper()
	for _, action := range actions {
		a.call("action", map[string]any{"action": action, "press": "down"})
	}
	a.until(what, cond)
	for _, action := range actions {
		a.call("action", map[string]any{"action": action, "press": "up"})
	}
}

// still is an Expression that is true when the 3D character and the
// camera following it are still.
const still = `[Engine.get_main_loop().root.get_node("Main/Player").velocity.length() < 0.01, Engine.get_main_loop().root.get_node("Main/View").position.distance_to(Engine.get_main_loop().root.get_node("Main/Player").position) < 0.02]`

// An agent's run as a test: gdvar mcp, a process over stdio, driven by
// the SDK's client through 31 tasks on three games that render under
// Xvfb, none edited: the scene of flat colors, whose screenshots are its
// pixels exactly, and the corpus's 2D and 3D platformers, played through
// their Input Maps (the input helper installed at run time), inspected,
// changed (JSON values), stopped at a breakpoint, paused, two games at
// once, launched lazily by a server's first tool, and compared on screen
// before and after they move, stepped a frame at a time, and recorded
// from their first frame with a second game in lockstep, the file
// replayed by gdvar replay; the 3D character falls off an edge, and the
// run goes on in the scene the game reloads. Every tool the server lists
// is called.
func TestLiveRenderedMCPRun(t *testing.T) {
	colors, want := gametest.Shot(t) // the display and the engine's home too
	engine := colors[0]
	platformer2D := renderedGame(t, engine, "ewanc26__platformer-prototype")
	platformer3D := renderedGame(t, engine, "KenneyNL__Starter-Kit-3D-Platformer")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cs, _ := startMCP(t, ctx, nil)
	a := &agent{t: t, ctx: ctx, cs: cs, called: map[string]int{}}
	var before image.Image    // a screenshot before a player moves
	var stood image.Rectangle // where the knight stood in it

	tasks := []struct {
		name string
		do   func(t *testing.T)
	}{
		{"launch the scene of flat colors", func(*testing.T) { a.launch(colors, "/root/Main") }},
		{"its screenshot is its pixels", func(t *testing.T) { debuggertest.SamePixels(t, a.screenshot(nil), want) }},
		{"its SubViewport's too", func(t *testing.T) {
			debuggertest.SamePixels(t, a.screenshot(map[string]any{"path": "/root/Main/Frame/Sub"}), gametest.SubImage(want, image.Rect(72, 56, 88, 72)))
		}},

		{"a server started with the scene after --: its first tool, a screenshot, launches it", func(t *testing.T) {
			cs, _ := startMCP(t, ctx, colors)
			lazy := &agent{t: t, ctx: ctx, cs: cs, called: a.called}
			debuggertest.SamePixels(t, lazy.screenshot(nil), want)
			lazy.call("quit", nil)
			require.NoError(t, cs.Close())
		}},

		{"launch the 2D platformer, ending the scene", func(*testing.T) { a.launch(platformer2D, knight) }},
		{"find the knight in the tree", func(t *testing.T) {
			assert.Contains(t, a.call("tree", nil), "\n"+knight+" CharacterBody2D\n")
		}},
		{"read what the game printed, and its errors: the music the corpus cuts", func(t *testing.T) {
			assert.Contains(t, a.call("output", nil), "Godot Engine v4.")
			assert.Contains(t, a.call("errors", nil), "time_for_adventure.mp3")
		}},
		{"see the knight land, and where he stands", func(t *testing.T) {
			a.until("the knight on the floor", a.onFloor)
			before = a.screenshot(nil)
			require.Equal(t, image.Pt(1152, 648), before.Bounds().Size())
			assert.GreaterOrEqual(t, debuggertest.Colors(before, before.Bounds()), 16, "a blank image")
			stood = a.feet(onScreen2D, 48, 64) // his 12×16 pixels, zoomed 4 times
			debuggertest.Drawn(t, before, stood, before.At(0, 0))
		}},
		{"walk right with the move_right action, and see him gone from where he stood", func(t *testing.T) {
			x := a.number(knight, "position:x")
			// Released at once: the first coin is 60 pixels on, 150 a second.
			a.hold([]string{"move_right"}, "the knight walking right", func() bool { return a.number(knight, "position:x") > x+4 })
			a.until("the knight standing", func() bool { return a.number(knight, "velocity:x") == 0 })
			require.Equal(t, int64(0), a.get(manager, "score"), "the knight walked on to the first coin, which the breakpoint task needs")
			after := a.screenshot(nil)
			debuggertest.Drawn(t, after, a.feet(onScreen2D, 48, 64), after.At(0, 0))
			assert.Greater(t, 4*debuggertest.Differing(before, after, stood), stood.Dx()*stood.Dy(), "a quarter of where he stood changed")
		}},
		{"jump with the jump action", func(*testing.T) {
			a.until("the knight on the floor", a.onFloor)
			y := a.number(knight, "position:y")
			a.hold([]string{"jump"}, "the knight in the air", func() bool { return a.number(knight, "position:y") < y-16 })
			a.until("the knight on the floor", a.onFloor)
		}},
		{"walk left with the A key", func(*testing.T) {
			x := a.number(knight, "position:x")
			a.call("key", map[string]any{"key": "A", "press": "down"})
			a.until("the knight walking left", func() bool { return a.number(knight, "position:x") < x-16 })
			a.call("key", map[string]any{"key": "A", "press": "up"})
		}},
		{"collect the first coin, stopping where it scores: the stack, the variables, stepping", func(t *testing.T) {
			a.call("breakpoint", map[string]any{"file": "res://scripts/game_manager.gd", "line": 7})
			a.call("action", map[string]any{"action": "move_right", "press": "down"})
			var stack string
			a.until("the game at the breakpoint", func() bool {
				var failed bool
				stack, failed = a.try("stack", nil) // fails until the game stops
				return !failed
			})
			assert.Equal(t, "0 add_point (res://scripts/game_manager.gd:7)\n1 _on_body_entered (res://scripts/coin.gd:7)\n", stack)
			assert.Contains(t, a.call("vars", nil), "member score = 0\n")
			assert.Equal(t, "add_point (res://scripts/game_manager.gd:8)\n", a.call("step", nil))
			assert.Equal(t, "add_point (res://scripts/game_manager.gd:10)\n", a.call("next", nil))
			assert.Equal(t, "_on_body_entered (res://scripts/coin.gd:8)\n", a.call("out", nil))
			a.call("breakpoint", map[string]any{"file": "res://scripts/game_manager.gd", "line": 7, "clear": true})
			a.call("resume", nil)
			a.call("action", map[string]any{"action": "move_right", "press": "up"})
			assert.Equal(t, int64(1), a.get(manager, "score"))
		}},
		{"score a point", func(t *testing.T) {
			a.call("call", map[string]any{"path": manager, "method": "add_point"})
			assert.Equal(t, int64(2), a.get(manager, "score"))
			assert.Equal(t, "You collected 2 coins!", a.get(manager+"/Score Label", "text"))
		}},
		{"set the score, as JSON", func(t *testing.T) {
			a.call("set", map[string]any{"path": manager, "property": "score", "value": 41})
			a.call("call", map[string]any{"path": manager, "method": "add_point"})
			assert.Equal(t, "42\n", a.call("wait", map[string]any{"path": manager, "property": "score", "value": "42", "timeout": 30}))
			assert.Equal(t, "You collected 42 coins!", a.get(manager+"/Score Label", "text"))
			assert.Contains(t, a.call("output", nil), "\n42\n")
		}},
		{"find the knight by a filter, below the level's root", func(t *testing.T) {
			tree := a.call("tree", map[string]any{"path": "/root/Game", "depth": 1, "filter": "player"})
			assert.Equal(t, knight+" CharacterBody2D\n", tree)
		}},
		{"list the knight's properties", func(t *testing.T) {
			props := a.call("properties", map[string]any{"path": knight})
			assert.True(t, strings.HasPrefix(props, knight+" CharacterBody2D\n"), props)
			assert.Regexp(t, `(?m)^position Vector2 = Vector2\(`, props)
		}},
		{"pause the scene tree, call in it, unpause it", func(t *testing.T) {
			assert.Equal(t, "true\n", a.call("paused", map[string]any{"set": "true"}))
			assert.Equal(t, "true\n", a.call("paused", nil))
			a.call("call", map[string]any{"path": manager, "method": "add_point"})
			assert.Equal(t, int64(43), a.get(manager, "score"))
			assert.Equal(t, "false\n", a.call("paused", map[string]any{"set": "false"}))
		}},
		{"launch the scene of flat colors beside the knight, by name; suspend it and let it go on", func(t *testing.T) {
			text := a.call("launch", map[string]any{"name": "colors", "godot": colors[0], "args": colors[1:]})
			assert.Contains(t, text, "game colors")
			a.until("the scene drawing", func() bool {
				n, _ := a.value("get", map[string]any{"game": "colors", "path": "/root/Main", "property": "frames"}).(int64)
				return n > 2
			})
			assert.Equal(t, "/root/Main Control\n", a.call("tree", map[string]any{"game": "colors", "path": "/root/Main", "depth": 0}))
			debuggertest.SamePixels(t, a.screenshot(map[string]any{"game": "colors"}), want)
			frames := map[string]any{"game": "colors", "path": "/root/Main", "property": "frames"}
			a.call("suspend", map[string]any{"game": "colors"})
			// The engine suspends the tree at a frame's edge: the frame under
			// way when the message came may still process (39 then 40, once).
			// n is the count once two reads 100 ms apart agree.
			n := a.value("get", frames)
			a.until("the frames stop", func() bool {
				time.Sleep(100 * time.Millisecond)
				m := a.value("get", frames)
				stopped := m == n
				n = m
				return stopped
			})
			time.Sleep(300 * time.Millisecond) // frames, were it not suspended
			assert.Equal(t, n, a.value("get", frames), "frames drawn in a suspended game")
			a.call("suspend", map[string]any{"game": "colors", "off": true})
			a.until("frames drawn again", func() bool { return a.value("get", frames) != n })
			assert.Equal(t, knight+" CharacterBody2D\n", a.call("tree", map[string]any{"game": "game", "path": knight, "depth": 0}))
			a.call("quit", map[string]any{"game": "colors"})
			assert.Contains(t, a.call("tree", map[string]any{"path": knight, "depth": 0}), knight, "the knight's game, alone again")
		}},
		{"launch the knight's game again by name, every frame 1/60 s; step it, input held for 30 frames exactly; let it run, and hold it", func(t *testing.T) {
			_, failed := a.try("advance", nil)
			assert.True(t, failed, "the game launched without --fixed-fps")
			with := func(args map[string]any) map[string]any { args["game"] = "stepped"; return args }
			stepped := with(map[string]any{})
			a.call("launch", map[string]any{"name": "stepped", "godot": platformer2D[0], "args": append(platformer2D[1:], "--fixed-fps", "60")})
			a.call("wait", with(map[string]any{"path": knight}))
			held := gametest.NumberOf(t, a.call("advance", with(map[string]any{"frames": 0})))
			a.call("evaluate", with(map[string]any{"expression": "Engine.set_time_scale(1.0)"})) // a slime may have reached him
			assert.Equal(t, "0\n", a.call("evaluate", with(map[string]any{"expression": "Engine.get_main_loop().reload_current_scene()"})))
			assert.Equal(t, held+20, gametest.NumberOf(t, a.call("advance", with(map[string]any{"frames": 20}))), "the new scene in, the knight landed")
			x := a.value("get", with(map[string]any{"path": knight, "property": "position:x"})).(float64)
			a.call("action", with(map[string]any{"action": "move_right", "press": "down"}))
			a.call("advance", with(map[string]any{"frames": 30}))
			a.call("action", with(map[string]any{"action": "move_right", "press": "up"}))
			assert.InDelta(t, x+30*150.0/60, a.value("get", with(map[string]any{"path": knight, "property": "position:x"})), 1, "150 pixels a second")
			assert.Equal(t, held+50, gametest.NumberOf(t, a.call("frame", stepped)))
			a.call("speed", with(map[string]any{"times": 1}))
			a.until("frames run", func() bool { return gametest.NumberOf(t, a.call("frame", stepped)) > held+50 })
			a.call("speed", stepped)
			now := gametest.NumberOf(t, a.call("frame", stepped))
			assert.Equal(t, now, gametest.NumberOf(t, a.call("frame", stepped)), "held")
			a.call("quit", stepped)
		}},
		{"record the knight's game from its first frame, and another beside it in lockstep: move_right held 40 frames, his x and the screen read; replay the file", func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "knight.jsonl")
			assert.Contains(t, a.call("record", map[string]any{"file": file}), ": game game launched again, held at its first frame (0), seed 1\n")
			a.call("launch", map[string]any{"name": "beside", "godot": platformer2D[0], "args": platformer2D[1:]})
			assert.Equal(t, "game 20\nbeside 20\n", a.call("lockstep", map[string]any{"games": []string{"game", "beside"}, "frames": 20}))
			a.call("action", map[string]any{"game": "game", "action": "move_right", "press": "down"})
			assert.Equal(t, "60\n", a.call("advance", map[string]any{"game": "game", "frames": 40}))
			a.call("action", map[string]any{"game": "game", "action": "move_right", "press": "up"})
			a.value("get", map[string]any{"game": "game", "path": knight, "property": "position:x"})
			a.screenshot(map[string]any{"game": "game"})
			text, failed := a.try("speed", map[string]any{"game": "game", "times": 1})
			assert.True(t, failed, "speed while recording: %s", text)
			assert.Contains(t, a.call("record", map[string]any{"stop": true}), "wrote "+file+": 47 steps")
			a.call("quit", map[string]any{"game": "beside"})
			code, out, errOut := runGdvar(nil, append([]string{"replay", file, "--"}, append(platformer2D, "--fixed-fps", "60")...)...)
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, "replayed 47 steps: 2 checks matched; game game to frame 60; game beside to frame 20\n", out)
			a.call("speed", map[string]any{"game": "game", "max": true}) // it runs on, as before the recording
		}},
		{"move the mouse, press and release its button, turn its wheel (nothing in this game reads them)", func(t *testing.T) {
			a.call("mouse_move", map[string]any{"x": 100, "y": 50})
			pressed := map[string]any{"expression": "Input.is_mouse_button_pressed(1)"} // the left button
			a.call("mouse_click", map[string]any{"x": 100, "y": 50, "press": "down"})
			assert.Equal(t, true, a.value("evaluate", pressed))
			a.call("mouse_click", map[string]any{"x": 100, "y": 50, "press": "up"})
			assert.Equal(t, false, a.value("evaluate", pressed))
			a.call("mouse_wheel", map[string]any{"x": 100, "y": 50, "direction": "down"})
		}},
		{"type text (nothing in this game reads it)", func(*testing.T) { a.call("text", map[string]any{"text": "gdvar"}) }},
		{"read the performance monitors", func(t *testing.T) {
			assert.Regexp(t, `(?m)^time/fps \d`, a.call("monitors", nil))
		}},
		{"stop the game in its debugger, and let it go on", func(t *testing.T) {
			a.call("pause", nil)
			_, failed := a.try("stack", nil) // stopped with no script frame
			assert.False(t, failed)
			a.call("resume", nil)
			a.call("call", map[string]any{"path": knight, "method": "is_on_floor"})
		}},

		{"launch the 3D platformer", func(*testing.T) { a.launch(platformer3D, robot) }},
		{"its errors: the sky the corpus cuts, and main.gd:11", func(t *testing.T) {
			errs := a.call("errors", nil)
			assert.Contains(t, errs, "skybox.png")
			assert.Contains(t, errs, "(res://scripts/main.gd:11)")
		}},
		{"see the character, once it and the camera are still", func(t *testing.T) {
			a.until("the character and the camera still", func() bool { return a.call("evaluate", map[string]any{"expression": still}) == "[true, true]\n" })
			before = a.screenshot(nil)
			require.Equal(t, image.Pt(1280, 720), before.Bounds().Size())
			assert.GreaterOrEqual(t, debuggertest.Colors(before, before.Bounds()), 16, "a blank image")
			debuggertest.Drawn(t, before, a.feet(onScreen3D, 48, 48), before.At(0, 0))
		}},
		{"walk onto the next platform (left and forward: along -x), and see the view follow", func(t *testing.T) {
			// Released as soon as it is past x = -2: the platform ends at
			// -4.5, a busy machine's half second later at 4 units a second.
			a.hold([]string{"move_left", "move_forward"}, "the character on the next platform", func() bool { return a.number(robot, "position:x") < -2 })
			a.until("the character and the camera still", func() bool { return a.call("evaluate", map[string]any{"expression": still}) == "[true, true]\n" })
			at, ok := a.get(robot, "position").(gdvar.Vector3)
			require.True(t, ok)
			assert.InDelta(t, -3, at.X, 1.5, "on the next platform: %v", at)
			after := a.screenshot(nil)
			debuggertest.Drawn(t, after, a.feet(onScreen3D, 48, 48), after.At(0, 0))
			size := after.Bounds().Size()
			assert.Greater(t, 10*debuggertest.Differing(before, after, after.Bounds()), size.X*size.Y, "a tenth of the view changed")
		}},
		{"jump with the jump action", func(*testing.T) {
			y := a.number(robot, "position:y")
			a.hold([]string{"jump"}, "the character in the air", func() bool { return a.number(robot, "position:y") > y+0.5 })
			a.until("the character landed", func() bool { return a.number(robot, "position:y") < y+0.05 })
		}},
		{"give the character coins", func(t *testing.T) {
			a.call("set", map[string]any{"path": robot, "property": "coins", "value": "7"})
			assert.Equal(t, int64(7), a.get(robot, "coins"))
		}},
		{"put a link in front of a server, slow it one way, and read what it carried", func(t *testing.T) {
			server, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
			require.NoError(t, err)
			defer server.Close()
			link := strings.TrimSpace(a.call("proxy", map[string]any{"game": "client", "server": server.LocalAddr().String()}))
			a.call("net", map[string]any{"game": "client", "conditions": "to-server latency 50ms"})
			to, err := net.ResolveUDPAddr("udp4", link)
			require.NoError(t, err, link)
			client, err := net.DialUDP("udp4", nil, to)
			require.NoError(t, err)
			defer client.Close()
			sent := time.Now()
			_, err = client.Write([]byte("hello"))
			require.NoError(t, err)
			require.NoError(t, server.SetReadDeadline(time.Now().Add(gametest.Wait)))
			buf := make([]byte, 16)
			n, _, err := server.ReadFromUDP(buf)
			require.NoError(t, err)
			assert.Equal(t, "hello", string(buf[:n]))
			assert.GreaterOrEqual(t, time.Since(sent), 50*time.Millisecond, "the link's latency")
			assert.Contains(t, a.call("links", nil), "to-server: latency 50ms; received 1, forwarded 1, delayed 1")
		}},
		{"quit", func(t *testing.T) {
			a.call("quit", nil)
			text, failed := a.try("tree", nil)
			assert.True(t, failed, text)
		}},
	}
	require.GreaterOrEqual(t, len(tasks), 20)
	for i, task := range tasks {
		if !t.Run(fmt.Sprintf("%02d %s", i+1, task.name), func(t *testing.T) {
			a.t = t
			task.do(t)
		}) {
			a.t = t
			t.FailNow() // the next tasks need this one's state
		}
	}
	a.t = t
	var tools []string
	for tool, err := range cs.Tools(ctx, nil) {
		require.NoError(t, err)
		tools = append(tools, tool.Name)
	}
	assert.ElementsMatch(t, tools, slices.Collect(maps.Keys(a.called)), "every tool called, and no other")
}
