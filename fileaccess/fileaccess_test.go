package fileaccess

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Containers Godot 4.6, 3.6 and 3.2 wrote (scripts/fileaccess/
// gen-testdata.sh) hold the records the engine printed, for every mode.
func TestEngineContainers(t *testing.T) {
	for _, engine := range []string{"godot4", "godot3.6", "godot3.2"} {
		dir := filepath.Join("testdata", engine)
		sent, err := os.ReadFile(filepath.Join(dir, "sent.txt"))
		require.NoError(t, err)
		want := hexLines(t, string(sent), "")
		for _, mode := range modes {
			b, err := os.ReadFile(filepath.Join(dir, mode+".bin"))
			require.NoError(t, err)
			kind, content, err := readAll(b, keyOption(mode))
			require.NoError(t, err, "%s/%s", engine, mode)
			_, compressed := compression(mode)
			assert.Equal(t, map[bool]Container{true: Compressed, false: Encrypted}[compressed], kind)
			sameRecords(t, want, records(t, content), engine+"/"+mode)
		}
	}
}

// What gdvar writes in every mode and layout reads back, for contents
// around the block and cipher sizes; a Godot 4 encrypted container with a
// fixed IV is the same bytes each time.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, size := range []int{0, 1, 15, 16, 17, 4095, 4096, 4097, 3*4096 + 5, 100_000} {
		content := make([]byte, size)
		for i := range content {
			content[i] = byte(rng.IntN(4)) // compressible
		}
		for _, mode := range append(modes, "pass3") {
			var opts []Option
			if mode == "pass3" {
				mode, opts = "pass", []Option{WithEngine(gdvar.Godot3)}
			}
			b := write(t, mode, content, opts...)
			_, got, err := readAll(b, keyOption(mode))
			require.NoError(t, err, "%s %d", mode, size)
			assert.True(t, bytes.Equal(content, got), "%s %d", mode, size)
		}
	}
	iv := WithIV([16]byte{1, 2, 3})
	assert.Equal(t, write(t, "key", []byte("same"), iv), write(t, "key", []byte("same"), iv))
	assert.NotEqual(t, write(t, "key", []byte("same")), write(t, "key", []byte("same")), "random IVs")
}

// brotliFile is a container of Brotli blocks of content, compressed with
// a window of 2^lgwin bytes.
func brotliFile(t testing.TB, content []byte, lgwin int) []byte {
	return brotliBlocks(t, content, DefaultBlockSize, 6, lgwin)
}

// brotliBlocks is a container of Brotli blocks of the given size, each
// compressed at quality with a window of 2^lgwin bytes.
func brotliBlocks(t testing.TB, content []byte, block, quality, lgwin int) []byte {
	var blocks [][]byte
	for rest := content; ; rest = rest[min(len(rest), block):] {
		blocks = append(blocks, brotliBlock(t, rest[:min(len(rest), block)], quality, lgwin))
		if len(rest) < block {
			break
		}
	}
	return container(Brotli, uint32(block), uint32(len(content)), blocks)
}

// brotliBlock is content compressed as one Brotli block at quality, with
// a window of 2^lgwin bytes (0: the library's default).
func brotliBlock(t testing.TB, content []byte, quality, lgwin int) []byte {
	var b bytes.Buffer
	w := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: quality, LGWin: lgwin})
	_, err := w.Write(content)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return b.Bytes()
}

// The engines write Brotli only through other tools; a container of Brotli
// blocks made here reads back. A block's window is bounded as its size is:
// the decoder's buffers grow to the window whatever the block holds, so a
// window over WithMaxBlockSize (64 KiB by default) is refused unless the
// limit is raised.
func TestBrotliBlocks(t *testing.T) {
	content := bytes.Repeat([]byte("brotli "), 2000)
	for _, lgwin := range []int{10, 16} {
		_, got, err := readAll(brotliFile(t, content, lgwin))
		require.NoError(t, err, lgwin)
		assert.Equal(t, content, got, lgwin)
	}
	wide := brotliFile(t, content, 22)
	_, _, err := readAll(wide)
	assert.ErrorIs(t, err, ErrTooLarge)
	_, got, err := readAll(wide, WithMaxBlockSize(4<<20))
	require.NoError(t, err)
	assert.Equal(t, content, got)
	_, err = NewCompressedWriter(nil, Brotli)
	assert.Error(t, err, "the engines do not write Brotli")
}

// container assembles a compressed container.
func container(c Compression, block, total uint32, blocks [][]byte) []byte {
	b := []byte(MagicCompressed)
	for _, v := range []uint32{uint32(c), block, total} {
		b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	for _, bl := range blocks {
		n := uint32(len(bl))
		b = append(b, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
	}
	for _, bl := range blocks {
		b = append(b, bl...)
	}
	return append(b, MagicCompressed...)
}

// A file without a container's magic reads as it is.
func TestPlain(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("GD"), []byte("plain save data")} {
		kind, got, err := readAll(b)
		require.NoError(t, err)
		assert.Equal(t, Plain, kind)
		assert.Equal(t, string(b), string(got))
	}
}

// A wrong key, a missing key, a cut file and a changed byte give typed
// errors. Every changed byte of an encrypted container is found, except in
// the zero padding of a Godot 4 container's last block, which the MD5 does
// not cover (nor does the engine's check); so is every changed byte of a
// compressed container's header, block table and closing magic, and of its
// Deflate blocks where it changes the content (zlib's Adler-32). FastLZ
// blocks carry no checksum, nor do the engine's zstd blocks, and gzip's
// header has fields no one checks: a change there may go unnoticed, in the
// engine as here.
func TestDamage(t *testing.T) {
	content := saveFile([][]byte{[]byte("hello"), bytes.Repeat([]byte{7}, 5000)})
	for _, mode := range append(modes, "pass3") {
		var opts []Option
		if mode == "pass3" {
			mode, opts = "pass", []Option{WithEngine(gdvar.Godot3)}
		}
		file := write(t, mode, content, opts...)
		_, compressed := compression(mode)
		name := fmt.Sprintf("%s (%d options)", mode, len(opts))

		// Damage to the magic makes a file that is no container: read as it is.
		for cut := 4; cut < len(file); cut++ {
			_, _, err := readAll(file[:cut], keyOption(mode))
			assert.ErrorIs(t, err, ErrTruncated, "%s cut at %d", name, cut)
		}
		padded := len(file) - (16 - len(content)%16) // where a Godot 4 container's padding starts
		for at := 4; at < len(file); at++ {
			damaged := bytes.Clone(file)
			damaged[at] ^= 0x10
			_, got, err := readAll(damaged, keyOption(mode))
			switch {
			case !compressed && len(opts) == 0 && at >= padded:
				assert.NoError(t, err, "%s: padding byte %d", name, at)
			case !compressed || at < 16+4*(len(content)/DefaultBlockSize+1) || at >= len(file)-4:
				// The MD5, and the header, table and closing magic of a compressed container.
				assert.Error(t, err, "%s: byte %d changed", name, at)
			case mode == "deflate": // zlib's Adler-32 finds all but the unused bits of the last byte
				assert.True(t, err != nil || bytes.Equal(got, content), "%s: byte %d changed", name, at)
			}
			var fe *FormatError
			if err != nil && !errors.As(err, &fe) {
				t.Errorf("%s: byte %d: %T %v", name, at, err, err)
			}
		}
		if !compressed {
			_, _, err := readAll(file, WithPassword("wrong"))
			assert.ErrorIs(t, err, ErrChecksum, name)
			_, _, err = readAll(file)
			assert.ErrorIs(t, err, ErrNoKey, name)
		}
	}
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct {
	f *os.File
	n int
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		return 0, errors.New("disk full")
	}
	w.n -= len(p)
	return w.f.Write(p)
}

func (w *failingWriter) Seek(off int64, whence int) (int64, error) { return w.f.Seek(off, whence) }

// A writer's error is final: Write returns it with the bytes taken so far
// and never retries, and Close returns it; an aborted compressed container
// leaves no temporary file behind.
func TestWriterErrors(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer f.Close()
	ew, err := NewEncryptedWriter(&failingWriter{f: f, n: 100}, WithKey(testKey()))
	require.NoError(t, err)
	n, err := ew.Write(make([]byte, 40<<10))
	assert.ErrorContains(t, err, "disk full")
	assert.Equal(t, 16<<10, n, "the bytes taken before the failing write")
	_, err = ew.Write([]byte("more"))
	assert.ErrorContains(t, err, "disk full")
	assert.ErrorContains(t, ew.Close(), "disk full")

	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	cw, err := NewCompressedWriter(io.Discard, Zstd)
	require.NoError(t, err)
	_, err = cw.Write(make([]byte, 3*DefaultBlockSize))
	require.NoError(t, err)
	cw.Abort()
	spooled, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, spooled, "Abort removes it")
	_, err = cw.Write([]byte("more"))
	assert.Error(t, err)
	assert.Error(t, cw.Close())
}

// The blocks a CompressedWriter holds wait in a temporary file without a
// name (where the system allows it), so that a process killed before Close
// or Abort leaves none behind; Close still writes the container whole.
func TestCompressedWriterSpoolHasNoName(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("an open file keeps its name on Windows")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var out bytes.Buffer
	cw, err := NewCompressedWriter(&out, Deflate)
	require.NoError(t, err)
	content := bytes.Repeat([]byte("spooled block "), DefaultBlockSize)
	_, err = cw.Write(content)
	require.NoError(t, err)
	spooled, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, spooled, "the blocks' file has no name")
	require.NoError(t, cw.Close())

	r, err := NewReader(bytes.NewReader(out.Bytes()))
	require.NoError(t, err)
	got, err := io.ReadAll(r)
	require.NoError(t, err)
	assert.Equal(t, content, got)
}

// A binary resource's compressed container is the same container with its
// own magic number, at both ends; each reads only as itself.
func TestResourceContainer(t *testing.T) {
	content := bytes.Repeat([]byte("resource "), 1000)
	var b bytes.Buffer
	w, err := NewCompressedResourceWriter(&b, Zstd)
	require.NoError(t, err)
	_, err = w.Write(content)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	file := b.Bytes()
	assert.Equal(t, MagicResource, string(file[:4]))
	assert.Equal(t, MagicResource, string(file[len(file)-4:]))
	container, got, err := readAll(file)
	require.NoError(t, err)
	assert.Equal(t, Compressed, container)
	assert.Equal(t, content, got)

	mixed := append(bytes.Clone(file[:len(file)-4]), MagicCompressed...)
	_, _, err = readAll(mixed)
	assert.ErrorIs(t, err, ErrCorrupt)
}

// Every invalid option is refused by NewReader, Verify and
// NewEncryptedWriter, before they read or write anything; WithEngine's
// layout reaches the writer (Godot 3's header has a mode word Godot 4's
// has not).
func TestOptions(t *testing.T) {
	tests := []struct {
		name string
		opt  Option
	}{
		{"max block 0", WithMaxBlockSize(0)},
		{"max block negative", WithMaxBlockSize(-1)},
		{"max content 0", WithMaxContentSize(0)},
		{"max content negative", WithMaxContentSize(-5)},
		{"an unknown engine", WithEngine(gdvar.Engine(9))},
	}
	file := write(t, "pass", []byte("content"))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := []Option{WithPassword("hunter2"), tt.opt}
			in := bytes.NewReader(file)
			r, err := NewReader(in, opts...)
			assert.Nil(t, r)
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.ErrorContains(t, err, "fileaccess.With")
			assert.ErrorIs(t, Verify(in, opts...), gdvar.ErrInvalidOption)
			assert.Equal(t, len(file), in.Len(), "nothing read")
			var out bytes.Buffer
			w, err := NewEncryptedWriter(&out, opts...)
			assert.Nil(t, w)
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.Zero(t, out.Len(), "nothing written")
		})
	}
	for _, tt := range []struct {
		engine gdvar.Engine
		header int // the bytes before the ciphertext
	}{{gdvar.Godot4, 4 + 16 + 8 + 16}, {gdvar.Godot3, 4 + 4 + 16 + 8}} {
		b := write(t, "pass", nil, WithEngine(tt.engine))
		assert.Len(t, b, tt.header, "%s's empty container", tt.engine)
	}
}
