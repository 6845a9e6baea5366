package gdvar

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"os"
	"runtime"
	"testing"
	"testing/iotest"

	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// words builds input from little-endian u32 words.
func words(ws ...uint32) []byte {
	var b []byte
	for _, w := range ws {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}

// tokensOf decodes all of dec's tokens, cloned, failing the test on error.
func tokensOf(t *testing.T, dec *Decoder) []Token {
	t.Helper()
	var out []Token
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		out = append(out, tok.Clone())
	}
}

// tokenStrings renders tokens for comparison.
func tokenStrings(toks []Token) []string {
	var s []string
	for _, t := range toks {
		s = append(s, t.String())
	}
	return s
}

// Every golden vector gives the same tokens whatever the reader does: one
// byte at a time, half reads, data with io.EOF.
func TestDecoderReaderKinds(t *testing.T) {
	readers := map[string]func(io.Reader) io.Reader{
		"onebyte": iotest.OneByteReader,
		"half":    iotest.HalfReader,
		"dataerr": iotest.DataErrReader,
	}
	for _, v := range golden.Load(t, "testdata/golden/godot4") {
		if len(v.Bin) > 20000 {
			continue // one byte at a time is slow; the large ones are covered below
		}
		want := tokenStrings(tokensOf(t, MustCodec(AllowObjects(true)).NewDecoderBytes(v.Bin)))
		for name, wrap := range readers {
			got := tokenStrings(tokensOf(t, MustCodec(AllowObjects(true)).NewDecoder(wrap(bytes.NewReader(v.Bin)))))
			require.Equal(t, want, got, "%s via %s", v.Name, name)
		}
	}
}

func TestDecoderSequenceOfValues(t *testing.T) {
	data := append(words(2, 7), words(4, 2, 0x6968)...) // 7, "hi"
	data = append(data, words(0)...)                    // null
	dec := NewDecoder(bytes.NewReader(data))
	toks := tokensOf(t, dec)
	assert.Equal(t, []string{"Int32(7)", `String("hi")`, "Nil"}, tokenStrings(toks))
	assert.Equal(t, int64(len(data)), dec.InputOffset())
	_, err := dec.ReadToken()
	assert.Equal(t, io.EOF, err, "EOF again")
}

func TestDecoderTruncatedInsideValue(t *testing.T) {
	data := words(28, 2, 2, 7) // [7, <missing>]
	for _, cut := range []int{1, 5, 12, 15, 16} {
		dec := NewDecoderBytes(data[:cut])
		var err error
		for err == nil {
			_, err = dec.ReadToken()
		}
		assert.ErrorIs(t, err, io.ErrUnexpectedEOF, "cut %d", cut)
		assert.ErrorIs(t, err, ErrTruncated, "cut %d", cut)
	}
}

// With WithInputLimit the Decoder reads no further than its frame, leaving
// the rest of the stream to the next reader.
func TestDecoderInputLimit(t *testing.T) {
	first := words(4, 3, 0x636261) // "abc"
	second := words(2, 9)
	r := bytes.NewReader(append(append([]byte(nil), first...), second...))
	dec := MustCodec(WithInputLimit(int64(len(first)))).NewDecoder(r)
	assert.Equal(t, []string{`String("abc")`}, tokenStrings(tokensOf(t, dec)))
	rest, err := io.ReadAll(r)
	require.NoError(t, err)
	assert.Equal(t, second, rest)

	// A value longer than the limit is truncated, even though the reader
	// has more.
	dec = MustCodec(WithInputLimit(6)).NewDecoder(bytes.NewReader(words(2, 9)))
	_, err = dec.ReadToken()
	assert.ErrorIs(t, err, ErrTruncated)
}

func TestDecoderBuffered(t *testing.T) {
	data := append(words(2, 1), []byte("tail")...)
	dec := NewDecoder(bytes.NewReader(data))
	tok, err := dec.ReadToken()
	require.NoError(t, err)
	assert.Equal(t, int64(1), tok.Int())
	rest, err := io.ReadAll(dec.Buffered())
	require.NoError(t, err)
	assert.Equal(t, []byte("tail"), rest)
}

// flakyReader fails every other Read with a timeout, like a connection with a
// short read deadline.
type flakyReader struct {
	r    io.Reader
	fail bool
}

var errTimeout = errors.New("i/o timeout")

func (f *flakyReader) Read(p []byte) (int, error) {
	f.fail = !f.fail
	if f.fail {
		return 0, errTimeout
	}
	return f.r.Read(p[:min(len(p), 3)])
}

// A reader error leaves the Decoder where it was: calling again continues.
func TestDecoderRetryAfterReadError(t *testing.T) {
	for _, v := range golden.Load(t, "testdata/golden/godot4") {
		if len(v.Bin) > 4000 {
			continue
		}
		want := tokenStrings(tokensOf(t, MustCodec(AllowObjects(true)).NewDecoderBytes(v.Bin)))
		dec := MustCodec(AllowObjects(true)).NewDecoder(&flakyReader{r: bytes.NewReader(v.Bin)})
		var got []string
		for {
			tok, err := dec.ReadToken()
			if err == io.EOF {
				break
			}
			if errors.Is(err, errTimeout) {
				require.ErrorIs(t, err, ErrRead)
				continue
			}
			require.NoError(t, err, v.Name)
			got = append(got, tok.String())
		}
		require.Equal(t, want, got, v.Name)
	}
}

func TestDecoderErrorsAreFinal(t *testing.T) {
	dec := NewDecoderBytes(words(28, 2, 39, 0))
	_, err := dec.ReadToken()
	require.NoError(t, err)
	_, err1 := dec.ReadToken()
	require.ErrorIs(t, err1, ErrInvalidType)
	_, err2 := dec.ReadToken()
	assert.Same(t, err1, err2)
	assert.Equal(t, KindInvalid, dec.PeekKind())
}

func TestDecoderLimits(t *testing.T) {
	long := append(words(4, 100), make([]byte, 100)...)
	tests := []struct {
		name   string
		data   []byte
		limits Limits
		limit  string
		value  int64
	}{
		{"string", long, Limits{MaxStringBytes: 99}, "MaxStringBytes", 100},
		{"packed", words(30, 1000), Limits{MaxPackedBytes: 3999}, "MaxPackedBytes", 4000},
		{"array", words(28, 11), Limits{MaxContainerLen: 10}, "MaxContainerLen", 11},
		{"dict", words(27, 11), Limits{MaxContainerLen: 10}, "MaxContainerLen", 11},
		{"name", words(24, 8, 0x61616161, 0x61616161), Limits{MaxNameBytes: 8}, "MaxNameBytes", 12},
		{"value declared", long, Limits{MaxValueBytes: 100}, "MaxValueBytes", 108},
		{"value reached", words(28, 3, 2, 1, 2, 2, 2, 3), Limits{MaxValueBytes: 20}, "MaxValueBytes", 24},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dec := MustCodec(WithLimits(tt.limits), AllowObjects(true)).NewDecoderBytes(tt.data)
			err := dec.SkipValue()
			require.ErrorIs(t, err, ErrLimit)
			var le *LimitError
			require.ErrorAs(t, err, &le)
			assert.Equal(t, tt.limit, le.Limit)
			assert.Equal(t, tt.value, le.Value)
			assert.Contains(t, err.Error(), tt.limit)
		})
	}
}

func TestDecoderMaxDepth(t *testing.T) {
	var data []byte
	for range 5 {
		data = append(data, words(28, 1)...)
	}
	data = append(data, words(0)...)
	_, err := ourVerdict(data, WithLimits(Limits{MaxDepth: 5}))
	assert.NoError(t, err)
	_, err = ourVerdict(data, WithLimits(Limits{MaxDepth: 4}))
	assert.ErrorIs(t, err, ErrTooDeep)
	assert.Equal(t, 1024, DefaultLimits().MaxDepth)
	assert.Equal(t, 1024, Limits{MaxDepth: 5000}.withDefaults().MaxDepth, "Godot fails past 1024")
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// A header declaring 2 GiB on a 12-byte input fails after reading those 12
// bytes, having allocated only the fixed buffers.
func TestDecoderDoesNotAllocateDeclaredLengths(t *testing.T) {
	for _, data := range [][]byte{
		words(29, 0x7ffffff0, 0),               // PackedByteArray of 2 GiB
		words(4, 0x7ffffff0, 0),                // String of 2 GiB
		words(34, 0x7ffffff0, 0),               // PackedStringArray of 2G strings
		words(28, 0x7ffffff0, 0),               // Array of 2G elements
		words(22, 0x80000000|0x7ffff, 0, 0, 0), // NodePath of 512K names
	} {
		cr := &countingReader{r: bytes.NewReader(data)}
		limits := Limits{MaxPackedBytes: 1 << 40, MaxStringBytes: 1 << 40, MaxContainerLen: 1 << 40, MaxValueBytes: 1 << 40, MaxNameBytes: 1 << 30}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		dec := MustCodec(WithLimits(limits)).NewDecoder(cr)
		err := dec.SkipValue()
		runtime.ReadMemStats(&after)
		if err == nil || errors.Is(err, ErrLimit) {
			continue // the NodePath's names exceed even that name budget
		}
		assert.ErrorIs(t, err, ErrTruncated)
		assert.Equal(t, len(data), cr.n)
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(2<<20), "allocated %d bytes", after.TotalAlloc-before.TotalAlloc)
	}
}

func TestPeekKind(t *testing.T) {
	data := append(words(28, 3, 2|1<<16, 1, 0, 24|1<<16, 5, 0, 30, 1, 9), words(34, 1, 1, 0x61)...)
	dec := NewDecoderBytes(data)
	for {
		k := dec.PeekKind()
		tok, err := dec.ReadToken()
		if err == io.EOF {
			assert.Equal(t, KindInvalid, k)
			break
		}
		require.NoError(t, err)
		assert.Equal(t, tok.Kind(), k, "peek before %s", tok)
	}
}

func TestSkipValue(t *testing.T) {
	// [PackedByteArray(70000 bytes), "after"]
	big := make([]byte, 70000)
	data := append(words(28, 2, 29, uint32(len(big))), big...)
	data = append(data, words(4, 5, 0x65746661, 0x72)...)
	dec := NewDecoder(bytes.NewReader(data))
	tok, err := dec.ReadToken()
	require.NoError(t, err)
	require.Equal(t, KindArrayStart, tok.Kind())
	require.NoError(t, dec.SkipValue())
	tok, err = dec.ReadToken()
	require.NoError(t, err)
	assert.Equal(t, "after", tok.Text())
	assert.Error(t, dec.SkipValue(), "ArrayEnd is not a value")

	// Inside a chunked value, SkipValue skips its rest.
	dec = NewDecoder(bytes.NewReader(data[8:]))
	_, _ = dec.ReadToken() // PackedStart
	_, _ = dec.ReadToken() // first chunk
	require.NoError(t, dec.SkipValue())
	tok, err = dec.ReadToken()
	require.NoError(t, err)
	assert.Equal(t, "after", tok.Text())
}

func TestDecoderPath(t *testing.T) {
	// {"a": [1, {7: {&"sn": [x]}}]} with x an invalid type.
	data := words(27, 1, 4, 1, 0x61, 28, 2, 2, 1, 27, 1, 2, 7, 27, 1, 21, 2, 0x6e73, 28, 1, 99)
	_, err := ourVerdict(data)
	var se *DecodeError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `$["a"][1][7][&"sn"][0]`, se.Path)
	assert.Equal(t, int64(len(data)-4), se.Offset)
	assert.Contains(t, err.Error(), `$["a"][1][7][&"sn"][0]`)
}

// AppendShortPath keeps the outermost and innermost levels of a long path and
// says how many it leaves out; a short path is Path.
func TestDecoderAppendShortPath(t *testing.T) {
	// {"a": [1, {7: {&"sn": [x]}}]}: read up to x.
	data := words(27, 1, 4, 1, 0x61, 28, 2, 2, 1, 27, 1, 2, 7, 27, 1, 21, 2, 0x6e73, 28, 1, 0)
	dec := NewDecoderBytes(data)
	for dec.PeekKind() != KindNil || dec.Depth() == 0 {
		_, err := dec.ReadToken()
		require.NoError(t, err)
	}
	_, err := dec.ReadToken()
	require.NoError(t, err)
	for max, want := range map[int]string{
		5: `$["a"][1][7][&"sn"][0]`,
		9: `$["a"][1][7][&"sn"][0]`,
		4: `$["a"][1]…(1)…[&"sn"][0]`,
		2: `$["a"]…(3)…[0]`,
		1: `$…(4)…[0]`,
		0: `$…(5)…`,
	} {
		assert.Equal(t, want, string(dec.AppendShortPath(nil, max)), "at most %d levels", max)
	}
	assert.Equal(t, dec.Path(), string(dec.AppendShortPath(nil, 5)))
}

// Chunks of a large string are cut between UTF-8 characters, so each is valid
// on its own, and they add up to the string.
func TestStringChunksAtRuneBoundaries(t *testing.T) {
	s := bytes.Repeat([]byte("✓"), 1000) // 3000 bytes
	data := append(words(4, uint32(len(s))), s...)
	dec := MustCodec(WithLimits(Limits{ChunkSize: MinChunkSize})).NewDecoder(bytes.NewReader(data))
	var got []byte
	for _, tok := range tokensOf(t, dec) {
		require.Equal(t, 3000, tok.Len())
		require.Equal(t, len(got), tok.Offset())
		require.Zero(t, len(tok.Bytes())%3, "chunk cut inside a character")
		got = append(got, tok.Bytes()...)
	}
	assert.Equal(t, s, got)
}

func TestTokenText(t *testing.T) {
	dec := NewDecoderBytes(words(34, 2, 3, 0x6362, 4, 0x00620061))
	toks := tokensOf(t, dec)
	assert.Equal(t, "bc", toks[1].Text(), "the NUL Godot writes is not text")
	assert.Equal(t, []byte("bc\x00"), toks[1].Bytes())
	assert.Equal(t, "a", toks[2].Text(), "Godot stops at a NUL")
}

func TestTypedViews(t *testing.T) {
	for _, v := range golden.Load(t, "testdata/golden/godot4") {
		dec := MustCodec(AllowObjects(true)).NewDecoder(bytes.NewReader(v.Bin))
		for {
			tok, err := dec.ReadToken()
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			if tok.Kind() != KindPackedChunk {
				continue
			}
			raw := tok.Bytes()
			switch tok.Type() {
			case TypePackedInt32Array:
				for i, x := range ChunkOf[int32](tok) {
					require.Equal(t, int32(binary.LittleEndian.Uint32(raw[4*i:])), x)
				}
			case TypePackedInt64Array:
				for i, x := range ChunkOf[int64](tok) {
					require.Equal(t, int64(binary.LittleEndian.Uint64(raw[8*i:])), x)
				}
			case TypePackedFloat64Array:
				require.Len(t, ChunkOf[float64](tok), len(raw)/8)
				assert.Equal(t, raw, wireBytes(ChunkOf[float64](tok)))
			case TypePackedFloat32Array, TypePackedColorArray:
				require.Len(t, ChunkOf[float32](tok), len(raw)/4)
				assert.Equal(t, raw, wireBytes(ChunkOf[float32](tok)))
			}
		}
	}
	dec := NewDecoderBytes(words(30, 2, 1, 0xffffffff))
	_, _ = dec.ReadToken()
	tok, _ := dec.ReadToken()
	assert.Equal(t, []int32{1, -1}, ChunkOf[int32](tok))
	assert.Nil(t, ChunkOf[float32](tok), "not a float array")
}

// After a final error the buffer is back in the pool; the Decoder still
// answers.
func TestDecoderAfterFinalError(t *testing.T) {
	dec := NewDecoder(bytes.NewReader(append(words(28, 2, 2, 1), 3, 0)))
	var err error
	for err == nil {
		_, err = dec.ReadToken()
	}
	require.ErrorIs(t, err, ErrTruncated)
	assert.Equal(t, int64(16), dec.InputOffset())
	rest, _ := io.ReadAll(dec.Buffered())
	assert.Empty(t, rest)
	assert.Equal(t, KindInvalid, dec.PeekKind())
	_, err2 := dec.ReadToken()
	assert.Same(t, err, err2)
}

// Decoding allocates nothing per token once warm: in place, and from a
// reader with the pooled buffer.
func TestDecoderZeroAllocations(t *testing.T) {
	data, err := os.ReadFile("testdata/golden/godot4/gamestate_3.bin")
	require.NoError(t, err)
	dec := NewDecoderBytes(data)
	drainAll := func() {
		for {
			if _, err := dec.ReadToken(); err != nil {
				return
			}
		}
	}
	assert.Zero(t, testing.AllocsPerRun(100, func() { dec.ResetBytes(data); drainAll() }))
	r := bytes.NewReader(data)
	assert.Less(t, testing.AllocsPerRun(100, func() { r.Reset(data); dec.Reset(r); drainAll() }), 0.5)
}

// A MaxValueBytes as large as an int64 holds is no limit, for the second
// value as for the first (where the value ends once overflowed).
func TestMaxValueBytesUnbounded(t *testing.T) {
	one, err := Marshal([]any{int64(1), "a"})
	require.NoError(t, err)
	data := append(bytes.Clone(one), one...)
	opts := WithLimits(Limits{MaxValueBytes: math.MaxInt64})
	for _, dec := range []*Decoder{MustCodec(opts).NewDecoderBytes(data), MustCodec(opts).NewDecoder(iotest.HalfReader(bytes.NewReader(data)))} {
		for i := range 2 {
			var v any
			require.NoError(t, dec.Decode(&v), "value %d", i)
			assert.Equal(t, []any{int64(1), "a"}, v)
		}
	}
}
