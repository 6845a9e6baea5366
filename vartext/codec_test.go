package vartext_test

import (
	"bytes"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Codec's methods do what the package's functions do given its options,
// and a nil Codec what they do given none.
func TestCodecAsFunctions(t *testing.T) {
	v := map[string]any{"hp": int64(7), "at": gdvar.Vector2{X: 1, Y: 2.5}, "tags": []any{"a", 0.1}}
	for _, tt := range []struct {
		name  string
		codec *vartext.Codec
		opts  []vartext.Option
	}{
		{"nil", nil, nil},
		{"default", vartext.MustCodec(), nil},
		{"godot3", vartext.MustCodec(vartext.WithDialect(vartext.Godot3)), []vartext.Option{vartext.WithDialect(vartext.Godot3)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			want, err := vartext.Marshal(v, tt.opts...)
			require.NoError(t, err)
			got, err := tt.codec.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
			got, err = tt.codec.Append([]byte("x"), v)
			require.NoError(t, err)
			assert.Equal(t, "x"+string(want), string(got))

			var back, wantBack any
			require.NoError(t, tt.codec.Unmarshal(want, &back))
			require.NoError(t, vartext.Unmarshal(want, &wantBack, tt.opts...))
			assert.Equal(t, wantBack, back)
			dec, err := vartext.NewDecoder(bytes.NewReader(want), tt.opts...)
			require.NoError(t, err)
			require.NoError(t, dec.Decode(&wantBack))
			require.NoError(t, tt.codec.NewDecoder(bytes.NewReader(want)).Decode(&back))
			assert.Equal(t, wantBack, back)

			var enc, encFunc bytes.Buffer
			require.NoError(t, tt.codec.NewEncoder(&enc).Encode(v))
			e, err := vartext.NewEncoder(&encFunc, tt.opts...)
			require.NoError(t, err)
			require.NoError(t, e.Encode(v))
			assert.Equal(t, encFunc.String(), enc.String())

			var toCodec, toFunc bytes.Buffer
			require.NoError(t, tt.codec.ToBinary(&toCodec, bytes.NewReader(want)))
			require.NoError(t, vartext.ToBinary(&toFunc, bytes.NewReader(want), tt.opts...))
			assert.Equal(t, toFunc.Bytes(), toCodec.Bytes())
		})
	}
}

// The Codec's settings are used, and an invalid option is found once.
func TestCodecSettings(t *testing.T) {
	godot3 := vartext.MustCodec(vartext.WithDialect(vartext.Godot3))
	text3, err := godot3.Marshal(gdvar.Vector2{X: 1, Y: 2})
	require.NoError(t, err)
	text4, err := (*vartext.Codec)(nil).Marshal(gdvar.Vector2{X: 1, Y: 2})
	require.NoError(t, err)
	assert.Equal(t, "Vector2( 1, 2 )", string(text3))
	assert.Equal(t, "Vector2(1, 2)", string(text4))
	d, set := godot3.Dialect()
	assert.Equal(t, vartext.Godot3, d)
	assert.True(t, set)

	_, err = vartext.NewCodec(vartext.WithDialect(vartext.Dialect(99)))
	assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
	assert.Panics(t, func() { vartext.MustCodec(vartext.WithDialect(vartext.Dialect(99))) })
}
