package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/fileaccess"
)

// resourceCases are the engine-made cases of package resource's tests
// (scripts/gen-resource.sh) of a folder: each NAME and its two forms'
// extensions, text first.
func resourceCases(t *testing.T, dir string) (names []string, exts [][2]string) {
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	sc := bufio.NewScanner(bytes.NewReader(index))
	for sc.Scan() {
		name, kind, _ := strings.Cut(sc.Text(), " ")
		names = append(names, name)
		if kind == "scene" {
			exts = append(exts, [2]string{".tscn", ".scn"})
		} else {
			exts = append(exts, [2]string{".tres", ".res"})
		}
	}
	require.NotEmpty(t, names)
	return names, exts
}

// gdvar text, json, encode and convert give the engine's files: a text
// file as it is, and with -as-saved as the engine re-saves it, the JSON
// back to the same text, and each form converted as the engine converts
// it when told where the file is and goes (the engine saved these to
// res://data/).
func TestResourceCommands(t *testing.T) {
	dir := filepath.Join("..", "..", "resource", "testdata", "godot4")
	names, exts := resourceCases(t, dir)
	file := func(name string) string { return filepath.Join(dir, name) }
	read := func(name string) string {
		b, err := os.ReadFile(file(name))
		require.NoError(t, err)
		return string(b)
	}
	for i, name := range names {
		text, bin := exts[i][0], exts[i][1]
		first := name + text
		if _, err := os.Stat(file(name + ".orig" + text)); err == nil {
			first = name + ".orig" + text
		}
		code, out, errOut := runGdvar(nil, "text", "-as-saved", file(first))
		require.Equal(t, 0, code, "%s: %s", first, errOut)
		assert.Equal(t, read(name+text), out, "text -as-saved %s", first)

		code, js, errOut := runGdvar(nil, "json", "-as-saved", file(first))
		require.Equal(t, 0, code, "%s: %s", name, errOut)
		code, out, errOut = runGdvar([]byte(js), "encode", "-to", text[1:])
		require.Equal(t, 0, code, "%s: %s", name, errOut)
		assert.Equal(t, read(name+text), out, "json -as-saved | encode -to %s, %s", text[1:], name)

		code, js, errOut = runGdvar(nil, "json", file(first))
		require.Equal(t, 0, code, "%s: %s", name, errOut)
		code, out, errOut = runGdvar([]byte(js), "encode", "-to", text[1:], "-as-saved")
		require.Equal(t, 0, code, "%s: %s", name, errOut)
		assert.Equal(t, read(name+text), out, "json | encode -as-saved -to %s, %s", text[1:], name)

		if first == name+text { // the engine's re-save is its save: it comes back as it is
			code, out, errOut = runGdvar(nil, "text", file(first))
			require.Equal(t, 0, code, "%s: %s", first, errOut)
			assert.Equal(t, read(first), out, "text %s", first)
			code, js, errOut = runGdvar(nil, "json", file(first))
			require.Equal(t, 0, code, "%s: %s", name, errOut)
			code, out, errOut = runGdvar([]byte(js), "encode", "-to", text[1:])
			require.Equal(t, 0, code, "%s: %s", name, errOut)
			assert.Equal(t, read(first), out, "json | encode -to %s, %s", text[1:], name)
		}

		res := "res://data/" + name
		code, out, errOut = runGdvar(nil, "convert", "-path", res+".conv"+bin, "-loaded-from", res+text, file(name+text))
		require.Equal(t, 0, code, "%s: %s", name, errOut)
		assert.True(t, read(name+".conv"+bin) == out, "convert %s%s: not the engine's conversion", name, text)
		code, out, errOut = runGdvar(nil, "convert", "-path", res+".conv"+text, file(name+bin))
		require.Equal(t, 0, code, "%s: %s", name, errOut)
		assert.Equal(t, read(name+".conv"+text), out, "convert %s%s", name, bin)
	}
}

// convert -compress zstd writes the compressed form, which reads as the
// plain one; text reads it.
func TestConvertCompressed(t *testing.T) {
	src := filepath.Join("..", "..", "resource", "testdata", "godot4", "ext_0.tres")
	code, plain, errOut := runGdvar(nil, "convert", src)
	require.Equal(t, 0, code, errOut)
	code, packed, errOut := runGdvar(nil, "convert", "-compress", "zstd", src)
	require.Equal(t, 0, code, errOut)
	require.Equal(t, fileaccess.MagicResource, packed[:4])
	r, err := fileaccess.NewReader(strings.NewReader(packed))
	require.NoError(t, err)
	content, err := io.ReadAll(r)
	require.NoError(t, err)
	assert.Len(t, content, len(plain)-4, "the compressed form holds the plain one without its magic")
	code, fromPacked, errOut := runGdvar([]byte(packed), "text")
	require.Equal(t, 0, code, errOut)
	code, fromPlain, errOut := runGdvar([]byte(plain), "text")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, fromPlain, fromPacked)
}

// A compressed file stays compressed through convert -to res and json |
// encode, as the engine saves a compressed file it loaded, with the
// content the engine wrote; -compress none writes it plain. A file of
// Godot 4.5 (minor version 5) and a Godot 3.6 one keep their version.
func TestResourceKeepsContainerAndVersion(t *testing.T) {
	engine := filepath.Join("..", "..", "resource", "testdata")
	compressed := filepath.Join(engine, "godot4", "res_0001.c.res")
	godot45 := filepath.Join("..", "..", "testdata", "projects", "KenneyNL__Starter-Kit-3D-Platformer", "meshes", "brick.res")
	godot36 := filepath.Join(engine, "godot3.6", "res_0002.res")
	content := func(t *testing.T, b string) string {
		require.Equal(t, fileaccess.MagicResource, b[:4])
		r, err := fileaccess.NewReader(strings.NewReader(b))
		require.NoError(t, err)
		c, err := io.ReadAll(r)
		require.NoError(t, err)
		return string(c)
	}
	read := func(t *testing.T, p string) string {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		return string(b)
	}
	viaJSON := func(t *testing.T, file string, args ...string) string {
		code, js, errOut := runGdvar(nil, "json", file)
		require.Equal(t, 0, code, errOut)
		code, out, errOut := runGdvar([]byte(js), append([]string{"encode", "-to", "res"}, args...)...)
		require.Equal(t, 0, code, errOut)
		return out
	}
	t.Run("compressed", func(t *testing.T) {
		want := content(t, read(t, compressed))
		code, out, errOut := runGdvar(nil, "convert", "-to", "res", compressed)
		require.Equal(t, 0, code, errOut)
		assert.Equal(t, want, content(t, out), "convert -to res")
		assert.Equal(t, want, content(t, viaJSON(t, compressed)), "json | encode -to res")
		plain := viaJSON(t, compressed, "-compress", "none")
		assert.Equal(t, "RSRC", plain[:4], "json | encode -to res -compress none")
	})
	for _, p := range []string{godot45, godot36} {
		t.Run(filepath.Base(filepath.Dir(p)), func(t *testing.T) {
			assert.True(t, read(t, p) == viaJSON(t, p, "-path", "res://meshes/brick.res"), "json | encode -to res: not the file")
		})
	}
}

// convert -uids none writes what Godot 4.6's ResourceSaver.save in a game
// writes of an editor's file (package resource's testdata/corpus-resave):
// no UID, as text and as binary; -uids keep (the default) keeps them, as
// the editor does.
func TestConvertUIDs(t *testing.T) {
	const proj, name = "AthertonRoamer__Godot-Multiplayer-Game-Template", "multiplayer_template/menu/debug_menu/debug_menu"
	src := filepath.Join("..", "..", "testdata", "projects", proj, name+".tscn")
	for _, ext := range []string{".tscn", ".scn"} {
		want, err := os.ReadFile(filepath.Join("..", "..", "resource", "testdata", "corpus-resave", proj, name+ext))
		require.NoError(t, err)
		args := []string{"convert", "-to", ext[1:], "-path", "res://" + name + ext, "-loaded-from", "res://" + name + ".tscn"}
		code, out, errOut := runGdvar(nil, append(args, "-uids", "none", src)...)
		require.Equal(t, 0, code, errOut)
		assert.True(t, string(want) == out, "convert -uids none -to %s: not the game's save", ext[1:])
		code, out, errOut = runGdvar(nil, append(args, src)...)
		require.Equal(t, 0, code, errOut)
		assert.False(t, string(want) == out, "convert -to %s keeps the UIDs", ext[1:])
	}
	code, out, _ := runGdvar(nil, "convert", "-to", "tscn", src)
	require.Equal(t, 0, code)
	assert.Contains(t, out, `uid="uid://cdjakowaa7si1"`)
}

func TestResourceCommandErrors(t *testing.T) {
	save := filepath.Join("..", "..", "scan", "testdata", "godot4", "plain.sav")
	tres := filepath.Join("..", "..", "resource", "testdata", "godot4", "ext_0.tres")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"convert", save}, 1, "not a resource file"},
		{[]string{"convert", "-to", "cfg", tres}, 2, "want tres or res"},
		{[]string{"convert", "-to", "tres", "-compress", "zstd", tres}, 2, "only a binary resource"},
		{[]string{"convert", "-compress", "gzip", tres}, 2, "zstd"},
		{[]string{"encode", "-compress", "none", tres}, 1, "fastlz"},
		{[]string{"convert", "-uids", "some", tres}, 2, "want keep or none"},
		{[]string{"encode", "-to", "res", "-framing", "stream", tres}, 2, "-framing"},
		{[]string{"encode", "-path", "res://a.res", tres}, 2, "only for a resource"},
		{[]string{"inspect", tres}, 1, "gdvar text, json, scan, convert"},
		{[]string{"validate", tres}, 1, "resource file"},
	} {
		code, _, errOut := runGdvar(nil, c.args...)
		assert.Equal(t, c.code, code, "%v: %s", c.args, errOut)
		assert.Contains(t, errOut, c.want, "%v", c.args)
	}
}

// A Godot 3 text file (format=2) in a Godot 4 project converts as the
// engine, which reads it in Godot 4's form, converts it: with no -engine,
// the project's version decides.
func TestConvertByTheProjectsEngine(t *testing.T) {
	const proj, name = "godotengine__tps-demo", "door/model/door_unlockedemission"
	src := filepath.Join("..", "..", "testdata", "projects", proj, name+".tres")
	want, err := os.ReadFile(filepath.Join("..", "..", "resource", "testdata", "corpus-conv", proj, name+".res"))
	require.NoError(t, err)
	code, out, errOut := runGdvar(nil, "convert", "-to", "res", "-uids", "none",
		"-path", "res://"+name+".res", "-loaded-from", "res://"+name+".tres", src)
	require.Equal(t, 0, code, errOut)
	assert.True(t, string(want) == out, "not the engine's conversion")
}

// A file an older editor wrote (load_steps=, SpriteFrames's "loop": 1,
// its animations out of their order) comes back as it is through gdvar
// text and json | encode; -as-saved and convert give Godot 4.6's re-save
// (resource's TestLiveOlderEditors checks it against the engine).
func TestResourceOwnForm(t *testing.T) {
	const older = `[gd_resource type="SpriteFrames" load_steps=2 format=3]

[sub_resource type="PlaceholderTexture2D" id="1"]
size = Vector2(16, 16)

[resource]
animations = [{
"frames": [{
"duration": 1.0,
"texture": SubResource("1")
}],
"loop": 1,
"name": &"walk",
"speed": 5.0
}, {
"frames": [],
"loop": 0,
"name": &"attack",
"speed": 10.0
}]
`
	path := filepath.Join(t.TempDir(), "frames.tres")
	require.NoError(t, os.WriteFile(path, []byte(older), 0o644))
	code, out, errOut := runGdvar(nil, "text", path)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, older, out, "text")
	code, js, errOut := runGdvar(nil, "json", path)
	require.Equal(t, 0, code, errOut)
	code, out, errOut = runGdvar([]byte(js), "encode", "-to", "tres")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, older, out, "json | encode")

	code, saved, errOut := runGdvar(nil, "text", "-as-saved", path)
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, saved, "load_steps")
	assert.Contains(t, saved, `"loop": true,`)
	assert.Less(t, strings.Index(saved, `&"attack"`), strings.Index(saved, `&"walk"`), "by name")
	code, out, errOut = runGdvar([]byte(js), "encode", "-to", "tres", "-as-saved")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, saved, out, "json | encode -as-saved")

	values := filepath.Join(t.TempDir(), "five.bin")
	require.NoError(t, os.WriteFile(values, []byte{2, 0, 0, 0, 5, 0, 0, 0}, 0o644)) // the int 5
	for _, cmd := range []string{"text", "json"} {
		code, _, errOut = runGdvar(nil, cmd, "-as-saved", values)
		assert.NotEqual(t, 0, code, cmd)
		assert.Contains(t, errOut, "-as-saved: only for a resource file", cmd)
	}
}
