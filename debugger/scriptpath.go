package debugger

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ErrNoScript is a breakpoint's file that is no script of the game's
// project: a breakpoint there would never be hit.
var ErrNoScript = errors.New("debugger: no such script in the project")

// maxWalk bounds the folder entries ScriptPath looks at, and maxWalkDepth
// the folders it goes down.
const (
	maxWalk      = 100_000
	maxWalkDepth = 64
)

// ScriptPath returns the res:// path the engine knows a script by, for
// SetBreakpoint: file as it is if it starts with res://, the file at that
// path from the project's folder ("scripts/player.gd"), or else the one
// file of the project whose path ends in file ("player.gd"; letter case
// is matched exactly if a file has it, else ignored). Where [Launch] knows the project's folder (see Launch), a
// file that is not there, or that several files end in, is [ErrNoScript],
// with the candidates; elsewhere a path without res:// is ErrNoScript.
func (s *Session) ScriptPath(file string) (string, error) {
	dir := s.cfg.projectDir
	rest, isRes := strings.CutPrefix(file, "res://")
	switch {
	case isRes && dir == "":
		return file, nil
	case dir == "":
		return "", fmt.Errorf("%w: %s: name it by its res:// path", ErrNoScript, cutText(file))
	case isRes && !isFile(dir, rest):
		return "", fmt.Errorf("%w: %s", ErrNoScript, cutText(file))
	case isRes:
		return file, nil
	case isFile(dir, file):
		return "res://" + path.Clean("/" + filepath.ToSlash(file))[1:], nil
	}
	exact, folded, err := scriptsEndingIn(dir, file)
	if err != nil {
		return "", err
	}
	found := exact
	if len(found) == 0 {
		found = folded
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return "", fmt.Errorf("%w: no file ends in %s", ErrNoScript, cutText(file))
	}
	if len(found) > 4 {
		found = append(found[:4], "…")
	}
	return "", fmt.Errorf("%w: several files end in %s: %s", ErrNoScript, cutText(file), strings.Join(found, ", "))
}

// scriptsEndingIn returns the res:// paths of the project's files that
// end in name at a folder's boundary: those whose letter case matches,
// and those that match ignoring it. The .godot folder and hidden folders
// are not looked in.
func scriptsEndingIn(dir, name string) (exact, folded []string, err error) {
	name = "/" + strings.TrimPrefix(filepath.ToSlash(name), "/")
	seen := 0
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // a folder it cannot read holds nothing it can find
		}
		if seen++; seen > maxWalk {
			return fmt.Errorf("debugger: the project %s has over %d files to look through for %s", cutText(dir), maxWalk, cutText(name))
		}
		rel, _ := filepath.Rel(dir, p)
		rel = "/" + filepath.ToSlash(rel)
		if d.IsDir() {
			if p != dir && (strings.HasPrefix(d.Name(), ".") || strings.Count(rel, "/") > maxWalkDepth) {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case strings.HasSuffix(rel, name):
			exact = append(exact, "res:/"+rel)
		case strings.HasSuffix(strings.ToLower(rel), strings.ToLower(name)):
			folded = append(folded, "res:/"+rel)
		}
		return nil
	})
	return exact, folded, err
}

// isFile says whether rel, a slash-separated path from the project's
// folder that cannot leave it, names a file (not a folder).
func isFile(dir, rel string) bool {
	st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(path.Clean("/"+filepath.ToSlash(rel)))))
	return err == nil && !st.IsDir()
}
