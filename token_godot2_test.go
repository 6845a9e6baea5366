package gdvar

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// No Godot 2 engine runs here, so these vectors are built by hand, one per
// type, from the "Godot 2 and 1" section of the wire-format spec
// (docs/wire-format.md): its type table (Nil 0 … ColorArray 28), "the
// header is the whole u32 type; no flags. int is always i32, real always
// f32", and the Image, RID/Object, InputEvent, NodePath and Array/Dictionary
// rows. Payloads of the types Godot 2 shares with Godot 3 follow the common
// rules (strings: length, UTF-8, padding; math types: f32 components).
var godot2Vectors = []struct {
	name, hex string
	want      string // the first token
}{
	{"nil (type 0)", "00000000", "Nil"},
	{"bool (type 1)", "01000000 01000000", "Bool(true)"},
	{"int (type 2, always i32)", "02000000 fbffffff", "Int32(-5)"},
	{"real (type 3, always f32)", "03000000 00002040", "Float32(2.5)"},
	{"string (type 4)", "04000000 06000000 68c3a96c 6c6f0000", `String("héllo")`},
	{"Vector2 (type 5)", "05000000 0000803f 00000040", "Vector2(1, 2)"},
	{"Rect2 (type 6)", "06000000 0000803f 00000040 00004040 00008040", "Rect2(1, 2, 3, 4)"},
	{"Vector3 (type 7)", "07000000 0000803f 00000040 00004040", "Vector3(1, 2, 3)"},
	{"Matrix32 (type 8) = Transform2D", "08000000 0000803f 00000000 00000000 0000803f 0000a040 0000c040", "Transform2D(1, 0, 0, 1, 5, 6)"},
	{"Plane (type 9)", "09000000 00000000 0000803f 00000000 0000a040", "Plane(0, 1, 0, 5)"},
	{"Quat (type 10)", "0a000000 00000000 00000000 00000000 0000803f", "Quaternion(0, 0, 0, 1)"},
	{"AABB (type 11)", "0b000000 0000803f 00000040 00004040 00008040 0000a040 0000c040", "AABB(1, 2, 3, 4, 5, 6)"},
	{"Matrix3 (type 12) = Basis", "0c000000 0000803f 00000000 00000000 00000000 0000803f 00000000 00000000 00000000 0000803f",
		"Basis(1, 0, 0, 0, 1, 0, 0, 0, 1)"},
	{"Transform (type 13)", "0d000000 0000803f 00000000 00000000 00000000 0000803f 00000000 00000000 00000000 0000803f 0000e040 00000041 00001041",
		"Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 7, 8, 9)"},
	{"Color (type 14)", "0e000000 0000803f 0000003f 0000803e 0000403f", "Color(1, 0.5, 0.25, 0.75)"},
	// Image row: u32 format, mipmaps, width, height, data length, data, padding.
	{"Image (type 15), RGBA 2×1", "0f000000 04000000 00000000 02000000 01000000 08000000 ff000080 00ff00ff",
		"ImageStart(format 4, 0 mipmaps, 2x1, 8 bytes)"},
	{"Image (type 15), 3 bytes padded", "0f000000 00000000 01000000 03000000 01000000 03000000 10203000",
		"ImageStart(format 0, 1 mipmaps, 3x1, 3 bytes)"},
	// NodePath row: new form as in Godot 3; flag bit 1 adds the property.
	{"NodePath (type 16), new form", "10000000 02000080 01000000 01000000 04000000 726f6f74 01000000 61000000 01000000 62000000",
		`NodePath("/root/a:b")`},
	{"NodePath (type 16), with property", "10000000 01000080 00000000 02000000 01000000 61000000 04000000 70726f70",
		`NodePath("a:prop")`},
	{"NodePath (type 16), old plain-string form", "10000000 09000000 2f726f6f 742f613a 62000000", `NodePath("/root/a:b")`},
	// RID and Object rows: no payload.
	{"RID (type 17), no payload", "11000000", "RID(0)"},
	{"Object (type 18), no payload", "12000000", "ObjectID(0)"},
	// InputEvent row: type, device, length (including these 12), fields.
	{"InputEvent (type 19): none", "13000000 00000000 00000000 0c000000", "InputEvent(type 0, device 0, [])"},
	{"InputEvent: key", "13000000 01000000 02000000 14000000 01000000 41000000", "InputEvent(type 1, device 2, [1 65])"},
	{"InputEvent: mouse motion", "13000000 02000000 00000000 0c000000", "InputEvent(type 2, device 0, [])"},
	{"InputEvent: mouse button", "13000000 03000000 00000000 10000000 01000000", "InputEvent(type 3, device 0, [1])"},
	{"InputEvent: joystick motion", "13000000 04000000 01000000 10000000 03000000", "InputEvent(type 4, device 1, [3])"},
	{"InputEvent: joystick button", "13000000 05000000 01000000 10000000 07000000", "InputEvent(type 5, device 1, [7])"},
	{"InputEvent: screen touch", "13000000 06000000 00000000 10000000 02000000", "InputEvent(type 6, device 0, [2])"},
	{"InputEvent: screen drag", "13000000 07000000 00000000 0c000000", "InputEvent(type 7, device 0, [])"},
	{"InputEvent: action", "13000000 08000000 00000000 0c000000", "InputEvent(type 8, device 0, [])"},
	{"InputEvent: unknown type, by its length word", "13000000 2a000000 00000000 14000000 05000000 06000000", "InputEvent(type 42, device 0, [5 6])"},
	// Dictionary and Array rows: the shared bit is kept.
	{"Dictionary (type 20), shared", "14000000 01000080 04000000 01000000 61000000 02000000 01000000", "DictStart(1)"},
	{"Array (type 21)", "15000000 02000000 02000000 01000000 04000000 01000000 78000000", "ArrayStart(2)"},
	{"RawArray (type 22)", "16000000 03000000 01020300", "PackedStart(PackedByteArray, 3)"},
	{"IntArray (type 23)", "17000000 02000000 01000000 ffffffff", "PackedStart(PackedInt32Array, 2)"},
	{"RealArray (type 24)", "18000000 01000000 0000003f", "PackedStart(PackedFloat32Array, 1)"},
	{"StringArray (type 25), NUL terminators", "19000000 02000000 02000000 61000000 03000000 62630000", "PackedStart(PackedStringArray, 2)"},
	{"Vector2Array (type 26)", "1a000000 01000000 0000803f 00000040", "PackedStart(PackedVector2Array, 1)"},
	{"Vector3Array (type 27)", "1b000000 01000000 0000803f 00000040 00004040", "PackedStart(PackedVector3Array, 1)"},
	{"ColorArray (type 28)", "1c000000 01000000 0000803f 00000000 00000000 0000803f", "PackedStart(PackedColorArray, 1)"},
}

func TestGodot2Vectors(t *testing.T) {
	for _, v := range godot2Vectors {
		t.Run(v.name, func(t *testing.T) {
			data := unhex(v.hex)
			got, toks := roundTrip(t, data, WithEngine(Godot2))
			assert.Equal(t, data, got, "decode then encode is byte-exact")
			require.NotEmpty(t, toks)
			assert.Equal(t, v.want, toks[0].String())
			// In place with the smallest chunks, too.
			dec := MustCodec(WithEngine(Godot2), WithLimits(Limits{ChunkSize: MinChunkSize})).NewDecoderBytes(data)
			require.NoError(t, dec.SkipValue())
			assert.Equal(t, int64(len(data)), dec.InputOffset())
		})
	}
}

// Values built from tokens for Godot 2 give the same bytes as the hand-made
// vectors.
func TestGodot2Encode(t *testing.T) {
	enc := func(toks ...Token) []byte {
		var b bytes.Buffer
		e := MustCodec(WithEngine(Godot2)).NewEncoder(&b)
		for _, tok := range toks {
			require.NoError(t, e.WriteToken(tok))
		}
		return b.Bytes()
	}
	assert.Equal(t, unhex("0f000000 00000000 01000000 03000000 01000000 03000000 10203000"),
		enc(ImageStartToken(ImageHeader{Format: 0, Mipmaps: 1, Width: 3, Height: 1}, 3), PackedChunkToken([]byte{0x10, 0x20, 0x30}), PackedEndToken))
	assert.Equal(t, unhex("13000000 01000000 02000000 14000000 01000000 41000000"),
		enc(InputEventToken(InputEvent{Type: InputEventKey, Device: 2, Fields: []uint32{1, 65}})))
	assert.Equal(t, unhex("19000000 02000000 02000000 61000000 03000000 62630000"),
		enc(PackedStartToken(TypePackedStringArray, 2, Single), StringToken("a"), StringToken("bc"), PackedEndToken))
	assert.Equal(t, unhex("11000000 12000000"), enc(RIDToken(0), ObjectIDToken(0)))
	assert.Equal(t, unhex("02000000 fbffffff"), enc(IntToken(-5)))
}

func TestGodot2DecodeDetails(t *testing.T) {
	dec := MustCodec(WithEngine(Godot2)).NewDecoderBytes(unhex("0f000000 04000000 00000000 02000000 01000000 08000000 ff000080 00ff00ff"))
	tok, err := dec.ReadToken()
	require.NoError(t, err)
	assert.Equal(t, ImageHeader{Format: 4, Width: 2, Height: 1}, tok.Image())
	assert.Equal(t, 8, tok.Len())
	tok, err = dec.ReadToken()
	require.NoError(t, err)
	assert.Equal(t, []byte{0xff, 0, 0, 0x80, 0, 0xff, 0, 0xff}, tok.Bytes())

	dec = MustCodec(WithEngine(Godot2)).NewDecoderBytes(unhex("14000000 00000080"))
	tok, err = dec.ReadToken()
	require.NoError(t, err)
	assert.True(t, tok.Shared())

	dec = MustCodec(WithEngine(Godot2)).NewDecoderBytes(unhex("13000000 01000000 02000000 14000000 01000000 41000000"))
	tok, err = dec.ReadToken()
	require.NoError(t, err)
	assert.Equal(t, InputEvent{Type: InputEventKey, Device: 2, Fields: []uint32{1, 65}}, tok.InputEvent())
}

func TestGodot2Malformed(t *testing.T) {
	tests := []struct {
		name, hex string
		kind      error
	}{
		{"type 29", "1d000000", ErrInvalidType},
		{"flags are not flags: int with bit 16", "02000100 05000000 00000000", ErrInvalidType},
		{"InputEvent length below 12", "13000000 2a000000 00000000 08000000", ErrInvalidLength},
		{"InputEvent length not whole words", "13000000 2a000000 00000000 0d000000", ErrInvalidLength},
		{"InputEvent truncated", "13000000 01000000 00000000 14000000 01000000", ErrTruncated},
		{"Image data length negative", "0f000000 00000000 00000000 00000000 00000000 ffffffff", ErrInvalidLength},
		{"Image data truncated", "0f000000 00000000 00000000 01000000 01000000 04000000 0102", ErrTruncated},
		{"Image padding missing", "0f000000 00000000 00000000 01000000 01000000 01000000 01", ErrTruncated},
		{"old NodePath truncated", "10000000 09000000 2f726f6f", ErrTruncated},
		{"string invalid UTF-8", "04000000 01000000 ff000000", ErrInvalidUTF8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ourVerdict(unhex(tt.hex), WithEngine(Godot2))
			assert.ErrorIs(t, err, tt.kind)
		})
	}
}
