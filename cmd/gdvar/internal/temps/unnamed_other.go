//go:build !linux

package temps

import (
	"errors"
	"os"
)

// errNoUnnamed says this system makes no file without a name: temporary
// files are named, and removed on a signal or by the watchdog.
var errNoUnnamed = errors.New("no unnamed files outside Linux")

// OpenUnnamed fails: see errNoUnnamed.
func OpenUnnamed(string) (*os.File, error) { return nil, errNoUnnamed }

func nameUnnamed(*os.File, string) error { return errNoUnnamed }
