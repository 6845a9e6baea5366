package gdvar

import (
	"bytes"
	"encoding/binary"
	"io"
	"path/filepath"
	"testing"
	"testing/iotest"

	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// On every engine-made vector, read whole, through a reader a byte at a
// time and with the smallest chunks (so that strings and packed arrays
// come in many tokens and the buffer moves): each token starts where the
// one before ended, and a token that begins a value starts at its header.
func TestTokenOffsetGolden(t *testing.T) {
	for _, set := range goldenSets {
		for _, v := range golden.Load(t, set.dir) {
			opts := []Option{AllowObjects(v.Objects), WithEngine(set.engine)}
			small := append(opts, WithLimits(Limits{ChunkSize: MinChunkSize}))
			decoders := []struct {
				name string
				dec  *Decoder
			}{
				{"bytes", MustCodec(opts...).NewDecoderBytes(v.Bin)},
				{"bytes-chunked", MustCodec(small...).NewDecoderBytes(v.Bin)},
				{"reader-chunked", MustCodec(small...).NewDecoder(iotest.OneByteReader(bytes.NewReader(v.Bin)))},
			}
			for _, tc := range decoders {
				t.Run(filepath.Base(set.dir)+"/"+v.Name+"/"+tc.name, func(t *testing.T) {
					checkTokenOffsets(t, tc.dec, v.Bin)
				})
			}
		}
	}
}

// checkTokenOffsets reads dec to the end, checking TokenOffset against the
// input data.
func checkTokenOffsets(t *testing.T, dec *Decoder, data []byte) {
	end, tokens := int64(0), 0
	for {
		headed := dec.st.next() == expValue // a value with its header comes next
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		tokens++
		at := dec.TokenOffset()
		require.Equal(t, end, at, "token %d, %s", tokens, tok)
		if headed {
			require.LessOrEqual(t, at+4, int64(len(data)))
			typ, ok := dec.tab.wireType(binary.LittleEndian.Uint32(data[at:]))
			require.True(t, ok, "token %d, %s: no header at %d", tokens, tok, at)
			assert.Equal(t, tok.Type(), typ, "token %d, %s: the header at %d", tokens, tok, at)
		}
		end = dec.InputOffset()
	}
	assert.Equal(t, int64(len(data)), end)
	assert.Positive(t, tokens)
}

// Where TokenOffset points for each kind of token, on a value of each shape.
func TestTokenOffsetKinds(t *testing.T) {
	data, err := Marshal(map[string]any{"s": "héllo wörld, long enough to chunk", "p": []string{"ab", "c"}, "b": []byte{1, 2, 3}})
	require.NoError(t, err)
	dec := MustCodec(WithLimits(Limits{ChunkSize: MinChunkSize})).NewDecoderBytes(data)
	prev := int64(0)
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		at := dec.TokenOffset()
		assert.Equal(t, prev, at, "%s", tok)
		switch tok.Kind() {
		case KindDictKey, KindDictEnd:
			assert.Equal(t, dec.InputOffset(), at, "%s takes no bytes", tok)
		case KindPackedEnd:
			if tok.Type() == TypePackedByteArray {
				assert.Equal(t, int64(1), dec.InputOffset()-at, "a byte array's end is its padding")
			}
		default:
			assert.Less(t, at, dec.InputOffset(), "%s", tok)
		}
		prev = dec.InputOffset()
	}
	// After an error, the token that failed.
	bad := binary.LittleEndian.AppendUint32(bytes.Clone(data), 0xff)
	dec = MustCodec(WithLimits(Limits{ChunkSize: MinChunkSize})).NewDecoderBytes(bad)
	require.NoError(t, dec.SkipValue())
	_, err = dec.ReadToken()
	require.ErrorIs(t, err, ErrInvalidType)
	assert.Equal(t, int64(len(data)), dec.TokenOffset())
}
