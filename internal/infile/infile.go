// Package infile opens a file a command is told to read (a scenario, a
// results file, the file an edit started from) without waiting for ever:
// a named pipe no one writes would hold a plain open, and a device or a
// pipe whose writer never writes, a plain read, for ever.
package infile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// ErrNotFile is a path that names a folder, a device or a socket, which
// a command reads no file from.
var ErrNotFile = errors.New("not a file")

// Open opens the file at name to read. A regular file is opened as
// os.Open opens it. A named pipe, the form of a shell's <(command), is
// opened without waiting for its writer, and its reads end at the
// deadline, wait from now: one no one writes reads as empty, one whose
// writer says nothing fails at the deadline (os.ErrDeadlineExceeded).
// Anything else is ErrNotFile, saying what it is.
func Open(name string, wait time.Duration) (*os.File, error) {
	f, err := openNoWait(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	switch {
	case err != nil:
	case st.Mode().IsRegular():
		return f, nil
	case st.Mode()&fs.ModeNamedPipe != 0:
		if err = f.SetReadDeadline(time.Now().Add(wait)); err == nil {
			return f, nil
		}
	default:
		err = fmt.Errorf("%s is %s: %w; name a file", name, kind(st.Mode()), ErrNotFile)
	}
	f.Close()
	return nil, err
}

// kind names a file's type, of one that is no regular file or pipe.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file (" + m.Type().String() + ")"
}
