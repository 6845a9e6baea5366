//go:build unix

package project

import (
	"io"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// openNonBlocking opens a file to read without waiting: O_NONBLOCK makes
// the open of a named pipe return at once, where a plain open waits for a
// writer. It changes nothing for a regular file's reads.
func openNonBlocking(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|unix.O_NONBLOCK, 0)
}

// openFile opens a file without waiting (see openNonBlocking) and gives
// its type and size, by its descriptor alone: a project opens each of its
// scripts twice (the walk, then the parse), and an *os.File and its
// FileInfo cost 700 bytes an open, many times a small script's bytes.
func openFile(name string) (io.ReadCloser, fs.FileMode, int64, error) {
	var fd int
	var err error
	for {
		if fd, err = unix.Open(name, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0); err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return nil, 0, 0, err
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return nil, 0, 0, err
	}
	return fdFile(fd), fileMode(uint32(st.Mode)), st.Size, nil
}

// fileMode is the type of a file's mode bits, as fs.FileMode gives it.
func fileMode(m uint32) fs.FileMode {
	switch m & unix.S_IFMT {
	case unix.S_IFREG:
		return 0
	case unix.S_IFDIR:
		return fs.ModeDir
	case unix.S_IFIFO:
		return fs.ModeNamedPipe
	case unix.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		return fs.ModeDevice
	case unix.S_IFSOCK:
		return fs.ModeSocket
	case unix.S_IFLNK:
		return fs.ModeSymlink
	}
	return fs.ModeIrregular
}

// fdFile reads an open file by its descriptor.
type fdFile int

func (f fdFile) Read(b []byte) (int, error) {
	for {
		n, err := unix.Read(int(f), b)
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return 0, err
		case n == 0 && len(b) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f fdFile) Close() error { return unix.Close(int(f)) }
