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
	"github.com/gdvar/gdvar/cmd/gdvar/internal/filter"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/game"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/loadcmd"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/projectcmd"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/temps"
)

func main() {
	temps.RemoveOnSignal()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// command is one subcommand: its name, its line of the usage, and run,
// which parses its arguments and runs it with the streams, and returns
// the exit status.
type command struct {
	name, usage string
	run         func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands are gdvar's, in the order of its usage: the file filters
// (package filter), then the others.
var commands = append(filters(), []command{
	{name: "debug", usage: "start a Godot game and drive it through its remote debugger: gdvar debug [-e 'CMD; …'] -- GODOT ARGS…", run: game.Debug},
	{name: "rpc-config", usage: projectcmd.RPCConfigUsage, run: projectcmd.RPCConfig},
	{name: "server-skeleton", usage: projectcmd.SkeletonUsage, run: projectcmd.ServerSkeleton},
	{name: "mcp", usage: "a Model Context Protocol server on standard input and output whose tools start and drive a game as debug does", run: game.MCP},
	{name: "replay", usage: "play a recorded session (mcp's record tool, a Go test) again from the games' first frame, and check every value read: gdvar replay FILE -- GODOT ARGS…", run: game.Replay},
	{name: "load", usage: "bots join a Godot 4 server as clients of the game in its project and play a scenario; a report of what they received: gdvar load -project DIR -addr HOST:PORT [-bots N] [-scenario FILE]", run: loadcmd.Command},
	{name: "audit", usage: "what any peer can make a Godot 4 game's server do: its @rpc methods' surface from the project, and hostile calls to its server under the debugger: gdvar audit -project DIR -addr HOST:PORT -- GODOT ARGS…", run: auditcmd.Command},
	{name: "version", usage: "print gdvar's version", run: versionCommand},
}...)

// filters are the commands of the file filters.
func filters() []command {
	var cs []command
	for i := range filter.Commands {
		f := &filter.Commands[i]
		cs = append(cs, command{name: f.Name, usage: f.Usage, run: f.Run})
	}
	return cs
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
		cli.Refusal(stderr, "gdvar", fmt.Errorf("unknown command %q", args[0]))
		usage(stderr)
		return 2
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: gdvar COMMAND [flags] [FILE]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.usage)
	}
	fmt.Fprintln(w, "\nRun gdvar COMMAND -h for its flags and examples.")
}
