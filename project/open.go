package project

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// openRegular opens a file to read, refusing anything but a regular file
// ([ErrNotRegular]): a named pipe would block the read until a writer came,
// a device could answer for ever. The open itself does not wait, and the
// type checked is the opened file's, which a Stat of the path before the
// open could not promise. It returns the file's size too. Its errors do
// not name the file (the machine's path): the caller names it as the
// project does.
func openRegular(name string) (io.ReadCloser, int64, error) {
	f, mode, size, err := openFile(name)
	if err != nil {
		return nil, 0, unreadable(err)
	}
	if !mode.IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("%w (%s)", ErrNotRegular, fileKind(mode))
	}
	return f, size, nil
}

// unreadable is why the system does not open or read a file, without
// its path: the system's error where the file does not exist (which
// matches fs.ErrNotExist), else [ErrUnreadable] and the system's error (a
// loop of links, a name too long, a permission).
func unreadable(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return fmt.Errorf("%w (%w)", ErrUnreadable, err)
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
