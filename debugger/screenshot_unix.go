//go:build unix

package debugger

import (
	"os"

	"golang.org/x/sys/unix"
)

// openShot opens a screenshot file for reading: not through a link, and
// at once if it is a FIFO, which then fails readShot's check.
func openShot(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK, 0)
}
