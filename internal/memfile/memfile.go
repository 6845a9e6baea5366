// Package memfile is an io.WriteSeeker in memory: for tests of what writes
// to files and seeks back (gdvar.DeferredCount), and for the output a
// conversion holds back until it knows it will keep it (internal/fallback).
package memfile

import (
	"errors"
	"io"
)

// File is an io.WriteSeeker in memory; its zero value is empty and
// unbounded.
type File struct {
	b   []byte
	pos int64
	max int64 // > 0: the largest size
}

// New returns an empty File that writes into buf's memory and fails a
// Write that would make it larger than max bytes (none if max <= 0).
func New(buf []byte, max int64) *File { return &File{b: buf[:0], max: max} }

// ErrFull is Write's error past a File's largest size.
var ErrFull = errors.New("memfile: the file is full")

// Write writes p at the current offset, growing the file as needed.
func (f *File) Write(p []byte) (int, error) {
	end := f.pos + int64(len(p))
	if f.max > 0 && end > f.max {
		return 0, ErrFull
	}
	if end > int64(len(f.b)) {
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
