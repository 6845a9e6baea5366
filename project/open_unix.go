//go:build unix

package project

import (
	"os"
	"syscall"
)

// openNonBlocking opens a file to read without waiting: O_NONBLOCK makes
// the open of a named pipe return at once, where a plain open waits for a
// writer. It changes nothing for a regular file's reads.
func openNonBlocking(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
