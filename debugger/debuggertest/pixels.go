package debuggertest

import (
	"fmt"
	"image"
	"image/color"
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
