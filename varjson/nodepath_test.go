package varjson

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"testing"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nodePathHeader is the header word of a NodePath for engine e.
func nodePathHeader(t testing.TB, e gdvar.Engine) []byte {
	typ, ok := e.WireType(gdvar.TypeNodePath)
	require.True(t, ok)
	return binary.LittleEndian.AppendUint32(nil, typ)
}

// nodePathBytes is a NodePath for engine e: its words (name count with the
// new form's bit, subname count, flags), then its names, each padded with
// pad.
func nodePathBytes(t testing.TB, e gdvar.Engine, words [3]uint32, pad byte, names ...string) []byte {
	b := nodePathHeader(t, e)
	for _, w := range words {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	for _, n := range names {
		b = append(binary.LittleEndian.AppendUint32(b, uint32(len(n))), n...)
		for len(b)%4 != 0 {
			b = append(b, pad)
		}
	}
	return b
}

// nodePathJSON is a NodePath's JSON as the Encoder printed it before it
// read the bytes itself, from the path's generic form: its text when
// gdvar.ParseNodePath of that is written as the same bytes, else a $Raw.
func nodePathJSON(t testing.TB, bin []byte, codec *gdvar.Codec) string {
	var v any
	require.NoError(t, codec.Unmarshal(bin, &v))
	raw := `{"$Raw":"` + base64.StdEncoding.EncodeToString(bin) + `"}`
	p, ok := v.(gdvar.NodePath)
	if !ok {
		return raw // a header Godot never writes
	}
	s := p.String()
	canonical, err := codec.Marshal(gdvar.ParseNodePath(s))
	require.NoError(t, err)
	if !bytes.Equal(canonical, bin) || !utf8.ValidString(s) {
		return raw
	}
	return `{"$NodePath":` + string(appendString(nil, s)) + `}`
}

const newForm = 1 << 31

// A NodePath is its text when that gives back its bytes, else a $Raw.
func TestNodePathForms(t *testing.T) {
	g4, g3, g2 := gdvar.Godot4, gdvar.Godot3, gdvar.Godot2
	tests := []struct {
		name   string
		engine gdvar.Engine
		bin    []byte
		want   string // "" for a $Raw
	}{
		{"absolute, with subnames", g4, nodePathBytes(t, g4, [3]uint32{2 | newForm, 2, 1}, 0, "root", "a", "b", "c"), `"/root/a:b:c"`},
		{"empty", g4, nodePathBytes(t, g4, [3]uint32{newForm, 0, 0}, 0), `""`},
		{"root", g4, nodePathBytes(t, g4, [3]uint32{newForm, 0, 1}, 0), `"/"`},
		{"subnames only", g4, nodePathBytes(t, g4, [3]uint32{newForm, 1, 0}, 0, "x"), `":x"`},
		{"a subname holding a slash", g4, nodePathBytes(t, g4, [3]uint32{1 | newForm, 1, 0}, 0, "a", "b/c"), `"a:b/c"`},
		{"escapes", g3, nodePathBytes(t, g3, [3]uint32{1 | newForm, 0, 0}, 0, "\"\n"), `"\"\n"`},
		{"Godot 3's stray padding", g3, nodePathBytes(t, g3, [3]uint32{1 | newForm, 0, 0}, 'z', "a"), ""},
		{"a name holding a slash", g4, nodePathBytes(t, g4, [3]uint32{1 | newForm, 0, 0}, 0, "a/b"), ""},
		{"a name holding a colon", g4, nodePathBytes(t, g4, [3]uint32{1 | newForm, 0, 0}, 0, "a:b"), ""},
		{"a subname holding a colon", g4, nodePathBytes(t, g4, [3]uint32{newForm, 1, 0}, 0, "a:b"), ""},
		{"an empty name", g4, nodePathBytes(t, g4, [3]uint32{2 | newForm, 0, 0}, 0, "a", ""), ""},
		{"an empty subname", g4, nodePathBytes(t, g4, [3]uint32{newForm, 1, 0}, 0, ""), ""},
		{"the obsolete property flag", g4, nodePathBytes(t, g4, [3]uint32{1 | newForm, 0, 2}, 0, "a", "b"), ""},
		{"another flag", g4, nodePathBytes(t, g4, [3]uint32{1 | newForm, 0, 0x11}, 0, "a"), ""},
		{"counts that wrap", g4, nodePathBytes(t, g4, [3]uint32{2 | newForm, 0xffffffff, 0}, 0, "a"), ""},
		{"a surrogate (not UTF-8, which Godot 3 takes)", g3, nodePathBytes(t, g3, [3]uint32{1 | newForm, 0, 0}, 0, "\xed\xa0\x80"), ""},
		{"Godot 2's old form", g2, append(binary.LittleEndian.AppendUint32(nodePathHeader(t, g2), 4), "/a:b"...), ""},
	}
	for _, tt := range tests {
		want := `{"$NodePath":` + tt.want + `}`
		if tt.want == "" {
			want = `{"$Raw":"` + base64.StdEncoding.EncodeToString(tt.bin) + `"}`
		}
		codec := engineCodec(tt.engine)
		assert.Equal(t, want, nodePathJSON(t, tt.bin, codec), "%s: the generic form", tt.name)
		var got bytes.Buffer
		require.NoError(t, FromBinary(&got, bytes.NewReader(tt.bin), WithCodec(codec)), tt.name)
		assert.Equal(t, want, got.String(), tt.name)
	}
}

// Whatever a NodePath's bytes, the Encoder prints what the path's generic
// form gives (nodePathJSON).
func FuzzNodePath(f *testing.F) {
	f.Add([]byte{}, false)
	f.Add(nodePathBytes(f, gdvar.Godot4, [3]uint32{2 | newForm, 2, 1}, 0, "root", "a", "b", "c")[4:], false)
	f.Add(nodePathBytes(f, gdvar.Godot3, [3]uint32{1 | newForm, 1, 0}, 'z', "a", "b")[4:], true)
	f.Add(nodePathBytes(f, gdvar.Godot4, [3]uint32{1 | newForm, 1, 2}, 0, "a:b", "c/d", "")[4:], false)
	f.Fuzz(func(t *testing.T, path []byte, godot3 bool) {
		e, codec := fuzzEngine(godot3)
		bin := append(nodePathHeader(t, e), path...)
		var v any
		if codec.Unmarshal(bin, &v) != nil {
			return
		}
		want := nodePathJSON(t, bin, codec)
		var got bytes.Buffer
		require.NoError(t, FromBinary(&got, bytes.NewReader(bin), WithCodec(codec)))
		assert.Equal(t, want, got.String())
	})
}
