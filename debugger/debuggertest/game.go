package debuggertest

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/childproc"
)

// DefaultTimeout bounds each of a Game's actions (Timeout): generous, for
// a busy machine rendering with no GPU.
const DefaultTimeout = time.Minute

// Game is a game under test, started by Start. It is the [debugger.Game],
// whose methods take a context and return errors, with methods of the
// same names for what a test does most (WaitNode, Get, Set, Call,
// Evaluate, WaitProperty, the input methods, Screenshot) that take no
// context, bound their wait by the Timeout, and fail the test on an
// error: the debugger.Game's own are still there as
// g.Game.WaitNode(ctx, …). Eventually waits for any condition;
// AssertProperty and Number check properties.
//
// When the test fails, the game's last image (if it renders) and all it
// printed are written to the test's artifact folder (t.ArtifactDir: kept
// with go test -artifacts), their paths logged, and what it printed
// logged too.
type Game struct {
	*debugger.Game
	t       testing.TB
	timeout time.Duration
}

// An Option changes how Start starts a game.
type Option func(*startConfig)

type startConfig struct {
	godot    string
	rendered bool
	args     []string
	timeout  time.Duration
	opts     []debugger.Option
}

// Rendered runs the game with a display (Display: Xvfb, or $DISPLAY),
// --rendering-driver opengl3, which Mesa runs without a GPU, and no sound
// (--audio-driver Dummy), rather than --headless: what Screenshot needs.
// Without a display, the test is skipped.
func Rendered() Option { return func(c *startConfig) { c.rendered = true } }

// Args adds arguments to the game's command line, after --path: a scene
// to run, or user arguments after "--".
func Args(args ...string) Option {
	return func(c *startConfig) { c.args = append(c.args, args...) }
}

// Engine sets the Godot binary (default: Godot's).
func Engine(godot string) Option { return func(c *startConfig) { c.godot = godot } }

// Timeout bounds each of the Game's actions (default [DefaultTimeout]).
func Timeout(d time.Duration) Option { return func(c *startConfig) { c.timeout = d } }

// With passes options to [debugger.Launch]: callbacks, bounds, BreakOnErrors.
func With(opts ...debugger.Option) Option {
	return func(c *startConfig) { c.opts = append(c.opts, opts...) }
}

// Start starts the main scene of the Godot project in the folder project
// (a copy [Project] made, if the engine is to write there) under the
// debugger, headless unless [Rendered], and ends it when the test ends. The
// engine keeps its settings in a folder of the test's own.
func Start(t testing.TB, project string, opts ...Option) *Game {
	t.Helper()
	c := startConfig{timeout: DefaultTimeout}
	for _, o := range opts {
		o(&c)
	}
	if c.godot == "" {
		c.godot = Godot(t)
	}
	env := append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	args := []string{"--headless"}
	if c.rendered { // no sound card either
		env = append(env, "DISPLAY="+Display(t))
		args = []string{"--rendering-driver", "opengl3", "--audio-driver", "Dummy"}
	}
	args = append(append(args, "--path", project), c.args...)
	out := &childproc.Output{Max: maxKept}
	g := &Game{t: t, timeout: c.timeout}
	g.Game = launch(t, c.godot, args, out, append([]debugger.Option{debugger.WithEnv(env)}, c.opts...))
	t.Cleanup(func() {
		defer g.Game.Close()
		if t.Failed() {
			g.attach(out.String())
		}
	})
	return g
}

// attach writes the game's last image and what it printed to the test's
// artifact folder, and logs where, and what it printed.
func (g *Game) attach(printed string) {
	dir := g.t.ArtifactDir()
	ctx, cancel := context.WithTimeout(context.Background(), g.timeout)
	defer cancel()
	if b, err := g.Game.Screenshot(ctx); err != nil {
		g.t.Logf("no screenshot of the game: %v", err)
	} else if path := filepath.Join(dir, "screenshot.png"); os.WriteFile(path, b, 0o644) == nil {
		g.t.Logf("the game's screenshot: %s", path)
	}
	if path := filepath.Join(dir, "game.log"); os.WriteFile(path, []byte(printed), 0o644) == nil {
		g.t.Logf("the game's log: %s", path)
	}
	g.t.Logf("the game printed:\n%s", printed)
}

// do runs an action within the Timeout, and fails the test if it fails.
func (g *Game) do(what string, action func(ctx context.Context) error) {
	g.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), g.timeout)
	defer cancel()
	if err := action(ctx); err != nil {
		g.t.Fatalf("%s: %v", what, err)
	}
}

// WaitNode waits until the node at path exists, and returns it.
func (g *Game) WaitNode(path string) *debugger.Node {
	g.t.Helper()
	var n *debugger.Node
	g.do("waiting for "+path, func(ctx context.Context) (err error) {
		n, err = g.Game.WaitNode(ctx, path)
		return err
	})
	return n
}

// Get returns the property of the node at path (see [debugger.Session.Get]).
func (g *Game) Get(path, property string) any {
	g.t.Helper()
	var v any
	g.do(fmt.Sprintf("getting %s of %s", property, path), func(ctx context.Context) (err error) {
		v, err = g.Game.Get(ctx, path, property)
		return err
	})
	return v
}

// Set sets the property of the node at path.
func (g *Game) Set(path, property string, value any) {
	g.t.Helper()
	g.do(fmt.Sprintf("setting %s of %s", property, path), func(ctx context.Context) error {
		return g.Game.Set(ctx, path, property, value)
	})
}

// Call calls the method of the node at path and returns what it returned.
func (g *Game) Call(path, method string, args ...any) any {
	g.t.Helper()
	var v any
	g.do(fmt.Sprintf("calling %s of %s", method, path), func(ctx context.Context) (err error) {
		v, err = g.Game.Call(ctx, path, method, args...)
		return err
	})
	return v
}

// Evaluate evaluates an Expression in the game and returns its value.
func (g *Game) Evaluate(expr string) any {
	g.t.Helper()
	var v any
	g.do("evaluating "+expr, func(ctx context.Context) (err error) {
		v, err = g.Game.Evaluate(ctx, expr)
		return err
	})
	return v
}

// WaitProperty waits until match accepts the property of the node at
// path, and returns its value; the test fails with the last value if the
// Timeout comes first.
func (g *Game) WaitProperty(path, property string, match func(any) bool) any {
	g.t.Helper()
	var v any
	g.do(fmt.Sprintf("waiting for %s of %s", property, path), func(ctx context.Context) (err error) {
		v, err = g.Game.WaitProperty(ctx, path, property, match)
		return err
	})
	return v
}

// pollEvery is how often Eventually asks again.
const pollEvery = 50 * time.Millisecond

// Eventually waits until cond, which may use the Game's methods, reports
// true; the test fails, saying what it waited for, if the Timeout comes
// first.
func (g *Game) Eventually(what string, cond func() bool) {
	g.t.Helper()
	deadline := time.Now().Add(g.timeout)
	for !cond() {
		if time.Now().After(deadline) {
			g.t.Fatalf("waited %v for %s", g.timeout, what)
		}
		time.Sleep(pollEvery)
	}
}

// Screenshot returns the game's root viewport as last drawn, or a node's
// ([debugger.ShotNode]), decoded; the game must be [Rendered].
func (g *Game) Screenshot(opts ...debugger.ShotOption) image.Image {
	g.t.Helper()
	var img image.Image
	g.do("taking a screenshot", func(ctx context.Context) error {
		b, err := g.Game.Screenshot(ctx, opts...)
		if err != nil {
			return err
		}
		img, err = png.Decode(bytes.NewReader(b))
		return err
	})
	return img
}
