package resource

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/vartext"
	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/require"
)

// FuzzRead reads any input as a resource file: never a panic, and what
// reads is written in both forms; the binary form written reads back and
// writes the same bytes again.
func FuzzRead(f *testing.F) {
	for _, name := range []string{"ext_0.tres", "ext_1.res", "sub_0.tscn", "sub_1.scn", "res_0001.tres", "scene_0000.scn"} {
		for _, dir := range []string{"godot4", "godot3.6"} {
			if b, err := os.ReadFile(filepath.Join("testdata", dir, name)); err == nil {
				f.Add(b, false)
			}
		}
	}
	f.Add(binWithValue(words(vArray, 2, vInt, 1, vNodePath, 1, 0)), true)
	// What a save through the engine makes of older editors' files.
	for _, text := range []string{
		"[gd_resource type=\"StandardMaterial3D\" format=3]\n\n[resource]\nflags_unshaded = true\nemission_energy = 2.0\nno_such = 1\n",
		"[gd_resource type=\"Curve\" format=3]\n\n[resource]\nmax_value = 3.0\nmin_value = 5\n_data = [Vector2(0, 0.5), 0.0, 0.0, 0, 0]\n",
		"[gd_resource type=\"ShaderMaterial\" format=3]\n\n[sub_resource type=\"Shader\" id=\"1\"]\ncode = \"uniform sampler2D t; uniform float a;\"\n\n[resource]\nshader_parameter/a = 1.0\nshader = SubResource(\"1\")\nrender_priority = 0\n",
		"[gd_resource type=\"AnimationNodeStateMachine\" format=3]\n\n[resource]\nstates/b/position = Vector2(1, 1)\nstates/a/position = Vector2(0, 0)\n",
		"[gd_resource type=\"Environment\" format=3]\n\n[resource]\nglow_levels/5 = 0.0\nsdfgi_max_distance = 3.0\nbackground_mode = 2\n",
	} {
		f.Add([]byte(text), false)
	}
	f.Fuzz(readsBack)
}

// FuzzBinaryValue reads any bytes as the value of a property of a binary
// file of Godot 4.6 or 3.6, which has an external and an internal resource
// besides for references: what FuzzRead reaches only through valid tables.
// The file reads as it does in the compressed form, and what reads is
// written back as FuzzRead checks.
func FuzzBinaryValue(f *testing.F) {
	for _, v := range [][]byte{
		words(vArray, 2, vInt, 1, vNodePath, 1, 0),
		append(append(words(vDictionary, 1, vString), "\x02\x00\x00\x00a\x00"...), words(vObject, objectSub, 0)...),
		words(vObject, objectExt, 0),
		words(vObject, objectSub, 1),
		append(words(vStrings, 2), "\x02\x00\x00\x00a\x00\x01\x00\x00\x00\x00"...),
		words(vVector3s, 1, 0, 0, 0),
		words(vBytes, 5, 1, 2),
		words(vNodePath, 2|1<<16|absolutePath<<16, 0, inlineName|2, 'b', 0),
	} {
		f.Add(v, false)
		f.Add(v, true)
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, value []byte, godot3 bool) {
		file := binaryFile(godot3, value, 0)
		plain, err := Read(bytes.NewReader(file))
		compressed, cerr := Read(bytes.NewReader(compress(enc, binaryFile(godot3, value, len(magicPlain)))))
		require.Equal(t, err == nil, cerr == nil, "plain: %v; compressed: %v", err, cerr)
		if err != nil {
			return
		}
		want, err := plain.AppendBinary(nil)
		got, cerr := compressed.AppendBinary(nil)
		require.Equal(t, err, cerr)
		require.Equal(t, want, got, "the compressed form reads as the plain one") // NaNs alike too
		readsBack(t, file, false)
	})
}

// binaryFile is a binary file of Godot 4.6 or 3.6 whose main resource has
// one property, v, whose value is the bytes given; it has an external
// resource, and an internal one before the main one. Offsets count from
// shift: 4 for the compressed container's content.
func binaryFile(godot3 bool, value []byte, shift int) []byte {
	le := binary.LittleEndian
	b := []byte(magicPlain)
	header, reserved, sub, main := []uint32{0, 0, 4, 6, binaryFormat4}, reserved4, "local://Resource_a", "local://Resource_b"
	if godot3 {
		header, reserved, sub, main = []uint32{0, 0, 3, 6, binaryFormat3}, reserved3, "local://1", "local://2"
	}
	for _, v := range header {
		b = le.AppendUint32(b, v)
	}
	str := func(s string) {
		b = le.AppendUint32(b, uint32(len(s)+1))
		b = append(append(b, s...), 0)
	}
	str("Resource")
	b = le.AppendUint64(b, 0)
	if !godot3 {
		b = le.AppendUint32(b, flagNamedSceneIDs|flagUIDs)
		b = le.AppendUint64(b, ^uint64(0)) // no UID
	}
	b = append(b, make([]byte, reserved*4)...)
	b = le.AppendUint32(b, 1) // names
	str("v")
	b = le.AppendUint32(b, 1) // externals
	str("Resource")
	str("res://a.tres")
	if !godot3 {
		b = le.AppendUint64(b, ^uint64(0))
	}
	b = le.AppendUint32(b, 2) // internals
	str(sub)
	subAt := len(b)
	b = le.AppendUint64(b, 0)
	str(main)
	mainAt := len(b)
	b = le.AppendUint64(b, 0)
	le.PutUint64(b[subAt:], uint64(len(b)-shift))
	str("Resource")
	b = le.AppendUint32(b, 0)
	le.PutUint64(b[mainAt:], uint64(len(b)-shift))
	str("Resource")
	b = le.AppendUint32(b, 1)
	b = le.AppendUint32(b, 0)
	b = append(b, value...)
	return append(b, magicPlain...)
}

// compress puts a binary file in the compressed container, in blocks of
// 64 bytes: the content is read across many.
func compress(enc *zstd.Encoder, file []byte) []byte {
	le := binary.LittleEndian
	const block = 64
	content := file[len(magicPlain):]
	b := le.AppendUint32([]byte(magicCompressed), uint32(fileaccess.Zstd))
	b = le.AppendUint32(le.AppendUint32(b, block), uint32(len(content)))
	var blocks []byte
	for at := 0; at <= len(content); at += block {
		c := enc.EncodeAll(content[at:min(at+block, len(content))], nil)
		b = le.AppendUint32(b, uint32(len(c)))
		blocks = append(blocks, c...)
	}
	return append(append(b, blocks...), magicCompressed...)
}

// FuzzTextProperties reads any text as the properties and sections of a
// text resource or scene that has an external and a sub-resource to refer
// to: what FuzzRead reaches only past a valid header. What reads is
// written back as FuzzRead checks.
func FuzzTextProperties(f *testing.F) {
	for _, name := range []string{"ext_0.tres", "res_0001.tres", "res_0006.tres", "sub_0.tscn", "scene_0000.tscn"} {
		b, err := os.ReadFile(filepath.Join("testdata", "godot4", name))
		require.NoError(f, err)
		_, body, _ := bytes.Cut(b, []byte("]\n")) // the header
		f.Add(body, bytes.HasSuffix([]byte(name), []byte(".tscn")))
	}
	f.Add([]byte("a = 1\nb = SubResource(\"s\")\na = ExtResource(\"e\")\n"), false)
	f.Add([]byte("[node name=\"b\" parent=\".\" node_paths=PackedStringArray(\"p\")]\np = NodePath(\"..\")\n"), true)
	f.Fuzz(func(t *testing.T, text []byte, scene bool) {
		head := "[gd_resource type=\"Resource\" format=3]\n\n[ext_resource type=\"Resource\" path=\"res://a.tres\" id=\"e\"]\n\n" +
			"[sub_resource type=\"Resource\" id=\"s\"]\n\n[resource]\n"
		if scene {
			head = "[gd_scene format=3]\n\n[ext_resource type=\"PackedScene\" path=\"res://a.tscn\" id=\"e\"]\n\n" +
				"[sub_resource type=\"Resource\" id=\"s\"]\n\n[node name=\"a\" type=\"Node\"]\n"
		}
		readsBack(t, append([]byte(head), text...), false)
	})
}

// readsBack is the check of one input of the fuzzers: what reads is
// written in both forms, and the binary form written reads back and writes
// the same bytes again; its JSON form reads back to a File that writes the
// same text.
func readsBack(t *testing.T, data []byte, godot3 bool) {
	opts := []Option{WithMaxContentSize(1 << 20)}
	if godot3 {
		opts = append(opts, WithText(vartext.WithDialect(vartext.Godot3)))
	}
	file, err := Read(bytes.NewReader(data), opts...)
	if err != nil {
		return
	}
	text, terr := file.AppendText(nil)
	if terr != nil {
		t.Logf("no text form: %v", terr)
	}
	// A UID below -1, which no engine makes, prints as uid://<invalid> in
	// JSON as in text, which does not read back.
	if js, err := file.MarshalJSON(); err == nil && terr == nil && file.UID >= NoUID {
		g := mustNewFile(t, "", WithText(vartext.WithDialect(file.Dialect())))
		if err := g.UnmarshalJSON(js); err != nil {
			t.Fatalf("the JSON form does not read back: %v", err)
		}
		g.binaryRead = file.binaryRead
		again, err := g.AppendText(nil)
		if err != nil || !bytes.Equal(text, again) {
			t.Fatalf("the JSON form read back writes other text (%v)", err)
		}
	}
	g, err := file.SavedAs("res://fuzz.res", Binary)
	if err != nil {
		return
	}
	b, err := g.AppendBinary(nil)
	if err != nil {
		return
	}
	h, err := Read(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the binary form written does not read back: %v", err)
	}
	again, err := h.AppendBinary(nil)
	if err != nil {
		t.Fatalf("the binary form read back does not write: %v", err)
	}
	if !bytes.Equal(b, again) {
		t.Fatalf("the binary form written, read back and written again differs")
	}
}
