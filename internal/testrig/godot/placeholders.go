package godot

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"image"
	"image/jpeg"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// maxSide bounds a placeholder texture's side: a tile atlas naming tiles
// further out gets a texture that far, no more.
const maxSide = 4096

var (
	// resPath is a res:// path a scene, resource or script names: an
	// ext_resource's path, or a load or preload argument.
	resPath = regexp.MustCompile(`(?:path="|load\(")res://([^"]+)"`)
	// extResource is an ext_resource line: its path, then its id.
	extResource = regexp.MustCompile(`^\[ext_resource [^\]]*path="res://([^"]+)"[^\]]* id="([^"]+)"`)
	// atlasTexture, regionSize and atlasTile are what a TileSetAtlasSource
	// says of its texture's size: its texture, its tiles' size, and each
	// tile's atlas coordinates (size_in_atlas for a tile of several).
	atlasTexture = regexp.MustCompile(`^texture = ExtResource\("([^"]+)"\)`)
	regionSize   = regexp.MustCompile(`^texture_region_size = Vector2i\((\d+), (\d+)\)`)
	atlasTile    = regexp.MustCompile(`^(\d+):(\d+)/(?:0 = |size_in_atlas = Vector2i\((\d+), (\d+)\))`)
)

// Placeholders writes into the Godot project in dir a placeholder for each
// asset its scenes, resources and scripts name (ext_resource paths, load
// and preload paths) that the project lacks, as a corpus project whose
// art was cut: a plain PNG for a .png (as large as a tile atlas using it
// needs, 1×1 otherwise), a 1×1 JPEG for a .jpg, a blank SVG for an .svg, a silent WAV for a
// .wav, a font of one blank glyph for a .ttf or .otf, a blank
// StandardMaterial3D for a .material. It returns the paths (relative to dir) it wrote, then those it
// has no placeholder for, both sorted.
func Placeholders(dir string) (made, missing []string, err error) {
	named, sizes, err := namedAssets(dir)
	if err != nil {
		return nil, nil, err
	}
	for _, rel := range named {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		if _, err := os.Stat(path); err == nil {
			continue
		}
		data := placeholder(rel, sizes[rel])
		if data == nil {
			missing = append(missing, rel)
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, nil, err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return nil, nil, err
		}
		made = append(made, rel)
	}
	return made, missing, nil
}

// namedAssets returns the res:// paths (without res://) the project's
// .tscn, .tres and .gd files name, sorted, and the size each tile atlas
// needs of its texture.
func namedAssets(dir string) ([]string, map[string]image.Point, error) {
	named := map[string]bool{}
	sizes := map[string]image.Point{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch filepath.Ext(path) {
		case ".tscn", ".tres", ".gd":
		default:
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range resPath.FindAllSubmatch(text, -1) {
			named[string(m[1])] = true
		}
		atlasSizes(string(text), sizes)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	paths := make([]string, 0, len(named))
	for p := range named {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths, sizes, nil
}

// atlasSizes grows sizes (by res:// path, without res://) to what each
// TileSetAtlasSource of a text scene or resource needs of its texture:
// without it, the engine prints "Cannot create tile" for each tile
// outside.
func atlasSizes(text string, sizes map[string]image.Point) {
	ids := map[string]string{} // ext_resource id → path
	var texture string
	tile := image.Pt(16, 16) // the engine's default region size
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			texture, tile = "", image.Pt(16, 16)
		}
		if m := extResource.FindStringSubmatch(line); m != nil {
			ids[m[2]] = m[1]
		} else if m := atlasTexture.FindStringSubmatch(line); m != nil {
			texture = ids[m[1]]
		} else if m := regionSize.FindStringSubmatch(line); m != nil {
			tile = image.Pt(atoi(m[1]), atoi(m[2]))
		} else if m := atlasTile.FindStringSubmatch(line); m != nil && texture != "" {
			span := image.Pt(1, 1)
			if m[3] != "" {
				span = image.Pt(atoi(m[3]), atoi(m[4]))
			}
			end := image.Pt(min((atoi(m[1])+span.X)*tile.X, maxSide), min((atoi(m[2])+span.Y)*tile.Y, maxSide))
			sizes[texture] = image.Pt(max(sizes[texture].X, end.X), max(sizes[texture].Y, end.Y))
		}
	}
}

// atoi is strconv.Atoi of digits the patterns matched, bounded by maxSide.
func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n > maxSide {
		return maxSide
	}
	return n
}

// placeholder returns the placeholder of the asset at rel, or nil if
// there is none for its kind.
func placeholder(rel string, size image.Point) []byte {
	switch strings.ToLower(filepath.Ext(rel)) {
	case ".png":
		return plainPNG(max(size.X, 1), max(size.Y, 1))
	case ".jpg", ".jpeg":
		return plainJPEG()
	case ".svg":
		return []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>` + "\n")
	case ".wav":
		return silentWAV()
	case ".ttf", ".otf":
		return blankTTF()
	case ".material":
		return blankMaterial
	}
	return nil
}

// blankMaterial is a StandardMaterial3D of the engine's defaults in its
// binary form, as Godot 4.6.3 saved it (scripts/godot/blank_material.gd):
// a .material is a binary resource, which the corpus does not keep, and
// a script that loads one for a player's colour fails without it.
//
//go:embed testdata/blank.material
var blankMaterial []byte

// plainPNG returns a w×h PNG of one opaque grey.
func plainPNG(w, h int) []byte {
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0x80
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img) // writing to memory does not fail
	return buf.Bytes()
}

// plainJPEG returns a 1×1 JPEG of one grey.
func plainJPEG() []byte {
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1)), nil) // writing to memory does not fail
	return buf.Bytes()
}

// silentWAV returns a tenth of a second of silence: a RIFF WAVE file of
// 16-bit mono PCM at 22,050 Hz.
func silentWAV() []byte {
	const rate, samples = 22050, 2205
	var b bytes.Buffer
	le := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) } // to memory
	b.WriteString("RIFF")
	le(uint32(36 + samples*2))
	b.WriteString("WAVEfmt ")
	le(uint32(16))
	le(uint16(1)) // PCM
	le(uint16(1)) // mono
	le(uint32(rate))
	le(uint32(rate * 2)) // bytes a second
	le(uint16(2))        // bytes a frame
	le(uint16(16))       // bits a sample
	b.WriteString("data")
	le(uint32(samples * 2))
	b.Write(make([]byte, samples*2))
	return b.Bytes()
}

// blankTTF returns a TrueType font of one empty glyph, which every
// character is: the tables FreeType needs to open a face, and a name.
func blankTTF() []byte {
	be := func(vs ...any) []byte {
		var b bytes.Buffer
		for _, v := range vs {
			_ = binary.Write(&b, binary.BigEndian, v) // to memory
		}
		return b.Bytes()
	}
	name := func(id uint16, s string) (record, text []byte) {
		for _, r := range s {
			text = append(text, 0, byte(r)) // UTF-16BE of ASCII
		}
		return be(uint16(3), uint16(1), uint16(0x409), id, uint16(len(text))), text
	}
	family, familyText := name(1, "Placeholder")
	style, styleText := name(2, "Regular")
	tables := []struct {
		tag  string
		data []byte
	}{ // sorted by tag, as the directory must be
		{"cmap", be(uint16(0), uint16(1), uint16(3), uint16(1), uint32(12), // Windows Unicode BMP, at 12
			uint16(4), uint16(24), uint16(0), uint16(2), uint16(2), uint16(0), uint16(0), // format 4, one segment
			uint16(0xFFFF), uint16(0), uint16(0xFFFF), uint16(1), uint16(0))}, // the closing segment alone: every character is glyph 0
		{"glyf", make([]byte, 4)}, // glyph 0 is empty (loca: 0, 0)
		{"head", be(uint32(0x10000), uint32(0x10000), uint32(0), uint32(0x5F0F3CF5), uint16(0x000B), uint16(1000),
			int64(0), int64(0), int16(0), int16(0), int16(0), int16(0), uint16(0), uint16(8), int16(2), int16(0), int16(0))},
		{"hhea", be(uint32(0x10000), int16(800), int16(-200), int16(0), uint16(500), int16(0), int16(0), int16(0),
			int16(1), int16(0), int16(0), [4]int16{}, int16(0), uint16(1))},
		{"hmtx", be(uint16(500), int16(0))},
		{"loca", be(uint16(0), uint16(0))},
		{"maxp", be(uint32(0x10000), uint16(1), [13]uint16{4: 2})},
		{"name", append(append(be(uint16(0), uint16(2), uint16(6+2*12)), append(family, be(uint16(0))...)...),
			append(append(style, be(uint16(len(familyText)))...), append(familyText, styleText...)...)...)},
		{"post", be(uint32(0x30000), uint32(0), int16(-100), int16(50), [5]uint32{})},
	}
	const head = 12 + 9*16 // the offset table and the directory
	var dir, data bytes.Buffer
	dir.Write(be(uint32(0x10000), uint16(len(tables)), uint16(128), uint16(3), uint16(len(tables)*16-128)))
	for _, t := range tables {
		for len(t.data)%4 != 0 {
			t.data = append(t.data, 0)
		}
		var sum uint32
		for i := 0; i < len(t.data); i += 4 {
			sum += binary.BigEndian.Uint32(t.data[i:])
		}
		dir.Write(be([4]byte([]byte(t.tag)), sum, uint32(head+data.Len()), uint32(len(t.data))))
		data.Write(t.data)
	}
	return append(dir.Bytes(), data.Bytes()...)
}
