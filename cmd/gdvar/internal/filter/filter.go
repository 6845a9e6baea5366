// Package filter holds gdvar's file filters, the commands of a FILE of
// values (inspect, validate, copy, text, json, scan, encode, convert,
// edit, migrate): their shared flags (config), their input opened (a
// container's content, its kind, its framing), read and written as each
// command does, and their exit statuses.
package filter

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"

	"github.com/gdvar/gdvar/fileaccess"
)

// A Command is a file filter: gdvar NAME [flags] [FILE]. Its run reads
// the input and writes the output, given the flags' config; its flags, if
// any, add its own to the filters' shared ones.
type Command struct {
	Name  string // the command's name: gdvar NAME
	Usage string // what it does, its line of gdvar's usage
	run   func(in io.Reader, cfg *config, stdout, stderr io.Writer) error
	flags func(fs *flag.FlagSet, cfg *config)
}

// Commands are the file filters, in the order of gdvar's usage.
var Commands = []Command{
	{"inspect", "print the token tree of FILE: offsets, types, sizes and paths, lines shortened past 8 levels of nesting (a note says how); on bad input, everything up to the error, then the error",
		inspect, framingFlag},
	{"validate", "exit 0 iff FILE starts with one complete valid value; print its size in bytes first (trailing bytes are reported on stderr)",
		validate, validateFlags},
	{"copy", "decode FILE token by token and write it back through the encoder to standard output (byte-exact for engine-made input)",
		copyValues, framingFlag},
	{"text", "print each value of FILE as the engine's var_to_str prints it (var2str in Godot 3), one per line; a ConfigFile as the engine's save writes it, a resource file as its .tres or .tscn",
		printText, textFlags},
	{"json", "print each value of FILE in gdvar's lossless JSON form, one per line (see docs/json.md), a ConfigFile as {\"section\": {\"key\": value}}, a resource file as its sections; encode -from json gives back the same bytes",
		printJSON, jsonFlags},
	{"scan", "list each object, script and resource in FILE (a save, binary values, a ConfigFile or a resource file) that the engine would make or load on reading it, a line each; exit 0 if none, 3 if any, 1 on error",
		scanFile, framingFlag},
	{"encode", "write the binary form of the JSON (from the json command) or Godot text (as var_to_str prints it) values in FILE, or with -to cfg the ConfigFile of its JSON or text, with -to tres or res the resource of its JSON",
		encode, encodeFlags},
	{"convert", "write the resource or scene in FILE (.tres, .tscn, .res, .scn) in its other form, text or binary, or the one -to asks, as the engine's ResourceSaver writes it",
		convertResource, convertFlags},
	{"edit", "change the values of FILE, a save file or binary values, with a program (jq, say) that reads them as JSON, one per line as gdvar json prints them, and prints them edited: FILE is written again in its framing, engine and container (encrypted with the same password or key, compressed alike), each number with the type, int or float, of the number at its place before (jq 1.6 prints 100.0 as 100); nothing is written if any step fails",
		editFile, editFlags},
	{"migrate", "write the Godot 4 form of FILE, a Godot 3 save, binary values, ConfigFile or resource (.tres, .res), in its container: an encrypted file encrypted again as Godot 4 reads it, a compressed one compressed alike (see docs/migrate.md for the rules); -engine 3.2 for Godot 3.0-3.2's text",
		migrateFile, migrateFlags},
}

// Run runs cmd with its arguments and streams: its flags parsed, its
// input opened (a container's content, its framing found), read and
// written through cmd.run; it returns the exit status.
func (cmd *Command) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, path, err := parseFlags(cmd, args, stderr)
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
			fmt.Fprintf(stderr, "gdvar %s: %v\n", cmd.Name, err)
			return 1
		}
		defer f.Close()
		in = f
	}
	size := inputSize(in)
	if cmd.Name != "encode" { // binary input: open a save file's FileAccess container
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
			if r, err = cfg.resolveFraming(r, cmd.Name, stderr); err != nil {
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
	if cmd.Name != "inspect" && isTerminal(stderr) { // inspect's output is a stream of its own
		p := newProgress(in, stderr, cmd.Name, size)
		defer p.done()
		in = p
		if isTerminal(stdout) {
			stdout = p.above(stdout)
		}
		stderr = p.above(stderr)
	}
	if err := cmd.run(in, cfg, stdout, stderr); err != nil {
		if err == errFound {
			return StatusFound
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
