//go:build unix

package infile

import (
	"os"
	"syscall"
)

// openNoWait opens a file to read without waiting: O_NONBLOCK makes the
// open of a named pipe return at once, where a plain open waits for a
// writer; its reads then go through the runtime's poller, which honours
// a deadline. It changes nothing for a regular file's reads.
func openNoWait(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
