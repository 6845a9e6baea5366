package gdvar

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The last of two settings of one option wins, and a zero limit keeps its
// default.
func TestOptionsCompose(t *testing.T) {
	var v any
	data := []byte{18, 0, 0, 0, 0, 0, 0, 0} // an empty Dictionary in Godot 3
	assert.NoError(t, MustCodec(WithEngine(Godot4), WithEngine(Godot3)).Unmarshal(data, &v))
	assert.IsType(t, &Dictionary{}, v)
	assert.Equal(t, DefaultLimits(), MustCodec(WithLimits(Limits{})).Limits())
}

// Reset and ResetBytes keep the settings a Decoder or an Encoder was made
// with: a Godot 3 Decoder reset reads Godot 3's Dictionary type (18, a
// packed array in Godot 4), a Godot 3 Encoder writes it.
func TestResetKeepsCodec(t *testing.T) {
	godot3 := MustCodec(WithEngine(Godot3))
	data := []byte{18, 0, 0, 0, 0, 0, 0, 0}
	tests := []struct {
		name  string
		reset func(d *Decoder)
	}{
		{"Reset", func(d *Decoder) { d.Reset(bytes.NewReader(data)) }},
		{"ResetBytes", func(d *Decoder) { d.ResetBytes(data) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := godot3.NewDecoderBytes(nil)
			tt.reset(d)
			tok, err := d.ReadToken()
			require.NoError(t, err)
			assert.Equal(t, TypeDictionary, tok.Type())
		})
	}

	var out bytes.Buffer
	e := godot3.NewEncoder(nil)
	e.Reset(&out)
	require.NoError(t, e.Encode(map[string]int{}))
	assert.Equal(t, data, out.Bytes())

	var zero Decoder
	zero.ResetBytes([]byte{2, 0, 0, 0, 1, 0, 0, 0})
	tok, err := zero.ReadToken()
	require.NoError(t, err)
	assert.Equal(t, int64(1), tok.Int())
}
