package vartext

import (
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

// defaultCodec is the default Codec, as nil is.
var defaultCodec *Codec

// mustEncoder returns the Encoder of the Codec of opts, failing tb on an
// invalid option.
func mustEncoder(tb testing.TB, w io.Writer, opts ...Option) *Encoder {
	tb.Helper()
	c, err := NewCodec(opts...)
	require.NoError(tb, err)
	return c.NewEncoder(w)
}

// mustDecoder returns the Decoder of the Codec of opts, failing tb on an
// invalid option.
func mustDecoder(tb testing.TB, r io.Reader, opts ...Option) *Decoder {
	tb.Helper()
	c, err := NewCodec(opts...)
	require.NoError(tb, err)
	return c.NewDecoder(r)
}
