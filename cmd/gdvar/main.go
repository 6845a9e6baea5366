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
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/auditcmd"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/game"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/loadcmd"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/projectcmd"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/temps"
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
	{name: "rpc-config", usage: projectcmd.RPCConfigUsage, own: projectcmd.RPCConfig},
	{name: "server-skeleton", usage: projectcmd.SkeletonUsage, own: projectcmd.ServerSkeleton},
	{name: "mcp", usage: "a Model Context Protocol server on standard input and output whose tools start and drive a game as debug does", own: game.MCP},
	{name: "replay", usage: "play a recorded session (mcp's record tool, a Go test) again from the games' first frame, and check every value read: gdvar replay FILE -- GODOT ARGS…", own: game.Replay},
	{name: "load", usage: "bots join a Godot 4 server as clients of the game in its project and play a scenario; a report of what they received: gdvar load -project DIR -addr HOST:PORT [-bots N] [-scenario FILE]", own: loadcmd.Command},
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

// run runs gdvar with its arguments, the command's name first, and its
// streams, and returns the exit status.
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
	return runFilter(cmd, args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: gdvar COMMAND [flags] [FILE]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.usage)
	}
	fmt.Fprintln(w, "\nRun gdvar COMMAND -h for its flags and examples.")
}
