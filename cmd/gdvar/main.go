// Command gdvar reads, checks, prints and writes Godot Variant binary
// values: the bytes of var_to_bytes, put_var and store_var.
//
// Usage:
//
//	gdvar inspect [flags] FILE   print the token tree with offsets and paths
//	gdvar validate [flags] FILE  check that FILE starts with one valid value
//	gdvar copy [flags] FILE      decode and re-encode to stdout, token by token
//	gdvar text [flags] FILE      print values as the engine's var_to_str does
//	gdvar json [flags] FILE      print values in gdvar's lossless JSON form
//	gdvar encode [flags] FILE    write the binary form of JSON or text values
//	gdvar convert [flags] FILE   write a resource or scene in its other form
//	gdvar scan [flags] FILE      list the objects and scripts loading FILE makes
//	gdvar migrate [flags] FILE   write the Godot 4 form of a Godot 3 file
//	gdvar edit [flags] FILE -- PROGRAM ARGS…  edit a save file's values as JSON, types kept
//	gdvar debug [flags] -- GODOT ARGS…  drive a running game through its debugger
//	gdvar rpc-config SCRIPT      print a script's (.gd or .cs) RPC config, as Godot 4.6 has it
//	gdvar server-skeleton [-project DIR] [MAIN_SCENE]  print a Go multiplayer server's skeleton for a project
//	gdvar mcp [flags] [-- GODOT ARGS…]  the same as a Model Context Protocol server
//	gdvar replay FILE -- GODOT ARGS…  play a recorded session again, every value checked
//	gdvar load -project DIR -addr HOST:PORT [flags]  bots play a game against its server
//	gdvar audit -project DIR -addr HOST:PORT [flags] -- GODOT ARGS…  hostile calls to a game's server, findings
//	gdvar version                print gdvar's version
//
// text and json read a ConfigFile (.cfg) and resource files (.tres, .tscn,
// .res, .scn) too; encode -to cfg, tres or res writes one.
// Without FILE, or with -, standard input is read, as Unix filters do. Run
// gdvar COMMAND -h for a command's flags and examples.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/auditcmd"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/game"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/temps"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/vartext"
)

func main() {
	temps.RemoveOnSignal()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// command is one subcommand. A command of a FILE of values has run, and
// flags, which adds its own flags, if any; run gives it the input and the
// flags' config. Another (debug, mcp, …) has own, which parses its
// arguments itself and returns the exit status.
type command struct {
	name, usage string
	run         func(in io.Reader, cfg *config, stdout, stderr io.Writer) error
	flags       func(fs *flag.FlagSet, cfg *config)
	own         func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = []command{
	{"inspect", "print the token tree of FILE: offsets, types, sizes and paths, lines shortened past 8 levels of nesting (a note says how); on bad input, everything up to the error, then the error",
		inspect, framingFlag, nil},
	{"validate", "exit 0 iff FILE starts with one complete valid value; print its size in bytes first (trailing bytes are reported on stderr)",
		validate, validateFlags, nil},
	{"copy", "decode FILE token by token and write it back through the encoder to standard output (byte-exact for engine-made input)",
		copyValues, framingFlag, nil},
	{"text", "print each value of FILE as the engine's var_to_str prints it (var2str in Godot 3), one per line; a ConfigFile as the engine's save writes it, a resource file as its .tres or .tscn",
		printText, textFlags, nil},
	{"json", "print each value of FILE in gdvar's lossless JSON form, one per line (see docs/json.md), a ConfigFile as {\"section\": {\"key\": value}}, a resource file as its sections; encode -from json gives back the same bytes",
		printJSON, jsonFlags, nil},
	{"scan", "list each object, script and resource in FILE (a save, binary values, a ConfigFile or a resource file) that the engine would make or load on reading it, a line each; exit 0 if none, 3 if any, 1 on error",
		scanFile, framingFlag, nil},
	{"encode", "write the binary form of the JSON (from the json command) or Godot text (as var_to_str prints it) values in FILE, or with -to cfg the ConfigFile of its JSON or text, with -to tres or res the resource of its JSON",
		encode, encodeFlags, nil},
	{"convert", "write the resource or scene in FILE (.tres, .tscn, .res, .scn) in its other form, text or binary, or the one -to asks, as the engine's ResourceSaver writes it",
		convertResource, convertFlags, nil},
	{"edit", "change the values of FILE, a save file or binary values, with a program (jq, say) that reads them as JSON, one per line as gdvar json prints them, and prints them edited: FILE is written again in its framing, engine and container (encrypted with the same password or key, compressed alike), each number with the type, int or float, of the number at its place before (jq 1.6 prints 100.0 as 100); nothing is written if any step fails",
		editFile, editFlags, nil},
	{"migrate", "write the Godot 4 form of FILE, a Godot 3 save, binary values, ConfigFile or resource (.tres, .res), in its container: an encrypted file encrypted again as Godot 4 reads it, a compressed one compressed alike (see docs/migrate.md for the rules); -engine 3.2 for Godot 3.0-3.2's text",
		migrateFile, migrateFlags, nil},
	{name: "debug", usage: "start a Godot game and drive it through its remote debugger: gdvar debug [-e 'CMD; …'] -- GODOT ARGS…", own: game.Debug},
	{name: "rpc-config", usage: rpcConfigUsage, own: func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
		return rpcConfig(args, stdout, stderr)
	}},
	{name: "server-skeleton", usage: skeletonUsage, own: func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
		return serverSkeleton(args, stdout, stderr)
	}},
	{name: "mcp", usage: "a Model Context Protocol server on standard input and output whose tools start and drive a game as debug does", own: game.MCP},
	{name: "replay", usage: "play a recorded session (mcp's record tool, a Go test) again from the games' first frame, and check every value read: gdvar replay FILE -- GODOT ARGS…", own: game.Replay},
	{name: "load", usage: "bots join a Godot 4 server as clients of the game in its project and play a scenario; a report of what they received: gdvar load -project DIR -addr HOST:PORT [-bots N] [-scenario FILE]", own: loadCommand},
	{name: "audit", usage: "what any peer can make a Godot 4 game's server do: its @rpc methods' surface from the project, and hostile calls to its server under the debugger: gdvar audit -project DIR -addr HOST:PORT -- GODOT ARGS…", own: auditcmd.Command},
	{name: "version", usage: "print gdvar's version", own: versionCommand},
}

// versionCommand runs gdvar version.
func versionCommand(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gdvar version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gdvar version\n\nprint gdvar's version: its module version and commit.")
		cli.WriteExamples(stderr, "version")
	}
	if code, ok := cli.ParseOwnFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "gdvar version takes no arguments")
		return 2
	}
	fmt.Fprintln(stdout, cli.Version())
	return 0
}

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

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 { // help COMMAND: its flags
			return run([]string{args[1], "-h"}, stdin, stdout, stderr)
		}
		usage(stdout)
		return 0
	}
	var cmd *command
	for i := range commands {
		if commands[i].name == args[0] {
			cmd = &commands[i]
		}
	}
	if cmd == nil {
		fmt.Fprintf(stderr, "gdvar: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	if cmd.own != nil {
		return cmd.own(args[1:], stdin, stdout, stderr)
	}
	cfg, path, err := parseFlags(cmd, args[1:], stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	cfg.file = path
	in := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintf(stderr, "gdvar %s: %v\n", cmd.name, err)
			return 1
		}
		defer f.Close()
		in = f
	}
	size := inputSize(in)
	if cmd.name != "encode" { // binary input: open a save file's FileAccess container
		r, cleanup, err := openContainer(in, cfg)
		if err != nil {
			cfg.report(stderr, err)
			return 1
		}
		defer cleanup()
		if fr, ok := r.(*fileaccess.Reader); ok {
			cfg.container, cfg.codec = fr.Container(), fr.Compression()
		}
		if cfg.kind, r, err = sniff(r); err != nil {
			cfg.report(stderr, err)
			return 1
		}
		if cfg.kind == kindValues {
			if r, err = cfg.resolveFraming(r, cmd.name, stderr); err != nil {
				cfg.report(stderr, err)
				return 1
			}
		}
		if r != in {
			size = -1 // a container's content, or a copy: of a size not known yet
		}
		in = r
	}
	cfg.head = &recorder{r: in} // the first bytes, for the hints
	in = cfg.head
	if cmd.name != "inspect" && isTerminal(stderr) { // inspect's output is a stream of its own
		p := newProgress(in, stderr, cmd.name, size)
		defer p.done()
		in = p
		if isTerminal(stdout) {
			stdout = p.above(stdout)
		}
		stderr = p.above(stderr)
	}
	if err := cmd.run(in, cfg, stdout, stderr); err != nil {
		if err == errFound {
			return statusFound
		}
		if errors.Is(err, syscall.EPIPE) { // the output's reader has gone: end as SIGPIPE ends a filter, quietly
			return 128 + int(syscall.SIGPIPE)
		}
		cfg.report(stderr, err)
		return 1
	}
	return 0
}

// message is an error's text without the library's "gdvar: " prefix, which
// the command's own prefix replaces.
func message(err error) string { return strings.TrimPrefix(err.Error(), "gdvar: ") }

func parseFlags(cmd *command, args []string, stderr io.Writer) (*config, string, error) {
	cfg := &config{framing: "none", cmd: cmd.name}
	fs := flag.NewFlagSet("gdvar "+cmd.name, flag.ContinueOnError)
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
	if cmd.name == "edit" {
		synopsis = "[flags] FILE -- PROGRAM [ARGS…]"
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: gdvar %s %s\n\n%s.\nWithout FILE, or with -, standard input is read.\n\nFlags:\n", cmd.name, synopsis, cmd.usage)
		fs.PrintDefaults()
		cli.WriteExamples(stderr, cmd.name)
	}
	if cmd.name == "edit" { // edit's program follows --
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
		if err := fs.Parse(args); err != nil {
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
	if err := cfg.check(cmd.name); err != nil {
		// The error names the fix: the whole usage would bury it.
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
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

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: gdvar COMMAND [flags] [FILE]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.usage)
	}
	fmt.Fprintln(w, "\nRun gdvar COMMAND -h for its flags and examples.")
}
