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
		e, opts, want, js, ok := fuzzJSON(t, data, godot3)
		if !ok {
			return
		}
		var back any
		require.NoError(t, Unmarshal(js, &back, gdvar.WithEngine(e)), "%s", js)
		got, err := gdvar.Marshal(back, opts...)
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
		e, opts := fuzzEngine(godot3)
		var v any
		if gdvar.Unmarshal(data, &v, opts...) != nil {
			return
		}
		want, err := Marshal(v, gdvar.WithEngine(e))
		require.NoError(t, err)
		size := gdvar.MinChunkSize + int(chunk)
		js := copyJSON(t, data, lookFirst, size, opts...)
		assert.Equal(t, string(want)+"\n", string(js))
		if guessed := copyJSON(t, data, guessing, size, opts...); guessed != nil {
			assert.Equal(t, string(js), string(guessed), "guessing")
		}
		defer func(n int64) { bigSize = n }(bigSize)
		bigSize = int64(chunk) // stream containers of more than this much JSON
		bin, err := decodeTo(js, gdvar.WithEngine(e))
		require.NoError(t, err, "%.300s", js)
		assert.Equal(t, data, bin, "DecodeTo of %.300s", js)
		var conv bytes.Buffer
		require.NoError(t, ToBinary(&conv, bytes.NewReader(js), gdvar.WithEngine(e)), "ToBinary of %.300s", js)
		assert.Equal(t, data, conv.Bytes(), "ToBinary of %.300s", js)
		var printed bytes.Buffer
		require.NoError(t, FromBinary(&printed, bytes.NewReader(data), opts...))
		assert.Equal(t, string(want), printed.String(), "FromBinary")
		if once, err := decodeOnce(js, gdvar.WithEngine(e)); !errors.Is(err, ErrTwoPasses) {
			require.NoError(t, err, "%.300s in one pass", js)
			assert.Equal(t, data, once, "DecodeTo of %.300s in one pass", js)
		}
		plain := copyJSON(t, data, plainForms, size, opts...)
		var back any
		err = Unmarshal(plain, &back, gdvar.WithEngine(e))
		if err != nil && strings.Contains(err.Error(), "nested deeper") {
			return // a $Dictionary in a $Dictionary takes more JSON levels
		}
		require.NoError(t, err, "%.300s", plain)
		got, err := gdvar.Marshal(back, opts...)
		require.NoError(t, err)
		assert.Equal(t, data, got, "%.300s", plain)
	})
}

// fuzzEngine is the engine a fuzz input picks, with the options to decode
// anything it accepts.
func fuzzEngine(godot3 bool) (gdvar.Engine, []gdvar.Option) {
	e := gdvar.Godot4
	if godot3 {
		e = gdvar.Godot3
	}
	return e, []gdvar.Option{gdvar.WithEngine(e), gdvar.AllowObjects(true)}
}

// fuzzJSON decodes a fuzzer's input for the engine godot3 chooses and
// returns its bytes as Marshal writes them and its JSON; ok is false for
// input gdvar does not decode.
func fuzzJSON(t *testing.T, data []byte, godot3 bool) (e gdvar.Engine, opts []gdvar.Option, want, js []byte, ok bool) {
	e, opts = fuzzEngine(godot3)
	var v any
	if gdvar.Unmarshal(data, &v, opts...) != nil {
		return e, opts, nil, nil, false
	}
	want, err := gdvar.Marshal(v, opts...)
	require.NoError(t, err)
	js, err = Marshal(v, gdvar.WithEngine(e))
	require.NoError(t, err)
	return e, opts, want, js, true
}

// DecodeTo, streaming every container, writes what Unmarshal and Marshal
// write for any JSON, and fails where they fail; Unmarshal gives what
// converting the whole tree gives.
func FuzzDecodeTo(f *testing.F) {
	golden.AddSeeds(f, 4096, func(v golden.Vector, set string) {
		e, opts := fuzzEngine(set != "godot4")
		var x any
		if gdvar.Unmarshal(v.Bin, &x, opts...) == nil {
			if js, err := Marshal(x, gdvar.WithEngine(e)); err == nil {
				f.Add(js, set != "godot4")
			}
		}
	})
	f.Fuzz(func(t *testing.T, js []byte, godot3 bool) {
		e, opts := fuzzEngine(godot3)
		var want []byte
		var x any
		err := Unmarshal(js, &x, gdvar.WithEngine(e))
		if err == nil {
			want, err = gdvar.Marshal(x, opts...)
		}
		defer func(n int64) { bigSize = n }(bigSize)
		bigSize = 0
		got, gotErr := decodeTo(js, gdvar.WithEngine(e))
		once, onceErr := decodeOnce(js, gdvar.WithEngine(e))
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
		treeBin, err := gdvar.Marshal(tree, opts...)
		require.NoError(t, err, "%q", js)
		assert.Equal(t, want, treeBin, "%q through the tree", js)
		require.NoError(t, gotErr, "%q", js)
		assert.Equal(t, want, got, "%q", js)
		require.NoError(t, onceErr, "%q in one pass", js)
		assert.Equal(t, want, once, "%q in one pass", js)
	})
}
