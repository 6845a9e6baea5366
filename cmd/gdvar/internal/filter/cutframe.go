package filter

import (
	"fmt"
	"io"
)

// cutFrameError is a frame that the input's end cuts: its length word
// declares more bytes than the input holds after it. A cut-short frame is
// damage, never a value, whatever the bytes it holds read as. It matches
// io.ErrUnexpectedEOF.
type cutFrameError struct {
	offset   int64 // where the frame's length word is
	declared int64 // the bytes the length word declares
	held     int64 // the bytes the input holds after it
}

func (e *cutFrameError) Error() string {
	return fmt.Sprintf("the frame at offset %d declares %d bytes and holds %d: the input ends inside it", e.offset, e.declared, e.held)
}

func (e *cutFrameError) Unwrap() error { return io.ErrUnexpectedEOF }
