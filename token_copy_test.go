package gdvar

import (
	"bytes"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// When the Encoder's writer fails, CopyValue stops reading, as the token
// copy does, and the Decoder's error is final: a proxy whose far side has
// gone does not drain the whole value from its near side.
func TestCopyValueWriterFails(t *testing.T) {
	big := make([]any, 200_000)
	for i := range big {
		big[i] = int64(i)
	}
	data, err := Marshal([]any{big, "next"})
	require.NoError(t, err)
	in := &countingReader{r: bytes.NewReader(data)}
	dec := NewDecoder(in)
	err = CopyValue(NewEncoder(&failWriter{}), dec)
	require.ErrorIs(t, err, ErrInterrupted)
	assert.ErrorIs(t, err, errDiskFull)
	assert.Less(t, in.n, len(data)/10, "bytes read before stopping")
	_, again := dec.ReadToken()
	assert.Equal(t, err, again, "the Decoder's error is final")
}

// A value that fails part way: from memory nothing of it is written and the
// Encoder carries on; from a reader, what is written is the start of what
// the token copy writes, and the Encoder's error is set, so that the part
// cannot pass for a whole value (stream.Writer checks the Encoder before it
// sends a frame).
func TestCopyValueFailsPartWay(t *testing.T) {
	vals := make([]any, 50)
	for i := range vals {
		vals[i] = int64(i)
	}
	data, err := Marshal(vals)
	require.NoError(t, err)
	opts := []Option{WithLimits(Limits{MaxValueBytes: 100, ChunkSize: MinChunkSize})}

	var out bytes.Buffer
	enc := MustCodec(opts...).NewEncoder(&out)
	err = CopyValue(enc, MustCodec(opts...).NewDecoderBytes(data))
	require.ErrorIs(t, err, ErrLimit)
	assert.Zero(t, enc.OutputOffset())
	require.NoError(t, enc.WriteToken(NilToken), "the Encoder carries on")

	var tokens bytes.Buffer
	tokenEnc := MustCodec(opts...).NewEncoder(&tokens)
	tokenErr := MustCodec(opts...).NewDecoder(iotest.OneByteReader(bytes.NewReader(data))).eachOfValue(tokenEnc.WriteToken)
	require.NoError(t, tokenEnc.Flush())
	out.Reset()
	enc = MustCodec(opts...).NewEncoder(&out)
	err = CopyValue(enc, MustCodec(opts...).NewDecoder(iotest.OneByteReader(bytes.NewReader(data))))
	assert.Equal(t, tokenErr.Error(), err.Error())
	require.Error(t, enc.Flush(), "a part of a value must not pass for a whole one")
	assert.True(t, bytes.HasPrefix(tokens.Bytes(), out.Bytes()), "written %x\nthe token copy's %x", out.Bytes(), tokens.Bytes())
}
