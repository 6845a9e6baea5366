package main

import (
	"bytes"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/gdvar/gdvar/fileaccess"
)

// plainOf is the content of a file in its container.
func plainOf(t *testing.T, data []byte, c clitest.MigrateCase) []byte {
	if c.Kind == "res" || c.Kind == "events" {
		return data
	}
	var opts []fileaccess.Option
	switch c.Container {
	case "pass":
		opts = append(opts, fileaccess.WithPassword("gdvar migrate"))
	case "key":
		k, err := hex.DecodeString(clitest.MigrateKey)
		require.NoError(t, err)
		opts = append(opts, fileaccess.WithKey(fileaccess.Key(k)))
	}
	r, err := fileaccess.NewReader(bytes.NewReader(data), opts...)
	require.NoError(t, err)
	plain, err := io.ReadAll(r)
	require.NoError(t, err)
	return plain
}

// gdvar migrate writes what Godot 4.6 read as Godot 3 did: package
// migrate's files in g4/, in the same container (an encrypted one with
// another IV, so its content is compared).
func TestMigrateCommand(t *testing.T) {
	for _, c := range clitest.MigrateCases(t, filepath.Join("..", "..")) {
		code, out, errOut := runGdvar(nil, c.Args()...)
		require.Equal(t, 0, code, "%s/%s: %s", c.Dir, c.Name, errOut)
		judged, err := os.ReadFile(filepath.Join(c.Dir, "g4", c.Name))
		require.NoError(t, err)
		if c.Container == "pass" || c.Container == "key" {
			assert.Equal(t, fileaccess.MagicEncrypted, out[:4], c.Name)
			assert.True(t, bytes.Equal(plainOf(t, judged, c), plainOf(t, []byte(out), c)), "%s/%s", c.Dir, c.Name)
			continue
		}
		assert.True(t, bytes.Equal(judged, []byte(out)), "%s/%s: %d bytes, want %d", c.Dir, c.Name, len(out), len(judged))
	}
}

// gdvar migrate's other containers: -plain drops one, -compress makes one;
// a key opens the input, and encrypts only what was encrypted.
func TestMigrateContainers(t *testing.T) {
	dir := filepath.Join("..", "..", "migrate", "testdata", "godot3.6")
	judged, err := os.ReadFile(filepath.Join(dir, "g4", "values.sav"))
	require.NoError(t, err)
	for _, tc := range []struct {
		name  string
		args  []string
		magic string
	}{
		{"encrypted, -plain", []string{"-plain", "-password", "gdvar migrate", "values.pass.sav"}, ""},
		{"compressed, -plain", []string{"-plain", "values.2.sav"}, ""},
		{"plain, -compress", []string{"-compress", "zstd", "values.sav"}, fileaccess.MagicCompressed},
		{"encrypted, -compress", []string{"-compress", "gzip", "-password", "gdvar migrate", "values.pass.sav"}, fileaccess.MagicCompressed},
		{"plain, -password", []string{"-password", "another", "values.sav"}, ""},
		{"encrypted, as Godot 4 encrypts", []string{"-password", "gdvar migrate", "values.pass.sav"}, fileaccess.MagicEncrypted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"migrate"}, tc.args...) // -framing auto finds the save file
			args[len(args)-1] = filepath.Join(dir, args[len(args)-1])
			code, out, errOut := runGdvar(nil, args...)
			require.Equal(t, 0, code, errOut)
			content := []byte(out)
			if tc.magic != "" {
				require.Equal(t, tc.magic, out[:4])
				if tc.magic == fileaccess.MagicEncrypted {
					assert.NotEqual(t, "\x01\x00\x00\x00", out[4:8], "Godot 3's layout (its mode word)")
				}
				r, err := fileaccess.NewReader(strings.NewReader(out), fileaccess.WithPassword("gdvar migrate"))
				require.NoError(t, err)
				content, err = io.ReadAll(r)
				require.NoError(t, err)
			}
			assert.True(t, bytes.Equal(judged, content), "%d bytes, want %d", len(content), len(judged))
		})
	}
}

func TestMigrateErrors(t *testing.T) {
	cases := filepath.Join("..", "..", "migrate", "testdata", "godot3.6")
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
		code  int
		msg   string
	}{
		{"Godot 4 is no source", []string{"-engine", "4", filepath.Join(cases, "values.sav")}, "", 2, "-engine"},
		{"-plain and -compress", []string{"-plain", "-compress", "zstd", filepath.Join(cases, "values.sav")}, "", 2, "give one"},
		{"no password", []string{"-framing", "stream", filepath.Join(cases, "values.pass.sav")}, "", 1, "password"},
		{"full objects", []string{"-framing", "stream", filepath.Join(cases, "objects.sav")}, "", 1, "add -objects"},
		{"a scene", []string{filepath.Join("..", "..", "resource", "testdata", "godot3.6", "sub_0.tscn")}, "", 1, "convert-3to4"},
		{"a Godot 4 resource", []string{filepath.Join("..", "..", "resource", "testdata", "godot4", "ext_0.tres")}, "", 1, "not a Godot 3 file"},
		{"a RID in a ConfigFile", []string{"-"}, "[s]\n\nrid=\nnext=1\n", 1, "it held a RID"},
		{"empty", []string{"-"}, "", 1, "empty"},
		{"-compress of a text resource", []string{"-compress", "zstd", filepath.Join(cases, "ext.tres")}, "", 1, "binary"},
		{"-compress of a ConfigFile", []string{"-compress", "zstd", filepath.Join(cases, "settings.cfg")}, "", 1, "ConfigFile.load"},
		{"a Godot 4 save", []string{filepath.Join(cases, "g4", "values.sav")}, "", 1, "migrated already"},
		{"a Godot 4 value", []string{"-"}, "\x09\x00\x00\x00\x00\x00\x80\x3f\x00\x00\x00\x40\x00\x00\x40\x40", 1, "migrated already"},
		{"a Godot 4 ConfigFile", []string{filepath.Join(cases, "g4", "settings.cfg")}, "", 1, "only Godot 4 writes"},
		{"an empty save", []string{"-framing", "stream", "-"}, "", 1, "empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runGdvar([]byte(tc.stdin), append([]string{"migrate"}, tc.args...)...)
			assert.Equal(t, tc.code, code, errOut)
			assert.Empty(t, out)
			assert.Contains(t, errOut, tc.msg)
		})
	}
}
