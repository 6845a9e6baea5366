package debugger

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/gdvar/gdvar"
)

// ErrNoRenderer is a screenshot of a game that draws nothing: one run
// with --headless (its viewports have no image).
var ErrNoRenderer = errors.New("debugger: the game renders nothing (--headless): run it with a display, such as Xvfb (DISPLAY), and without --headless; with no GPU, add --rendering-driver opengl3 (Mesa's llvmpipe)")

// MaxScreenshot bounds a screenshot's PNG: a 4K frame of noise is 33 MiB.
// A screenshot is bounded first by the bytes a PNG of its image's size can
// take (a frame of 1920 × 1080 pixels: 9.0 MiB).
const MaxScreenshot = 64 << 20

// shotChunk is the most of a PNG one evaluate returns: the engine sends
// null for a value whose encoding (8 bytes of header, here) is over 1 MiB.
const shotChunk = 1<<20 - 8

// ShotOption says what Screenshot takes.
type ShotOption func(*shotConfig)

type shotConfig struct {
	node string // the node whose viewport is taken; "" for the root's
}

// ShotNode takes the viewport the node at path (absolute) is drawn in,
// or the node itself if it is a Viewport, such as a SubViewport, rather
// than the game's root viewport.
func ShotNode(path string) ShotOption {
	return func(c *shotConfig) { c.node = path }
}

// shotTags numbers the screenshots asked for, for the replies to name.
var shotTags atomic.Int64

// Screenshot returns a PNG of the game's root viewport as last drawn, or
// of a node's ([ShotNode]). Godot 4.5+ saves the root's as the editor asks
// for it (scene:rq_screenshot) to a file in its temporary folder, which
// the Session reads and removes: the game goes on running. A node's, or
// the root's from an older Godot 4 or a game on another machine, is read
// by evaluate in a script frame (see Evaluate), a MiB at a time while the
// game is stopped there. A game run with --headless has no image:
// [ErrNoRenderer]. Godot 3 has neither way: [ErrUnsupported]. At most the
// bytes a PNG of the image's size (which the game says first) can take,
// and [MaxScreenshot]; a PNG that cannot be of that image (not one, another
// size, a chunk past that bound, a wrong CRC, bytes after its end), and
// anything else the game sends, is [ErrMalformed], at the first chunk that
// shows it.
func (s *Session) Screenshot(ctx context.Context, opts ...ShotOption) ([]byte, error) {
	var c shotConfig
	for _, o := range opts {
		o(&c)
	}
	if s.Engine() == gdvar.Godot3 {
		return nil, fmt.Errorf("%w: Godot 3 has no screenshot request and no evaluate", ErrUnsupported)
	}
	if err := s.turn(ctx); err != nil {
		return nil, err
	}
	defer s.endTurn()
	b, err := s.shot(ctx, c.node)
	if err == nil && s.recording() {
		sum := sha256.Sum256(b)
		s.note(ReplayStep{Op: OpScreenshot, Path: c.node, SHA256: hex.EncodeToString(sum[:])})
	}
	return b, err
}

// shot is Screenshot in the caller's turn: of the node's viewport, or the
// root's if node is "".
func (s *Session) shot(ctx context.Context, node string) ([]byte, error) {
	major, minor := s.Version()
	if node == "" && !(major == 4 && minor < 5) {
		b, err := s.requestShot(ctx)
		if !errors.Is(err, errShotElsewhere) {
			return b, err
		}
	}
	return s.evalShot(ctx, node)
}

// requestShot asks the game for its root viewport's image, which it saves
// to a file and names in game_view:get_screenshot [tag, width, height,
// path]. Without an image it reports an error from the request's handler
// instead.
func (s *Session) requestShot(ctx context.Context) ([]byte, error) {
	tag := shotTags.Add(1)
	m, err := s.request(ctx, "scene:rq_screenshot", []any{tag}, func(m Message) bool {
		switch m.Name {
		case "game_view:get_screenshot":
			return len(m.Data) > 0 && m.Data[0] == tag
		case "error":
			e, err := ParseError(m)
			return err == nil && e.Source.Func == "_msg_rq_screenshot"
		}
		return false
	}, ignoredLate)
	if err != nil {
		return nil, err
	}
	if m.Name == "error" {
		return nil, ErrNoRenderer
	}
	var width, height int64
	var path string
	if !fields(m.Data[1:], &width, &height, &path) {
		return nil, fmt.Errorf("%w: game_view:get_screenshot %s", ErrMalformed, shown(m.Data))
	}
	return readShot(path, width, height)
}

// evalShot reads the PNG of the viewport of the node at path ("" for the
// root) by evaluate, in chunks of shotChunk bytes, all while the game is
// stopped at one script frame, so that they are of one image. The image's
// size comes first, and bounds the PNG (checkImageSize).
func (s *Session) evalShot(ctx context.Context, path string) ([]byte, error) {
	var png []byte
	err := s.inFrame(ctx, func() error {
		display, err := s.eval(ctx, "DisplayServer.get_name()")
		if err != nil {
			return err
		}
		if display == "headless" {
			return ErrNoRenderer
		}
		viewport, err := s.viewportOf(ctx, path)
		if err != nil {
			return err
		}
		size, err := s.eval(ctx, viewport+".get_texture().get_image().get_size()")
		if err != nil {
			return err
		}
		pixels, ok := size.(gdvar.Vector2i)
		switch {
		case size == nil || ok && (pixels.X == 0 || pixels.Y == 0):
			return noImage(viewport)
		case !ok:
			return fmt.Errorf("%w: a viewport's image of size %s", ErrMalformed, shown(size))
		}
		png, err = s.evalPNG(ctx, viewport, int64(pixels.X), int64(pixels.Y))
		return err
	})
	if err != nil {
		return nil, err
	}
	return png, nil
}

// noImage is the error of a viewport, an Expression, that has no image.
func noImage(viewport string) error {
	return fmt.Errorf("debugger: the viewport has no image (%s): see the game's errors", cutText(viewport))
}

// viewportOf returns the Expression of the viewport the node at path is
// drawn in, or of the node if it is a Viewport; of the root's if path is
// "".
func (s *Session) viewportOf(ctx context.Context, path string) (string, error) {
	if path == "" {
		return "Engine.get_main_loop().root", nil
	}
	id, err := s.eval(ctx, fmt.Sprintf("Engine.get_main_loop().root.get_node_or_null(NodePath(%s))", quote(path)))
	if err != nil {
		return "", err
	}
	if _, ok := id.(gdvar.ObjectID); !ok {
		return "", fmt.Errorf("%w: %s", ErrNoNode, path)
	}
	node := fmt.Sprintf("instance_from_id(%d)", id)
	isViewport, err := s.eval(ctx, node+`.is_class("Viewport")`)
	if err != nil {
		return "", err
	}
	if isViewport == true {
		return node, nil
	}
	return node + ".get_viewport()", nil
}

// evalPNG reads the PNG of viewport, an Expression, whose image is width ×
// height pixels, a chunk an evaluate until its IEND came (shotReader).
// The PNG is encoded anew for each, from the same image while the game
// stays stopped.
func (s *Session) evalPNG(ctx context.Context, viewport string, width, height int64) ([]byte, error) {
	r, err := newShotReader(width, height, shotChunk)
	if err != nil {
		return nil, err
	}
	for {
		v, err := s.eval(ctx, fmt.Sprintf("%s.get_texture().get_image().save_png_to_buffer().slice(%d, %d)", viewport, len(r.png), len(r.png)+shotChunk))
		if err != nil {
			return nil, err
		}
		if v == nil && len(r.png) == 0 {
			return nil, noImage(viewport)
		}
		if done, err := r.add(v); done || err != nil {
			return r.png, err
		}
	}
}

// shotReader puts a screenshot's PNG of an image of width × height pixels
// together from the chunks the game sends, each of chunk bytes but the
// last, checking each as it comes (pngCheck): a PNG that cannot be one of
// that image is ErrMalformed at its first chunk that shows it, one over
// the bytes such a PNG can take (maxPNG) too.
type shotReader struct {
	check *pngCheck
	chunk int
	png   []byte
}

func newShotReader(width, height int64, chunk int) (*shotReader, error) {
	bound, err := checkImageSize(width, height)
	if err != nil {
		return nil, err
	}
	return &shotReader{check: newPNGCheck(width, height, bound), chunk: chunk}, nil
}

// add adds v, the game's answer for the next chunk, and says whether the
// PNG is whole; after an error, png is nil.
func (r *shotReader) add(v any) (done bool, err error) {
	defer func() {
		if err != nil {
			r.png = nil
		}
	}()
	b, ok := v.([]byte)
	if !ok || len(b) > r.chunk {
		return false, fmt.Errorf("%w: a screenshot's chunk %s", ErrMalformed, shown(v))
	}
	r.png = append(r.png, b...)
	if err := r.check.check(r.png); err != nil {
		return false, err
	}
	if !r.check.ended && len(b) < r.chunk {
		return false, fmt.Errorf("%w: a screenshot's PNG cut short at %d bytes", ErrMalformed, len(r.png))
	}
	return r.check.ended, nil
}
