package gdvar

import (
	"bytes"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar/internal/memfile"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deferCounts rewrites tokens as a producer that learns counts at the end
// writes them: every container, object and packed array with DeferredCount,
// every string in two chunks, the first of deferred length.
func deferCounts(toks []Token) []Token {
	deferred := int64(DeferredCount)
	deferredNum := uint64(deferred)
	var out []Token
	for _, tok := range toks {
		k := tok.Kind()
		if tok.flags()&flagRaw != 0 && int64(tok.countWord()) != tok.count() && opensFrame[k] {
			out = append(out, tok) // a count word with odd bits: kept
			continue
		}
		n := tok.count()
		tok.meta &^= uint64(flagRaw) << 16 // num is the count alone
		tok.num = uint64(n)
		switch {
		case k == KindArrayStart || k == KindDictStart || k == KindPackedStart || k == KindObjectStart && len(tok.Bytes()) > 0:
			tok.num = deferredNum
			out = append(out, tok)
		case (k == KindString || k == KindStringName) && int64(len(tok.Bytes())) == tok.count():
			data := tok.Bytes()
			first, last := tok, tok
			first.num = deferredNum
			first.setData(data[:len(data)/2])
			last.setData(data[len(data)/2:])
			out = append(out, first, last)
		default:
			out = append(out, tok)
		}
	}
	return out
}

// writeAll writes toks to an Encoder on w.
func writeAll(t *testing.T, w io.Writer, toks []Token, opts ...Option) {
	t.Helper()
	enc := MustCodec(opts...).NewEncoder(w)
	for i, tok := range toks {
		require.NoError(t, enc.WriteToken(tok), "token %d: %s", i, tok)
	}
	require.NoError(t, enc.Flush())
}

// Every engine-made vector, its counts and string lengths deferred, comes
// out as the engine wrote it, in memory and in a file.
func TestDeferredCountsGolden(t *testing.T) {
	dir := t.TempDir()
	for _, set := range goldenSets {
		for _, v := range golden.Load(t, set.dir) {
			opts := []Option{AllowObjects(v.Objects), WithEngine(set.engine)}
			_, toks := roundTrip(t, v.Bin, opts...)
			deferred := deferCounts(toks)

			var mem memfile.File
			writeAll(t, &mem, deferred, opts...)
			assert.Equal(t, v.Bin, mem.Bytes(), "%s/%s in memory", set.dir, v.Name)

			f, err := os.Create(filepath.Join(dir, "out"))
			require.NoError(t, err)
			writeAll(t, f, deferred, opts...)
			got, err := os.ReadFile(f.Name())
			require.NoError(t, err)
			require.NoError(t, f.Close())
			assert.Equal(t, v.Bin, got, "%s/%s in a file", set.dir, v.Name)
		}
	}
}

// A value larger than the Encoder's buffer has its counts filled in after
// they were handed to the writer: the Encoder seeks back to them.
func TestDeferredCountsLarge(t *testing.T) {
	big := bytes.Repeat([]byte("godot "), 3000) // a string written straight through
	toks := []Token{DictStartToken(3, UntypedContainer, UntypedContainer),
		DictKeyToken, StringToken("players"), ArrayStartToken(30000, UntypedContainer)}
	for i := range 30000 {
		toks = append(toks, DictStartToken(2, UntypedContainer, UntypedContainer),
			DictKeyToken, StringToken("id"), IntToken(int64(i)),
			DictKeyToken, StringToken("tags"), PackedStartToken(TypePackedStringArray, 1, Single), StringToken("t"), PackedEndToken,
			DictEndToken)
	}
	toks = append(toks, ArrayEndToken,
		DictKeyToken, StringToken("big"), StringToken(string(big)),
		DictKeyToken, StringToken("floats"), PackedStartToken(TypePackedFloat32Array, 50000, Single), ChunkToken(make([]float32, 50000)), PackedEndToken,
		DictEndToken)
	var want bytes.Buffer
	writeAll(t, &want, toks)
	require.Greater(t, want.Len(), deferredFlushSize+flushSize)

	var got memfile.File
	writeAll(t, &got, deferCounts(toks))
	assert.Equal(t, want.Bytes(), got.Bytes())
}

// Deferred counts are refused where they cannot be filled in, and a
// string's last chunk must give its real length.
func TestDeferredCountsMisuse(t *testing.T) {
	tests := []struct {
		name   string
		w      io.Writer
		toks   []Token
		detail string
	}{
		{"writer cannot seek", &bytes.Buffer{}, []Token{ArrayStartToken(DeferredCount, UntypedContainer)}, "needs an Encoder writing to memory or to an io.WriteSeeker"},
		{"string, writer cannot seek", &bytes.Buffer{}, []Token{StringChunkToken(DeferredCount, []byte("a"))}, "needs an Encoder writing to memory or to an io.WriteSeeker"},
		{"image", &memfile.File{}, []Token{ImageStartToken(ImageHeader{Width: 1, Height: 1}, DeferredCount)}, "outside the int32 range"},
		{"wrong last length", &memfile.File{}, []Token{StringChunkToken(DeferredCount, []byte("ab")), StringChunkToken(5, []byte("cd"))}, "the string has 4 bytes with it"},
		{"dict end inside an entry", &memfile.File{}, []Token{DictStartToken(DeferredCount, UntypedContainer, UntypedContainer), DictKeyToken, DictEndToken}, "got DictEnd, expected a value"},
		{"wrong end", &memfile.File{}, []Token{ArrayStartToken(DeferredCount, UntypedContainer), NilToken, DictEndToken}, "(1 elements written, count deferred)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			enc := MustCodec(WithEngine(Godot2)).NewEncoder(tt.w)
			var err error
			for _, tok := range tt.toks {
				if err = enc.WriteToken(tok); err != nil {
					break
				}
			}
			require.ErrorIs(t, err, ErrUnexpectedToken)
			assert.Contains(t, err.Error(), tt.detail)
		})
	}
}

// discard is an io.WriteSeeker that keeps nothing: for values of gigabytes.
type discard struct{ pos, size int64 }

func (d *discard) Write(p []byte) (int, error) {
	d.pos += int64(len(p))
	d.size = max(d.size, d.pos)
	return len(p), nil
}

func (d *discard) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += d.pos
	case io.SeekEnd:
		off += d.size
	}
	d.pos = off
	return off, nil
}

// A deferred count is refused on a writer that cannot seek although it has
// a Seek method (a pipe), the patch fails loudly where the writer does not
// write where it was sought (a file opened for appending), and a string of
// deferred length cannot grow past what Godot allows, in its last chunk or
// before.
func TestDeferredCountsRefused(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	err = NewEncoder(w).WriteToken(ArrayStartToken(DeferredCount, UntypedContainer))
	assert.ErrorIs(t, err, ErrUnexpectedToken)
	assert.ErrorContains(t, err, "that can seek")

	f, err := os.OpenFile(filepath.Join(t.TempDir(), "out"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	require.NoError(t, err)
	defer f.Close()
	enc := NewEncoder(f)
	require.NoError(t, enc.WriteToken(ArrayStartToken(DeferredCount, UntypedContainer)))
	for range 2 * deferredFlushSize / 8 {
		require.NoError(t, enc.WriteToken(IntToken(1)))
	}
	assert.ErrorIs(t, enc.WriteToken(ArrayEndToken), errNotWhereSought)

	big := make([]byte, 64<<20)
	for _, tt := range []struct {
		name  string
		first int64 // bytes in chunks of deferred length
		last  int   // bytes in the last chunk
	}{
		{"last chunk past the limit", math.MaxInt32 - 10, 100},
		{"chunks of deferred length up to the limit", math.MaxInt32, 0},
	} {
		enc := NewEncoder(&discard{})
		var err error
		for n := tt.first; n > 0 && err == nil; n -= int64(len(big)) {
			err = enc.WriteToken(StringChunkToken(DeferredCount, big[:min(n, int64(len(big)))]))
		}
		if err == nil {
			err = enc.WriteToken(StringChunkToken(int(tt.first)+tt.last, big[:tt.last]))
		}
		assert.ErrorContains(t, err, "longer than Godot allows", tt.name)
	}
}
