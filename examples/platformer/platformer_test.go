// Package platformer is an example: Go tests that play the two games of
// gdvar's corpus that run, a 2D and a 3D platformer
// (testdata/projects/ewanc26__platformer-prototype and
// KenneyNL__Starter-Kit-3D-Platformer), as they are: debuggertest copies
// each where the engine may write and adds nothing to it; the input goes
// through the helper debugger.Launch installs at run time. The games
// render on an Xvfb of the test's own, so the tests compare screenshots,
// and a failure attaches the game's last image and its log. Run them
// with Godot 4 and Xvfb installed (they skip, saying so, without):
//
//	go test ./examples/platformer
//	go test -artifacts -outputdir /tmp/out ./examples/platformer # keep a failure's attachments
package platformer

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpusGame starts a game of the corpus, rendered.
func corpusGame(t *testing.T, project string, opts ...debuggertest.Option) *debuggertest.Game {
	dir := debuggertest.Project(t, filepath.Join("..", "..", "testdata", "projects", project))
	return debuggertest.Start(t, dir, append(opts, debuggertest.Rendered())...)
}

// The 2D game's nodes: the knight the actions move, and the node that
// counts the coins he collects.
const (
	knight  = "/root/Game/Player"
	manager = "/root/Game/GameManager"
	label   = manager + "/Score Label"
)

// onScreen2D is an Expression of where the knight's feet are in the
// viewport: the camera follows him.
const onScreen2D = `Engine.get_main_loop().root.get_node("Game/Player").get_global_transform_with_canvas().origin`

// feetOf returns the region of the screen above a character's feet (an
// Expression of them in the viewport), w×h pixels, where it is drawn.
func feetOf(t *testing.T, game *debuggertest.Game, expr string, w, h int) image.Rectangle {
	feet, ok := game.Evaluate(expr).(gdvar.Vector2)
	require.True(t, ok, "the character's feet on screen")
	return image.Rect(int(feet.X)-w/2, int(feet.Y)-h, int(feet.X)+w/2, int(feet.Y))
}

// The knight walks right to the first coin on the move_right action: the
// score and its label count it, and he is drawn where he went, no longer
// where he stood. He jumps on jump. The score set and a point added by
// calls show in the label.
func TestLiveRenderedPlatformer2D(t *testing.T) {
	game := corpusGame(t, "ewanc26__platformer-prototype")
	game.WaitNode(knight)
	onFloor := func() bool { return game.Call(knight, "is_on_floor") == true }
	game.Eventually("the knight to land", onFloor)
	game.AssertProperty(manager, "score", int64(0))

	before := game.Screenshot()
	stood := feetOf(t, game, onScreen2D, 48, 64) // 4 times his 12×16 pixels: the camera zooms
	debuggertest.Drawn(t, before, stood, before.At(0, 0))
	x := game.Number(knight, "position:x")
	game.Action("move_right", debugger.Down)
	game.WaitProperty(manager, "score", func(v any) bool { return v == int64(1) })
	game.Action("move_right", debugger.Up)
	assert.Greater(t, game.Number(knight, "position:x"), x+32)
	game.AssertProperty(label, "text", "You collected 1 coin!")

	game.Eventually("the knight to stand", func() bool { return game.Number(knight, "velocity:x") == 0 && onFloor() })
	after := game.Screenshot()
	stands := feetOf(t, game, onScreen2D, 48, 64)
	debuggertest.Drawn(t, after, stands, after.At(0, 0))
	assert.Greater(t, 2*debuggertest.Differing(before, after, stood), stood.Dx()*stood.Dy(),
		"most of where he stood changed: he left it")

	y := game.Number(knight, "position:y")
	game.Action("jump", debugger.Down)
	game.WaitProperty(knight, "position:y", func(v any) bool { now, _ := v.(float64); return now < y-16 }) // y points down
	game.Action("jump", debugger.Up)
	game.Eventually("the knight to land again", onFloor)

	game.Set(manager, "score", int64(41))
	game.Call(manager, "add_point")
	game.AssertProperty(label, "text", "You collected 42 coins!")
}

// The 3D game's character, and its camera's pivot, which follows it.
const (
	robot = "/root/Main/Player"
	view  = "/root/Main/View"
)

// onScreen3D is an Expression of where the character's feet are in the
// viewport.
const onScreen3D = `Engine.get_main_loop().root.get_camera_3d().unproject_position(Engine.get_main_loop().root.get_node("Main/Player").global_position)`

// stillExpr is an Expression that is true when the 3D character and the
// camera following it are still.
const stillExpr = `Engine.get_main_loop().root.get_node("Main/Player").velocity.length() < 0.01 and Engine.get_main_loop().root.get_node("Main/View").position.distance_to(Engine.get_main_loop().root.get_node("Main/Player").position) < 0.02`

// The character walks on move_left and move_forward together, along the
// world's x axis, from its small platform (x from -1 to 1) onto the one
// beside it (x from -4.5 to -1.5); the camera follows it: the view
// changes, and the character is drawn where it stands. (It is released as
// soon as the test sees it past x = -2: it walks on for as long as that
// takes, 4 units a second, and a busy machine's half second would take it
// over the far edge.) Then it walks on the same way, off that platform's
// far edge, and falls: the game reloads its scene, with warnings of its
// own, and a new character stands, drawn where it stands. (Walking
// back to the start crosses the gap between the two platforms, where a
// character that comes at it askew on a busy machine's uneven frames
// was once seen stuck against the start's side: x -1.25, y 0.28, its
// velocity 0 with the input held.)
func TestLiveRenderedPlatformer3D(t *testing.T) {
	// Drawn by Mesa's software renderer, a 3D frame on a busy machine can
	// take a second: each wait gets three minutes.
	game := corpusGame(t, "KenneyNL__Starter-Kit-3D-Platformer", debuggertest.Timeout(3*time.Minute))
	// What the character and the input were at the last look, said if the
	// test fails: where it stood, its velocity, the actions, the frame rate.
	var last any
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the character at the last look: %v", last)
		}
	})
	look := func() {
		last, _ = game.Game.Evaluate(t.Context(), `[Engine.get_main_loop().root.get_node("Main/Player").position, Engine.get_main_loop().root.get_node("Main/Player").velocity, Input.get_vector("move_left", "move_right", "move_forward", "move_back"), Engine.get_frames_per_second()]`)
	}
	first := game.WaitNode(robot)
	still := func() bool { return game.Evaluate(stillExpr) == true }
	game.Eventually("the character and the camera to be still", still)
	before := game.Screenshot()

	game.Action("move_left", debugger.Down)
	game.Action("move_forward", debugger.Down)
	game.WaitProperty(robot, "position:x", func(v any) bool { x, _ := v.(float64); return x < -2 })
	game.Action("move_left", debugger.Up)
	game.Action("move_forward", debugger.Up)

	game.Eventually("the character and the camera to be still again", still)
	after := game.Screenshot()
	debuggertest.Drawn(t, after, feetOf(t, game, onScreen3D, 48, 48), after.At(0, 0))
	assert.Greater(t, 10*debuggertest.Differing(before, after, after.Bounds()), after.Bounds().Dx()*after.Bounds().Dy(),
		"over a tenth of the view changed: the camera moved")
	at, ok := game.Get(robot, "position").(gdvar.Vector3)
	require.True(t, ok)
	assert.InDelta(t, -3, at.X, 1.5, "on the next platform, not fallen off it: %v", at)
	assert.Greater(t, at.Y, 0.0, "on the next platform, not fallen off it: %v", at)

	game.Action("move_left", debugger.Down)
	game.Action("move_forward", debugger.Down)
	// Falling, or already fallen: on a busy machine the reload may come
	// between two looks, the node then gone (an error) or a new one.
	game.Eventually("the character falling, or the scene reloaded", func() bool {
		look()
		v, err := game.Game.Evaluate(t.Context(), fmt.Sprintf(`Engine.get_main_loop().root.get_node("Main/Player").position.y < -2 or Engine.get_main_loop().root.get_node("Main/Player").get_instance_id() != %d`, first.ID))
		return err != nil || v == true
	})
	game.Action("move_left", debugger.Up)
	game.Action("move_forward", debugger.Up)
	// Until the game reloads at y = -10, and for a frame after, the
	// character's node may be gone: an expression that reads it fails. On
	// a busy machine the reload can come before the actions' release, and
	// the new character walks a little before it stops: it is looked for
	// standing still, wherever that is.
	game.Eventually("the game to reload its scene, a new character standing still", func() bool {
		look()
		v, err := game.Game.Evaluate(t.Context(), fmt.Sprintf(`Engine.get_main_loop().root.get_node("Main/Player").get_instance_id() != %d and Engine.get_main_loop().root.get_node("Main/Player").position.y > 0 and `, first.ID)+stillExpr)
		return err == nil && v == true
	})
	assert.NotEqual(t, first.ID, game.WaitNode(robot).ID, "a new character: the scene reloaded")
	back := game.Screenshot()
	debuggertest.Drawn(t, back, feetOf(t, game, onScreen3D, 48, 48), back.At(0, 0))
}
