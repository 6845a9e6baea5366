package gdvar_test

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type singlePlayer struct {
	Name string
	HP   int64
}

// singleCalls are the ways to read a SingleValue input's value: each
// returns what it returns after reading it.
var singleCalls = []struct {
	name string
	read func(dec *gdvar.Decoder) error
}{
	{"Decode any", func(dec *gdvar.Decoder) error { var v any; return dec.Decode(&v) }},
	{"Decode struct", func(dec *gdvar.Decoder) error { var v singlePlayer; return dec.Decode(&v) }},
	{"Decode map", func(dec *gdvar.Decoder) error { var v map[string]any; return dec.Decode(&v) }},
	{"SkipValue", func(dec *gdvar.Decoder) error { return dec.SkipValue() }},
	{"CopyValue", func(dec *gdvar.Decoder) error { return gdvar.CopyValue(gdvar.NewEncoder(io.Discard), dec) }},
	{"ReadToken", func(dec *gdvar.Decoder) error {
		for {
			if _, err := dec.ReadToken(); err != nil || dec.Depth() == 0 {
				return err
			}
		}
	}},
}

// A value alone reads as it does without the option, then io.EOF; bytes
// after it are ErrTrailingData at their offset, found by the call that
// reads the value when they are in hand, else by the next.
func TestSingleValue(t *testing.T) {
	value, err := gdvar.Marshal(singlePlayer{Name: "ann", HP: 7})
	require.NoError(t, err)
	scalar, err := gdvar.Marshal(int64(5))
	require.NoError(t, err)
	junk := []byte{0xff, 0xff, 0xff, 0xff, 1}
	inputs := []struct {
		name  string
		value []byte
		dec   func(data []byte) *gdvar.Decoder
		held  bool // the bytes after the value are in hand when it ends
	}{
		{"bytes", value, func(b []byte) *gdvar.Decoder { return gdvar.MustCodec(gdvar.SingleValue(true)).NewDecoderBytes(b) }, true},
		{"reader", value, func(b []byte) *gdvar.Decoder {
			return gdvar.MustCodec(gdvar.SingleValue(true)).NewDecoder(bytes.NewReader(b))
		}, true},
		{"byte at a time", value, func(b []byte) *gdvar.Decoder {
			return gdvar.MustCodec(gdvar.SingleValue(true)).NewDecoder(iotest.OneByteReader(bytes.NewReader(b)))
		}, false},
		{"input limit", value, func(b []byte) *gdvar.Decoder {
			return gdvar.MustCodec(gdvar.SingleValue(true), gdvar.WithInputLimit(int64(len(b)))).NewDecoder(bytes.NewReader(append(b, 9, 9, 9, 9)))
		}, true},
		{"scalar", scalar, func(b []byte) *gdvar.Decoder { return gdvar.MustCodec(gdvar.SingleValue(true)).NewDecoderBytes(b) }, true},
	}
	for _, in := range inputs {
		for _, call := range singleCalls {
			if call.name != "SkipValue" && call.name != "ReadToken" && bytes.Equal(in.value, scalar) {
				continue // a struct or a map from an int is a type error
			}
			t.Run(in.name+"/"+call.name+"/alone", func(t *testing.T) {
				dec := in.dec(in.value)
				require.NoError(t, call.read(dec))
				assert.Equal(t, gdvar.KindInvalid, dec.PeekKind())
				_, err := dec.ReadToken()
				assert.Equal(t, io.EOF, err)
				var v any
				assert.Equal(t, io.EOF, dec.Decode(&v))
			})
			if in.name == "input limit" {
				continue // the bytes after the frame are not the Decoder's
			}
			t.Run(in.name+"/"+call.name+"/trailing", func(t *testing.T) {
				dec := in.dec(append(bytes.Clone(in.value), junk...))
				err := call.read(dec)
				if !in.held || call.name == "ReadToken" {
					require.NoError(t, err, "the value is whole, the bytes after it not yet read")
					assert.Equal(t, gdvar.KindInvalid, dec.PeekKind())
					_, err = dec.ReadToken()
				}
				var de *gdvar.DecodeError
				require.ErrorAs(t, err, &de)
				assert.ErrorIs(t, err, gdvar.ErrTrailingData)
				assert.Equal(t, int64(len(in.value)), de.Offset)
				assert.Equal(t, "$", de.Path)
				_, again := dec.ReadToken()
				assert.Equal(t, err, again, "final")
			})
		}
	}
}

// Without the option, the bytes after a value are the next value, as
// before.
func TestSingleValueOff(t *testing.T) {
	data, err := gdvar.Marshal(int64(5))
	require.NoError(t, err)
	dec := gdvar.NewDecoderBytes(append(bytes.Clone(data), data...))
	var v any
	require.NoError(t, dec.Decode(&v))
	require.NoError(t, dec.Decode(&v))
	assert.Equal(t, int64(5), v)
	assert.Equal(t, io.EOF, dec.Decode(&v))
}

// On a connection that stays open, Decode returns as soon as the value is
// whole; the next call waits for the peer to close it, or for more bytes.
func TestSingleValueDoesNotWait(t *testing.T) {
	data, err := gdvar.Marshal([]any{"a", int64(1)})
	require.NoError(t, err)
	for _, after := range []struct {
		name string
		send func(w *io.PipeWriter)
		want error
	}{
		{"close", func(w *io.PipeWriter) { w.Close() }, io.EOF},
		{"junk", func(w *io.PipeWriter) { _, _ = w.Write([]byte{1}) }, gdvar.ErrTrailingData},
	} {
		t.Run(after.name, func(t *testing.T) {
			r, w := io.Pipe()
			defer r.Close()
			go func() { _, _ = w.Write(data) }()
			dec := gdvar.MustCodec(gdvar.SingleValue(true)).NewDecoder(r)
			decoded := make(chan error, 1)
			var v any
			go func() { decoded <- dec.Decode(&v) }()
			select {
			case err := <-decoded:
				require.NoError(t, err)
			case <-time.After(10 * time.Second):
				t.Fatal("Decode waits for input after the value")
			}
			assert.Equal(t, []any{"a", int64(1)}, v)
			go after.send(w)
			_, err := dec.ReadToken()
			assert.True(t, errors.Is(err, after.want), "%v", err)
		})
	}
}
