package gdvar

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// roundTrip decodes data token by token and encodes the tokens again.
func roundTrip(t testing.TB, data []byte, opts ...Option) ([]byte, []Token) {
	t.Helper()
	dec := MustCodec(opts...).NewDecoder(bytes.NewReader(data))
	var out bytes.Buffer
	enc := MustCodec(opts...).NewEncoder(&out)
	var toks []Token
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		toks = append(toks, tok.Clone())
		require.NoError(t, enc.WriteToken(tok), "token %d: %s", len(toks), tok)
	}
	require.NoError(t, enc.Flush())
	return out.Bytes(), toks
}

// goldenSets are the engine-made vector folders and the engine table each
// is read with.
var goldenSets = []struct {
	dir    string
	engine Engine
}{
	{"testdata/golden/godot4", Godot4},
	{"testdata/golden/godot3.6", Godot3},
	{"testdata/golden/godot3.2", Godot3},
}

func TestGoldenRoundTrip(t *testing.T) {
	for _, set := range goldenSets {
		for _, v := range golden.Load(t, set.dir) {
			t.Run(filepath.Base(set.dir)+"/"+v.Name, func(t *testing.T) {
				goldenRoundTrip(t, v, set.engine)
			})
		}
	}
}

// goldenRoundTrip decodes a vector and encodes it again, through a reader
// and in place with the smallest chunks, and wants the engine's bytes back.
func goldenRoundTrip(t *testing.T, v golden.Vector, engine Engine) {
	got, _ := roundTrip(t, v.Bin, AllowObjects(v.Objects), WithEngine(engine))
	assert.Equal(t, v.Bin, got)

	// The same bytes through the in-place decoder with a tiny chunk size,
	// so that every string and packed array is chunked.
	dec := MustCodec(AllowObjects(v.Objects), WithEngine(engine), WithLimits(Limits{ChunkSize: MinChunkSize})).NewDecoderBytes(v.Bin)
	var out bytes.Buffer
	enc := MustCodec(WithEngine(engine)).NewEncoder(&out)
	require.NoError(t, CopyValue(enc, dec))
	assert.Equal(t, int64(len(v.Bin)), dec.InputOffset())
	assert.Equal(t, v.Bin, out.Bytes())
	_, err := dec.ReadToken()
	assert.Equal(t, io.EOF, err)
}

// The Godot 3 vectors read with Godot 4's table come out different or fail:
// the tables are really applied. Only types numbered alike in both (Nil to
// Vector2) read the same.
func TestGoldenGodot3IsNotGodot4(t *testing.T) {
	decode := func(data []byte, e Engine) (string, error) {
		dec := MustCodec(AllowObjects(true), WithEngine(e)).NewDecoderBytes(data)
		var b strings.Builder
		err := dec.eachOfValue(func(tok Token) error {
			b.WriteString(tok.String() + " ")
			return nil
		})
		return b.String(), err
	}
	differ := 0
	for _, v := range golden.Load(t, "testdata/golden/godot3.6") {
		as3, err := decode(v.Bin, Godot3)
		require.NoError(t, err, v.Name)
		as4, err4 := decode(v.Bin, Godot4)
		if v.Bin[0] <= byte(TypeVector2) {
			assert.Equal(t, as3, as4, "%s: types 0 to 5 are the same in both", v.Name)
			continue
		}
		assert.True(t, err4 != nil || as4 != as3, "%s: read alike by both tables: %s", v.Name, as3)
		differ++
	}
	assert.GreaterOrEqual(t, differ, 50)
}
