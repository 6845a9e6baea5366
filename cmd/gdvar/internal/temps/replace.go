package temps

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Replacement is a file written to take the place of another at once, by
// a rename over it when complete: until then the other is as it was, and
// however gdvar ends, nothing is left beside it (the file has no name
// where the system makes them, else is removed on a signal).
type Replacement struct {
	*os.File
	target, pattern string
	mode            fs.FileMode
	unnamed         bool
}

// Replace starts a file that will replace target, in its folder, with
// target's permissions (0644 if there is none yet).
func Replace(target string) (*Replacement, error) {
	r := &Replacement{target: target, pattern: "." + filepath.Base(target) + ".gdvar-*", mode: 0o644}
	if st, err := os.Stat(target); err == nil {
		r.mode = st.Mode().Perm()
	}
	dir := filepath.Dir(target)
	f, err := OpenUnnamed(dir) // named only for its rename, at the end
	r.unnamed = err == nil
	if !r.unnamed {
		f, err = CreateIn(dir, r.pattern)
	}
	if err != nil {
		return nil, err
	}
	r.File = f
	return r, nil
}

// Commit puts the file, written and synced, in place of its target, and
// closes it; on an error the target is as it was and the file gone.
func (r *Replacement) Commit() (err error) {
	defer r.Drop() // after the rename, nothing is left at its name to remove
	if err := r.Chmod(r.mode); err != nil {
		return err
	}
	if err := r.Sync(); err != nil {
		return err
	}
	name := r.Name()
	if r.unnamed {
		if name, err = Name(r.File, filepath.Dir(r.target), r.pattern); err != nil {
			return err
		}
		defer RemoveNamed(name)
	}
	return errors.Join(os.Rename(name, r.target), r.Close())
}

// Drop closes and removes the file, leaving its target as it was. It does
// nothing after Commit, or a Drop before.
func (r *Replacement) Drop() {
	Remove(r.File)
}
