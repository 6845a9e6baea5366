package stream

import (
	"errors"
	"fmt"
	"strings"
)

// ErrFrameTooLarge is matched by the error for a frame longer than the
// maximum (see [WithMaxFrame]).
var ErrFrameTooLarge = errors.New("frame too large")

// ErrBroken is matched by every error of a [Reader] or [Writer] after a failure
// that leaves the stream out of step (an oversized frame not skipped, the
// input ending or failing inside a frame, a frame written short): the
// connection should be closed.
var ErrBroken = errors.New("stream broken")

// FrameError reports a problem with one frame: where it starts (the offset
// of its length word from the start of the stream), its length, and what is
// wrong, such as [ErrFrameTooLarge] or a *gdvar.DecodeError for a value that
// does not decode (its offset counts from the frame's value).
type FrameError struct {
	Offset int64
	Length int64
	Err    error
}

func (e *FrameError) Error() string {
	return fmt.Sprintf("stream: frame at offset %d (%d bytes): %v", e.Offset, e.Length, e.Err)
}

func (e *FrameError) Unwrap() error { return e.Err }

// brokenError is a failure that broke the stream; it matches ErrBroken and
// the cause.
type brokenError struct{ err error }

// Error names the package once, though the cause (a FrameError) names it too.
func (e *brokenError) Error() string {
	return "stream: broken: " + strings.TrimPrefix(e.err.Error(), "stream: ")
}

func (e *brokenError) Unwrap() []error { return []error{ErrBroken, e.err} }
