package debuggertest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"
)

// maxShownPixels bounds the pixels SamePixels names.
const maxShownPixels = 10

// SamePixels reports whether got has want's size and, pixel for pixel
// from each one's top left, its colors (8 bits a channel, alpha not
// premultiplied); if not, the test fails, naming the first pixels that
// differ. Flat colors rendered by Mesa's llvmpipe are exact, so a known
// scene's screenshot can be compared with a PNG made once.
func SamePixels(t testing.TB, got, want image.Image) bool {
	t.Helper()
	gb, wb := got.Bounds(), want.Bounds()
	if gb.Size() != wb.Size() {
		t.Errorf("an image of %v pixels, not %v", gb.Size(), wb.Size())
		return false
	}
	var wrong []string
	n := 0
	for y := range wb.Dy() {
		for x := range wb.Dx() {
			g := color.NRGBAModel.Convert(got.At(gb.Min.X+x, gb.Min.Y+y))
			w := color.NRGBAModel.Convert(want.At(wb.Min.X+x, wb.Min.Y+y))
			if g == w {
				continue
			}
			if n++; n <= maxShownPixels {
				wrong = append(wrong, fmt.Sprintf("(%d, %d) is %v, not %v", x, y, g, w))
			}
		}
	}
	if n > 0 {
		t.Errorf("%d of %d pixels differ: %v", n, wb.Dx()*wb.Dy(), wrong)
	}
	return n == 0
}

// Colors returns how many colors the part r of img has: 1 where r is
// flat, as a blank image is.
func Colors(img image.Image, r image.Rectangle) int {
	seen := map[color.Color]bool{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			seen[img.At(x, y)] = true
		}
	}
	return len(seen)
}

// Drawn reports whether the part r of img shows something drawn over the
// background color bg, such as a sprite where a character stands: at
// least 4 colors, and under half its pixels bg. If not, the test fails,
// saying which. It is the loose check of a scene not known pixel for
// pixel.
func Drawn(t testing.TB, img image.Image, r image.Rectangle, bg color.Color) bool {
	t.Helper()
	r = r.Intersect(img.Bounds())
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.At(x, y) == bg {
				n++
			}
		}
	}
	colors := Colors(img, r)
	if colors < 4 || 2*n >= r.Dx()*r.Dy() {
		t.Errorf("nothing drawn in %v: %d colors, %d of %d pixels the background's %v", r, colors, n, r.Dx()*r.Dy(), bg)
		return false
	}
	return true
}

// Differing returns how many pixels of the part r of a and b (in pixels
// from each one's top left, within both) differ in color: 0 where nothing
// changed, most of r where the view scrolled as a camera followed a
// player.
func Differing(a, b image.Image, r image.Rectangle) int {
	ab, bb := a.Bounds(), b.Bounds()
	r = r.Intersect(image.Rectangle{Max: ab.Size()}).Intersect(image.Rectangle{Max: bb.Size()})
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ca := color.NRGBAModel.Convert(a.At(ab.Min.X+x, ab.Min.Y+y))
			cb := color.NRGBAModel.Convert(b.At(bb.Min.X+x, bb.Min.Y+y))
			if ca != cb {
				n++
			}
		}
	}
	return n
}

// ReadPNG returns the image in the PNG file at path, such as what a known
// scene shows, made once, for [SamePixels]; the test fails if it cannot.
func ReadPNG(t testing.TB, path string) image.Image {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading a PNG: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decoding %s: %v", path, err)
	}
	return img
}
