package vartext

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// onlyReader hides every method of a reader but Read, as a pipe has.
type onlyReader struct{ io.Reader }

// decodeTo writes the binary form of text's values with DecodeTo.
func decodeTo(t *testing.T, r io.Reader, d Dialect, codec *gdvar.Codec) []byte {
	var out bytes.Buffer
	enc := codec.NewEncoder(&out)
	dec := mustDecoder(t, r, WithDialect(d))
	for {
		err := dec.DecodeTo(enc)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
	}
	require.NoError(t, enc.Flush())
	return out.Bytes()
}

// decodeOnce writes the binary form of text's values with DecodeTo after
// OnePass, into f, and returns what it wrote, or ErrKeyTwice.
func decodeOnce(t *testing.T, f *os.File, r io.Reader, d Dialect, codec *gdvar.Codec) ([]byte, error) {
	require.NoError(t, f.Truncate(0))
	_, err := f.Seek(0, io.SeekStart)
	require.NoError(t, err)
	enc := codec.NewEncoder(f)
	dec := mustDecoder(t, r, WithDialect(d))
	dec.OnePass()
	for {
		err := dec.DecodeTo(enc)
		if err == io.EOF {
			break
		}
		if errors.Is(err, ErrKeyTwice) {
			return nil, err
		}
		require.NoError(t, err)
	}
	require.NoError(t, enc.Flush())
	out, err := os.ReadFile(f.Name())
	require.NoError(t, err)
	return out, nil
}

// DecodeTo writes, token by token, the bytes gdvar.Marshal writes for what
// Decode builds, for the text of every engine-made vector; reading twice
// from a seekable input, once from a pipe, or in one pass (OnePass), where
// only a Dictionary with a key twice is refused.
func TestDecodeToMatchesDecode(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer f.Close()
	once, twice := 0, 0
	for _, set := range goldenSets {
		for _, corpus := range []string{"golden", "text", "text/random"} {
			for _, v := range loadGolden(t, corpus, set) {
				codec := set.binaryCodec(v, false)
				var x any
				if Unmarshal([]byte(v.Text), &x, WithDialect(set.dialect)) != nil { // Godot 3 prints nothing for a RID
					continue
				}
				want, err := codec.Marshal(x)
				require.NoError(t, err, v.Name)
				assert.True(t, bytes.Equal(want, decodeTo(t, strings.NewReader(v.Text), set.dialect, codec)), "%s %s", set.dir, v.Name)
				assert.True(t, bytes.Equal(want, decodeTo(t, onlyReader{strings.NewReader(v.Text)}, set.dialect, codec)), "%s %s", set.dir, v.Name)
				got, err := decodeOnce(t, f, onlyReader{strings.NewReader(v.Text)}, set.dialect, codec)
				if err != nil {
					twice++
					continue
				}
				once++
				assert.True(t, bytes.Equal(want, got), "%s %s in one pass", set.dir, v.Name)
			}
		}
	}
	t.Logf("%d vectors in one pass, %d refused (a key twice)", once, twice)
	assert.Less(t, twice, once/100)
}

// In one pass, a Dictionary with a key twice (as the engine compares
// keys), at any depth, is refused with ErrKeyTwice; one with keys alike but
// not equal is not.
func TestOnePassKeyTwice(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer f.Close()
	tests := []struct {
		text  string
		twice bool
	}{
		{`{"a": 1, "a": 2}`, true},
		{`[1, {"k": {Vector2(1, 2): 1, Vector2(1, 2): 3}}]`, true},
		{`{[1]: 1, [1]: 2}`, true},
		{`{"a": 1, &"a": 2}`, true}, // Godot 4 takes a StringName for its String
		{`{"a": 1, "b": 2, 1: 3, 1.0: 4}`, false},
		{`{"a": {"a": 1}}`, false},
	}
	for _, tt := range tests {
		_, err := decodeOnce(t, f, strings.NewReader(tt.text), Godot4, nil)
		if tt.twice {
			assert.ErrorIs(t, err, ErrKeyTwice, tt.text)
		} else {
			assert.NoError(t, err, tt.text)
		}
	}
}

// Values one after another, from a reader that gives a byte at a time.
func TestDecoderReadsAStream(t *testing.T) {
	text := "1 ; one\n\"two\"\n[3, {\"k\": Vector2(1, 2)}]\n" + `PackedStringArray("a", "` + strings.Repeat("x", 100_000) + `")`
	var want []any
	require.NoError(t, Unmarshal([]byte("1"), new(any)))
	for _, part := range []string{"1", `"two"`, `[3, {"k": Vector2(1, 2)}]`, `PackedStringArray("a", "` + strings.Repeat("x", 100_000) + `")`} {
		var v any
		require.NoError(t, Unmarshal([]byte(part), &v))
		want = append(want, v)
	}
	dec := mustDecoder(t, onlyReader{&oneByteReader{strings.NewReader(text)}})
	var got []any
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		got = append(got, v)
	}
	assert.Equal(t, want, got)
}

type oneByteReader struct{ r io.Reader }

func (r *oneByteReader) Read(p []byte) (int, error) { return r.r.Read(p[:min(len(p), 1)]) }

// A long string and a long packed array go through DecodeTo in pieces: its
// memory does not grow with them.
func TestDecodeToMemory(t *testing.T) {
	const n = 4 << 20
	var text bytes.Buffer
	text.WriteString("[\"")
	text.WriteString(strings.Repeat("a\\n", n/3))
	text.WriteString("\", PackedFloat32Array(")
	for i := range n / 8 {
		if i > 0 {
			text.WriteString(", ")
		}
		text.WriteString("1.5")
	}
	text.WriteString(")]")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var w countingWriter
	enc := gdvar.NewEncoder(&w)
	require.NoError(t, mustDecoder(t, bytes.NewReader(text.Bytes())).DecodeTo(enc))
	require.NoError(t, enc.Flush())
	runtime.ReadMemStats(&after)
	assert.Greater(t, w.n, n)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(n/4), "bytes allocated for %d bytes of text", text.Len())

	// In one pass, from a pipe, into a file: the same.
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer f.Close()
	runtime.GC()
	runtime.ReadMemStats(&before)
	enc.Reset(f)
	dec := mustDecoder(t, onlyReader{bytes.NewReader(text.Bytes())})
	dec.OnePass()
	require.NoError(t, dec.DecodeTo(enc))
	require.NoError(t, enc.Flush())
	runtime.ReadMemStats(&after)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(n/4), "bytes allocated for %d bytes of text in one pass", text.Len())
	at, err := f.Seek(0, io.SeekCurrent)
	require.NoError(t, err)
	assert.Equal(t, int64(w.n), at)
}

// An error inside a value is final; at the end of a value the Decoder goes
// on.
func TestDecoderErrorIsFinal(t *testing.T) {
	dec := mustDecoder(t, strings.NewReader("[1, 2\n[3]"))
	var v any
	err := dec.Decode(&v)
	var syn *SyntaxError
	require.ErrorAs(t, err, &syn)
	assert.Equal(t, 2, syn.Line)
	assert.Equal(t, err, dec.Decode(&v))
	assert.Equal(t, err, dec.DecodeTo(gdvar.NewEncoder(io.Discard)))
}

// An unknown dialect fails the first call, before reading or writing.
func TestInvalidDialect(t *testing.T) {
	opt := WithDialect(Dialect(42))
	var v any
	assert.ErrorIs(t, Unmarshal([]byte("1"), &v, opt), gdvar.ErrInvalidOption)
	_, err := Marshal(1, opt)
	assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
	assert.ErrorContains(t, err, "vartext.WithDialect(42): unknown dialect")
}

// A string that fills its last chunk exactly (once or twice the chunk
// size) is one value, in two passes and in one.
func TestDecodeToStringOfChunkSize(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer f.Close()
	for _, n := range []int{maxChunk - 1, maxChunk, maxChunk + 1, 2 * maxChunk} {
		s := strings.Repeat("x", n)
		want, err := gdvar.Marshal([]any{s, int64(1)})
		require.NoError(t, err)
		text := `["` + s + `", 1]`
		assert.Equal(t, want, decodeTo(t, strings.NewReader(text), Godot4, nil), "%d bytes in two passes", n)
		got, err := decodeOnce(t, f, strings.NewReader(text), Godot4, nil)
		require.NoError(t, err)
		assert.Equal(t, want, got, "%d bytes in one pass", n)
	}
}
