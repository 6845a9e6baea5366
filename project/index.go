package project

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// index is what a walk of the project finds: the global classes and the
// UIDs of its files.
type index struct {
	classes map[string]string // class_name → res:// path of its script
	bases   map[string]string // class_name → the base its script's header names
	uids    map[string]string // uid://… → res:// path
	csharp  *csIndex          // the C# files' declarations, or nil
}

// Classes returns the project's global classes: each class_name and the
// res:// path of the script that declares it, as the editor's scan
// registers them (EditorFileSystem): subfolders before files, each sorted
// without case, hidden entries and folders holding .gdignore or their own
// project.godot skipped; where two scripts declare one name, the last one
// scanned has it. Symbolic links to folders are not followed.
func (p *Project) Classes() (map[string]string, error) {
	idx, err := p.walk()
	if err != nil {
		return nil, err
	}
	return idx.classes, nil
}

// uidAttr finds a uid="uid://…" attribute, as in a .tscn or .tres header
// or a .import file.
var uidAttr = regexp.MustCompile(`uid="(uid://[a-z0-9]+)"`)

// walk lists the project once, within the limits.
func (p *Project) walk() (*index, error) {
	if p.index != nil {
		return p.index, nil
	}
	idx := &index{classes: map[string]string{}, bases: map[string]string{}, uids: map[string]string{}}
	entries := 0
	var visit func(dir, res string, depth int) error
	visit = func(dir, res string, depth int) error {
		if depth > p.limits.MaxDepth {
			return fmt.Errorf("%s: %w (folders %d deep)", dir, ErrTooDeep, depth)
		}
		names, err := p.list(dir, &entries)
		if err != nil {
			return err
		}
		var dirs, files []os.DirEntry
		for _, e := range names {
			switch {
			case strings.HasPrefix(e.Name(), "."):
			case e.IsDir():
				if !exists(filepath.Join(dir, e.Name(), "project.godot")) && !exists(filepath.Join(dir, e.Name(), ".gdignore")) {
					dirs = append(dirs, e)
				}
			case e.Type().IsRegular() || e.Type()&os.ModeSymlink != 0:
				files = append(files, e)
			}
		}
		for _, group := range [][]os.DirEntry{dirs, files} {
			sort.SliceStable(group, func(i, j int) bool { return strings.ToLower(group[i].Name()) < strings.ToLower(group[j].Name()) })
		}
		for _, d := range dirs {
			if err := visit(filepath.Join(dir, d.Name()), res+d.Name()+"/", depth+1); err != nil {
				return err
			}
		}
		for _, f := range files {
			if err := p.indexFile(idx, filepath.Join(dir, f.Name()), res+f.Name()); err != nil {
				return err
			}
		}
		return nil
	}
	if err := visit(p.Dir, "res://", 0); err != nil {
		return nil, err
	}
	p.index = idx
	return idx, nil
}

// cyclic says the class would be its own base, which
// ScriptServer::add_global_class refuses: its base is itself, or its base
// is a global class whose engine class (where the chain of global bases
// ends) is it. The chain is followed [Limits.MaxDepth] steps at most.
func (idx *index) cyclic(class, base string, limits Limits) bool {
	if base == class {
		return true
	}
	for range limits.MaxDepth {
		next, ok := idx.bases[base]
		if !ok {
			break
		}
		base = next
	}
	return base == class
}

// list reads a folder's entries, counting them against [Limits.MaxFiles].
// The folder is opened without waiting: a pipe put in its place since it
// was listed fails to read as a folder.
func (p *Project) list(dir string, entries *int) ([]os.DirEntry, error) {
	f, err := openNonBlocking(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var all []os.DirEntry
	for {
		batch, err := f.ReadDir(256)
		all = append(all, batch...)
		if *entries += len(batch); *entries > p.limits.MaxFiles {
			return nil, fmt.Errorf("%s: %w (more than %d entries)", p.Dir, ErrTooManyFiles, p.limits.MaxFiles)
		}
		if err == io.EOF || len(batch) == 0 {
			return all, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}

// indexFile records what one file adds: a script's class_name, a file's
// UID.
func (p *Project) indexFile(idx *index, name, res string) error {
	var head []byte
	var err error
	switch ext := filepath.Ext(name); ext {
	case ".gd":
		if head, err = readLimited(name, p.limits.MaxFileBytes); err != nil {
			return err
		}
		if class, base := globalClass(head, p.limits); class != "" && !idx.cyclic(class, base, p.limits) {
			idx.classes[class], idx.bases[class] = res, base
		}
		return nil
	case ".cs":
		return p.indexCSharp(idx, name, res)
	case ".uid", ".import", ".tscn", ".tres":
		if head, err = readHead(name, 4096); err != nil {
			return err
		}
		var uid []byte
		if ext == ".uid" {
			uid = bytes.TrimSpace(head)
		} else if m := uidAttr.FindSubmatch(head); m != nil {
			uid = m[1]
		}
		if bytes.HasPrefix(uid, []byte("uid://")) {
			if ext == ".uid" || ext == ".import" {
				res = strings.TrimSuffix(res, ext)
			}
			idx.uids[string(uid)] = res
		}
	}
	return nil
}

// readHead reads at most n bytes from the start of a regular file.
func readHead(name string, n int64) ([]byte, error) {
	f, _, err := openRegular(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, n))
}
