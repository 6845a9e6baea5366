package main

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// packedFloats is a PackedFloat32Array of n elements, as var_to_bytes
// writes it.
func packedFloats(n int) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(gdvar.TypePackedFloat32Array))
	b = binary.LittleEndian.AppendUint32(b, uint32(n))
	for i := range n {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(i%4096)*0.25))
	}
	return b
}

// framed puts a u32 length before data, as store_var does.
func framed(data []byte) []byte {
	return append(binary.LittleEndian.AppendUint32(nil, uint32(len(data))), data...)
}

// text, json and encode -from text stream: the memory they allocate does not grow
// with the value (here 8 MiB of floats and their 16 MiB of text), whether
// the input is a file or standard input, framed or not, and what encode
// writes back is the input.
func TestConversionsStream(t *testing.T) {
	value := packedFloats(2 << 20)
	dir := t.TempDir()
	for _, framing := range []string{"none", "stream"} {
		in := value
		if framing == "stream" {
			in = framed(value)
		}
		var code int
		for _, form := range []string{"text", "json", "-pretty"} {
			args := []string{form, "-framing", framing}
			if form == "-pretty" {
				args = []string{"json", "-pretty", "-framing", framing}
			}
			var out counter
			alloc := hostile.Allocated(func() { code = run(args, bytes.NewReader(in), &out, io.Discard) })
			require.Equal(t, 0, code)
			t.Logf("%v: %d bytes in, %d out, %d KiB allocated", args, len(in), out.n, alloc>>10)
			assert.Less(t, alloc, uint64(len(in)/4), "%v allocates far less than its input", args)
		}

		var text bytes.Buffer
		require.Equal(t, 0, run([]string{"text", "-framing", framing}, bytes.NewReader(in), &text, io.Discard))
		file := filepath.Join(dir, framing+".txt")
		require.NoError(t, os.WriteFile(file, text.Bytes(), 0o644))
		for _, src := range []string{file, "-"} {
			var bin counter
			alloc := hostile.Allocated(func() {
				code = run([]string{"encode", "-from", "text", "-framing", framing, src}, bytes.NewReader(text.Bytes()), &bin, io.Discard)
			})
			require.Equal(t, 0, code)
			assert.Equal(t, len(in), bin.n)
			t.Logf("encode -from text -framing %s %s: %d KiB allocated", framing, src, alloc>>10)
			assert.Less(t, alloc, uint64(text.Len()/4), "encode allocates far less than its input")
		}
		code, back, _ := runGdvar(text.Bytes(), "encode", "-from", "text", "-framing", framing)
		require.Equal(t, 0, code)
		assert.True(t, bytes.Equal(in, []byte(back)), "encode -from text gives back the input")
	}
}

// Without FILE the command reads standard input, as a filter.
func TestStdinWithoutFile(t *testing.T) {
	in := packedFloats(3)
	_, withDash, _ := runGdvar(in, "text", "-")
	code, without, _ := runGdvar(in, "text")
	assert.Equal(t, 0, code)
	assert.Equal(t, "PackedFloat32Array(0, 0.25, 0.5)\n", without)
	assert.Equal(t, withDash, without)

	code, _, stderr := runGdvar(in, "text", "a", "b")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "usage: gdvar text [flags] [FILE]")
}

// A conversion that fails part way writes nothing, however much it had
// converted, and leaves no temporary file behind.
func TestFailedConversionWritesNothing(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	good := framed(packedFloats(1 << 18))
	in := append(good, good[:len(good)/2]...) // a whole frame, then half of one
	for _, cmd := range [][]string{{"text", "-framing", "stream"}, {"json", "-framing", "stream"}} {
		code, out, stderr := runGdvar(in, cmd...)
		assert.Equal(t, 1, code, cmd)
		assert.Empty(t, out, cmd)
		assert.Contains(t, stderr, "gdvar "+cmd[0]+": ", cmd)
	}
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, left, "temporary files are removed")
}
