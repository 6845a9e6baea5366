// Package memfile is an io.WriteSeeker in memory, for tests of what
// writes to files and seeks back (gdvar.DeferredCount).
package memfile

import (
	"errors"
	"io"
)

// File is an io.WriteSeeker in memory; its zero value is empty.
type File struct {
	b   []byte
	pos int64
}

// Write writes p at the current offset, growing the file as needed.
func (f *File) Write(p []byte) (int, error) {
	if end := f.pos + int64(len(p)); end > int64(len(f.b)) {
		f.b = append(f.b, make([]byte, end-int64(len(f.b)))...)
	}
	n := copy(f.b[f.pos:], p)
	f.pos += int64(n)
	return n, nil
}

// Seek sets the offset of the next Write.
func (f *File) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += f.pos
	case io.SeekEnd:
		off += int64(len(f.b))
	}
	if off < 0 {
		return 0, errors.New("memfile: negative offset")
	}
	f.pos = off
	return off, nil
}

// Bytes returns the file's contents.
func (f *File) Bytes() []byte { return f.b }
