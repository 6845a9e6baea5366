package filter

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The first line of every error of the usual mistakes names the likely
// cause and the fix; the detail (the reader's own words) comes second.
func TestFirstLines(t *testing.T) {
	t.Setenv("GDVAR_PASSWORD", "")
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o600))
		return p
	}
	g4 := func(name string) string { return filepath.Join(framingDir, "godot4", name) }
	g3 := func(name string) string { return filepath.Join(framingDir, "godot3.6", name) }
	scanned := func(name string) string {
		return filepath.Join("..", "..", "..", "..", "scan", "testdata", "godot4", name)
	}
	big, err := os.ReadFile(g4("big.sav"))
	require.NoError(t, err)
	cut := file("cut.sav", string(big[:1000]))
	png := file("shot.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00")
	jsonFile := file("save.json", `{"gold": 100}`+"\n")
	script := file("player.gd", "extends Node\n\nfunc _ready():\n\tpass\n")
	// A Git LFS pointer, as a clone of NodotProject/nodot-multiplayer-fps holds its scenes.
	pointer := file("main.tscn", "version https://git-lfs.github.com/spec/v1\noid sha256:69f674136d6d832f42659b6cc281177cd3a512dbd07f025af3f7e60d6c50f8ac\nsize 207\n")
	cfg4 := file("settings.cfg", "[view]\nbasis=Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0)\n")

	for _, c := range []struct {
		name  string
		args  []string
		first string
	}{
		// The wrong engine.
		{"Godot 3 save read as 4", []string{"json", g3("save.sav")}, "it is a Godot 3 save file: add -engine 3"},
		{"Godot 3 save read as 4, framing given", []string{"text", "-framing", "stream", g3("save.sav")}, "it is a Godot 3 save file: add -engine 3"},
		{"Godot 3 value read as 4", []string{"json", g3("values.bin")}, "it is Godot 3 data: add -engine 3"},
		{"Godot 4 save read as 3", []string{"validate", "-engine", "3", g4("save.sav")}, "it is a Godot 4 save file: add -engine 4"},
		// The wrong framing.
		{"save read as values", []string{"json", "-framing", "none", g4("save.sav")}, "it is a save file (store_var: each value after its length): use -framing stream, or leave -framing out"},
		{"values read as a save", []string{"inspect", "-framing", "stream", g4("values.bin")}, "it is values one after another (var_to_bytes), not a save file: use -framing none, or leave -framing out"},
		{"Godot 3 save read as 4 values", []string{"copy", "-framing", "none", g3("save.sav")}, "it is a Godot 3 save file: use -framing stream -engine 3"},
		// The wrong password.
		{"wrong password", []string{"json", "-password", "hunter3", g4("save_pass.sav")}, "wrong password or key, or the file was changed: check -password (or $GDVAR_PASSWORD) or -key"},
		{"wrong password, edit", []string{"edit", "-password", "hunter3", g4("save_pass.sav"), "--", "cat"}, "wrong password or key, or the file was changed: check -password (or $GDVAR_PASSWORD) or -key"},
		{"no password", []string{"text", g4("save_pass.sav")}, "the file is encrypted: give its password (-password or $GDVAR_PASSWORD) or its key (-key, 64 hex digits)"},
		// Migrated already.
		{"Godot 4 save", []string{"migrate", g4("save.sav")}, "it is a Godot 4 file already: migrated already? It needs no migration"},
		{"Godot 4 .tres", []string{"migrate", scanned("plain.tres")}, "it is a Godot 4 file already: migrated already? It needs no migration"},
		{"Godot 4 .res", []string{"migrate", scanned("plain.res")}, "it is a Godot 4 file already: migrated already? It needs no migration"},
		{"Godot 4 ConfigFile", []string{"migrate", cfg4}, "it is a Godot 4 file already: migrated already? It needs no migration"},
		// The wrong kind of file.
		{"a PNG", []string{"json", png}, "it does not start as any file gdvar reads (binary values, a save file, a ConfigFile or a resource, of Godot 4 or 3): it starts with 89 50 4e 47 0d 0a 1a 0a"},
		{"a PNG, scanned", []string{"scan", png}, "it does not start as any file gdvar reads (binary values, a save file, a ConfigFile or a resource, of Godot 4 or 3): it starts with 89 50 4e 47 0d 0a 1a 0a"},
		{"JSON", []string{"text", jsonFile}, "it is JSON, not a Godot file: gdvar encode reads the JSON gdvar json prints"},
		{"a Git LFS pointer", []string{"text", pointer}, "it is a Git LFS pointer, not the file it stands for: fetch the file with git lfs pull, then read it"},
		{"a script", []string{"json", script}, "it is text, but no ConfigFile or resource: gdvar reads Godot's binary values, save files, ConfigFiles and resource files"},
		{"a ConfigFile to validate", []string{"validate", scanned("plain.cfg")}, "it is text, as a ConfigFile (.cfg) is: gdvar json and gdvar text read one"},
		{"a resource to inspect", []string{"inspect", scanned("plain.tres")}, resourceHint},
		{"a save to convert", []string{"convert", g4("save.sav")}, "it is binary values or a save file, not a resource: gdvar json and gdvar text read it"},
		{"a save to encode", []string{"encode", g4("save.sav")}, "it is binary, not JSON or text: encode writes binary from them; gdvar json and gdvar text read binary"},
		{"a save to edit, no program", []string{"edit", g4("save.sav")}, "give the program after --, as in gdvar edit save.sav -- jq '.gold = 9999'"},
		// What else the file says.
		{"objects", []string{"json", g4("objects.sav")}, "the input holds full objects, as store_var(value, true) writes them: if you trust it, add -objects"},
		{"cut short", []string{"json", cut}, "the input ends inside a value: the file is cut short (copied or saved in part?)"},
		{"a bomb", []string{"json", "-max-content-bytes", "100", g4("save_zstd.sav")}, "the compressed file declares more content than -max-content-bytes allows: if you trust it, raise -max-content-bytes"},
	} {
		code, out, errOut := runGdvar(nil, c.args...)
		assert.NotEqual(t, 0, code, c.name)
		if c.args[0] != "inspect" { // which prints what it read before the error
			assert.Empty(t, out, c.name)
		}
		first, detail, _ := strings.Cut(errOut, "\n")
		assert.Equal(t, "gdvar "+c.args[0]+": "+c.first, first, c.name)
		if !strings.HasPrefix(c.name, "a save to edit") && !strings.HasPrefix(c.name, "no password") {
			assert.True(t, strings.HasPrefix(detail, "gdvar "+c.args[0]+": "), "%s: a second line, the detail: %q", c.name, errOut)
		}
	}
}
