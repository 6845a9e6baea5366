package vartext

import (
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

// defaultCodec is the default Codec, as nil is.
var defaultCodec *Codec

// mustEncoder returns NewEncoder's Encoder, failing tb on an error.
func mustEncoder(tb testing.TB, w io.Writer, opts ...Option) *Encoder {
	tb.Helper()
	e, err := NewEncoder(w, opts...)
	require.NoError(tb, err)
	return e
}

// mustDecoder returns NewDecoder's Decoder, failing tb on an error.
func mustDecoder(tb testing.TB, r io.Reader, opts ...Option) *Decoder {
	tb.Helper()
	d, err := NewDecoder(r, opts...)
	require.NoError(tb, err)
	return d
}
