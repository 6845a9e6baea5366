package gdvar

import (
	"bytes"
	"encoding/hex"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// liveValue is a value our Encoder writes for the engine to read.
type liveValue struct {
	toks []Token
	// again is what the engine should write back when it is not the same
	// bytes: a single-precision build writes 64-bit reals as 32-bit, and
	// widths it would not choose as its own. nil means the same bytes.
	again []Token
	// sizeOnly: the engine's own encoding of the value differs for reasons
	// outside the wire format (object ids it makes up), so only the size it
	// read is checked.
	sizeOnly bool
}

func liveValues() map[string]liveValue {
	long := bytes.Repeat([]byte("0123456789✓"), 20000) // 260 KB
	var longToks []Token
	for i := 0; i < len(long); i += 1000 {
		longToks = append(longToks, StringChunkToken(len(long), long[i:min(i+1000, len(long))]))
	}
	floats := make([]float32, 100000)
	for i := range floats {
		floats[i] = float32(i) * 0.5
	}
	untyped := UntypedContainer
	ints := ContainerType{Kind: TypedBuiltin, Builtin: TypeInt}
	v := func(toks ...Token) liveValue { return liveValue{toks: toks} }
	return map[string]liveValue{
		"nil":            v(NilToken),
		"bool":           v(BoolToken(true)),
		"int_small":      v(IntToken(-1)),
		"int_i32_max":    v(IntToken(math.MaxInt32)),
		"int_wide":       v(IntToken(math.MaxInt32 + 1)),
		"int_i64_min":    v(IntToken(math.MinInt64)),
		"int64_of_small": {toks: []Token{Int64Token(5)}, again: []Token{IntToken(5)}},
		"float_0_1":      v(FloatToken(0.1)),
		"float_2_5":      v(FloatToken(2.5)),
		"float_inf":      v(FloatToken(math.Inf(-1))),
		"float_nan":      v(FloatToken(godotNaN)),
		"float_neg0":     v(FloatToken(math.Copysign(0, -1))),
		"float64_of_2_5": {toks: []Token{Float64Token(2.5)}, again: []Token{FloatToken(2.5)}},
		"string_empty":   v(StringToken("")),
		"string_unicode": v(StringToken("héllo ✓ 🎮")),
		"string_chunked": v(longToks...),
		"stringname":     v(StringNameToken("名前")),
		"vector2":        v(MathToken(Vector2{1, 2.5}, Single)),
		"vector2i":       v(MathToken(Vector2i{-3, 4}, Single)),
		"rect2":          v(MathToken(Rect2{Vector2{1, 2}, Vector2{3, 4}}, Single)),
		"rect2i":         v(MathToken(Rect2i{Vector2i{1, 2}, Vector2i{3, 4}}, Single)),
		"vector3":        v(MathToken(Vector3{1, 2, 3}, Single)),
		"vector3i":       v(MathToken(Vector3i{1, 2, 3}, Single)),
		"transform2d":    v(MathToken(Transform2D{Vector2{1, 0}, Vector2{0, 1}, Vector2{5, 6}}, Single)),
		"vector4":        v(MathToken(Vector4{1, 2, 3, 4}, Single)),
		"vector4i":       v(MathToken(Vector4i{1, 2, 3, 4}, Single)),
		"plane":          v(MathToken(Plane{Vector3{0, 1, 0}, 2}, Single)),
		"quaternion":     v(MathToken(Quaternion{0, 0, 0, 1}, Single)),
		"aabb":           v(MathToken(AABB{Vector3{1, 2, 3}, Vector3{4, 5, 6}}, Single)),
		"basis":          v(MathToken(Basis{[3]Vector3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, Single)),
		"transform3d":    v(MathToken(Transform3D{Basis{[3]Vector3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, Vector3{7, 8, 9}}, Single)),
		"projection":     v(MathToken(Projection{[4]Vector4{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}}, Single)),
		"color":          v(MathToken(Color{1, 0.5, 0.25, 1}, Single)),
		"vector3_double": {toks: []Token{MathToken(Vector3{0.5, 1e10, -0.1}, Double)},
			again: []Token{MathToken(Vector3{0.5, 1e10, -0.1}, Single)}},
		"nodepath":       v(NodePathToken(NodePath{Names: []string{"root", "Main"}, SubNames: []string{"position", "x"}, Absolute: true})),
		"rid":            v(RIDToken(77)),
		"callable":       v(CallableToken),
		"object_id_null": {toks: []Token{ObjectIDToken(0)}, again: []Token{NilToken}},
		"object_full": {toks: []Token{ObjectStartToken("Object", 1), ObjectPropertyToken("script"), NilToken, ObjectEndToken},
			sizeOnly: true},
		"array_nested": v(ArrayStartToken(3, untyped), IntToken(1), ArrayStartToken(1, untyped), StringToken("x"), ArrayEndToken,
			DictStartToken(1, untyped, untyped), DictKeyToken, MathToken(Vector2{1, 2}, Single), NilToken, DictEndToken, ArrayEndToken),
		"array_typed": v(ArrayStartToken(2, ints), IntToken(1), IntToken(2), ArrayEndToken),
		"dict_typed": v(DictStartToken(2, ContainerType{Kind: TypedBuiltin, Builtin: TypeString}, ContainerType{Kind: TypedBuiltin, Builtin: TypeFloat}),
			DictKeyToken, StringToken("a"), FloatToken(0.5), DictKeyToken, StringToken("b"), FloatToken(0.1), DictEndToken),
		"dict_any_keys": v(DictStartToken(3, untyped, untyped), DictKeyToken, IntToken(1), StringToken("int"),
			DictKeyToken, ArrayStartToken(0, untyped), ArrayEndToken, NilToken, DictKeyToken, NilToken, BoolToken(false), DictEndToken),
		"packed_bytes":   v(PackedStartToken(TypePackedByteArray, 5, Single), PackedChunkToken([]byte{1, 2}), PackedChunkToken([]byte{3, 4, 5}), PackedEndToken),
		"packed_int64":   v(PackedStartToken(TypePackedInt64Array, 2, Single), ChunkToken([]int64{1 << 40, -1}), PackedEndToken),
		"packed_float64": v(PackedStartToken(TypePackedFloat64Array, 2, Single), ChunkToken([]float64{0.1, -2}), PackedEndToken),
		"packed_strings": v(PackedStartToken(TypePackedStringArray, 3, Single), StringToken("a"), StringToken(""), StringToken("héllo"), PackedEndToken),
		"packed_vector3_double": {toks: []Token{PackedStartToken(TypePackedVector3Array, 1, Double), ChunkToken([]float64{0.5, 1, 2}), PackedEndToken},
			again: []Token{PackedStartToken(TypePackedVector3Array, 1, Single), ChunkToken([]float32{0.5, 1, 2}), PackedEndToken}},
		"packed_color": v(PackedStartToken(TypePackedColorArray, 1, Single), ChunkToken([]float32{1, 0, 0, 1}), PackedEndToken),
		"packed_float32_large": v(PackedStartToken(TypePackedFloat32Array, len(floats), Single),
			ChunkToken(floats[:50000]), ChunkToken(floats[50000:]), PackedEndToken),
	}
}

// TestLiveEngineReadsOurEncoding has Godot 4.6 read what our Encoder wrote:
// it must use exactly our bytes, and writing the value back must give our
// bytes again.
func TestLiveEngineReadsOurEncoding(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := t.TempDir()
	values := liveValues()
	for name, v := range values {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".bin"), encode(t, v.toks...), 0o644))
	}
	out := godot.RunScript(t, engine, "scripts/golden/check4.gd", dir)
	seen := 0
	for _, line := range strings.Split(out, "\n") {
		fields := strings.Fields(line)
		v, ok := liveValues()[firstOr(fields)]
		if !ok || len(fields) < 2 {
			continue
		}
		seen++
		name := fields[0]
		ours := encode(t, v.toks...)
		size, err := strconv.Atoi(fields[1])
		require.NoError(t, err)
		assert.Equal(t, len(ours), size, "%s: the engine used %d of our %d bytes", name, size, len(ours))
		if v.sizeOnly || len(fields) < 3 {
			continue
		}
		again, err := hex.DecodeString(fields[2])
		require.NoError(t, err)
		want := ours
		if v.again != nil {
			want = encode(t, v.again...)
		}
		assert.Equal(t, want, again, "%s: the engine wrote the value back differently", name)
	}
	assert.Equal(t, len(values), seen, "the engine reported on every value")
}

func firstOr(fields []string) string {
	if len(fields) == 0 {
		return ""
	}
	return fields[0]
}

// TestLiveGodot3ReadsOurEncoding has Godot 3.6 and 3.2 read what our
// Encoder wrote with the Godot 3 table: every value of liveValues that Godot
// 3 has. Writing it back must give our bytes again, but for NodePaths, whose
// padding Godot 3 fills with whatever its memory held: those are compared
// token by token.
func TestLiveGodot3ReadsOurEncoding(t *testing.T) {
	for _, name := range []string{godot.Godot3_6, godot.Godot3_2} {
		t.Run(name, func(t *testing.T) {
			engine := godot.Require(t, name)
			dir := t.TempDir()
			ours := map[string][]byte{}
			for vname, v := range liveValues() {
				b, err := encodeWith(Godot3, v.toks)
				if err != nil {
					continue // a type or form Godot 3 does not have
				}
				ours[vname] = b
				require.NoError(t, os.WriteFile(filepath.Join(dir, vname+".bin"), b, 0o644))
			}
			require.Greater(t, len(ours), 30)
			out := godot.RunScript(t, engine, "scripts/golden/check3.gd", dir)
			seen := 0
			for _, line := range strings.Split(out, "\n") {
				fields := strings.Fields(line)
				if len(fields) != 2 || ours[fields[0]] == nil {
					continue
				}
				seen++
				again, err := hex.DecodeString(fields[1])
				require.NoError(t, err)
				v := liveValues()[fields[0]]
				want := ours[fields[0]]
				if v.again != nil {
					want, err = encodeWith(Godot3, v.again)
					require.NoError(t, err)
				}
				switch {
				case v.sizeOnly:
				case strings.HasPrefix(fields[0], "nodepath"):
					assert.Equal(t, tokenStrings(tokensOf(t, MustCodec(WithEngine(Godot3)).NewDecoderBytes(want))),
						tokenStrings(tokensOf(t, MustCodec(WithEngine(Godot3)).NewDecoderBytes(again))), fields[0])
				default:
					assert.Equal(t, want, again, "%s: the engine wrote the value back differently", fields[0])
				}
			}
			if !assert.Equal(t, len(ours), seen, "the engine read every value") {
				t.Log(out)
			}
		})
	}
}

// encodeWith writes tokens with an engine's table.
func encodeWith(e Engine, toks []Token) ([]byte, error) {
	var b bytes.Buffer
	enc := MustCodec(WithEngine(e)).NewEncoder(&b)
	for _, tok := range toks {
		if err := enc.WriteToken(tok); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), enc.Flush()
}
