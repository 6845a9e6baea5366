// Package skeleton builds the server gdvar server-skeleton writes for a
// corpus game, its TODOs filled with the game's own logic, for the tests
// that run a Go server as an operator runs it (its metrics, probes and
// drain).
package skeleton

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/childproc"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// Game is the corpus game whose skeleton Build builds, a path relative
// to the module's root, and MainScene its main scene: a player spawned
// for each peer, owned by it (its main.gd's add_player).
const (
	Game      = "testdata/projects/Ultraegern__godot-multiplayer-example"
	MainScene = "res://scenes/main.tscn"
)

// fill fills the skeleton's TODO of a peer that joins, as the game's
// main.gd does.
var fill = strings.NewReplacer(
	"\t\t// TODO: what the game's peer_connected does\n",
	"\t\tif _, err := multiplayerSpawner.SpawnOwned(\"res://scenes/player.tscn\", strconv.Itoa(int(id)), id, nil); err != nil {\n\t\t\tlogger.Error(err.Error())\n\t\t}\n",
	"\"os/signal\"\n", "\"os/signal\"\n\t\"strconv\"\n",
)

// Root returns the module's root.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// Build writes the skeleton of Game, its TODO filled, builds it, and
// returns the program's path and the game's folder. The test is skipped
// without a go command.
func Build(t testing.TB) (bin, game string) {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the skeleton with")
	}
	root := Root()
	game = filepath.Join(root, Game)
	p, err := project.Open(game)
	if err != nil {
		t.Fatal(err)
	}
	var src bytes.Buffer
	if err := fromproject.WriteSkeleton(&src, p, MainScene); err != nil {
		t.Fatal(err)
	}
	filled := fill.Replace(src.String())
	if !strings.Contains(filled, "SpawnOwned(\"res://scenes/player.tscn\", strconv.Itoa") {
		t.Fatal("the skeleton's TODO of a peer that joins moved: fill it anew (internal/testrig/skeleton)")
	}
	dir, err := os.MkdirTemp(root, "skeleton-") // inside the module, for its imports
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(filled), 0o644); err != nil {
		t.Fatal(err)
	}
	bin = filepath.Join(t.TempDir(), "server")
	cmd := exec.Command(goTool, "build", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the skeleton: %v\n%s", err, out)
	}
	return bin, game
}

// Server is a skeleton's process a test started (Start): what it
// printed, its signals and its exit.
type Server struct {
	*childproc.Process
	Cmd *exec.Cmd
	out childproc.Output
}

// Start starts the program at bin with args (a skeleton: Build), ended
// with the test; if the test fails, what it printed is logged.
func Start(t testing.TB, bin string, args ...string) *Server {
	t.Helper()
	s := &Server{Cmd: exec.Command(bin, args...), out: childproc.Output{Max: 4 << 20}}
	s.Cmd.Stdout, s.Cmd.Stderr = &s.out, &s.out
	proc, err := childproc.Start(s.Cmd)
	if err != nil {
		t.Fatal(err)
	}
	s.Process = proc
	t.Cleanup(func() {
		proc.Stop()
		if t.Failed() {
			t.Logf("the server printed:\n%s", s.Output())
		}
	})
	return s
}

// Output is what the process printed so far (its first 4 MiB).
func (s *Server) Output() string { return s.out.String() }

// Get returns a URL's status and body (at most 1 MiB), or 0 and the
// error if nothing answers within 2 s.
func Get(url string) (int, string) {
	c := http.Client{Timeout: 2 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, string(b)
}
