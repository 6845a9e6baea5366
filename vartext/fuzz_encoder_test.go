package vartext

import (
	"bytes"
	"encoding/binary"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/require"
)

// tokenReader makes tokens of any kind, valid in sequence or not, from
// fuzz input: each byte picks a constructor, the bytes after it give its
// arguments (zero when the input runs out).
type tokenReader struct{ b []byte }

func (r *tokenReader) byte() byte {
	if len(r.b) == 0 {
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *tokenReader) bytes(n int) []byte {
	n = min(n, len(r.b))
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *tokenReader) u64() uint64 {
	var b [8]byte
	copy(b[:], r.bytes(8))
	return binary.LittleEndian.Uint64(b[:])
}

func (r *tokenReader) float() float64 { return math.Float64frombits(r.u64()) }

func (r *tokenReader) str() string { return string(r.bytes(int(r.byte() % 12))) }

func (r *tokenReader) containerType() gdvar.ContainerType {
	switch r.byte() % 5 {
	case 1:
		return gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.Type(r.byte() % 40)}
	case 2:
		return gdvar.ContainerType{Kind: gdvar.TypedClass, Name: r.str()}
	case 3:
		return gdvar.ContainerType{Kind: gdvar.TypedScript, Name: r.str()}
	}
	return gdvar.UntypedContainer
}

var fuzzPacked = []gdvar.Type{
	gdvar.TypePackedByteArray, gdvar.TypePackedInt32Array, gdvar.TypePackedInt64Array, gdvar.TypePackedFloat32Array,
	gdvar.TypePackedFloat64Array, gdvar.TypePackedStringArray, gdvar.TypePackedVector2Array, gdvar.TypePackedVector3Array,
	gdvar.TypePackedColorArray, gdvar.TypePackedVector4Array,
}

// next returns the next token, and false at the end of the input.
func (r *tokenReader) next() (gdvar.Token, bool) {
	if len(r.b) == 0 {
		return gdvar.Token{}, false
	}
	f := r.float
	p := gdvar.Precision(r.byte() % 2)
	switch r.byte() % 32 {
	case 0:
		return gdvar.NilToken, true
	case 1:
		return gdvar.BoolToken(r.byte()%2 == 1), true
	case 2:
		return gdvar.IntToken(int64(r.u64())), true
	case 3:
		return gdvar.FloatToken(f()), true
	case 4:
		return gdvar.Float32Token(float32(f())), true
	case 5:
		return gdvar.StringToken(r.str()), true
	case 6:
		return gdvar.StringChunkToken(int(r.byte()%16), r.bytes(int(r.byte()%8))), true
	case 7:
		return gdvar.StringNameToken(r.str()), true
	case 8:
		return gdvar.StringNameChunkToken(int(r.byte()%16), r.bytes(int(r.byte()%8))), true
	case 9:
		return gdvar.MathToken(gdvar.Vector2{X: f(), Y: f()}, p), true
	case 10:
		return gdvar.MathToken(gdvar.Vector3i{X: int32(r.u64()), Y: 2, Z: -3}, gdvar.Single), true
	case 11:
		return gdvar.MathToken(gdvar.Color{R: float32(f()), G: 0.5, B: float32(f()), A: 1}, gdvar.Single), true
	case 12:
		return gdvar.MathToken(gdvar.Transform2D{X: gdvar.Vector2{X: f()}, Origin: gdvar.Vector2{Y: f()}}, p), true
	case 13:
		return gdvar.NodePathToken(gdvar.ParseNodePath(r.str())), true
	case 14:
		return gdvar.RIDToken(gdvar.RID(r.u64())), true
	case 15:
		return gdvar.ObjectIDToken(gdvar.ObjectID(r.u64())), true
	case 16:
		return gdvar.CallableToken, true
	case 17:
		return gdvar.SignalToken(r.str(), r.u64()), true
	case 18:
		return gdvar.ArrayStartToken(int(r.byte()%8), r.containerType()), true
	case 19:
		return gdvar.ArrayEndToken, true
	case 20:
		return gdvar.DictStartToken(int(r.byte()%8), r.containerType(), r.containerType()), true
	case 21:
		return gdvar.DictKeyToken, true
	case 22:
		return gdvar.DictEndToken, true
	case 23:
		return gdvar.PackedStartToken(fuzzPacked[int(r.byte())%len(fuzzPacked)], int(r.byte()%8), p), true
	case 24:
		return gdvar.PackedChunkToken(r.bytes(int(r.byte() % 64))), true
	case 25:
		return gdvar.PackedEndToken, true
	case 26:
		return gdvar.ObjectStartToken(r.str(), int(r.byte()%4)), true
	case 27:
		return gdvar.ObjectPropertyToken(r.str()), true
	case 28:
		return gdvar.ObjectEndToken, true
	case 29:
		return gdvar.MathToken(gdvar.AABB{Size: gdvar.Vector3{X: f(), Z: f()}}, p), true
	case 30:
		return gdvar.MathToken(gdvar.Projection{Columns: [4]gdvar.Vector4{{W: f()}}}, p), true
	}
	return gdvar.MathToken(gdvar.Vector4i{X: int32(r.u64())}, gdvar.Single), true
}

var fuzzDialects = []Dialect{Godot4, Godot3, Godot32, Godot2}

// Any tokens: the Encoder refuses those that do not fit, never panics, and
// prints each whole value as text that parses, the same text as it prints
// for the value's binary form read back by a gdvar.Decoder.
func FuzzEncoder(f *testing.F) {
	f.Add([]byte{0, 0, 18, 2, 0, 0, 2, 7, 0, 5, 3, 'a', '"', 'b', 0, 19})
	f.Add([]byte{0, 0, 20, 1, 0, 0, 0, 21, 0, 7, 1, 'k', 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 0, 22})
	f.Add([]byte{2, 0, 23, 3, 2, 0, 24, 8, 1, 2, 3, 4, 5, 6, 7, 8, 0, 25})
	f.Add([]byte{1, 0, 26, 3, 'N', 'o', 'd', 0, 1, 0, 27, 2, 'a', '"', 0, 1, 1, 0, 28})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := tokenReader{b: data}
		d := fuzzDialects[int(r.byte())%len(fuzzDialects)]
		engine := gdvar.MustCodec(gdvar.WithEngine(d.Engine()))
		objects := gdvar.MustCodec(gdvar.WithEngine(d.Engine()), gdvar.AllowObjects(true))
		var text, bin bytes.Buffer
		enc := mustEncoder(t, &text, WithDialect(d))
		check := engine.NewEncoder(&bin)
		// Godot 3 prints nothing for a RID, and a string that is not UTF-8 is
		// printed as its bytes: their text does not parse.
		unparsable := false
		for {
			tok, ok := r.next()
			if !ok {
				return
			}
			if check.WriteToken(tok) != nil {
				require.Error(t, enc.WriteToken(tok), "%v refused by gdvar", tok)
				continue
			}
			unparsable = unparsable || tok.Kind() == gdvar.KindRID && d != Godot4 || !validText(tok)
			if err := enc.WriteToken(tok); err != nil {
				require.ErrorIs(t, err, ErrNoTextForm)
				return
			}
			if check.Depth() > 0 {
				continue
			}
			require.NoError(t, check.Flush())
			if !unparsable {
				var v any
				require.NoError(t, Unmarshal(text.Bytes(), &v, WithDialect(d)), "%q", text.String())
			}
			var again strings.Builder
			dec := objects.NewDecoderBytes(bin.Bytes())
			if err := mustEncoder(t, &again, WithDialect(d)).CopyValue(dec); err == nil {
				require.Equal(t, text.String(), again.String())
			}
			text.Reset()
			bin.Reset()
			unparsable = false
		}
	})
}

// validText reports whether the strings and names of a token are UTF-8 (a
// chunk that splits a character is not).
func validText(t gdvar.Token) bool {
	names := []string{t.Name(), t.ElemType().Name, t.KeyType().Name, t.ValueType().Name}
	p := t.NodePath()
	names = append(append(names, p.Names...), p.SubNames...)
	for _, n := range names {
		if !utf8.ValidString(n) {
			return false
		}
	}
	return t.Kind() != gdvar.KindString && t.Kind() != gdvar.KindStringName || utf8.Valid(t.Bytes())
}
