package debuggertest_test

import (
	"fmt"
	"image"
	"image/color"

	"github.com/gdvar/gdvar/debugger/debuggertest"
)

// Two frames of a game whose camera follows a player: the view scrolled,
// so most of it differs, and the player's region is drawn in both.
func ExampleDiffering() {
	frame := func(scroll int) *image.NRGBA {
		img := image.NewNRGBA(image.Rect(0, 0, 64, 32))
		for y := range 32 {
			for x := range 64 {
				stripe := uint8((x + scroll) / 4 % 2 * 200) // the level, scrolling
				img.SetNRGBA(x, y, color.NRGBA{stripe, 100, 255, 255})
			}
		}
		for y := 20; y < 28; y++ { // the player, in the middle
			for x := 28; x < 36; x++ {
				img.SetNRGBA(x, y, color.NRGBA{255, uint8(8 * x), uint8(8 * y), 255})
			}
		}
		return img
	}
	before, after := frame(0), frame(4)
	player := image.Rect(28, 20, 36, 28)
	fmt.Println("pixels that changed:", debuggertest.Differing(before, after, after.Bounds()), "of", 64*32)
	fmt.Println("where the player is:", debuggertest.Differing(before, after, player))
	fmt.Println("colors of the player's region:", debuggertest.Colors(after, player))
	// Output:
	// pixels that changed: 1984 of 2048
	// where the player is: 0
	// colors of the player's region: 64
}
