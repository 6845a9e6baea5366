package filter

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/vartext"
)

// config holds the flags.
type config struct {
	cmd         string // the command's name
	engine      gdvar.Engine
	dialect     vartext.Dialect // the text form of the engine version
	limits      gdvar.Limits
	objects     bool
	all         bool     // validate: a sequence of values
	framing     string   // "none" or "stream"; "auto" until resolveFraming; "both" for scan
	framingAuto bool     // -framing auto
	start       []byte   // binary values: the input's first headMax bytes (framing.go)
	whole       bool     // start is all of the input
	pretty      bool     // json: indented output
	from        string   // encode: "json" or "text"
	to          string   // encode: "bin" or "cfg"
	double      bool     // encode: 64-bit reals for text
	like        string   // encode: the JSON the input was edited from (or the ConfigFile or resource), for its numbers' types
	program     []string // edit: the program and its arguments, after --
	output      string   // edit: -o, where the edited file goes

	head *recorder // the input's first bytes, for the hints (hint.go)
	kind fileKind  // what the input holds (kind.go)

	readConfig   bool   // the input was read as a ConfigFile (configfile.go)
	readResource bool   // the input was read as a resource (resource.go)
	engineSet    bool   // -engine was given
	file         string // FILE, or "-"
	path         string // convert, encode: the res:// path saved to (resource.go)
	loadedFrom   string // convert, encode: the res:// path the input is loaded from
	uids         string // convert, encode: keep (the editor's save) or none (a game's)
	project      string // convert, encode: the folder of the project whose scripts a resource's are
	asSaved      bool   // text, json, encode: a resource as the engine re-saves it (convert: always)

	password, key string // an encrypted container's (container.go)
	maxContent    int64  // a compressed container's most content (container.go)
	compress      string // encode, convert, migrate: write a compressed container
	plain         bool   // migrate: write no container

	container fileaccess.Container   // the input's container
	codec     fileaccess.Compression // a compressed input's codec
}

func (c *config) options() []gdvar.Option {
	return []gdvar.Option{gdvar.WithEngine(c.engine), gdvar.WithLimits(c.limits), gdvar.AllowObjects(c.objects)}
}

// dialects maps the -engine flag's values to text dialects, which say the
// binary engine version too.
var dialects = map[string]vartext.Dialect{"4": vartext.Godot4, "3": vartext.Godot3, "3.2": vartext.Godot32, "2": vartext.Godot2}

// engineFlag is the -engine flag.
type engineFlag struct{ cfg *config }

func (f engineFlag) String() string {
	if f.cfg == nil {
		return "4"
	}
	for k, v := range dialects {
		if v == f.cfg.dialect {
			return k
		}
	}
	return ""
}

func (f engineFlag) Set(s string) error {
	d, ok := dialects[s]
	if !ok {
		return fmt.Errorf("want 4, 3, 3.2 or 2")
	}
	f.cfg.dialect, f.cfg.engine, f.cfg.engineSet = d, d.Engine(), true
	return nil
}

func parseFlags(cmd *Command, args []string, stderr io.Writer) (*config, string, error) {
	cfg := &config{framing: "none", cmd: cmd.Name}
	fs := flag.NewFlagSet("gdvar "+cmd.Name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Var(engineFlag{cfg}, "engine", "Godot version: 4 (4.0–4.6), 3 (3.0–3.6), 3.2 (3.0–3.2: as 3, with 3.2's text form) or 2 (1.x, 2.x)")
	d := gdvar.DefaultLimits()
	fs.IntVar(&cfg.limits.MaxDepth, "max-depth", d.MaxDepth, "most containers a value may be nested in (Godot fails past 1024)")
	fs.Int64Var(&cfg.limits.MaxContainerLen, "max-container-len", d.MaxContainerLen, "most elements of an Array, entries of a Dictionary or properties of an object")
	fs.Int64Var(&cfg.limits.MaxStringBytes, "max-string-bytes", d.MaxStringBytes, "largest String or StringName in bytes")
	fs.Int64Var(&cfg.limits.MaxPackedBytes, "max-packed-bytes", d.MaxPackedBytes, "largest packed array payload in bytes")
	fs.IntVar(&cfg.limits.MaxNameBytes, "max-name-bytes", d.MaxNameBytes, "largest name (class, property, NodePath) in bytes")
	fs.Int64Var(&cfg.limits.MaxValueBytes, "max-value-bytes", d.MaxValueBytes, "largest top-level value in bytes")
	fs.IntVar(&cfg.limits.ChunkSize, "chunk-size", d.ChunkSize, "largest piece of a string or packed array read at once")
	fs.BoolVar(&cfg.objects, "objects", false, "accept full objects, as bytes_to_var_with_objects does")
	if cmd.flags != nil {
		cmd.flags(fs, cfg)
	}
	synopsis := "[flags] [FILE]"
	if cmd.Name == "edit" {
		synopsis = "[flags] FILE -- PROGRAM [ARGS…]"
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: gdvar %s %s\n\n%s.\nWithout FILE, or with -, standard input is read.\n\nFlags:\n", cmd.Name, synopsis, cmd.Usage)
		fs.PrintDefaults()
		cli.WriteExamples(stderr, cmd.Name)
	}
	if cmd.Name == "edit" { // edit's program follows --
		for i, a := range args {
			if a == "--" {
				args, cfg.program = args[:i], args[i+1:]
				break
			}
		}
	}
	// Flags may follow FILE, as in gdvar json save.dat -framing stream;
	// after --, everything is a FILE.
	var files []string
	for {
		if err := cli.ParseFlags(fs, args); err != nil {
			return nil, "", err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			files = append(files, rest...)
			break
		}
		files = append(files, rest[0])
		args = rest[1:]
	}
	if len(files) > 1 {
		return nil, "", cli.UsageError(fs, stderr, fmt.Errorf("want at most one FILE, not %d (%s)", len(files), strings.Join(files, " ")))
	}
	if err := cfg.check(cmd.Name); err != nil {
		// The error names the fix: the whole usage would bury it.
		cli.Refusal(stderr, fs.Name(), err)
		return nil, "", err
	}
	if len(files) == 0 {
		return cfg, "-", nil // a filter: standard input
	}
	return cfg, files[0], nil
}

// check validates the flags' values, so that a wrong one is a usage error
// (exit status 2) before any input is read.
func (c *config) check(cmd string) error {
	if err := c.checkFraming(cmd); err != nil {
		return err
	}
	// A limit the library refuses (a negative one), tried on no input.
	if _, err := c.valueCodec(); errors.Is(err, gdvar.ErrInvalidOption) {
		return errors.New(message(err))
	}
	if cmd == "edit" && len(c.program) == 0 {
		return errors.New("give the program after --, as in gdvar edit save.sav -- jq '.gold = 9999'")
	}
	if cmd == "migrate" {
		if err := c.checkMigrate(); err != nil {
			return err
		}
	}
	if cmd == "encode" && c.from != "json" && c.from != "text" {
		return fmt.Errorf("-from %q: want json or text", c.from)
	}
	resourceTo := c.to == "tres" || c.to == "tscn" || c.to == "res" || c.to == "scn"
	switch {
	case cmd == "encode" && c.to != "bin" && c.to != "cfg" && !resourceTo:
		return fmt.Errorf("-to %q: want bin, cfg, tres or res", c.to)
	case cmd == "convert" && c.to != "" && !resourceTo:
		return fmt.Errorf("-to %q: want tres or res (tscn or scn alike)", c.to)
	case (c.to == "cfg" || resourceTo) && c.framing != "none":
		return fmt.Errorf("leave -framing out: -to %s writes one file, not framed values", c.to)
	case (c.to == "cfg" || resourceTo) && c.double:
		return fmt.Errorf("leave -double out: it writes binary values' math types (-to bin), not -to %s", c.to)
	case c.to == "cfg" && c.compress != "":
		return errors.New("leave -compress out: -to cfg writes a ConfigFile, which the engine saves plain or encrypted (-password, -key)")
	case c.compress != "" && (resourceTo || cmd == "convert") && c.compress != "zstd" && c.compress != "none":
		return errors.New("-compress: a resource is compressed with zstd, as the engine's ResourceSaver does, or none")
	case c.compress != "" && c.compress != "none" && (c.to == "tres" || c.to == "tscn"):
		return errors.New("-compress: only a binary resource (-to res) is compressed")
	case (c.path != "" || c.loadedFrom != "") && !resourceTo && cmd != "convert" && cmd != "migrate":
		return errors.New("-path and -loaded-from: only for a resource (-to tres or res)")
	case c.uids != "" && c.uids != "keep" && c.uids != "none":
		return fmt.Errorf("-uids %q: want keep or none", c.uids)
	case c.asSaved && cmd == "encode" && !resourceTo:
		return errors.New("-as-saved: only for a resource (-to tres or res)")
	}
	if c.like != "" && c.from != "json" {
		return errors.New("-like: only with -from json")
	}
	if c.compress != "" && c.compress != "none" {
		if (c.password != "" || c.key != "") && cmd != "migrate" { // migrate's key opens the input
			return errors.New("-compress with -password or -key: Godot opens a save file either compressed or encrypted")
		}
		codec, err := fileaccess.ParseCompression(c.compress)
		if err != nil {
			return fmt.Errorf("-compress: %w", err)
		}
		if codec == fileaccess.Brotli {
			return errors.New("-compress brotli: the engines read it but do not write it")
		}
	}
	_, _, err := c.containerOptions()
	return err
}
