package varjson_test

import (
	"bytes"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/varjson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Codec's methods do what the package's functions do given its options,
// and a nil Codec what they do given none.
func TestCodecAsFunctions(t *testing.T) {
	godot3 := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3))
	v := map[string]any{"hp": int64(7), "at": gdvar.Vector2{X: 1, Y: 2.5}, "name": "a"}
	for _, tt := range []struct {
		name  string
		codec *varjson.Codec
		opts  []varjson.Option
	}{
		{"nil", nil, nil},
		{"default", varjson.MustCodec(), nil},
		{"godot3", varjson.MustCodec(varjson.WithCodec(godot3)), []varjson.Option{varjson.WithCodec(godot3)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			want, err := varjson.Marshal(v, tt.opts...)
			require.NoError(t, err)
			got, err := tt.codec.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
			got, err = tt.codec.Append([]byte("x"), v)
			require.NoError(t, err)
			assert.Equal(t, "x"+string(want), string(got))

			var back, wantBack any
			require.NoError(t, tt.codec.Unmarshal(want, &back))
			require.NoError(t, varjson.Unmarshal(want, &wantBack, tt.opts...))
			assert.Equal(t, wantBack, back)
			require.NoError(t, tt.codec.NewDecoder(bytes.NewReader(want)).Decode(&back))
			assert.Equal(t, wantBack, back)

			bin, err := gdvar.MustCodec(gdvar.WithEngine(tt.codec.Engine())).Marshal(back)
			require.NoError(t, err)
			var fromCodec, fromFunc bytes.Buffer
			require.NoError(t, tt.codec.FromBinary(&fromCodec, bytes.NewReader(bin)))
			require.NoError(t, varjson.FromBinary(&fromFunc, bytes.NewReader(bin), tt.opts...))
			assert.Equal(t, fromFunc.String(), fromCodec.String())
			var toCodec, toFunc bytes.Buffer
			require.NoError(t, tt.codec.ToBinary(&toCodec, bytes.NewReader(want)))
			require.NoError(t, varjson.ToBinary(&toFunc, bytes.NewReader(want), tt.opts...))
			assert.Equal(t, toFunc.Bytes(), toCodec.Bytes())
			assert.Equal(t, bin, toCodec.Bytes())

			var enc, encFunc bytes.Buffer
			require.NoError(t, tt.codec.NewEncoder(&enc).CopyValue(gdvar.MustCodec(gdvar.WithEngine(tt.codec.Engine())).NewDecoderBytes(bin)))
			require.NoError(t, varjson.NewEncoder(&encFunc, tt.opts...).CopyValue(gdvar.MustCodec(gdvar.WithEngine(tt.codec.Engine())).NewDecoderBytes(bin)))
			assert.Equal(t, encFunc.String(), enc.String())
		})
	}
}

// The Codec's settings are used: Godot 2 holds no 64-bit int.
func TestCodecSettings(t *testing.T) {
	godot2 := varjson.MustCodec(varjson.WithCodec(gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot2))))
	_, err := godot2.Marshal(int64(1) << 40)
	assert.Error(t, err)
	_, err = (*varjson.Codec)(nil).Marshal(int64(1) << 40)
	assert.NoError(t, err)
	again, err := godot2.With()
	require.NoError(t, err)
	assert.Equal(t, gdvar.Godot2, again.Engine(), "With keeps the settings")
}
