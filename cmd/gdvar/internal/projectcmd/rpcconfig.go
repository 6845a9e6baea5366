// Package projectcmd holds the commands that read a Godot 4 project's
// sources without running them: gdvar rpc-config, a script's RPC config
// as the engine has it, and gdvar server-skeleton, the Go source of a
// multiplayer server for the project.
package projectcmd

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/vartext"
)

// RPCConfigUsage is what gdvar rpc-config does, a line of gdvar's usage.
const RPCConfigUsage = "print what Godot 4.6 prints for var_to_str(load(SCRIPT).get_rpc_config()), reading SCRIPT (a .gd or .cs file) and its bases in its project without running them, a .cs file by the rules of Godot's C# source generators; exit 1 with the reason where the engine would refuse the script"

// RPCConfig runs gdvar rpc-config [-project DIR] SCRIPT: its arguments,
// standard input (unread), output and error; it returns the exit status.
// It reads a file of a project, not a stream, so it has flags and a flow
// of its own.
func RPCConfig(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gdvar rpc-config", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("project", "", "the project's folder (default: the nearest folder at or above SCRIPT's that holds project.godot)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: gdvar rpc-config [-project DIR] SCRIPT\n\n%s.\n\nFlags:\n", RPCConfigUsage)
		fs.PrintDefaults()
		cli.WriteExamples(stderr, "rpc-config")
	}
	if code, ok := cli.ParseOwnFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		_ = cli.UsageError(fs, stderr, fmt.Errorf("want one SCRIPT, not %d", fs.NArg()))
		return 2
	}
	text, err := scriptRPCConfig(fs.Arg(0), *dir)
	if err != nil {
		fmt.Fprintf(stderr, "gdvar rpc-config: %v\n", err)
		return 1
	}
	if _, err := stdout.Write(append(text, '\n')); err != nil {
		return 1
	}
	return 0
}

// scriptRPCConfig returns the var_to_str text of a script's RPC config,
// the script read in the project in dir, or else in its own.
func scriptRPCConfig(script, dir string) ([]byte, error) {
	var p *project.Project
	var err error
	if dir != "" {
		p, err = project.Open(dir)
	} else {
		p, err = project.Find(filepath.Dir(script))
	}
	if err != nil {
		return nil, err
	}
	res, err := p.ResPath(script)
	if err != nil {
		return nil, err
	}
	r, err := p.Resolve(res)
	if err != nil {
		return nil, err
	}
	return vartext.Marshal(project.RPCConfig(r.RPCs()))
}
