package debugger

import (
	"context"
	_ "embed" // startScript
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar"
)

// Holding a game from its first frame: Launch runs it with gdvar_start.gd
// as its SceneTree's script (-s), and the main scene named (--scene), both
// written to a temporary folder with the input helper, not into the
// project. The script's _init, the first of the game's scripts to run,
// seeds the global random number generator; its _initialize adds the
// helper, which holds the game in its first frame's _process. Every frame
// from there is the same from one launch to the next, given the same
// input at the same frames (see docs/debugger.md, "Recording and
// replaying").

// startScript is gdvar_start.gd, whose SEED Launch replaces.
//
//go:embed autoload/gdvar_start.gd
var startScript string

// seedLine is the line of startScript that holds its seed.
const seedLine = "const SEED: int = 0\n"

// ErrNotHeld is a game HoldFromStart asked for that was not held at its
// first frame: the engine's command line could not run the start script,
// or a helper of the game's own, older than gdvar's, took its place.
var ErrNotHeld = errors.New("debugger: the game could not be held from its first frame")

// HoldFromStart has [Launch] start the game held at its first frame, its
// global random number generator seeded with seed before any of its
// scripts runs (as seed(seed) would), and the input helper in it from the
// start: [Session.Advance] runs it from there. The same seed, and the
// same input at the same frames, give the same game on every launch,
// which is what a [Recorder] needs. The game runs with gdvar_start.gd
// (InputAutoload's companion, written to a temporary folder with the
// helper and removed once the game has loaded them) as its SceneTree's
// script (-s), and its main scene named (--scene): its command line must
// give --fixed-fps N, run no script (-s) of its own, and name a scene or
// run a project whose project.godot names its main scene; else Launch
// fails before it starts anything. Launch only.
func HoldFromStart(seed int64) Option {
	return launchOption(fmt.Sprintf("HoldFromStart(%d)", seed), true, "", func(c *config) { c.hold, c.seed = true, seed })
}

// heldCommand writes the start script and the helper to a new temporary
// folder, which the caller removes, and returns it with the arguments
// that run them, before args: the game's own command line.
func heldCommand(seed int64, args []string, gp gameProject) (dir string, flags []string, err error) {
	switch {
	case !hasFixedFPS(args):
		return "", nil, ErrNoFixedFPS
	case gp.script:
		return "", nil, fmt.Errorf("%w: its command line runs a script or the editor, not a scene", ErrNotHeld)
	case !gp.scene && gp.main == "":
		return "", nil, fmt.Errorf("%w: no scene to run: name one on the command line (--scene), or give --path a project whose project.godot names its main scene", ErrNotHeld)
	}
	dir, err = os.MkdirTemp("", "gdvar-start-")
	if err != nil {
		return "", nil, err
	}
	start := filepath.Join(dir, "gdvar_start.gd")
	script := strings.Replace(startScript, seedLine, "const SEED: int = "+strconv.FormatInt(seed, 10)+"\n", 1)
	err = errors.Join(os.WriteFile(start, []byte(script), 0o600), os.WriteFile(filepath.Join(dir, "gdvar_input.gd"), []byte(inputAutoload), 0o600))
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	flags = []string{"-s", start}
	if !gp.scene {
		flags = append(flags, "--scene", gp.main)
	}
	return dir, flags, nil
}

// startHeld takes a game HoldFromStart launched: it waits for the helper
// (its capture is registered as the main scene becomes ready), holds the
// game where it is, in its first frame, and learns the helper's node.
func (s *Session) startHeld(ctx context.Context) error {
	if err := s.turn(ctx); err != nil {
		return err
	}
	err := s.hello(ctx)
	s.endTurn()
	if err != nil {
		return fmt.Errorf("%w: its input helper did not answer: %w", ErrNotHeld, err)
	}
	if _, err := s.Advance(ctx, 0); err != nil {
		return fmt.Errorf("%w: %w", ErrNotHeld, err)
	}
	if err := s.turn(ctx); err != nil {
		return err
	}
	defer s.endTurn()
	v, err := s.evaluate(ctx, `Engine.get_main_loop().get("gdvar_input")`, false)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrNotHeld, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if id, ok := v.(gdvar.ObjectID); ok { // null: the game's own helper, which Tree shows
		s.helperNode = int64(id)
	}
	s.fromStart = true
	return nil
}
