package gdvar

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// ReadToken's fast path changes nothing a caller can see: on random values,
// at the top level and in containers, of the kinds it reads (and of some it
// leaves to the general path), with unusual header bits and padding, cut and
// damaged, read from memory and from a reader in pieces, under tight limits
// and as Godot 3, each token, its wire form, the offset, path and depth after
// it, and the error are the same with the fast path and without it.
func TestFastPathMatchesGeneral(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	optSets := [][]Option{
		nil,
		{WithEngine(Godot3)},
		{WithLimits(Limits{MaxDepth: 2})},
		{WithLimits(Limits{MaxContainerLen: 3})},
		{WithLimits(Limits{MaxValueBytes: 120})},
		{WithLimits(Limits{MaxStringBytes: 10, ChunkSize: 16})},
	}
	fast := 0
	for i := range 3000 {
		// An Array at the top, or a few top-level values one after the
		// other: the fast path reads both.
		n := 1 + r.IntN(8)
		var b []byte
		if i%2 == 0 {
			b = binary.LittleEndian.AppendUint32(nil, 28)
			b = binary.LittleEndian.AppendUint32(b, uint32(n))
		}
		for range n {
			b = appendRandomValue(r, b, 3)
		}
		switch i % 3 {
		case 1:
			b = b[:r.IntN(len(b)+1)]
		case 2:
			b[r.IntN(len(b))] ^= byte(1 << r.IntN(8))
		}
		for _, opts := range optSets {
			for _, reader := range []bool{false, true} {
				fastTokens = false
				want, wantErr := traceTokens(b, reader, r.Uint64(), opts)
				fastTokens = true
				got, gotErr := traceTokens(b, reader, r.Uint64(), opts)
				require.Equal(t, want, got, "value %d, options %v, reader %v: % x", i, opts, reader, b)
				require.Equal(t, wantErr, gotErr, "value %d, options %v, reader %v: % x", i, opts, reader, b)
				fast += len(got)
			}
		}
	}
	require.Greater(t, fast, 150000, "too few tokens compared: %d", fast)
}

// traceTokens decodes data and records what a caller sees after each token:
// the token, its wire form (the bytes an Encoder writes for it), the offset,
// the path and the depth. From a reader, the input comes in random pieces
// (seeded by seed).
func traceTokens(data []byte, reader bool, seed uint64, opts []Option) ([]string, error) {
	dec := MustCodec(opts...).NewDecoderBytes(data)
	if reader {
		dec = MustCodec(opts...).NewDecoder(&pieceReader{data: data, r: rand.New(rand.NewPCG(seed, 1))})
	}
	var out []string
	var wire bytes.Buffer
	enc := MustCodec(opts...).NewEncoder(&wire)
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		before := wire.Len()
		encErr := enc.WriteToken(tok)
		if encErr == nil {
			encErr = enc.Flush()
		}
		out = append(out, fmt.Sprintf("%v % x %v %d %s %d", tok, wire.Bytes()[before:], encErr, dec.InputOffset(), dec.Path(), dec.Depth()))
	}
}

// pieceReader returns data in pieces of random sizes.
type pieceReader struct {
	data []byte
	r    *rand.Rand
}

func (p *pieceReader) Read(b []byte) (int, error) {
	if len(p.data) == 0 {
		return 0, io.EOF
	}
	n := copy(b[:min(len(b), 1+p.r.IntN(100))], p.data)
	p.data = p.data[n:]
	return n, nil
}

// appendRandomValue appends a random Godot 4 value, nesting at most depth
// containers: mostly the small values of the fast path, sometimes with
// header bits the engine ignores, odd padding or non-ASCII text, and
// sometimes a type the fast path leaves alone.
func appendRandomValue(r *rand.Rand, b []byte, depth int) []byte {
	word := func(w uint32) { b = binary.LittleEndian.AppendUint32(b, w) }
	hdr := func(typ uint32) {
		if r.IntN(30) == 0 {
			typ |= 1 << (16 + r.IntN(16)) // FLAG_64 or a bit the engine ignores
		}
		word(typ)
	}
	switch k := r.IntN(13); {
	case k == 0:
		hdr(0) // Nil
	case k <= 2:
		hdr(uint32(1 + r.IntN(3))) // Bool, Int, Float
		word(r.Uint32())
		if r.IntN(10) == 0 {
			word(r.Uint32()) // the high word of a 64-bit one, or the next value's bytes
		}
	case k <= 5:
		hdr(4) // String
		const letters = "abcdefghijklmnopqrstuvwxyz_0123456789"
		odd := r.IntN(8) // most strings are ASCII; some hold é, a NUL or a stray byte
		var text []byte
		for range r.IntN(70) {
			switch {
			case odd == 0 && r.IntN(10) == 0:
				text = append(text, 0xc3, 0xa9)
			case odd == 1 && r.IntN(10) == 0:
				text = append(text, 0)
			case odd == 2 && r.IntN(20) == 0:
				text = append(text, byte(0x80+r.IntN(0x80)))
			default:
				text = append(text, letters[r.IntN(len(letters))])
			}
		}
		word(uint32(len(text)))
		b = append(b, text...)
		for len(b)%4 != 0 {
			pad := byte(0)
			if r.IntN(10) == 0 {
				pad = byte(r.Uint32())
			}
			b = append(b, pad)
		}
	case k <= 7:
		// Vector2, Vector3, and Vector2i, Color and RID, which the fast
		// path leaves alone; the words of a 64-bit one, if flagged, are cut.
		types := []struct{ typ, words int }{{5, 2}, {5, 2}, {9, 3}, {9, 3}, {6, 2}, {20, 4}, {23, 2}}
		v := types[r.IntN(len(types))]
		hdr(uint32(v.typ))
		for range v.words {
			word(r.Uint32())
		}
	case depth > 0 && k <= 11:
		n := r.IntN(5)
		count := uint32(n)
		if r.IntN(20) == 0 {
			count |= 1 << 31 // the old shared flag
		}
		if k == 11 {
			hdr(27) // Dictionary
			word(count)
			for range 2 * n {
				b = appendRandomValue(r, b, depth-1)
			}
		} else {
			hdr(28) // Array
			word(count)
			for range n {
				b = appendRandomValue(r, b, depth-1)
			}
		}
	case k == 12 && r.IntN(4) == 0:
		word(r.Uint32() & 0x1f) // any type of the first 32, with whatever follows
		word(r.Uint32() & 0xff)
	default:
		hdr(2)
		word(r.Uint32())
	}
	return b
}
