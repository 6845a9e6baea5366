package project

import (
	"fmt"
	"io/fs"
	"os"
)

// openRegular opens a file to read, refusing anything but a regular file
// ([ErrNotRegular]): a named pipe would block the read until a writer came,
// a device could answer for ever. The open itself does not wait
// (openNonBlocking), and the type checked is the opened file's, which a
// Stat of the path before the open could not promise. It returns the
// file's FileInfo too.
func openRegular(name string) (*os.File, fs.FileInfo, error) {
	f, err := openNonBlocking(name)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("%s: %w (%s)", name, ErrNotRegular, fileKind(st.Mode()))
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// fileKind names the type of a file that is not a regular one.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.Type().String()
}
