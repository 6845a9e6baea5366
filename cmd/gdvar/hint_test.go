package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A save file read without -framing stream, and Godot 3 values or save
// files read as Godot 4, fail (or, for validate, report trailing bytes)
// with a line that says what to try; input that is only damaged gets
// none.
func TestHintsNameTheFix(t *testing.T) {
	godot3 := golden.Path("golden", "godot3.6")
	dict3, err := os.ReadFile(filepath.Join(godot3, "dict_nested.bin"))
	require.NoError(t, err)
	save4 := saveFile(t, goldenDir, "int_7", "gamestate_3", "dict_simple", "string_long_ascii")
	save3 := saveFile(t, godot3, "int_7", "gamestate_3", "dict_simple", "dict_nested")
	for _, c := range []struct {
		name  string
		input []byte
		args  []string
		hint  string
	}{
		{"save file read as values", save4, []string{"-framing", "none"}, "it is a save file (store_var: each value after its length): use -framing stream, or leave -framing out\n"},
		{"values read as a save file", dict3[:], []string{"-framing", "stream", "-engine", "3"}, "it is values one after another (var_to_bytes), not a save file: use -framing none, or leave -framing out\n"},
		{"Godot 3 value", dict3, nil, "it is Godot 3 data: add -engine 3\n"},
		{"Godot 3 save file", save3, []string{"-framing", "stream"}, "it is a Godot 3 save file: add -engine 3\n"},
		{"Godot 3 save file, framing found", save3, nil, "it is a Godot 3 save file: add -engine 3\n"},
		{"Godot 3 save file read as values", save3, []string{"-framing", "none"}, "it is a Godot 3 save file: use -framing stream -engine 3\n"},
		{"Godot 4 save file read as Godot 3", save4, []string{"-engine", "3"}, "it is a Godot 4 save file: add -engine 4\n"},
		{"damaged", save4[:40], []string{"-framing", "stream"}, ""},
	} {
		for _, cmd := range []string{"inspect", "validate", "copy", "text", "json"} {
			code, _, errOut := runGdvar(c.input, append(append([]string{cmd}, c.args...), "-")...)
			if c.hint == "" {
				if cmd != "validate" { // which found a valid first value
					assert.Equal(t, 1, code, "%s, %s", c.name, cmd)
				}
				assert.NotContains(t, errOut, "try", "%s, %s", c.name, cmd)
				continue
			}
			if cmd != "validate" {
				assert.Equal(t, 1, code, "%s, %s: %s", c.name, cmd, errOut)
			}
			assert.Contains(t, errOut, c.hint, "%s, %s", c.name, cmd)
			assert.NotContains(t, errOut, "<nil>", "%s, %s", c.name, cmd)
		}
	}
	// A Godot 3 Dictionary of 52 bytes is a valid Transform3D: validate
	// says what else it is.
	simple := saveFile(t, godot3, "dict_simple")
	for _, in := range [][]byte{simple[4:], simple} {
		framing := map[bool]string{true: "stream", false: "none"}[len(in) == len(simple)]
		code, out, errOut := runGdvar(in, "validate", "-framing", framing, "-")
		assert.Equal(t, 0, code)
		assert.Equal(t, "52 bytes: valid Transform3D\n", out)
		assert.Equal(t, "gdvar validate: it is a Godot 3 Dictionary too: if Godot 3 wrote it, try -engine 3\n", errOut, framing)
	}

	// The frame of a Godot 3 Dictionary read as Godot 4 holds a
	// Transform3D and more: said without a leaked nil error.
	code, _, errOut := runGdvar(saveFile(t, godot3, "dict_nested"), "json", "-framing", "stream", "-")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "the frame holds more than one value\n")
	assert.Contains(t, errOut, "add -engine 3")
}

// The hints read the input's first 64 KiB as they came, from a pipe too,
// whose buffer holds later bytes by the time a failure is reported: a save
// whose first frame, larger than 64 KiB, is cut short is not taken for
// values one after another (it was, from a pipe).
func TestHintOfPipedCutSave(t *testing.T) {
	big, err := os.ReadFile(filepath.Join(framingDir, "godot4", "big.sav"))
	require.NoError(t, err)
	var out, errOut bytes.Buffer
	code := run([]string{"json", "-"}, struct{ io.Reader }{bytes.NewReader(big[:70000])}, &out, &errOut)
	assert.Equal(t, 1, code)
	assert.Equal(t, "gdvar json: the input ends inside a value: the file is cut short (copied or saved in part?)\n"+
		"gdvar json: the frame at offset 0 declares 70008 bytes and holds 69996: the input ends inside it\n", errOut.String())
}
