package gdvar

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fast path notes a key by its place in the buffer (see
// frame.keyInBuf): the path still names the key after the buffer's bytes
// have moved (compaction, while a long string or packed array arrives in
// chunks) or gone (the final error gives the buffer back), from memory or
// from a reader in small pieces, for string keys short and longer than the
// 24 bytes a path keeps, and for int keys of 32 and 64 bits.
func TestPathKeyOutlivesBuffer(t *testing.T) {
	long := strings.Repeat("k", 30)
	stringKey := func(key string) []byte {
		b := appendU32(appendU32(nil, 4), uint32(len(key)))
		return append(append(b, key...), make([]byte, padding(int64(len(key))))...)
	}
	for _, tc := range []struct {
		name string
		key  []byte // the key as on the wire
		want string
	}{
		{"short key", stringKey("pos"), `$["pos"]`},
		{"24-byte key", stringKey(long[:24]), `$["` + long[:24] + `…"]`},
		{"longer key", stringKey(long), `$["` + long[:24] + `…"]`},
		{"int32 key", appendU32(appendU32(nil, 2), uint32(0xfffffff9)), `$[-7]`},
		{"int64 key", appendU32(appendU32(appendU32(nil, 2|flag64), 0x2a05f200), 1), `$[5000000000]`},
		{"float key", appendU32(appendU32(nil, 3), 0x3f800000), `$[#0]`},
	} {
		// The key's value: a long string, bad UTF-8 near its end.
		text := append(bytes.Repeat([]byte{'a'}, 1000), 0xff, 'b', 'c', 'd')
		var b []byte
		b = appendU32(b, 27) // Dictionary
		b = appendU32(b, 1)
		b = append(b, tc.key...)
		b = appendU32(b, 4) // the value
		b = appendU32(b, uint32(len(text)))
		b = append(b, text...)
		for _, reader := range []bool{false, true} {
			t.Run(tc.name, func(t *testing.T) {
				opts := []Option{WithLimits(Limits{ChunkSize: 64})}
				dec := MustCodec(opts...).NewDecoderBytes(b)
				if reader {
					dec = MustCodec(opts...).NewDecoder(&pieceReader{data: b, r: rand.New(rand.NewPCG(1, 2))})
				}
				var err error
				for err == nil {
					_, err = dec.ReadToken()
				}
				require.NotErrorIs(t, err, io.EOF)
				var de *DecodeError
				require.True(t, errors.As(err, &de), "%v", err)
				assert.ErrorIs(t, err, ErrInvalidUTF8)
				assert.Equal(t, tc.want, de.Path, "reader %v", reader)
				assert.Equal(t, tc.want, dec.Path(), "reader %v: Path after the final error", reader)
			})
		}
	}
}

func appendU32(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}
