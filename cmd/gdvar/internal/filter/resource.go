package filter

import (
	"errors"
	"flag"
	"io"
	"path/filepath"
	"strings"

	"github.com/gdvar/gdvar"

	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
)

// A resource file (.tres, .tscn, .res, .scn) is read whole, as package
// resource reads one: its conversions are not streamed.

// resourceOptions are the options reading a resource: the engine version
// if -engine gave one (else the file says it), and the compressed form's
// most content.
func (c *config) resourceOptions() []resource.Option {
	opts := []resource.Option{resource.WithMaxContentSize(c.maxContent)}
	if c.engineSet {
		opts = append(opts, resource.WithText(vartext.WithDialect(c.dialect)))
	}
	return opts
}

func readResource(in io.Reader, cfg *config) (*resource.File, error) {
	cfg.readResource = true
	scripts, err := cfg.scripts()
	if err != nil {
		return nil, err
	}
	return resource.Read(in, append(cfg.resourceOptions(), scripts...)...)
}

// scripts returns the options a resource takes from its project, that of
// -project or the one FILE is in (none when it is in none), as the engine
// does loading it: what its scripts declare, its shaders' uniforms, and,
// unless -engine says, its engine version's text form (a Godot 4 project's
// format=2 file is read as Godot 4 reads it).
func (c *config) scripts() ([]resource.Option, error) {
	var p *project.Project
	var err error
	switch {
	case c.project != "":
		p, err = project.Open(c.project)
	case c.file != "" && c.file != "-":
		if p, err = project.Find(c.file); errors.Is(err, project.ErrNoProject) {
			return nil, nil
		}
	default:
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	opts := []resource.Option{resource.WithScripts(p)}
	if !c.engineSet && p.Engine() == gdvar.Godot4 {
		opts = append(opts, resource.WithText(vartext.WithDialect(vartext.Godot4)))
	}
	return opts, nil
}

// printResourceText prints a resource's text form: a text file as it is
// (with -as-saved, as the engine loads and re-saves it), a binary one in
// the text form with the IDs of a save to res:// and FILE's name.
func printResourceText(in io.Reader, cfg *config, stdout io.Writer) error {
	f, err := readResource(in, cfg)
	if err != nil {
		return err
	}
	if cfg.kind == kindBinaryResource {
		cfg.to = "tres"
		return writeResource(f, cfg, stdout, true)
	}
	return writeResource(f, cfg, stdout, false)
}

// printResourceJSON prints a resource in its JSON form: as the file holds
// it, or with -as-saved as the engine loads and re-saves it.
func printResourceJSON(in io.Reader, cfg *config, stdout io.Writer) error {
	f, err := readResource(in, cfg)
	if err != nil {
		return err
	}
	if cfg.asSaved {
		f = f.AsSaved()
	}
	return printMarshaled(f, cfg, stdout)
}

// encodeResource writes the resource of the JSON gdvar json prints for one
// (-from json, with -like each number of the type at its place in the
// original) or of a resource file (-from text: either form), in the form
// -to asks.
func encodeResource(in io.Reader, cfg *config, stdout io.Writer) error {
	var f *resource.File
	if cfg.from == "json" {
		js, err := readJSON(in, cfg)
		if err != nil {
			return err
		}
		var like *resource.File
		if cfg.like != "" {
			if like, err = likeResource(cfg); err != nil {
				return err
			}
		}
		if f, err = resourceOfJSON(js, cfg, like); err != nil {
			return err
		}
	} else {
		var err error
		if f, err = readResource(in, cfg); err != nil {
			return err
		}
	}
	return writeResource(f, cfg, stdout, cfg.path != "")
}

// resourceOfJSON returns the resource of the JSON gdvar json prints for
// one, knowing the scripts of -project or of the project FILE is in, each
// number with the type of the number at its place in like, if not nil.
func resourceOfJSON(js []byte, cfg *config, like *resource.File) (*resource.File, error) {
	scripts, err := cfg.scripts()
	if err != nil {
		return nil, err
	}
	if cfg.engineSet { // else the JSON says it
		scripts = append(scripts, resource.WithText(vartext.WithDialect(cfg.dialect)))
	}
	f, err := resource.NewFile("", scripts...)
	if err != nil {
		return nil, err
	}
	f.Like(like)
	return f, f.UnmarshalJSON(js)
}

// convertResource writes a resource file in its other form, or the form
// -to asks, as the engine's ResourceSaver writes it for a save to -path
// once it has loaded it (its load conversions made: -as-saved always).
func convertResource(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	if !cfg.kind.isResource() {
		return errors.New("not a resource file (.tres, .tscn, .res or .scn)")
	}
	cfg.asSaved = true
	f, err := readResource(in, cfg)
	if err != nil {
		return err
	}
	if cfg.to == "" {
		cfg.to = map[bool]string{false: "res", true: "tres"}[cfg.kind == kindBinaryResource]
	}
	if cfg.loadedFrom != "" {
		f.Path = cfg.loadedFrom
	}
	return writeResource(f, cfg, stdout, true)
}

// writeResource writes f in the form -to says (tres or tscn: text; res or
// scn: binary, compressed with -compress zstd, or as f was read unless
// -compress none, as the engine saves a compressed file it loaded). With
// ids, it has the IDs the engine gives it for a save to -path; else it
// keeps its own, and the binary form gets those it lacks. Its values are
// f's, as the file held them, or with -as-saved as the engine holds them
// once loaded and re-saves them (File.AsSaved; convert's).
func writeResource(f *resource.File, cfg *config, stdout io.Writer, ids bool) error {
	form := resource.Text
	if cfg.to == "res" || cfg.to == "scn" {
		form = resource.Binary
	}
	g := f
	if cfg.uids == "none" {
		g = f.WithoutUIDs()
	}
	switch ids := ids || form == resource.Binary; {
	case ids && cfg.asSaved:
		var err error
		if g, err = g.SavedAs(cfg.savePath(f, form), form); err != nil {
			return err
		}
	case ids:
		var err error
		if g, err = g.WithIDsFor(cfg.savePath(f, form), form); err != nil {
			return err
		}
	case cfg.asSaved:
		g = g.AsSaved()
	}
	switch {
	case form == resource.Text:
		b, err := g.AppendText(nil)
		if err != nil {
			return err
		}
		return spooled(stdout, func(s *spool) error {
			_, err := s.Write(b)
			return err
		})
	case cfg.compress == "zstd" || cfg.compress == "" && g.Compressed():
		return spooled(stdout, func(s *spool) error { return g.WriteCompressed(s) })
	}
	// Written as it is made (a spool seeks), not held whole.
	return spooled(stdout, func(s *spool) error { return g.WriteBinary(s) })
}

// savePath is the res:// path the output is saved as: -path, or the input
// file's name with the extension of the form, in res://.
func (c *config) savePath(f *resource.File, form resource.Form) string {
	if c.path != "" {
		return c.path
	}
	name := strings.TrimSuffix(filepath.Base(c.file), filepath.Ext(c.file))
	if c.file == "" || c.file == "-" {
		name = "resource"
		if f.Scene {
			name = "scene"
		}
	}
	ext := map[bool]string{false: ".tres", true: ".tscn"}[f.Scene]
	if form == resource.Binary {
		ext = map[bool]string{false: ".res", true: ".scn"}[f.Scene]
	}
	return "res://" + name + ext
}

// resourceFlags adds the flags of the commands writing a resource.
func resourceFlags(fs *flag.FlagSet, cfg *config) {
	fs.StringVar(&cfg.path, "path", "", "the res:// path the output is saved as, from which Godot 4 draws its IDs (default res:// and FILE's name)")
	fs.StringVar(&cfg.project, "project", "", "the folder of the Godot project (project.godot) whose scripts declare the resource's variables, if FILE is not inside it: typed Arrays and Dictionaries are written typed and the binary form names every stored variable, as the engine does (default: the project FILE is in, if any)")
	fs.StringVar(&cfg.uids, "uids", "keep", "keep: the UIDs of the input, as the editor saves a file it loaded; none: no UID, as a game's ResourceSaver.save writes (text without uid=, binary with -1)")
	fs.StringVar(&cfg.loadedFrom, "loaded-from", "", "the res:// path FILE is loaded from in the game, which the binary form names a loaded resource by (as the engine's conversion of a loaded file does)")
}

// asSavedFlag adds -as-saved, of the commands that give a resource as
// the file holds it (text, json, encode).
func asSavedFlag(fs *flag.FlagSet, cfg *config) {
	fs.BoolVar(&cfg.asSaved, "as-saved", false, "of a resource file: its values as the engine loads and re-saves them (an older editor's forms converted, defaults and properties it no longer stores left out, load_steps dropped; what convert writes, with the file's IDs); default: as the file holds them, so that text and json | encode give it back byte for byte")
}

// resourceHint is the hint of a command that reads no resource.
const resourceHint = "it is a resource file (.tres, .tscn, .res, .scn): gdvar text, json, scan, convert and encode -from text read one"

func convertFlags(fs *flag.FlagSet, cfg *config) {
	keyFlags(fs, cfg)
	fs.StringVar(&cfg.to, "to", "", "the form to write: tres (text) or res (binary; tscn and scn alike); default the other form")
	fs.StringVar(&cfg.compress, "compress", "", "with -to res: zstd writes the compressed form (ResourceSaver's FLAG_COMPRESS), none the plain one (default: a compressed file's form, kept as the engine keeps it)")
	resourceFlags(fs, cfg)
}
