package project

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gdvar/gdvar/resource"
)

// Project is a Godot project: the folder holding project.godot, whose
// files are res:// paths. It reads scripts and scenes on demand and keeps
// what it read; it is not safe for use by several goroutines at once.
type Project struct {
	// Dir is the project's folder, absolute.
	Dir string

	limits   Limits
	scripts  map[string]*scriptRead  // by res:// path
	scenes   map[string]*sceneRead   // by res:// path
	shaders  map[string]shaderRead   // ShaderCode's, by file name
	checked  map[checkKey]error      // checkScript's results
	checking int                     // checkScript's calls under way, one within another
	types    typeState               // what resolving types keeps while it works
	index    *index                  // the walk's classes and UIDs, once made
	settings *settingsRead           // what is taken of project.godot's text, once read
	scripts3 map[string]*script3Read // a Godot 3 project's scripts, by res:// path
	imports  map[string]importRead   // .import files, by the res:// path of what they import
	config   *configRead             // project.godot read as a ConfigFile, once
	// kept is the budget of what the Project keeps of its files, over
	// the bytes of all it read.
	kept budget
	// preloads are the Externals of stored variables' preload defaults,
	// by path: one for the variables that preload one file.
	preloads map[string]*resource.External
	// classTable is the engine's class table for the project's version,
	// once chosen.
	classTable *engineClasses
}

// scriptRead is a script read, or why it could not be.
type scriptRead struct {
	script *Script
	err    error
}

// Open opens the project in dir, which must hold project.godot.
func Open(dir string, opts ...Option) (*Project, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	settings := filepath.Join(abs, "project.godot")
	if st, err := os.Stat(settings); err != nil || st.IsDir() {
		return nil, fmt.Errorf("%s: %w", dir, ErrNoProject)
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w (%s)", settings, ErrNotRegular, fileKind(st.Mode()))
	}
	limits := options(opts).limits
	return &Project{Dir: abs, limits: limits, kept: budget{perByte: limits.TreeBytesPerByte, floor: keptFloor},
		scripts: map[string]*scriptRead{}, scenes: map[string]*sceneRead{}, checked: map[checkKey]error{}}, nil
}

// Find opens the project of a file or folder: the nearest folder at or
// above it that holds project.godot.
func Find(file string, opts ...Option) (*Project, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	for dir := abs; ; dir = filepath.Dir(dir) {
		if st, err := os.Stat(filepath.Join(dir, "project.godot")); err == nil && !st.IsDir() {
			return Open(dir, opts...)
		}
		if filepath.Dir(dir) == dir {
			return nil, fmt.Errorf("%s: %w in its folder or above", file, ErrNoProject)
		}
	}
}

// ResPath returns the res:// path of a file of the project.
func (p *Project) ResPath(file string) (string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(p.Dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%s is outside the project %s", file, p.Dir)
	}
	return "res://" + filepath.ToSlash(rel), nil
}

// File returns the file a res:// or uid:// path names. A path that leaves
// the project (res://../x) is an error.
func (p *Project) File(resPath string) (string, error) {
	resPath, err := p.fromUID(resPath)
	if err != nil {
		return "", err
	}
	rel, ok := strings.CutPrefix(resPath, "res://")
	if !ok {
		return "", fmt.Errorf("%s: not a res:// or uid:// path", Shown(resPath))
	}
	if rel = path.Clean(rel); rel == ".." || strings.HasPrefix(rel, "../") || path.IsAbs(rel) {
		return "", fmt.Errorf("%s leaves the project", Shown(resPath))
	}
	return filepath.Join(p.Dir, filepath.FromSlash(rel)), nil
}

// readKey is the path a file's read is kept by: a uid:// path's res://
// path, and a res:// path simplified as the engine's ResourceLoader
// simplifies it (res://x/../a.gd is res://a.gd), so that a file many
// paths name is read once; any other path as it is.
func (p *Project) readKey(name string) (string, error) {
	name, err := p.fromUID(name)
	if err != nil {
		return "", err
	}
	if rel, ok := strings.CutPrefix(name, "res://"); ok && path.Clean(rel) != rel { // Clean allocates nothing for a clean path
		if simple, err := canonical("", name); err == nil {
			return simple, nil
		}
	}
	return name, nil
}

// fromUID returns the res:// path of a uid:// path, found by the UID's
// value as the engine's ResourceUID.ensure_path finds it; any other path
// as it is. A uid:// text that is not a UID's names no file.
func (p *Project) fromUID(path string) (string, error) {
	if !strings.HasPrefix(path, "uid://") {
		return path, nil
	}
	u, err := resource.ParseUID(path)
	if err != nil {
		return "", fmt.Errorf("%s: not a UID, no file of the project has it (%w)", Shown(path), fs.ErrNotExist)
	}
	res, ok, err := p.uidPath(u)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", fmt.Errorf("%s: no file of the project has this UID (%w)", Shown(path), fs.ErrNotExist)
	}
	return res, nil
}

// uidPath returns the res:// path of the file that has UID u; ok is false
// where none has it.
func (p *Project) uidPath(u resource.UID) (res string, ok bool, err error) {
	idx, err := p.walk()
	if err != nil {
		return "", false, err
	}
	res, ok = idx.uids[u]
	return res, ok, nil
}

// canonical returns a res:// path in the engine's form: joined to the
// folder of from when relative, and simplified.
func canonical(from, target string) (string, error) {
	if !strings.HasPrefix(target, "res://") {
		if strings.Contains(target, "://") {
			return "", fmt.Errorf("%s: not a res:// path", Shown(target))
		}
		target = path.Join(path.Dir(strings.TrimPrefix(from, "res://")), target)
	} else {
		target = strings.TrimPrefix(target, "res://")
	}
	clean := path.Clean(target)
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("%s leaves the project", Shown(target))
	}
	return "res://" + strings.TrimPrefix(clean, "/"), nil
}

// readFile reads a file of the project, at most [Limits.MaxFileBytes],
// its bytes counted in the budget of what the Project keeps.
func (p *Project) readFile(resPath string) ([]byte, error) {
	name, err := p.File(resPath)
	if err != nil {
		return nil, err
	}
	data, err := readLimited(name, p.limits.MaxFileBytes)
	p.kept.read += int64(len(data))
	return data, err
}

// readLimited reads a regular file of at most limit bytes. Its errors do
// not name the file (see openRegular).
func readLimited(name string, limit int64) ([]byte, error) {
	f, size, err := openRegular(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > limit {
		return nil, fmt.Errorf("%w (%d bytes, limit %d)", ErrTooLarge, size, limit)
	}
	// Read into a buffer of the size the file says, one byte more to see
	// its end: io.ReadAll's doubling took three bytes a byte of script.
	r := io.LimitReader(f, limit+1)
	b := make([]byte, size+1)
	n, err := io.ReadFull(r, b)
	b = b[:n]
	switch err {
	case io.EOF, io.ErrUnexpectedEOF:
		err = nil
	case nil: // grown since Stat: read on, to the limit
		var rest []byte
		rest, err = io.ReadAll(r)
		b = append(b, rest...)
	}
	switch {
	case err != nil:
		return nil, unreadable(err)
	case int64(len(b)) > limit:
		return nil, fmt.Errorf("%w (over %d bytes)", ErrTooLarge, limit)
	}
	return b, nil
}

// Script reads the script at a res:// (or uid://) path, once: its
// declarations, unresolved. Its errors are those of the source alone; the
// script may still be one that the engine refuses (see [Project.Resolve]),
// and its methods' RPC fields are nil where their @rpc is in error.
func (p *Project) Script(resPath string) (*Script, error) {
	resPath, err := p.readKey(resPath)
	if err != nil {
		return nil, err
	}
	if r, ok := p.scripts[resPath]; ok {
		return r.script, r.err
	}
	r := &scriptRead{}
	src, err := p.readFile(resPath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// Not the file system's words and this machine's path: the
		// project's.
		r.err = &ScriptError{Path: resPath, Message: "the project has no such script", Err: fs.ErrNotExist}
	case err != nil:
		r.err = &ScriptError{Path: resPath, Message: err.Error(), Err: err}
	case path.Ext(resPath) == ".cs":
		r.script, r.err = p.csharpScript(resPath, src)
	default:
		r.script, r.err = parseScript(src, resPath, p.limits, &p.kept)
	}
	p.scripts[resPath] = r
	return r.script, r.err
}
