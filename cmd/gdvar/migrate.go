package main

import (
	"bytes"
	"errors"
	"flag"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/migrate"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/stream"
	"github.com/gdvar/gdvar/vartext"
)

func migrateFlags(fs *flag.FlagSet, cfg *config) {
	framingFlag(fs, cfg)
	fs.BoolVar(&cfg.plain, "plain", false, "write no container: the plain content of an encrypted or compressed file")
	fs.StringVar(&cfg.compress, "compress", "", "write a compressed file with this codec (fastlz, deflate, zstd or gzip; zstd for a resource) instead of the input's container")
	resourceFlags(fs, cfg)
}

// migrateFile writes the Godot 4 form of a Godot 3 file in the input's
// container: an encrypted one in Godot 4's layout with the same key, a
// compressed one with the same codec, unless -plain or -compress say
// otherwise.
func migrateFile(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	out4 := *cfg // the output's engine, for its container
	out4.engine, out4.dialect = gdvar.Godot4, vartext.Godot4
	switch {
	case cfg.kind.isResource():
		out4.compress = "" // a resource is compressed in a form of its own (migrateResource)
	case out4.compress == "" && cfg.container == fileaccess.Compressed && !cfg.plain:
		out4.compress = cfg.codec.String()
	}
	keyGiven := cfg.password != "" || cfg.key != ""
	if cfg.plain || out4.compress == "" && cfg.container != fileaccess.Encrypted && !keyGiven {
		return spooled(stdout, func(s *spool) error { return migrateContent(s, in, cfg) })
	}
	out, finish, drop, err := sealed(&out4, stdout)
	if err != nil {
		return err
	}
	if err := spooled(out, func(s *spool) error { return migrateContent(s, in, cfg) }); err != nil {
		drop()
		return err
	}
	return finish()
}

// migrateContent writes the Godot 4 form of the content of a file: values,
// a save file (-framing stream), a ConfigFile or a resource.
func migrateContent(w io.Writer, in io.Reader, cfg *config) error {
	switch {
	case cfg.kind == kindConfig:
		f, err := readConfig(in, cfg)
		if err != nil {
			return err
		}
		g, err := migrate.ConfigFile(f)
		if err != nil {
			return err
		}
		_, err = g.WriteTo(w)
		return err
	case cfg.kind.isResource():
		return migrateResource(w, in, cfg)
	case cfg.framing == "stream":
		return migrate.Save(w, in, append(cfg.options(), stream.WithMaxFrame(cfg.limits.MaxValueBytes))...)
	}
	r := &blankReader{r: in, blank: true}
	if err := migrate.Values(w, r, cfg.options()...); err != nil || !r.blank {
		return err
	}
	return errors.New("no value: the input is empty")
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

// checkMigrate checks migrate's flags, and makes Godot 3 the engine read.
func (c *config) checkMigrate() error {
	switch {
	case !c.engineSet:
		c.dialect, c.engine = vartext.Godot3, gdvar.Godot3
	case c.engine != gdvar.Godot3:
		return errors.New("-engine: migrate reads Godot 3's files: want 3, or 3.2 for the text of 3.0-3.2")
	}
	if c.plain && c.compress != "" {
		return errors.New("-plain and -compress: give one")
	}
	return nil
}
