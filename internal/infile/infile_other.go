//go:build !unix

package infile

import "os"

// openNoWait opens a file to read. Outside unix, a path in a folder
// names no pipe whose open waits.
func openNoWait(name string) (*os.File, error) {
	return os.Open(name)
}
