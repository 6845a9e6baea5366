package game

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/temps"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/outfile"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// gdvar mcp's record tool records an agent's session as a replay file,
// which gdvar replay plays: each game it records is launched afresh, held
// from its first frame (debugger.HoldFromStart), so that the replay,
// which launches it afresh too, gives the same game.

// mcpRecording is the recording the record tool started: its file, the
// Recorder writing it, and the seed its games are launched with.
type mcpRecording struct {
	path string             // the replay file, written at the end
	file *temps.Replacement // a new file beside it, renamed over it at the end
	rec  *debugger.Recorder
	seed int64
}

// recordFPS is the frame rate a recorded game is given when its command
// line gives none: stepping needs one.
const recordFPS = "60"

// recordInput is the record tool's.
type recordInput struct {
	File string `json:"file,omitempty" jsonschema:"the replay file to write, a path the server can create; not needed to stop"`
	Stop bool   `json:"stop,omitempty" jsonschema:"stop recording and finish the file"`
	Seed int64  `json:"seed,omitempty" jsonschema:"the games' global random seed, as seed() sets it before any of their scripts runs; 1 if not given"`
}

// addRecordTool adds the record tool.
func addRecordTool(srv *mcp.Server, games *mcpGames) {
	mcp.AddTool(srv, &mcp.Tool{Name: "record", Description: "Record the session as a replay file, so that what happened can be played again: gdvar replay FILE -- GODOT ARGS… launches the games afresh, sends what was sent at the same frames, and checks every value read. Starting launches the running games (or the server's game) again, held at their first frame with the seed (their command line given --fixed-fps 60 if it has none), and any game launched while recording; from then on drive them with advance (speed is refused) and the other tools: input, set, call, evaluate and advance are recorded, and get, screenshot, call and evaluate are checked on replay; links made with proxy while recording are recorded with their net conditions and made again by the replay, listening where they did (links made before end, their games launched again). Stop to finish the file."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in recordInput) (*mcp.CallToolResult, any, error) {
			var out strings.Builder
			err := runAction(ctx, &out, func(ctx context.Context, w *bufio.Writer) error {
				if in.Stop {
					return games.stopRecording(w)
				}
				return games.startRecording(ctx, in.File, cmp.Or(in.Seed, 1), w)
			})
			if err != nil {
				res := textResult(out.String() + err.Error() + "\n")
				res.IsError = true
				return res, nil, nil
			}
			return textResult(out.String()), nil, nil
		})
}

// startRecording starts recording to the file at path: the games running
// (the server's game if none) are launched again, held from their first
// frame with seed, each added to the recording; with no game, nothing is
// created.
func (g *mcpGames) startRecording(ctx context.Context, path string, seed int64, out *bufio.Writer) error {
	if path == "" {
		return errors.New("no file: name the replay file to write")
	}
	g.mu.Lock()
	if g.rec != nil {
		g.mu.Unlock()
		return fmt.Errorf("recording to %s already: stop it first", g.rec.path)
	}
	names := g.names()
	again := " again" // the running games are launched again; else the server's
	if len(names) == 0 && g.base.godot != "" {
		names, again = []string{defaultGame}, ""
	}
	if len(names) == 0 {
		g.mu.Unlock()
		return errors.New("no game to record: launch one first")
	}
	specs := map[string]gameLaunch{}
	for _, n := range names {
		spec, ok := g.launched[n]
		if !ok { // the server's game, not launched yet
			spec = g.base
		}
		specs[n] = spec
	}
	// A new file beside the one named: a recording that fails to start,
	// or stops badly, leaves the user's file as it was.
	err := outfile.CheckReplace(path)
	var f *temps.Replacement
	if err == nil {
		f, err = temps.Replace(path)
	}
	if err == nil {
		g.rec = &mcpRecording{path: path, file: f, rec: debugger.NewRecorder(f), seed: seed}
	}
	rec := g.rec
	g.mu.Unlock()
	if err != nil {
		return err
	}
	g.netLinks().recordTo(rec.rec, int(debugger.FixedFPS(rec.args(specs[names[0]].args))), seed, out)
	for _, n := range names {
		started, err := g.launch(ctx, n, specs[n].godot, specs[n].args)
		if err == nil {
			var frame int64
			if frame, err = started.Frame(ctx); err == nil {
				fmt.Fprintf(out, "recording to %s: game %s launched%s, held at its first frame (%d), seed %d\n", path, n, again, frame, seed)
				continue
			}
		}
		g.dropRecording()
		return fmt.Errorf("launching %s again, held from its first frame: %w; nothing recorded, %s left as it was", n, err, path)
	}
	return nil
}

// dropRecording ends the recording under way, if any, writing nothing:
// its new file is removed.
func (g *mcpGames) dropRecording() {
	g.mu.Lock()
	r := g.rec
	g.rec = nil
	g.mu.Unlock()
	if r != nil {
		g.netLinks().recordTo(nil, 0, 0, io.Discard)
		r.rec.Close()
		r.file.Drop()
	}
}

// stopRecording finishes the recording's file.
func (g *mcpGames) stopRecording(out *bufio.Writer) error {
	g.mu.Lock()
	r := g.rec
	g.rec = nil
	g.mu.Unlock()
	if r == nil {
		return errors.New("no recording under way: start one with file")
	}
	g.netLinks().recordTo(nil, 0, 0, io.Discard)
	steps := r.rec.Steps()
	err := r.rec.Close()
	if err == nil {
		err = r.file.Commit()
	}
	if err != nil {
		r.file.Drop()
		return fmt.Errorf("writing %s: %w", r.path, err)
	}
	_, err = fmt.Fprintf(out, "wrote %s: %d steps; replay it with gdvar replay %[1]s -- GODOT ARGS… (the games' command line, with --fixed-fps %[3]s)\n", r.path, steps, recordFPS)
	return err
}

// endRecording finishes the recording's file, if any, as the server ends.
func (g *mcpGames) endRecording() {
	var discard strings.Builder
	g.stopRecording(bufio.NewWriter(&discard)) // none under way, most often
}

// args is a game's command line for the recording: given --fixed-fps if
// it has none (as it is, if there is no recording).
func (r *mcpRecording) args(args []string) []string {
	if r == nil {
		return args
	}
	end := slices.IndexFunc(args, func(a string) bool { return a == "--" || a == "++" })
	if end < 0 {
		end = len(args)
	}
	if slices.Contains(args[:end], "--fixed-fps") {
		return args
	}
	return slices.Concat(args[:end], []string{"--fixed-fps", recordFPS}, args[end:])
}

// opts are a game's launch options for the recording: held from its
// first frame with the recording's seed.
func (r *mcpRecording) opts(opts []debugger.Option) []debugger.Option {
	if r == nil {
		return opts
	}
	return append(opts[:len(opts):len(opts)], debugger.HoldFromStart(r.seed))
}

// add adds a game launched for the recording to it.
func (r *mcpRecording) add(name string, g *debugger.Game) error {
	if r == nil {
		return nil
	}
	return r.rec.Add(name, g.Session)
}
