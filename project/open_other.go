//go:build !unix

package project

import (
	"io"
	"io/fs"
	"os"
)

// openNonBlocking opens a file to read. Outside unix, a path in a folder
// names no pipe whose open waits.
func openNonBlocking(name string) (*os.File, error) {
	return os.Open(name)
}

// openFile opens a file to read and gives its type and size.
func openFile(name string) (io.ReadCloser, fs.FileMode, int64, error) {
	f, err := openNonBlocking(name)
	if err != nil {
		return nil, 0, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, 0, err
	}
	return f, st.Mode().Type(), st.Size(), nil
}
