package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/jq16"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jq16Edit is what jq -c 'if type == "object" then .gold = 9999 else .
// end' prints in jq 1.6, which prints 100.0 as 100: the edit of the tests,
// with the loss of type that gdvar edit must undo.
func jq16Edit(in io.Reader, out io.Writer) int {
	js, err := io.ReadAll(in)
	if err == nil {
		js, err = jq16.Print(bytes.ReplaceAll(js, []byte(`"gold":100,`), []byte(`"gold":9999,`)))
	}
	if err == nil {
		_, err = out.Write(js)
	}
	if err != nil {
		return 1
	}
	return 0
}

// jq16Program is the command line of jq16Edit.
func jq16Program(t *testing.T) []string {
	t.Setenv("GDVAR_TEST_JQ16", "1") // inherited by the program; the command does not read it
	return []string{os.Args[0]}
}

// editCopy copies an engine-made file of testdata/framing into a folder of
// the test's, to be edited.
func editCopy(t *testing.T, engine, name string) string {
	b, err := os.ReadFile(filepath.Join(framingDir, engine, name))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, b, 0o640))
	return path
}

// the JSON of the engine-made files' state (scripts/framing/make4.gd),
// before and after the edit.
const (
	stateBefore = `{"gold":100,"speed":100.0,"name":"Ada","pos":{"$Vector2":[1.5,2.0]},"items":["sword",3]}`
	stateAfter  = `{"gold":9999,"speed":100.0,"name":"Ada","pos":{"$Vector2":[1.5,2.0]},"items":["sword",3]}`
)

// gdvar edit changes a save file in place through a program that loses
// the type of 100.0, as jq 1.6 does, and keeps every type, the framing, the
// engine and the container (encrypted with the same password, compressed
// with the same codec), the file's permissions, and nothing else.
func TestEdit(t *testing.T) {
	t.Setenv("GDVAR_PASSWORD", "")
	for _, c := range []struct {
		engine, file string
		flags        []string
	}{
		{"godot4", "save.sav", nil},
		{"godot4", "save_pass.sav", []string{"-password", "gdvar"}},
		{"godot4", "save_zstd.sav", nil},
		{"godot4", "several.bin", nil},
		{"godot4", "objects.sav", []string{"-objects"}},
		{"godot3.6", "save.sav", []string{"-engine", "3"}},
		{"godot3.6", "save_pass.sav", []string{"-engine", "3", "-password", "gdvar"}},
	} {
		name := c.engine + "/" + c.file
		path := editCopy(t, c.engine, c.file)
		before, err := os.ReadFile(path)
		require.NoError(t, err)
		_, js, _ := runGdvar(nil, append(append([]string{"json"}, c.flags...), path)...)
		require.True(t, strings.HasPrefix(js, stateBefore+"\n"), "%s: %s", name, js)

		code, out, errOut := runGdvar(nil, append(append(append([]string{"edit"}, c.flags...), path, "--"), jq16Program(t)...)...)
		require.Equal(t, 0, code, "%s: %s", name, errOut)
		assert.Empty(t, out, name)
		assert.Empty(t, errOut, name)

		after, err := os.ReadFile(path)
		require.NoError(t, err)
		_, edited, errOut := runGdvar(nil, append(append([]string{"json"}, c.flags...), path)...)
		assert.Equal(t, strings.Replace(js, stateBefore, stateAfter, 1), edited, "%s: %s", name, errOut)
		assert.Equal(t, before[:4], after[:4], "%s: the same container or first bytes", name)
		st, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o640), st.Mode().Perm(), name)
		if c.file == "save.sav" || c.file == "several.bin" { // plain: 100 became 9999, nothing else changed
			require.Len(t, after, len(before), name)
			differ := 0
			for i := range before {
				if before[i] != after[i] {
					differ++
				}
			}
			assert.Equal(t, 2, differ, name)
		}
		left, err := filepath.Glob(filepath.Join(filepath.Dir(path), ".*"))
		require.NoError(t, err)
		assert.Empty(t, left, "%s: no temporary file left", name)
	}
}

// A failing program, or output that is not the values' JSON, leave the
// file as it was, and say so; -o - writes the edited
// file to standard output instead.
func TestEditFailures(t *testing.T) {
	t.Setenv("GDVAR_PASSWORD", "")
	for _, c := range []struct {
		name    string
		args    []string
		program []string
		first   string // the first line of the error
	}{
		{"program fails", nil, []string{"sh", "-c", "exit 3"}, "gdvar edit: sh failed (exit status 3): nothing was written"},
		{"not JSON", nil, []string{"sh", "-c", "echo oops"}, "gdvar edit: value 1: "},
		{"no value", nil, []string{"true"}, "gdvar edit: no value: the input is empty"},
		{"no program", nil, nil, "gdvar edit: give the program after --, as in gdvar edit save.sav -- jq '.gold = 9999'"},
	} {
		path := editCopy(t, "godot4", "save.sav")
		before, err := os.ReadFile(path)
		require.NoError(t, err)
		args := append(append([]string{"edit"}, c.args...), path)
		if c.program != nil {
			args = append(append(args, "--"), c.program...)
		}
		code, out, errOut := runGdvar(nil, args...)
		assert.NotEqual(t, 0, code, c.name)
		assert.Empty(t, out, c.name)
		assert.True(t, strings.HasPrefix(errOut, c.first), "%s: %s", c.name, errOut)
		after, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, before, after, "%s: unchanged", c.name)
	}

	path := editCopy(t, "godot4", "save.sav")
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	code, out, errOut := runGdvar(nil, "edit", "-o", "-", path, "--", "cat")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, before, []byte(out), "cat changes nothing: the same bytes")
}

// With jq installed, gdvar edit FILE -- jq '…' is the one line the job
// takes; with jq 1.6, 100.0 comes back a float all the same.
func TestEditWithJQ(t *testing.T) {
	jq, err := exec.LookPath("jq")
	if err != nil {
		t.Skip("jq is not installed")
	}
	path := editCopy(t, "godot4", "save_pass.sav")
	code, _, errOut := runGdvar(nil, "edit", "-password", "gdvar", path, "--", jq, `if type == "object" then .gold = 9999 else . end`)
	require.Equal(t, 0, code, errOut)
	_, js, _ := runGdvar(nil, "json", "-password", "gdvar", path)
	assert.Equal(t, stateAfter+"\n2.5\n", js)
}

// Godot 4.6 reads the edited saves back, as a game does: gold is the int
// 9999, speed still the float 100.0, in the encrypted and the compressed
// save.
func TestLiveEditReadByGodot(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	for _, c := range []struct{ file, open string }{
		{"save.sav", "plain"}, {"save_pass.sav", "gdvar"}, {"save_zstd.sav", "zstd"},
	} {
		path := editCopy(t, "godot4", c.file)
		args := []string{"edit", path, "--", jq16Program(t)[0]}
		if c.open == "gdvar" {
			args = append([]string{"edit", "-password", "gdvar"}, args[1:]...)
		}
		code, _, errOut := runGdvar(nil, args...)
		require.Equal(t, 0, code, "%s: %s", c.file, errOut)
		printed := godot.RunScript(t, engine, "scripts/framing/read4.gd", path, c.open)
		assert.Contains(t, printed, "GDVAR gold=9999 2\n", c.file)     // TYPE_INT
		assert.Contains(t, printed, "GDVAR speed=100.0 3\n", c.file)   // TYPE_FLOAT
		assert.Contains(t, printed, `GDVAR name="Ada" 4`+"\n", c.file) // TYPE_STRING
	}
}
