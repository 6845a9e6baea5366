//go:build !unix

package project

import "os"

// openNonBlocking opens a file to read. Outside unix, a path in a folder
// names no pipe whose open waits.
func openNonBlocking(name string) (*os.File, error) {
	return os.Open(name)
}
