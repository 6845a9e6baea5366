// Package outfile checks a file a command is told to write before the
// work whose result goes there starts, so that a long run (a load test, a
// screenshot, a sweep) is not lost to a folder named by mistake, and
// writes it without waiting on a named pipe no one reads.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Check checks, before the work whose result goes there starts (a
// screenshot, a load test), that a file can be written at path: not a
// folder, in a folder that exists, where this process may write. The
// write after can still fail (a full disk, a named pipe no one reads),
// but none of these makes the work be lost.
func Check(path string) error {
	info, err := os.Stat(path)
	switch {
	case err == nil && info.IsDir():
		return errFolder(path)
	case err == nil && info.Mode()&fs.ModeSocket != 0:
		return fmt.Errorf("%s is a socket, not a file: name a file to write", shown(path))
	case err == nil:
		return writable(path)
	case !missing(err):
		return shortened(err)
	}
	return checkFolder(path)
}

// CheckReplace is Check for a file written by renaming a new one
// over it (gdvar edit's), which writes its folder, not the file, and
// would replace a named pipe or a device (/dev/null) with the file.
func CheckReplace(path string) error {
	info, err := os.Stat(path)
	switch {
	case err == nil && info.IsDir():
		return errFolder(path)
	case err == nil && !info.Mode().IsRegular():
		return fmt.Errorf("%s is a %s, not a file, which the edited file would replace: name a regular file, or - for standard output", shown(path), fileType(info.Mode()))
	case err != nil && !missing(err):
		return shortened(err)
	}
	return checkFolder(path)
}

func errFolder(path string) error {
	return fmt.Errorf("%s is a folder: name a file to write, in it or elsewhere", shown(path))
}

// checkFolder checks that the folder path is in is one that exists, and
// where this process may write.
func checkFolder(path string) error {
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, syscall.ENOTDIR) || err == nil && !info.IsDir():
		return fmt.Errorf("%s is not a folder: name a file in a folder", shown(dir))
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("no folder %s: create it, or name a file in a folder that exists", shown(dir))
	case err != nil:
		return shortened(err)
	}
	return writable(dir)
}

// missing says whether err, from a file's Stat, says it is not there: no
// such file, or a path through a file.
func missing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// fileType names the type of a file that is not a regular one.
func fileType(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

// Write creates the file at path, which Check checked, and
// has write fill it. A named pipe no one reads fails at once, where its
// opening would wait for a reader for ever.
func Write(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|openNoWait, 0o644)
	if errors.Is(err, syscall.ENXIO) {
		return fmt.Errorf("%s is a named pipe no one reads: start its reader first (%w)", shown(path), err)
	}
	if err != nil {
		return shortened(err)
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
