package netsim

import (
	"errors"
	"fmt"
	"time"
)

// frameClock is a link's time: the wall clock's, or for a link of frames
// the frames Step ran, each 1/fps s long. The link's mutex guards frame.
type frameClock struct {
	fps   int   // a link of frames, if not zero
	frame int64 // the frames Step ran
}

// newFrameClock checks Options.FPS: a link of frames needs a socket read
// without waiting, which only a unix system has.
func newFrameClock(fps int) (frameClock, error) {
	if fps < 0 || fps > 0 && !framesSupported {
		return frameClock{}, fmt.Errorf("netsim: FPS %d: a link of frames needs a unix system and FPS > 0", fps)
	}
	return frameClock{fps: fps}, nil
}

// now is the link's time. Called with the link's mutex held.
func (c *frameClock) now() time.Time {
	if c.fps == 0 {
		return time.Now()
	}
	return time.Unix(0, c.frame*int64(time.Second)/int64(c.fps))
}

// canStep refuses Step on the wall clock, where nothing would advance.
func (c *frameClock) canStep() error {
	if c.fps == 0 {
		return errors.New("netsim: Step runs a link of frames (Options.FPS)")
	}
	return nil
}

// advance moves to the next frame. Called with the link's mutex held.
func (c *frameClock) advance() { c.frame++ }
