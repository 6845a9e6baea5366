//go:build unix

package outfile

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// openNoWait opens a named pipe for writing at once, or fails (ENXIO) if
// no one reads it; a regular file as ever. Go's writes to such a pipe
// wait for room in the runtime's poller.
const openNoWait = unix.O_NONBLOCK

// writable checks that this process may write path, a file or a folder
// (in which to create one): its permissions, and a file system not
// mounted read-only.
func writable(path string) error {
	if err := unix.Access(path, unix.W_OK); err != nil {
		return fmt.Errorf("cannot write %s (%w): name a file where you may write", shown(path), err)
	}
	return nil
}
