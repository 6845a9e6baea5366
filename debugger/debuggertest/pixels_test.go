package debuggertest_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/testrig/tbrecorder"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// flat is a w×h image of one color.
func flat(w, h int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

var (
	sky   = color.NRGBA{100, 150, 255, 255}
	red   = color.NRGBA{255, 0, 0, 255}
	green = color.NRGBA{0, 255, 0, 255}
	blue  = color.NRGBA{0, 0, 255, 255}
)

// sprite is a 16×16 sky with a 4-color 8×8 sprite whose top left is at.
func sprite(at image.Point) *image.NRGBA {
	img := flat(16, 16, sky)
	for y := range 8 {
		for x := range 8 {
			img.SetNRGBA(at.X+x, at.Y+y, []color.NRGBA{red, green, blue, {}}[(x+y)%4])
		}
	}
	return img
}

// withPixel is img with one pixel changed.
func withPixel(img *image.NRGBA, at image.Point, c color.NRGBA) *image.NRGBA {
	out := image.NewNRGBA(img.Bounds())
	copy(out.Pix, img.Pix)
	out.SetNRGBA(at.X, at.Y, c)
	return out
}

func TestSamePixels(t *testing.T) {
	base := sprite(image.Pt(2, 2))
	for _, c := range []struct {
		name      string
		got, want image.Image
		same      bool
		says      string
	}{
		{"the same", base, sprite(image.Pt(2, 2)), true, ""},
		{"one pixel", withPixel(base, image.Pt(15, 0), red), base, false,
			"1 of 256 pixels differ: [(15, 0) is {255 0 0 255}, not {100 150 255 255}]"},
		{"another size", flat(16, 8, sky), base, false, "an image of (16,8) pixels, not (16,16)"},
		{"moved", sprite(image.Pt(3, 2)), base, false, "pixels differ: [(2, 2) is {100 150 255 255}, not {255 0 0 255}"},
		{"each from its top left", base.SubImage(image.Rect(2, 2, 10, 10)), sprite(image.Pt(0, 0)).SubImage(image.Rect(0, 0, 8, 8)), true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &tbrecorder.Recorder{TB: t}
			assert.Equal(t, c.same, debuggertest.SamePixels(r, c.got, c.want))
			assert.Equal(t, !c.same, r.Failed())
			if c.says != "" {
				assert.Contains(t, r.Text(), c.says)
			}
		})
	}
}

func TestSamePixelsNamesTenPixels(t *testing.T) {
	r := &tbrecorder.Recorder{TB: t}
	assert.False(t, debuggertest.SamePixels(r, flat(16, 16, red), flat(16, 16, sky)))
	assert.Contains(t, r.Text(), "256 of 256 pixels differ: [(0, 0) is")
	assert.Equal(t, 10, strings.Count(r.Text(), " is {"), r.Text())
}

func TestColors(t *testing.T) {
	assert.Equal(t, 1, debuggertest.Colors(flat(4, 4, sky), image.Rect(0, 0, 4, 4)))
	img := sprite(image.Pt(8, 8))
	assert.Equal(t, 1, debuggertest.Colors(img, image.Rect(0, 0, 8, 8)), "the sky alone")
	assert.Equal(t, 5, debuggertest.Colors(img, img.Bounds()), "the sky and the sprite's 4")
}

func TestDrawn(t *testing.T) {
	img := sprite(image.Pt(8, 8))
	for _, c := range []struct {
		name  string
		r     image.Rectangle
		drawn bool
		says  string
	}{
		{"the sprite", image.Rect(8, 8, 16, 16), true, ""},
		{"the sprite, beyond the image", image.Rect(8, 8, 40, 40), true, ""},
		{"the sky", image.Rect(0, 0, 8, 8), false, "nothing drawn in (0,0)-(8,8): 1 colors, 64 of 64 pixels the background's"},
		{"mostly sky", image.Rect(0, 0, 16, 16), false, "5 colors, 192 of 256 pixels"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &tbrecorder.Recorder{TB: t}
			assert.Equal(t, c.drawn, debuggertest.Drawn(r, img, c.r, sky))
			assert.Equal(t, !c.drawn, r.Failed())
			if c.says != "" {
				assert.Contains(t, r.Text(), c.says)
			}
		})
	}
}

func TestDiffering(t *testing.T) {
	a, b := sprite(image.Pt(0, 0)), sprite(image.Pt(8, 0))
	for _, c := range []struct {
		name string
		a, b image.Image
		r    image.Rectangle
		want int
	}{
		{"the same", a, sprite(image.Pt(0, 0)), a.Bounds(), 0},
		{"one pixel", a, withPixel(a, image.Pt(15, 15), red), a.Bounds(), 1},
		{"the sprite moved", a, b, a.Bounds(), 128},
		{"where it was", a, b, image.Rect(0, 0, 8, 8), 64},
		{"where neither is", a, b, image.Rect(0, 8, 16, 16), 0},
		{"clipped to the images", a, b, image.Rect(-8, -8, 100, 100), 128},
		{"each from its top left", a.SubImage(image.Rect(0, 0, 8, 8)), b.SubImage(image.Rect(8, 0, 16, 8)), image.Rect(0, 0, 8, 8), 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, debuggertest.Differing(c.a, c.b, c.r))
		})
	}
}

// ReadPNG reads what png.Encode wrote, and fails the test, saying which
// file, on a file that is not there or not a PNG.
func TestReadPNG(t *testing.T) {
	dir := t.TempDir()
	img := sprite(image.Pt(4, 4))
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, img))
	good, bad := filepath.Join(dir, "good.png"), filepath.Join(dir, "bad.png")
	require.NoError(t, os.WriteFile(good, b.Bytes(), 0o644))
	require.NoError(t, os.WriteFile(bad, []byte("GIF89a, not a PNG at all"), 0o644))
	debuggertest.SamePixels(t, debuggertest.ReadPNG(t, good), img)

	for _, c := range []struct{ path, says string }{
		{bad, "decoding " + bad + ": png: invalid format"},
		{filepath.Join(dir, "none.png"), "reading a PNG: open " + filepath.Join(dir, "none.png")},
	} {
		r := &tbrecorder.Recorder{TB: t}
		r.Run(func() {
			debuggertest.ReadPNG(r, c.path)
			t.Error("ReadPNG went on")
		})
		assert.True(t, r.Failed())
		assert.Contains(t, r.Text(), c.says)
	}
}
