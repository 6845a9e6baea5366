package debugger

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

// errShotElsewhere is a screenshot file that is not on this machine: the
// game runs on another.
var errShotElsewhere = errors.New("debugger: the game's screenshot file is not on this machine")

// shotName matches the names Godot gives its screenshot files.
var shotName = regexp.MustCompile(`^scr-[0-9]+\.png$`)

// readShot reads and removes the screenshot file the game saved at path:
// a regular file named as the engine names them (a link is not followed,
// a FIFO not waited on) holding a PNG of width × height pixels, at most
// MaxScreenshot bytes. Anything else is left where it is.
func readShot(path string, width, height int64) ([]byte, error) {
	if !filepath.IsAbs(path) || !shotName.MatchString(filepath.Base(path)) {
		return nil, fmt.Errorf("%w: a screenshot file %s", ErrMalformed, shown(path))
	}
	f, err := openShot(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errShotElsewhere
	}
	if err != nil {
		return nil, fmt.Errorf("debugger: the game's screenshot file: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("debugger: the game's screenshot file: %w", err)
	}
	if !info.Mode().IsRegular() || info.Size() > MaxScreenshot {
		return nil, fmt.Errorf("%w: a screenshot file %s: %v of %d bytes", ErrMalformed, shown(path), info.Mode().Type(), info.Size())
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxScreenshot+1))
	if err != nil {
		return nil, fmt.Errorf("debugger: the game's screenshot file: %w", err)
	}
	if len(b) > MaxScreenshot {
		return nil, fmt.Errorf("%w: a screenshot file over %d bytes", ErrMalformed, MaxScreenshot)
	}
	if err := checkPNG(b, width, height); err != nil {
		return nil, err
	}
	if err := os.Remove(path); err != nil {
		return nil, fmt.Errorf("debugger: removing the game's screenshot file: %w", err)
	}
	return b, nil
}
