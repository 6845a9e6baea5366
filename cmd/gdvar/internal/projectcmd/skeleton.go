package projectcmd

import (
	"flag"
	"fmt"
	"io"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// SkeletonUsage is what gdvar server-skeleton does, a line of gdvar's
// usage.
const SkeletonUsage = "print the Go source of a multiplayer server for a Godot 4 project's main scene: its declarations read from the project (autoloads included), a handler stub for each @rpc method a client can call on the server, each spawner with its scenes and spawn properties, each synchronized node and who owns it"

// ServerSkeleton runs gdvar server-skeleton [-project DIR] [MAIN_SCENE]:
// its arguments, standard input (unread), output and error; it returns
// the exit status.
func ServerSkeleton(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gdvar server-skeleton", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("project", ".", "the project's folder, which holds project.godot")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: gdvar server-skeleton [-project DIR] [MAIN_SCENE]\n\n%s. MAIN_SCENE is a res:// path, the project's run/main_scene by default.\n\nFlags:\n", SkeletonUsage)
		fs.PrintDefaults()
		cli.WriteExamples(stderr, "server-skeleton")
	}
	if code, ok := cli.ParseOwnFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 1 {
		_ = cli.UsageError(fs, stderr, fmt.Errorf("want at most one MAIN_SCENE, not %d", fs.NArg()))
		return 2
	}
	if err := writeSkeleton(stdout, *dir, fs.Arg(0)); err != nil {
		fmt.Fprintf(stderr, "gdvar server-skeleton: %v\n", err)
		return 1
	}
	return 0
}

// writeSkeleton writes the skeleton of the project in dir, for its main
// scene main ("": the project's own).
func writeSkeleton(w io.Writer, dir, main string) error {
	p, err := project.Open(dir)
	if err != nil {
		return err
	}
	if main == "" {
		if main, err = p.MainScene(); err != nil {
			return err
		}
	}
	return fromproject.WriteSkeleton(w, p, main)
}
