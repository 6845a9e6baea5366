package outfile

import (
	"errors"
	"io/fs"
	"strings"
	"unicode"

	"github.com/gdvar/gdvar/internal/textcut"
)

// maxShown bounds what an error repeats of a path: one a client sent
// (gdvar mcp's record) may be of 1 MiB, or hold a line break.
const maxShown = 160

// shown is path as an error repeats it: as it is if short, else its
// start and its end (the file's name) around "…"; each control character
// a '?', so that the error stays one line.
func shown(path string) string {
	if len(path) > maxShown {
		path = textcut.Prefix(path, maxShown/2) + "…" + textcut.Suffix(path, maxShown/2-1)
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '?'
		}
		return r
	}, path)
}

// shortened is err with the path of its *fs.PathError shown: os.Stat's
// error repeats the path whole.
func shortened(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: shown(pe.Path), Err: pe.Err}
	}
	return err
}
