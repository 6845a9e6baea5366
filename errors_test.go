package gdvar

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every failure of a Decoder is a *DecodeError with one reason, its message
// has one prefix, and IsIOError separates the reader's faults from the input's.
func TestDecodeErrorReasons(t *testing.T) {
	errBoom := errors.New("boom")
	array1 := []byte{0x1c, 0, 0, 0, 1, 0, 0, 0} // Array of 1, element missing
	tests := []struct {
		name   string
		read   func() error
		reason error
		io     bool
	}{
		{"truncated", func() error { return NewDecoderBytes(array1).SkipValue() }, ErrTruncated, false},
		{"invalid type", func() error { return NewDecoderBytes([]byte{99, 0, 0, 0}).SkipValue() }, ErrInvalidType, false},
		{"reader fails", func() error {
			_, err := NewDecoder(iotest.ErrReader(errBoom)).ReadToken()
			return err
		}, ErrRead, true},
		{"reader fails inside a value", func() error {
			r := io.MultiReader(strings.NewReader(string(array1)), iotest.ErrReader(errBoom))
			return NewDecoder(r).SkipValue()
		}, ErrInterrupted, true},
		{"nothing to skip", func() error {
			d := NewDecoderBytes([]byte{0x1c, 0, 0, 0, 0, 0, 0, 0})
			if _, err := d.ReadToken(); err != nil {
				return err
			}
			return d.SkipValue() // next is the Array's end
		}, ErrUnexpectedToken, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.read()
			var de *DecodeError
			require.ErrorAs(t, err, &de)
			assert.Equal(t, tt.reason, de.Reason)
			assert.ErrorIs(t, err, tt.reason)
			assert.Equal(t, tt.io, IsIOError(err))
			assert.True(t, strings.HasPrefix(err.Error(), "gdvar: "), err.Error())
			assert.NotContains(t, err.Error()[len("gdvar: "):], "gdvar: ", "one prefix")
			if tt.io {
				assert.ErrorIs(t, err, errBoom)
			}
		})
	}
}

// A Decoder refused a SkipValue where no value begins, and carries on.
func TestSkipValueMisuseKeepsDecoder(t *testing.T) {
	d := NewDecoderBytes([]byte{0x1c, 0, 0, 0, 0, 0, 0, 0})
	_, err := d.ReadToken()
	require.NoError(t, err)
	require.ErrorIs(t, d.SkipValue(), ErrUnexpectedToken)
	tok, err := d.ReadToken()
	require.NoError(t, err)
	assert.Equal(t, KindArrayEnd, tok.Kind())
}

// Sentinels share the prefix, so a bare one reads like the rest.
func TestSentinelPrefix(t *testing.T) {
	for _, err := range []error{ErrTruncated, ErrInvalidType, ErrInvalidLength, ErrInvalidUTF8, ErrInvalidValue,
		ErrTooDeep, ErrLimit, ErrObjectsNotAllowed, ErrTrailingData, ErrRead, ErrInterrupted,
		ErrUnexpectedToken, ErrUnsupportedType, ErrCycle} {
		assert.True(t, strings.HasPrefix(err.Error(), "gdvar: "), err.Error())
	}
}
