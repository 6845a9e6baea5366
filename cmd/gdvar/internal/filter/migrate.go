package filter

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/migrate"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
)

func migrateFlags(fs *flag.FlagSet, cfg *config) {
	framingFlag(fs, cfg)
	fs.BoolVar(&cfg.plain, "plain", false, "write no container: the plain content of an encrypted or compressed file")
	fs.StringVar(&cfg.compress, "compress", "", "write a compressed file with this codec (fastlz, deflate, zstd or gzip; zstd for a binary resource), whatever the input's container")
	resourceFlags(fs, cfg)
}

// checkMigrate checks migrate's flags, and makes Godot 3 the engine read.
func (c *config) checkMigrate() error {
	switch {
	case !c.engineSet:
		c.dialect, c.engine = vartext.Godot3, gdvar.Godot3
	case c.engine != gdvar.Godot3:
		return errors.New("-engine: migrate reads Godot 3's files: want 3 (the default), or 3.2 for the text of 3.0-3.2")
	}
	if c.plain && c.compress != "" {
		return errors.New("-plain and -compress: give one")
	}
	return nil
}

// migrateFile writes the Godot 4 form of a Godot 3 file in the input's
// container: an encrypted one in Godot 4's layout with the same key, a
// compressed one with the same codec, unless -plain or -compress say
// otherwise. A key opens the input; it encrypts only what was encrypted.
func migrateFile(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	out4 := *cfg // the output's engine and container
	out4.engine, out4.dialect = gdvar.Godot4, vartext.Godot4
	switch {
	case cfg.kind == kindConfig && cfg.compress != "":
		return errors.New("-compress: ConfigFile.load reads no compressed file")
	case cfg.kind.isResource():
		out4.compress = "" // a resource is compressed in a form of its own (migrateResource)
	case out4.compress == "" && cfg.container == fileaccess.Compressed && !cfg.plain:
		out4.compress = cfg.codec.String()
	}
	plain := cfg.plain || out4.compress == "" && cfg.container != fileaccess.Encrypted
	// -compress first, else the key that opened the input
	return contained(&out4, plain, stdout, func(s *spool) error { return migrateContent(s, in, cfg) })
}

// migrateContent writes the Godot 4 form of the content of a file: values,
// a save file, a ConfigFile or a resource.
func migrateContent(w io.Writer, in io.Reader, cfg *config) error {
	switch {
	case cfg.kind == kindConfig:
		return migrateConfig(w, in, cfg)
	case cfg.kind.isResource():
		return migrateResource(w, in, cfg)
	}
	if cfg.framingOf(cfg.readAs(gdvar.Godot4)) && !cfg.framingOf(cfg.readAs(cfg.engine)) {
		return fmt.Errorf("%w: it reads as Godot 4's, not Godot 3's", migrate.ErrNotGodot3)
	}
	codec, err := cfg.valueCodec()
	if err != nil {
		return err
	}
	r := &blankReader{r: in, blank: true}
	if cfg.framing == "stream" {
		err = migrate.Save(w, r, migrate.WithCodec(codec), migrate.WithMaxFrame(cfg.limits.MaxValueBytes))
	} else {
		err = migrate.Values(w, r, migrate.WithCodec(codec))
	}
	if err == nil && r.blank {
		err = errors.New("no value: the input is empty")
	}
	return err
}

// migrateConfig writes the Godot 4 form of a ConfigFile. The text is
// looked through for Godot 4's names as it is read, not held whole (which
// took 5 bytes a byte, growing).
func migrateConfig(w io.Writer, in io.Reader, cfg *config) error {
	var names godot4Finder
	r := io.TeeReader(in, &names)
	f, err := readConfig(r, cfg)
	if _, cerr := io.Copy(io.Discard, r); err == nil { // the rest, after an error, for its names
		err = cerr
	}
	if names.found != "" {
		return fmt.Errorf("%w: it holds %s, which only Godot 4 writes", migrate.ErrNotGodot3, names.found)
	}
	if err != nil {
		return err
	}
	g, err := migrate.ConfigFile(f)
	if err != nil {
		return err
	}
	_, err = g.WriteTo(w)
	return err
}

// godot4Names are the constructors only Godot 4's text has, of the types
// both versions have (Godot 4's other types the migration refuses).
var godot4Names = map[string]bool{
	"Transform3D": true, "Quaternion": true, "PackedByteArray": true, "PackedInt32Array": true,
	"PackedFloat32Array": true, "PackedStringArray": true, "PackedVector2Array": true,
	"PackedVector3Array": true, "PackedColorArray": true,
}

// godot4Finder finds the first name of godot4Names that the text written
// to it uses as a constructor outside its strings and comment lines, in
// found. Godot 4 reads Godot 3's names, and gdvar reads Godot 4's as Godot
// 3's: this tells a file migrated already.
type godot4Finder struct {
	found string
	state finderState
	begun bool   // a byte came
	prev  byte   // the byte before
	word  []byte // the name being read, up to the longest of godot4Names
	long  bool   // it is longer
}

type finderState uint8

const (
	textPlain   finderState = iota
	textString              // to the closing quote
	textEscaped             // after a backslash in a string
	textComment             // a line begun with ";": to its end
	textName                // a name begun with a letter from P to T
)

func (g *godot4Finder) Write(p []byte) (int, error) {
	for _, c := range p {
		if g.found == "" {
			g.next(c)
		}
	}
	return len(p), nil
}

func (g *godot4Finder) next(c byte) {
	switch g.state {
	case textString:
		if c == '\\' {
			g.state = textEscaped
		} else if c == '"' {
			g.state = textPlain
		}
	case textEscaped:
		g.state = textString
	case textComment:
		if c == '\n' {
			g.state = textPlain
		}
	case textName:
		if isNameByte(c) {
			g.long = g.long || len(g.word) == cap(g.word)
			if !g.long {
				g.word = append(g.word, c)
			}
			break
		}
		if c == '(' && !g.long && godot4Names[string(g.word)] {
			g.found = string(g.word)
			return
		}
		g.state = textPlain
		g.plain(c)
	default:
		g.plain(c)
	}
	g.begun, g.prev = true, c
}

// plain takes a byte outside strings, comments and names.
func (g *godot4Finder) plain(c byte) {
	switch {
	case c == '"':
		g.state = textString
	case c == ';' && (!g.begun || g.prev == '\n'):
		g.state = textComment
	case c >= 'P' && c <= 'T' && !isNameByte(g.prev):
		if g.word == nil {
			g.word = make([]byte, 0, len("PackedVector2Array"))
		}
		g.state, g.word, g.long = textName, append(g.word[:0], c), false
	}
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// migrateResource writes the Godot 4 form of a resource in its form: text,
// binary, or binary compressed (as ResourceSaver's FLAG_COMPRESS).
func migrateResource(w io.Writer, in io.Reader, cfg *config) error {
	f, err := readResource(in, cfg)
	if err != nil {
		return err
	}
	if cfg.loadedFrom != "" {
		f.Path = cfg.loadedFrom
	}
	g, err := migrate.Resource(f)
	if err != nil {
		return err
	}
	compress := cfg.compress != "" || !cfg.plain && bytes.HasPrefix(cfg.head.head, []byte(fileaccess.MagicResource))
	switch {
	case cfg.kind == kindTextResource && cfg.compress != "":
		return errors.New("-compress: only a binary resource is compressed")
	case cfg.compress != "" && cfg.compress != "zstd":
		return errors.New("-compress: a resource is compressed with zstd, as the engine's ResourceSaver does")
	case cfg.kind == kindTextResource:
		return g.WriteText(w)
	}
	g, err = g.SavedAs(cfg.savePath(g, resource.Binary), resource.Binary)
	if err != nil {
		return err
	}
	if compress {
		return g.WriteCompressed(w)
	}
	return g.WriteBinary(w)
}
