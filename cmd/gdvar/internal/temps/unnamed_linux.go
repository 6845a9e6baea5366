package temps

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// OpenUnnamed opens a new file in the folder dir that has no name
// (O_TMPFILE): the kernel frees it with its last descriptor, however gdvar
// ends, SIGKILL included, so it needs no removal. A file system that has
// no such files (some network ones) fails it, and the caller falls back
// to a named file. Its Name is its descriptor's path in /proc, which opens
// it again (encodeLike reads gdvar edit's JSON by name).
func OpenUnnamed(dir string) (*os.File, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_RDWR|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, &os.PathError{Op: "open unnamed in", Path: dir, Err: err}
	}
	return os.NewFile(uintptr(fd), fmt.Sprintf("/proc/self/fd/%d", fd)), nil
}

// nameUnnamed gives a file from OpenUnnamed the name path, which must
// not exist yet.
func nameUnnamed(f *os.File, path string) error {
	err := unix.Linkat(unix.AT_FDCWD, f.Name(), unix.AT_FDCWD, path, unix.AT_SYMLINK_FOLLOW)
	if err != nil {
		return &os.LinkError{Op: "link", Old: f.Name(), New: path, Err: err}
	}
	return nil
}
