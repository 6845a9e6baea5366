package debugger

import (
	"bytes"
	"context"
	"hash/crc32"
	"image"
	stdpng "image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pngOf is a PNG of width × height pixels: a seeded noise, so that it
// hardly compresses (4 bytes a pixel).
func pngOf(t testing.TB, width, height int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, width, height))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = byte(r.UintN(256))
	}
	var b bytes.Buffer
	require.NoError(t, stdpng.Encode(&b, img))
	return b.Bytes()
}

// shotContext bounds a screenshot test's wait: the fake game answers at
// once, so only a hang reaches it.
func shotContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// Godot 4.5+ saves the root viewport's image to a file and names it: the
// Session reads and removes a file that is what the engine writes, and
// refuses, leaving it, anything else; a game without an image says so.
func TestScreenshotFile(t *testing.T) {
	good := pngOf(t, 3, 2)
	for _, c := range []struct {
		name string
		file func(dir string) string          // makes the file the game names, returns its path
		data func(tag any, path string) []any // game_view:get_screenshot's data; nil for the engine's error
		want error                            // nil: good, read and removed
		kept bool                             // the file is left where it is
	}{
		{"the engine's file", write(good, "scr-2026112608062610859220.png"), reply(3, 2), nil, false},
		{"no renderer (headless)", write(good, "scr-1.png"), nil, ErrNoRenderer, true},
		{"another name", write(good, "notes.png"), reply(3, 2), ErrMalformed, true},
		{"a relative path", func(string) string { return "scr-1.png" }, reply(3, 2), ErrMalformed, false},
		{"not a PNG", write([]byte("plain text"), "scr-1.png"), reply(3, 2), ErrMalformed, true},
		{"a PNG of another size", write(good, "scr-1.png"), reply(4, 4), ErrMalformed, true},
		{"a size that is not a number", write(good, "scr-1.png"), func(tag any, path string) []any { return []any{tag, "3", int64(2), path} }, ErrMalformed, true},
		{"a path that is not a String", write(good, "scr-1.png"), func(tag any, _ string) []any { return []any{tag, int64(3), int64(2), int64(7)} }, ErrMalformed, true},
		{"over what a PNG of its size takes", func(dir string) string {
			path := filepath.Join(dir, "scr-1.png")
			f, err := os.Create(path)
			require.NoError(t, err)
			require.NoError(t, f.Truncate(maxPNG(3, 2)+1)) // sparse: nothing written
			require.NoError(t, f.Close())
			return path
		}, reply(3, 2), ErrMalformed, true},
		{"of a size no image has", write(good, "scr-1.png"), reply(1<<16, 1<<16), ErrMalformed, true},
		{"cut short", write(good[:len(good)-1], "scr-1.png"), reply(3, 2), ErrMalformed, true},
		{"a link", func(dir string) string {
			target := write(good, "target.png")(dir)
			path := filepath.Join(dir, "scr-1.png")
			require.NoError(t, os.Symlink(target, path))
			return path
		}, reply(3, 2), nil, true},
		{"a FIFO", func(dir string) string {
			path := filepath.Join(dir, "scr-1.png")
			require.NoError(t, syscall.Mkfifo(path, 0o600))
			return path
		}, reply(3, 2), ErrMalformed, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := c.file(inShotFolder(t))
			s, _ := scripted(t, gdvar.Godot4, func(m Message) []byte {
				if m.Name != "scene:rq_screenshot" {
					return nil
				}
				if c.data == nil {
					return message4("error", int64(0), int64(0), int64(0), int64(782), "scene/debugger/scene_debugger.cpp", "_msg_rq_screenshot", int64(488),
						`Condition "img.is_null()" is true. Returning: ERR_UNCONFIGURED`, "Cannot get an image from a viewport texture of the main screen.", false, int64(0))
				}
				return message4("game_view:get_screenshot", c.data(m.Data[0], path)...)
			})
			got, err := s.Screenshot(shotContext(t))
			_, statErr := os.Lstat(path)
			switch {
			case c.want == nil && !c.kept:
				require.NoError(t, err)
				assert.Equal(t, good, got)
				assert.ErrorIs(t, statErr, os.ErrNotExist, "the file is removed")
				return
			case c.want == nil: // an error of the file system's, whatever it is
				require.Error(t, err)
			default:
				require.ErrorIs(t, err, c.want)
			}
			assert.Nil(t, got)
			assert.LessOrEqual(t, len(err.Error()), 300, err.Error())
			if c.kept {
				assert.NoError(t, statErr, "the file is left")
			}
		})
	}
}

// write returns a function that writes b to a file of that name in a
// folder, and returns its path.
func write(b []byte, name string) func(dir string) string {
	return func(dir string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o600); err != nil {
			panic(err)
		}
		return path
	}
}

// reply returns game_view:get_screenshot's data for a file of width ×
// height pixels.
func reply(width, height int64) func(tag any, path string) []any {
	return func(tag any, path string) []any { return []any{tag, width, height, path} }
}

// A file too big is refused from its size, unread.
func TestScreenshotFileTooBigIsNotRead(t *testing.T) {
	path := filepath.Join(inShotFolder(t), "scr-1.png")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(MaxScreenshot+1))
	require.NoError(t, f.Close())
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = readShot(path, 3, 2)
	runtime.ReadMemStats(&after)
	require.ErrorIs(t, err, ErrMalformed)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<10), "bytes allocated")
}

// evalGame is a fake game stopped at a script frame that answers the
// evaluates a screenshot makes: the display server's name, the node at
// /root/Main/Sub (a SubViewport) or /root/Main/Label, the size of the
// viewport's image (png's), and the slices of png (nil: the viewport has
// no image).
func evalGame(display string, png []byte) func(Message) []byte {
	slice := regexp.MustCompile(`\.slice\((\d+), (\d+)\)$`)
	return func(m Message) []byte {
		if m.Name != "evaluate" {
			return nil
		}
		sent, _ := m.Data[0].(string)
		expr := strings.TrimRight(sent, " \t")
		var v any
		switch {
		case expr == "DisplayServer.get_name()":
			v = display
		case strings.Contains(expr, `get_node_or_null(NodePath("/root/Main/Sub"))`):
			v = gdvar.ObjectID(77)
		case strings.Contains(expr, `get_node_or_null(NodePath("/root/Main/Label"))`):
			v = gdvar.ObjectID(78)
		case expr == `instance_from_id(77).is_class("Viewport")`:
			v = true
		case expr == `instance_from_id(78).is_class("Viewport")`:
			v = false
		case strings.HasSuffix(expr, ".get_texture().get_image().get_size()") && png != nil:
			v = gdvar.Vector2i{X: 3, Y: 2} // not a PNG: any size
			if cfg, err := stdpng.DecodeConfig(bytes.NewReader(png)); err == nil {
				v = gdvar.Vector2i{X: int32(cfg.Width), Y: int32(cfg.Height)}
			}
		case slice.MatchString(expr) && png != nil:
			bounds := slice.FindStringSubmatch(expr)
			from, _ := strconv.Atoi(bounds[1])
			to, _ := strconv.Atoi(bounds[2])
			v = png[min(from, len(png)):min(to, len(png))]
		}
		return message4("evaluation_return", sent, int64(3), int64(0), v)
	}
}

// A node's viewport, and the root's where the game has no screenshot
// request, come by evaluate, a MiB at a time, from the frame where the
// game stopped; a headless game says so before any image is asked for.
func TestScreenshotByEvaluate(t *testing.T) {
	big := pngOf(t, 800, 800) // three chunks
	require.Greater(t, len(big), 2*shotChunk)
	for _, c := range []struct {
		name    string
		banner  string // the game's first line: its version
		display string
		png     []byte
		opts    []ShotOption
		want    error
	}{
		{"a SubViewport", "", "X11", big, []ShotOption{ShotNode("/root/Main/Sub")}, nil},
		{"a node's viewport", "", "X11", big, []ShotOption{ShotNode("/root/Main/Label")}, nil},
		{"the root in Godot 4.4", "Godot Engine v4.4.1.stable.official", "X11", big, nil, nil},
		{"a PNG of exactly a chunk", "", "X11", pngOfSize(t, shotChunk), []ShotOption{ShotNode("/root/Main/Sub")}, nil},
		{"headless", "", "headless", big, []ShotOption{ShotNode("/root/Main/Sub")}, ErrNoRenderer},
		{"no such node", "", "X11", big, []ShotOption{ShotNode("/root/Nope")}, ErrNoNode},
		{"no image", "", "X11", nil, []ShotOption{ShotNode("/root/Main/Sub")}, nil},
		{"not a PNG", "", "X11", []byte("plain text"), []ShotOption{ShotNode("/root/Main/Sub")}, ErrMalformed},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, send := scripted(t, gdvar.Godot4, evalGame(c.display, c.png))
			if c.banner != "" {
				send(message4("output", []string{c.banner}, []int32{0}))
				require.Eventually(t, func() bool { major, _ := s.Version(); return major == 4 }, time.Minute, time.Millisecond)
			}
			stopGame(t, s, send)
			got, err := s.Screenshot(shotContext(t), c.opts...)
			switch {
			case c.want != nil:
				require.ErrorIs(t, err, c.want)
			case c.png == nil:
				require.ErrorContains(t, err, "has no image")
			default:
				require.NoError(t, err)
				assert.Equal(t, c.png, got)
				return
			}
			assert.Nil(t, got)
			assert.LessOrEqual(t, len(err.Error()), 300, err.Error())
		})
	}
}

// pngOfSize is a valid PNG of exactly n bytes (n from 930 000 to a
// chunk's), within the bytes a PNG of its 480 × 480 pixels can take: a
// noise, and a private chunk filling the rest.
func pngOfSize(t *testing.T, n int) []byte {
	b := pngOf(t, 480, 480)
	fill := n - len(b) - 12 // a chunk's length, type and CRC
	require.Positive(t, fill)
	require.LessOrEqual(t, int64(n), maxPNG(480, 480))
	chunk := append([]byte{byte(fill >> 24), byte(fill >> 16), byte(fill >> 8), byte(fill)}, "gdVr"...)
	chunk = append(chunk, make([]byte, fill)...)
	crc := crc32.ChecksumIEEE(chunk[4:])
	chunk = append(chunk, byte(crc>>24), byte(crc>>16), byte(crc>>8), byte(crc))
	const header = 8 + 25 // the signature and IHDR
	return append(append(append([]byte{}, b[:header]...), chunk...), b[header:]...)
}

// Godot 3 has no way to a screenshot: it is said at once, nothing sent.
func TestScreenshotGodot3(t *testing.T) {
	sent := make(chan string, 10)
	s, _ := scripted(t, gdvar.Godot3, func(m Message) []byte {
		sent <- m.Name
		return nil
	})
	_, err := s.Screenshot(shotContext(t))
	require.ErrorIs(t, err, ErrUnsupported)
	assert.Empty(t, sent)
}

// inShotFolder makes a folder the engine's temporary folder for the
// test, and returns it.
func inShotFolder(t *testing.T) string {
	dir := t.TempDir()
	old := shotFolder
	shotFolder = dir
	t.Cleanup(func() { shotFolder = old })
	return dir
}

// A game that names a file of the engine's name in another folder than
// the engine's temporary one, a user's own, has it neither read nor
// removed: the image is read by evaluate instead. It was read, then
// removed.
func TestScreenshotFileOutsideTheTemporaryFolder(t *testing.T) {
	inShotFolder(t)
	users := filepath.Join(t.TempDir(), "scr-1.png")
	mine := pngOf(t, 3, 2)
	require.NoError(t, os.WriteFile(users, mine, 0o644))
	want := pngOf(t, 3, 2)
	byEval := evalGame("X11", want)
	s, send := scripted(t, gdvar.Godot4, func(m Message) []byte {
		if m.Name == "scene:rq_screenshot" {
			return message4("game_view:get_screenshot", m.Data[0], int64(3), int64(2), users)
		}
		return byEval(m)
	})
	stopGame(t, s, send)
	got, err := s.Screenshot(shotContext(t))
	require.NoError(t, err)
	assert.Equal(t, want, got)
	kept, err := os.ReadFile(users)
	require.NoError(t, err, "the user's file is where it was")
	assert.Equal(t, mine, kept)
}

// A file the game names that is not on this machine (the game runs on
// another) is read by evaluate instead.
func TestScreenshotFileElsewhere(t *testing.T) {
	want := pngOf(t, 3, 2)
	byEval := evalGame("X11", want)
	s, send := scripted(t, gdvar.Godot4, func(m Message) []byte {
		if m.Name == "scene:rq_screenshot" {
			return message4("game_view:get_screenshot", m.Data[0], int64(3), int64(2), filepath.Join(t.TempDir(), "scr-1.png"))
		}
		return byEval(m)
	})
	stopGame(t, s, send)
	got, err := s.Screenshot(shotContext(t))
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
