package godot

import (
	"bytes"
	"encoding/binary"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A project naming cut assets gets a placeholder for each kind it has
// one for, as large as a tile atlas needs; what exists, or has no
// placeholder, is left alone.
func TestPlaceholders(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"main.tscn": `[gd_scene load_steps=4 format=3]

[ext_resource type="Texture2D" uid="uid://a" path="res://art/tiles.png" id="1_a"]
[ext_resource type="Texture2D" path="res://art/other.png" id="2_b"]
[ext_resource type="FontFile" path="res://font.ttf" id="3_c"]
[ext_resource type="Texture2D" path="res://kept.png" id="4_d"]

[sub_resource type="TileSetAtlasSource" id="TileSetAtlasSource_1"]
texture = ExtResource("1_a")
texture_region_size = Vector2i(8, 4)
0:0/0 = 0
9:2/0 = 0
3:5/size_in_atlas = Vector2i(2, 3)
3:5/0 = 0

[sub_resource type="TileSetAtlasSource" id="TileSetAtlasSource_2"]
texture = ExtResource("2_b")
1:1/0 = 0

[node name="Main" type="Node2D"]
`,
		"main.gd":  "extends Node\nvar s = preload(\"res://sfx/hit.wav\")\nvar i = load(\"res://icon.svg\")\nvar m = load(\"res://music.ogg\")\nvar b = load(\"res://bg.jpg\")\nvar c = load(\"res://red.material\")\n",
		"kept.png": "not replaced",
	}
	for name, text := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	made, missing, err := Placeholders(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{"art/other.png", "art/tiles.png", "bg.jpg", "font.ttf", "icon.svg", "red.material", "sfx/hit.wav"}, made)
	assert.Equal(t, []string{"music.ogg"}, missing)

	for _, tc := range []struct {
		path string
		w, h int
	}{
		{"art/tiles.png", 80, 32}, // 10 tiles of 8 wide; 3:5 spans 3 rows of 4 high
		{"art/other.png", 32, 32}, // the engine's default region, 16×16
	} {
		data, err := os.ReadFile(filepath.Join(dir, tc.path))
		require.NoError(t, err)
		img, err := png.Decode(bytes.NewReader(data))
		require.NoError(t, err, tc.path)
		assert.Equal(t, tc.w, img.Bounds().Dx(), tc.path)
		assert.Equal(t, tc.h, img.Bounds().Dy(), tc.path)
	}
	kept, err := os.ReadFile(filepath.Join(dir, "kept.png"))
	require.NoError(t, err)
	assert.Equal(t, "not replaced", string(kept))

	bg, err := os.ReadFile(filepath.Join(dir, "bg.jpg"))
	require.NoError(t, err)
	_, err = jpeg.Decode(bytes.NewReader(bg))
	assert.NoError(t, err, "bg.jpg")

	material, err := os.ReadFile(filepath.Join(dir, "red.material"))
	require.NoError(t, err)
	assert.Equal(t, "RSRC", string(material[:4]), "a binary resource")
	assert.Contains(t, string(material), "StandardMaterial3D")

	wav, err := os.ReadFile(filepath.Join(dir, "sfx/hit.wav"))
	require.NoError(t, err)
	require.Len(t, wav, 44+2205*2)
	assert.Equal(t, "RIFF", string(wav[:4]))
	assert.Equal(t, uint32(len(wav)-8), binary.LittleEndian.Uint32(wav[4:]), "the RIFF size")
	assert.Equal(t, "WAVEfmt ", string(wav[8:16]))
	assert.Equal(t, "data", string(wav[36:40]))
	assert.Equal(t, uint32(len(wav)-44), binary.LittleEndian.Uint32(wav[40:]), "the data size")
}

// A tile atlas naming tiles far out gets a texture no larger than maxSide.
func TestPlaceholdersBounded(t *testing.T) {
	dir := t.TempDir()
	scene := `[ext_resource type="Texture2D" path="res://far.png" id="1"]
[sub_resource type="TileSetAtlasSource" id="A"]
texture = ExtResource("1")
texture_region_size = Vector2i(64, 99999999999999999999)
100000:3/0 = 0
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "far.tscn"), []byte(scene), 0o644))
	_, _, err := Placeholders(dir)
	require.NoError(t, err)
	f, err := os.Open(filepath.Join(dir, "far.png"))
	require.NoError(t, err)
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	require.NoError(t, err)
	assert.Equal(t, [2]int{maxSide, maxSide}, [2]int{cfg.Width, cfg.Height})
}

// The font placeholder is a TrueType file whose directory lists its
// tables within it, a family name among them (that Godot 4.6 loads it is
// checked live by TestLiveCorpusRooms, in multiplayer/fromproject).
func TestBlankTTF(t *testing.T) {
	ttf := blankTTF()
	require.GreaterOrEqual(t, len(ttf), 12)
	assert.Equal(t, uint32(0x10000), binary.BigEndian.Uint32(ttf), "TrueType outlines")
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	require.GreaterOrEqual(t, len(ttf), 12+16*n)
	var tags []string
	for i := range n {
		rec := ttf[12+16*i:]
		tags = append(tags, string(rec[:4]))
		off, size := binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
		assert.LessOrEqual(t, int(off+size), len(ttf), string(rec[:4]))
		assert.Zero(t, off%4, "aligned")
	}
	assert.Equal(t, []string{"cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post"}, tags)
	assert.Contains(t, string(ttf), "\x00P\x00l\x00a\x00c\x00e\x00h\x00o\x00l\x00d\x00e\x00r", "the family name, UTF-16")
}
