package debugger_test

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shotColor is the color testdata/shot draws at (x, y) of its 128×96 root
// viewport: flat colors, which Mesa's llvmpipe renders exactly.
func shotColor(x, y int) color.NRGBA {
	switch {
	case x >= 72 && x < 88 && y >= 56 && y < 72:
		return color.NRGBA{255, 0, 255, 255} // the SubViewport's
	case y < 48 && x < 64:
		return color.NRGBA{255, 0, 0, 255}
	case y < 48:
		return color.NRGBA{0, 255, 0, 255}
	case x < 64:
		return color.NRGBA{51, 102, 153, 255} // Color(0.2, 0.4, 0.6)
	}
	return color.NRGBA{255, 255, 0, 255} // the clear color
}

// testdata/shot.png, which the tests of gdvar debug and gdvar mcp
// compare their screenshots with too, is the scene as its nodes place
// its colors.
func TestShotPNG(t *testing.T) {
	want := image.NewNRGBA(image.Rect(0, 0, 128, 96))
	for y := range 96 {
		for x := range 128 {
			want.SetNRGBA(x, y, shotColor(x, y))
		}
	}
	debuggertest.SamePixels(t, debuggertest.ReadPNG(t, "testdata/shot.png"), want)
}

// A screenshot of a known scene is its pixels exactly: the root viewport
// as the engine saves it, a SubViewport's and a node's viewport by
// evaluate.
func TestLiveRenderedScreenshot(t *testing.T) {
	want := debuggertest.ReadPNG(t, "testdata/shot.png")
	g := debuggertest.Start(t, debuggertest.Project(t, "testdata/shot"), debuggertest.Rendered())
	g.WaitProperty("/root/Main", "frames", func(v any) bool { n, _ := v.(int64); return n > 2 })

	debuggertest.SamePixels(t, g.Screenshot(), want)
	debuggertest.SamePixels(t, g.Screenshot(debugger.ShotNode("/root/Main/Frame/Sub")), want.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(image.Rect(72, 56, 88, 72)))
	debuggertest.SamePixels(t, g.Screenshot(debugger.ShotNode("/root/Main/Red")), want)
}

// A game run headless has no image: the error says how to get one, by
// either way.
func TestLiveScreenshotHeadless(t *testing.T) {
	g := launchGame(t)
	ctx := liveContext(t)
	_, err := g.WaitNode(ctx, "/root/Main/Added")
	require.NoError(t, err)
	for _, opts := range [][]debugger.ShotOption{nil, {debugger.ShotNode("/root/Main")}} {
		b, err := g.Screenshot(ctx, opts...)
		require.ErrorIs(t, err, debugger.ErrNoRenderer)
		assert.ErrorContains(t, err, "Xvfb")
		assert.Nil(t, b)
	}
	v, err := g.Call(ctx, "/root/Main", "add", int64(1), int64(2))
	require.NoError(t, err, "the session goes on")
	assert.Equal(t, int64(3), v)
}

// Godot 3.6 has neither the request nor evaluate.
func TestLiveGodot3Screenshot(t *testing.T) {
	g := launchGame3(t)
	_, err := g.Screenshot(liveContext(t))
	assert.ErrorIs(t, err, debugger.ErrUnsupported)
}

// The two games of the corpus that run, unmodified, render: a screenshot
// of each is the size of its viewport, not blank, and where the player
// stands on screen, not the background. (The 2D game's music and the 3D
// game's sky are cut from the corpus: the sky is grey.)
func TestLiveRenderedCorpusGames(t *testing.T) {
	for _, c := range []struct {
		project, player string
		size            image.Point
		onScreen        string // an Expression of the player's feet in the viewport
	}{
		{"ewanc26__platformer-prototype", "/root/Game/Player", image.Pt(1152, 648),
			`Engine.get_main_loop().root.get_node("Game/Player").get_global_transform_with_canvas().origin`},
		{"KenneyNL__Starter-Kit-3D-Platformer", "/root/Main/Player", image.Pt(1280, 720),
			`Engine.get_main_loop().root.get_camera_3d().unproject_position(Engine.get_main_loop().root.get_node("Main/Player").global_position)`},
	} {
		t.Run(c.project, func(t *testing.T) {
			g := debuggertest.Start(t, debuggertest.Project(t, filepath.Join("..", "testdata", "projects", c.project)), debuggertest.Rendered())
			g.WaitNode(c.player)
			feet, ok := g.Evaluate(c.onScreen).(gdvar.Vector2)
			require.True(t, ok)
			img := g.Screenshot()
			require.Equal(t, c.size, img.Bounds().Size())
			assert.GreaterOrEqual(t, debuggertest.Colors(img, img.Bounds()), 16, "a blank image")
			at := image.Pt(int(feet.X), int(feet.Y))
			debuggertest.Drawn(t, img, image.Rect(at.X-24, at.Y-48, at.X, at.Y), img.At(0, 0))
		})
	}
}
