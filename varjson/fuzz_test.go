package varjson

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Whatever bytes gdvar decodes come back byte for byte through JSON, for
// each engine version.
func FuzzJSONRoundTrip(f *testing.F) {
	golden.AddSeeds(f, 4096, func(v golden.Vector, set string) { f.Add(v.Bin, set != "godot4") })
	f.Fuzz(func(t *testing.T, data []byte, godot3 bool) {
		e, codec, want, js, ok := fuzzJSON(t, data, godot3)
		if !ok {
			return
		}
		var back any
		require.NoError(t, Unmarshal(js, &back, WithCodec(engineCodec(e))), "%s", js)
		got, err := codec.Marshal(back)
		require.NoError(t, err, "%s", js)
		assert.Equal(t, want, got, "%s", js)
	})
}

// The streaming Encoder on any value gdvar decodes, its strings and packed
// arrays cut into small chunks: with LookAhead it prints what Marshal
// prints, and DecodeTo, streaming small containers too or in one pass,
// gives back the bytes; without LookAhead, JSON that gives back the same
// bytes.
func FuzzEncoder(f *testing.F) {
	golden.AddSeeds(f, 4096, func(v golden.Vector, set string) { f.Add(v.Bin, set != "godot4", uint8(0)) })
	f.Fuzz(func(t *testing.T, data []byte, godot3 bool, chunk uint8) {
		e, codec := fuzzEngine(godot3)
		var v any
		if codec.Unmarshal(data, &v) != nil {
			return
		}
		want, err := Marshal(v, WithCodec(engineCodec(e)))
		require.NoError(t, err)
		size := gdvar.MinChunkSize + int(chunk)
		js := copyJSON(t, data, lookFirst, size, codec)
		assert.Equal(t, string(want)+"\n", string(js))
		if guessed := copyJSON(t, data, guessing, size, codec); guessed != nil {
			assert.Equal(t, string(js), string(guessed), "guessing")
		}
		defer func(n int64) { bigSize = n }(bigSize)
		bigSize = int64(chunk) // stream containers of more than this much JSON
		bin, err := decodeTo(js, engineCodec(e))
		require.NoError(t, err, "%.300s", js)
		assert.Equal(t, data, bin, "DecodeTo of %.300s", js)
		var conv bytes.Buffer
		require.NoError(t, ToBinary(&conv, bytes.NewReader(js), WithCodec(engineCodec(e))), "ToBinary of %.300s", js)
		assert.Equal(t, data, conv.Bytes(), "ToBinary of %.300s", js)
		var printed bytes.Buffer
		require.NoError(t, FromBinary(&printed, bytes.NewReader(data), WithCodec(codec)))
		assert.Equal(t, string(want), printed.String(), "FromBinary")
		if once, err := decodeOnce(js, engineCodec(e)); !errors.Is(err, ErrTwoPasses) {
			require.NoError(t, err, "%.300s in one pass", js)
			assert.Equal(t, data, once, "DecodeTo of %.300s in one pass", js)
		}
		plain := copyJSON(t, data, plainForms, size, codec)
		var back any
		err = Unmarshal(plain, &back, WithCodec(engineCodec(e)))
		if err != nil && strings.Contains(err.Error(), "nested deeper") {
			return // a $Dictionary in a $Dictionary takes more JSON levels
		}
		require.NoError(t, err, "%.300s", plain)
		got, err := codec.Marshal(back)
		require.NoError(t, err)
		assert.Equal(t, data, got, "%.300s", plain)
	})
}

// fuzzCodecs decode anything an engine version accepts: Godot 4's, then
// Godot 3's.
var fuzzCodecs = [2]*gdvar.Codec{
	gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot4), gdvar.AllowObjects(true)),
	gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3), gdvar.AllowObjects(true)),
}

// fuzzEngine is the engine a fuzz input picks, with the codec to decode
// anything it accepts.
func fuzzEngine(godot3 bool) (gdvar.Engine, *gdvar.Codec) {
	if godot3 {
		return gdvar.Godot3, fuzzCodecs[1]
	}
	return gdvar.Godot4, fuzzCodecs[0]
}

// fuzzJSON decodes a fuzzer's input for the engine godot3 chooses and
// returns its bytes as Marshal writes them and its JSON; ok is false for
// input gdvar does not decode.
func fuzzJSON(t *testing.T, data []byte, godot3 bool) (e gdvar.Engine, codec *gdvar.Codec, want, js []byte, ok bool) {
	e, codec = fuzzEngine(godot3)
	var v any
	if codec.Unmarshal(data, &v) != nil {
		return e, codec, nil, nil, false
	}
	want, err := codec.Marshal(v)
	require.NoError(t, err)
	js, err = Marshal(v, WithCodec(engineCodec(e)))
	require.NoError(t, err)
	return e, codec, want, js, true
}

// DecodeTo, streaming every container, writes what Unmarshal and Marshal
// write for any JSON, and fails where they fail; Unmarshal gives what
// converting the whole tree gives.
func FuzzDecodeTo(f *testing.F) {
	golden.AddSeeds(f, 4096, func(v golden.Vector, set string) {
		e, codec := fuzzEngine(set != "godot4")
		var x any
		if codec.Unmarshal(v.Bin, &x) == nil {
			if js, err := Marshal(x, WithCodec(engineCodec(e))); err == nil {
				f.Add(js, set != "godot4")
			}
		}
	})
	f.Fuzz(func(t *testing.T, js []byte, godot3 bool) {
		e, codec := fuzzEngine(godot3)
		var want []byte
		var x any
		err := Unmarshal(js, &x, WithCodec(engineCodec(e)))
		if err == nil {
			want, err = codec.Marshal(x)
		}
		defer func(n int64) { bigSize = n }(bigSize)
		bigSize = 0
		got, gotErr := decodeTo(js, engineCodec(e))
		once, onceErr := decodeOnce(js, engineCodec(e))
		if errors.Is(onceErr, ErrTwoPasses) {
			once, onceErr = got, gotErr // what the command does then
		}
		if err != nil {
			for _, r := range []struct {
				got []byte
				err error
			}{{got, gotErr}, {once, onceErr}} {
				if r.err == nil {
					// A sequence of values, or none, decodes where Unmarshal wants one.
					require.True(t, len(r.got) == 0 || strings.Contains(err.Error(), "after the value"), "%v: DecodeTo of %q gave %x", err, js, r.got)
				}
			}
			return
		}
		tree, err := treeUnmarshal(js) // without reading anything directly
		require.NoError(t, err, "%q", js)
		treeBin, err := codec.Marshal(tree)
		require.NoError(t, err, "%q", js)
		assert.Equal(t, want, treeBin, "%q through the tree", js)
		require.NoError(t, gotErr, "%q", js)
		assert.Equal(t, want, got, "%q", js)
		require.NoError(t, onceErr, "%q in one pass", js)
		assert.Equal(t, want, once, "%q in one pass", js)
	})
}
