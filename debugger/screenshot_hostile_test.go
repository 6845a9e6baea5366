package debugger

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pngChunk is a PNG chunk of that type and data, its CRC right.
func pngChunk(kind string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, kind...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// pngHead is a PNG's signature and its IHDR of width × height pixels, RGBA
// of 8 bits.
func pngHead(width, height uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, width), height)
	return append(append([]byte{}, pngSignature...), pngChunk("IHDR", append(ihdr, 8, 6, 0, 0, 0))...)
}

// endless is a stream of head, then body over and over without end: what
// bytes from to to of it are.
func endless(head, body []byte) func(from, to int) []byte {
	return func(from, to int) []byte {
		b := make([]byte, to-from)
		for i := range b {
			if o := from + i; o < len(head) {
				b[i] = head[o]
			} else {
				b[i] = body[(o-len(head))%len(body)]
			}
		}
		return b
	}
}

// shotGame is a fake Godot 4.4 game stopped at a script frame that says
// its viewport's image is size, and answers each chunk of its PNG with
// png(from, to). It counts the chunks asked for and the bytes it sends.
type shotGame struct {
	size   any
	png    func(from, to int) []byte
	chunks atomic.Int64
	sent   atomic.Int64
}

var sliceExpr = regexp.MustCompile(`\.slice\((\d+), (\d+)\)$`)

func (g *shotGame) reply(m Message) []byte {
	if m.Name != "evaluate" {
		return nil
	}
	sent, _ := m.Data[0].(string)
	expr := strings.TrimRight(sent, " \t")
	var v any
	switch {
	case expr == "DisplayServer.get_name()":
		v = "X11"
	case strings.HasSuffix(expr, ".get_size()"):
		v = g.size
	case sliceExpr.MatchString(expr):
		g.chunks.Add(1)
		bounds := sliceExpr.FindStringSubmatch(expr)
		from, _ := strconv.Atoi(bounds[1])
		to, _ := strconv.Atoi(bounds[2])
		v = g.png(from, to)
	}
	b := message4("evaluation_return", sent, int64(3), int64(0), v)
	g.sent.Add(int64(len(b)))
	return b
}

// A game whose PNG's chunks cannot be one of its viewport's image fails
// the screenshot with ErrMalformed at the first chunk that shows it, or
// once past the bytes a PNG of that size can take, at most MaxScreenshot.
// Before, every screenshot read chunks until one came short or 64 MiB
// had come: 64 evaluates, 64 MiB, for zeros without end.
func TestHostileScreenshot(t *testing.T) {
	hd := gdvar.Vector2i{X: 1920, Y: 1080}
	idat := pngChunk("IDAT", make([]byte, 8192))
	for _, c := range []struct {
		name   string
		size   any
		png    func(from, to int) []byte
		chunks int64 // the most asked for
	}{
		{"zeros without end", hd, endless(nil, []byte{0}), 1},
		{"a viewport of 65535×65535 pixels", gdvar.Vector2i{X: 65535, Y: 65535}, endless(pngHead(65535, 65535), idat), 0},
		{"a viewport of no size", gdvar.Vector2i{X: -1, Y: 1080}, endless(pngHead(1920, 1080), idat), 0},
		{"a viewport's size that is no Vector2i", "1920x1080", endless(pngHead(1920, 1080), idat), 0},
		{"an IHDR of 65535×65535 pixels", hd, endless(pngHead(65535, 65535), idat), 1},
		{"IDAT without end", hd, endless(pngHead(1920, 1080), idat), (maxPNG(1920, 1080) + shotChunk - 1) / shotChunk},
		{"IDAT without end, of the largest image", gdvar.Vector2i{X: 16384, Y: 16384}, endless(pngHead(16384, 16384), idat), MaxScreenshot/shotChunk + 1},
		{"an IDAT of 2 GiB", hd, endless(append(pngHead(1920, 1080), 0x7f, 0xff, 0xff, 0xff, 'I', 'D', 'A', 'T'), []byte{0}), 1},
		{"a wrong CRC", hd, endless(pngHead(1920, 1080), append(pngChunk("IDAT", make([]byte, 8192))[:8200], 0, 0, 0, 0)), 1},
		{"a chunk type that is no letters", hd, endless(pngHead(1920, 1080), pngChunk("ID\x00T", make([]byte, 8192))), 1},
		{"IDAT before IHDR", hd, endless(pngSignature, idat), 1},
		{"a second IHDR", hd, endless(pngHead(1920, 1080), pngHead(1920, 1080)[8:]), 1},
		{"bytes after IEND", hd, endless(append(pngHead(1920, 1080), pngChunk("IEND", nil)...), []byte{0}), 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			game := &shotGame{size: c.size, png: c.png}
			s, send := scripted(t, gdvar.Godot4, game.reply)
			send(banner4("4.4.1"))
			waitVersion(t, s)
			stopGame(t, s, send)
			var got []byte
			var err error
			alloc := hostile.Allocated(func() { got, err = s.Screenshot(shotContext(t)) })
			sent := int(game.sent.Load())
			t.Logf("%d chunks, %d bytes: %.1f allocated a byte: %v", game.chunks.Load(), sent, float64(alloc)/float64(sent), err)
			require.ErrorIs(t, err, ErrMalformed)
			assert.Nil(t, got)
			assert.LessOrEqual(t, game.chunks.Load(), c.chunks, "chunks asked for")
			assert.LessOrEqual(t, alloc, hostile.Bound(sent))
			assert.LessOrEqual(t, len(err.Error()), 300, err.Error())
		})
	}
}

// A PNG cut short, whose last chunk comes short before its IEND, is
// ErrMalformed; one whose IEND ends a full chunk is whole, with no
// evaluate more.
func TestScreenshotEnds(t *testing.T) {
	whole := pngOfSize(t, shotChunk)
	for _, c := range []struct {
		name   string
		png    []byte
		chunks int64
		want   error
	}{
		{"cut short", whole[:shotChunk-1], 1, ErrMalformed},
		{"its IEND at a chunk's end", whole, 1, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			game := &shotGame{size: gdvar.Vector2i{X: 480, Y: 480}, png: func(from, to int) []byte { return c.png[min(from, len(c.png)):min(to, len(c.png))] }}
			s, send := scripted(t, gdvar.Godot4, game.reply)
			send(banner4("4.4.1"))
			waitVersion(t, s)
			stopGame(t, s, send)
			got, err := s.Screenshot(shotContext(t))
			assert.Equal(t, c.chunks, game.chunks.Load(), "chunks asked for")
			if c.want != nil {
				require.ErrorIs(t, err, c.want)
				assert.ErrorContains(t, err, fmt.Sprint("cut short at ", shotChunk-1))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.png, got)
		})
	}
}
