package project

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
)

// index is what a walk of the project finds: the global classes and the
// UIDs of its files.
type index struct {
	classes map[string]string       // class_name → res:// path of its script
	bases   map[string]string       // class_name → the base its script's header names
	uids    map[resource.UID]string // a UID's value → res:// path
	csharp  *csIndex                // the C# files' declarations, or nil
	files   []string                // res:// paths, in the walk's order (Files)
}

// Classes returns the project's global classes: each class_name and the
// res:// path of the script that declares it, as the editor's scan
// registers them (EditorFileSystem): subfolders before files, each sorted
// without case, hidden entries and folders holding .gdignore or their own
// project.godot skipped; where two scripts declare one name, the last one
// scanned has it. Symbolic links to folders are not followed. A file the
// walk cannot read (a dangling link, a device, one too large) declares
// nothing: it fails alone, when it is asked for.
func (p *Project) Classes() (map[string]string, error) {
	idx, err := p.walk()
	if err != nil {
		return nil, err
	}
	return idx.classes, nil
}

// importUID finds a .import file's uid= line, in its [remap] section
// (its first).
var importUID = regexp.MustCompile(`(?m)^uid="([^"\\]*)"`)

// walk lists the project once, within the limits.
func (p *Project) walk() (*index, error) {
	if p.index != nil {
		return p.index, nil
	}
	idx := &index{classes: map[string]string{}, bases: map[string]string{}, uids: map[resource.UID]string{}}
	entries := 0
	var sc scanner
	var visit func(dir, res string, depth int) error
	visit = func(dir, res string, depth int) error {
		if depth > p.limits.MaxDepth {
			return fmt.Errorf("%s: %w (folders %d deep)", Shown(res), ErrTooDeep, depth)
		}
		names, err := p.list(dir, &entries)
		switch {
		case errors.Is(err, ErrTooManyFiles), err != nil && depth == 0:
			return fmt.Errorf("%s: %w", Shown(res), err)
		case err != nil:
			return nil // a folder that does not read holds nothing, as a file
		}
		var dirs []os.DirEntry
		files := names[:0] // in place: a folder may hold thousands
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
			slices.SortStableFunc(group, func(a, b os.DirEntry) int { return compareFolded(a.Name(), b.Name()) })
		}
		for _, d := range dirs {
			if err := visit(filepath.Join(dir, d.Name()), res+d.Name()+"/", depth+1); err != nil {
				return err
			}
		}
		for _, f := range files {
			r := res + f.Name()
			idx.files = append(idx.files, r)
			p.indexFile(idx, &sc, filepath.Join(dir, f.Name()), r)
		}
		return nil
	}
	if err := visit(p.Dir, "res://", 0); err != nil {
		return nil, err
	}
	p.index = idx
	return idx, nil
}

// compareFolded compares names as strings.ToLower makes them, without
// making them: a sort compares each name many times.
func compareFolded(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if c := cmp.Compare(unicode.ToLower(ra), unicode.ToLower(rb)); c != 0 {
			return c
		}
		a, b = a[na:], b[nb:]
	}
	return cmp.Compare(len(a), len(b))
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
		return nil, unreadable(err)
	}
	defer f.Close()
	var all []os.DirEntry
	for {
		batch, err := f.ReadDir(256)
		all = append(all, batch...)
		if *entries += len(batch); *entries > p.limits.MaxFiles {
			return nil, fmt.Errorf("%w (more than %d entries)", ErrTooManyFiles, p.limits.MaxFiles)
		}
		if err == io.EOF || len(batch) == 0 {
			return all, nil
		}
		if err != nil {
			return nil, unreadable(err)
		}
	}
}

func exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}

// indexFile records what one file adds: a script's class_name, a file's
// UID. A file that does not read adds nothing.
func (p *Project) indexFile(idx *index, sc *scanner, name, res string) {
	switch ext := filepath.Ext(name); ext {
	case ".gd":
		src, err := sc.read(name, p.limits.MaxFileBytes)
		if err != nil {
			return
		}
		if class, base := sc.header.globalClass(src, p.limits); class != "" && !idx.cyclic(class, base, p.limits) {
			idx.classes[class], idx.bases[class] = res, base
		}
	case ".cs":
		p.indexCSharp(idx, name, res)
	case ".uid", ".import", ".tscn", ".tres":
		head, err := sc.read(name, uidHead)
		if err != nil && !errors.Is(err, ErrTooLarge) {
			return
		}
		var text []byte
		switch ext {
		case ".uid":
			text = uidLine(head)
		case ".import":
			if m := importUID.FindSubmatch(head); m != nil {
				text = m[1]
			}
		default:
			text = headerUID(head)
		}
		// Indexed by value, as the engine's ResourceUID: uid://b9 and
		// uid://ca are one UID, and a text that is not a UID's
		// (uid://main_scene) is none, which no reference finds.
		if u, err := resource.ParseUID(string(text)); err == nil {
			if ext == ".uid" || ext == ".import" {
				res = strings.TrimSuffix(res, ext)
			}
			idx.uids[u] = res
		}
	}
}

// uidLine returns the first line of a .uid file as the engine's
// FileAccess.get_line reads it, its CRs dropped and nothing trimmed.
func uidLine(b []byte) []byte {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	if bytes.IndexByte(b, '\r') < 0 {
		return b
	}
	return bytes.ReplaceAll(b, []byte("\r"), nil)
}

// headerCodec reads a text resource's tags.
var headerCodec = vartext.MustCodec(vartext.WithResourceFormat(3))

// headerUID returns the text of the uid= of a .tscn's or .tres's header,
// its first tag, which alone the engine's loader reads the UID from (an
// ext_resource's further on is another file's), the tag read as that
// loader's parser reads it; nil where it has none.
func headerUID(head []byte) []byte {
	e, err := headerCodec.NewDecoder(bytes.NewReader(head)).NextEntry()
	if err != nil || !e.Section {
		return nil
	}
	for _, a := range e.Attrs {
		if s, ok := a.Value.(string); ok && a.Name == "uid" {
			return []byte(s)
		}
	}
	return nil
}

// uidHead is how much of a file the walk reads for its UID: a header's
// first line, a .uid file.
const uidHead = 4096

// scanner reads the walk's files one after another into one buffer, and
// their headers with one parser: a project may hold thousands of small
// files, each of which would otherwise cost its own.
type scanner struct {
	buf    []byte
	header headerReader
}

// read reads a regular file into the buffer, at most limit bytes: more is
// ErrTooLarge, with the first limit bytes. What it returns is the
// buffer's, until the next read.
func (sc *scanner) read(name string, limit int64) ([]byte, error) {
	f, size, err := openRegular(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if need := min(size, limit) + 1; int64(cap(sc.buf)) < need {
		sc.buf = make([]byte, need)
	}
	n, err := io.ReadFull(f, sc.buf[:min(int64(cap(sc.buf)), limit+1)])
	switch {
	case int64(n) > limit:
		return sc.buf[:limit], fmt.Errorf("%w (over %d bytes)", ErrTooLarge, limit)
	case err == io.EOF, err == io.ErrUnexpectedEOF:
		err = nil
	}
	return sc.buf[:n], err
}
