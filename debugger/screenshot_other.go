//go:build !unix

package debugger

import (
	"fmt"
	"os"
)

// openShot opens a screenshot file for reading if it is a regular file.
func openShot(path string) (*os.File, error) {
	info, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: a screenshot file %s: %v", ErrMalformed, shown(path), info.Mode().Type())
	}
	return os.Open(path)
}
