package debugger

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
)

// errShotElsewhere is a screenshot file that is not on this machine (the
// game runs on another), or not in the engine's temporary folder.
var errShotElsewhere = errors.New("debugger: the game's screenshot file is not on this machine")

// shotName matches the names Godot gives its screenshot files.
var shotName = regexp.MustCompile(`^scr-[0-9]+\.png$`)

// shotFolder is where the engine saves its screenshot files,
// OS::get_temp_path(): on Linux and the BSDs /tmp, whatever TMPDIR says
// (Godot 4.6.3 prints /tmp for OS.get_temp_dir() under TMPDIR=/x), and
// elsewhere the system's temporary folder, which os.TempDir finds as the
// engine does. A variable for the tests.
var shotFolder = engineTempFolder()

func engineTempFolder() string {
	switch runtime.GOOS {
	case "darwin", "ios", "windows", "android", "js", "wasip1", "plan9":
		return os.TempDir()
	}
	return "/tmp"
}

// readShot reads and removes the screenshot file the game saved at path:
// a regular file named as the engine names them, in the engine's
// temporary folder (a link is not followed, a FIFO not waited on),
// holding a PNG of width × height pixels, of at most the bytes such a
// PNG can take (checkImageSize), known before it is read. A path in any
// other folder is never opened, so that a game cannot have a user's own
// file read and removed: it is errShotElsewhere, as a file on another
// machine is. Anything else is left where it is.
func readShot(path string, width, height int64) ([]byte, error) {
	if !filepath.IsAbs(path) || !shotName.MatchString(filepath.Base(path)) {
		return nil, fmt.Errorf("%w: a screenshot file %s", ErrMalformed, shown(path))
	}
	if filepath.Dir(filepath.Clean(path)) != filepath.Clean(shotFolder) {
		return nil, errShotElsewhere
	}
	bound, err := checkImageSize(width, height)
	if err != nil {
		return nil, err
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
	if !info.Mode().IsRegular() || info.Size() > bound {
		return nil, fmt.Errorf("%w: a screenshot file %s of %d×%d pixels: %v of %d bytes, where its PNG takes %d at most", ErrMalformed, shown(path), width, height, info.Mode().Type(), info.Size(), bound)
	}
	b, err := io.ReadAll(io.LimitReader(f, bound+1)) // a file that grew past its size is caught by the check
	if err != nil {
		return nil, fmt.Errorf("debugger: the game's screenshot file: %w", err)
	}
	check := newPNGCheck(width, height, bound)
	if err := check.check(b); err != nil {
		return nil, err
	}
	if !check.ended {
		return nil, fmt.Errorf("%w: a screenshot file %s whose PNG is cut short at %d bytes", ErrMalformed, shown(path), len(b))
	}
	if err := os.Remove(path); err != nil {
		return nil, fmt.Errorf("debugger: removing the game's screenshot file: %w", err)
	}
	return b, nil
}
