package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/filter"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// framingDir holds the engine-made files of scripts/gen-framing.sh.
var framingDir = filepath.Join("testdata", "framing")

// -framing auto, the default, finds the framing of every engine-made file,
// plain, encrypted, compressed, with full objects, and with a first value
// larger than the part of the input it looks at: each command reads it as
// with the right -framing given.
func TestFramingFound(t *testing.T) {
	for _, engine := range []string{"godot4", "godot3.6"} {
		for _, c := range []struct {
			file   string
			stream bool
			values int
			flags  []string
		}{
			{"save.sav", true, 3, nil},
			{"objects.sav", true, 2, []string{"-objects"}},
			{"big.sav", true, 2, nil},
			{"save_pass.sav", true, 2, []string{"-password", "gdvar"}},
			{"save_zstd.sav", true, 2, nil},
			{"values.bin", false, 1, nil},
			{"several.bin", false, 3, nil},
			{"objects.bin", false, 1, []string{"-objects"}},
			{"big.bin", false, 2, nil},
		} {
			name := engine + "/" + c.file
			file := filepath.Join(framingDir, engine, c.file)
			flags := append([]string{"-engine", map[string]string{"godot4": "4", "godot3.6": "3"}[engine]}, c.flags...)
			framing := map[bool]string{true: "stream", false: "none"}[c.stream]
			for _, cmd := range []string{"validate", "json", "text", "inspect", "copy", "scan"} {
				args := append([]string{cmd}, flags...)
				if cmd == "validate" {
					args = append(args, "-all")
				}
				code, out, errOut := runGdvar(nil, append(args, file)...)
				auto := []string{out, errOut}
				require.Contains(t, []int{0, filter.StatusFound}, code, "%s, %s: %s", name, cmd, errOut)
				_, out, errOut = runGdvar(nil, append(append(args, "-framing", framing), file)...)
				given := []string{out, errOut}
				assert.Equal(t, given, auto, "%s, %s: as with -framing %s", name, cmd, framing)
				if cmd == "validate" {
					assert.Len(t, strings.Split(strings.TrimSpace(out), "\n"), c.values, name)
					assert.Contains(t, out, "bytes: valid", name)
				}
				if cmd == "inspect" {
					assert.Equal(t, c.stream, strings.Contains(out, "Frame("), name)
				}
			}
		}
	}
}

// ambiguous reads both as a save file, a frame holding an Object Node then
// a frame holding a Nil, and as one value, an AABB whose floats are the
// rest (Godot 4): small integers' bits, denormal as floats.
var ambiguous = []byte{
	16, 0, 0, 0, // a frame of 16 bytes; AABB
	24, 0, 0, 0, 4, 0, 0, 0, 'N', 'o', 'd', 'e', 0, 0, 0, 0, // Object Node, no property
	4, 0, 0, 0, // a frame of 4 bytes
	0, 0, 0, 0, // Nil
}

// Input that reads in both framings is read in the one whose values are
// the more plausible, as with that -framing given, and without a note.
func TestFramingPlausible(t *testing.T) {
	for _, c := range []struct {
		name    string
		input   []byte
		flags   []string
		framing string
	}{
		{"an Object and a Nil, or an AABB of small integers' bits", ambiguous, []string{"-objects"}, "stream"},
		{"an empty Array and a String, or a Godot 3 Transform2D of small integers' bits",
			append(clitest.Words(8, 19, 0, 12, 4, 4), "gold"...), []string{"-engine", "3"}, "stream"},
		{"a Rect2i, or a denormal float and a Nil", clitest.Words(8, 3, 1, 4, 0), nil, "none"},
		{"a Vector2 and a NaN float, or a float of a small integer's bits and more",
			clitest.Words(12, 5, 0x3f800000, 0x40000000, 8, 3, 0x7fc00000), nil, "stream"},
	} {
		for _, cmd := range []string{"validate", "json", "inspect"} {
			flags := c.flags
			if cmd == "validate" {
				flags = append(flags, "-all")
			}
			code, out, errOut := runGdvar(c.input, append(append([]string{cmd}, flags...), "-")...)
			require.Equal(t, 0, code, "%s, %s: %s", c.name, cmd, errOut)
			assert.Empty(t, errOut, "%s, %s: no note", c.name, cmd)
			_, given, _ := runGdvar(c.input, append(append([]string{cmd, "-framing", c.framing}, flags...), "-")...)
			assert.Equal(t, given, out, "%s, %s: as with -framing %s", c.name, cmd, c.framing)
		}
	}
}

// tie reads both as a save file of two Nils (store_var(null) twice) and as
// two empty Strings (var_to_bytes("") twice): neither is less plausible.
var tie = clitest.Words(4, 0, 4, 0)

// Input that reads in both framings as plausibly is read as the command
// read it before -framing auto (migrate as a save file, the others as
// values), with a note that names the other reading's -framing; scan reads
// both.
func TestFramingTie(t *testing.T) {
	for _, c := range []struct {
		cmd, framing, other string
		flags               []string
	}{
		{"validate", "none", "-framing stream reads it as a save file", []string{"-all"}},
		{"json", "none", "-framing stream reads it as a save file", nil},
		{"text", "none", "-framing stream reads it as a save file", nil},
		{"copy", "none", "-framing stream reads it as a save file", nil},
		{"inspect", "none", "-framing stream reads it as a save file", nil},
		{"migrate", "stream", "-framing none reads it as values one after another", nil},
	} {
		args := append(append([]string{c.cmd}, c.flags...), "-")
		code, out, errOut := runGdvar(tie, args...)
		require.Equal(t, 0, code, "%s: %s", c.cmd, errOut)
		read := map[string]string{"none": "values one after another (var_to_bytes)", "stream": "a save file (store_var)"}[c.framing]
		assert.Equal(t, "gdvar "+c.cmd+": the input reads both as a save file (store_var: each value after its length) and as values one after another (var_to_bytes), equally plausibly: read as "+read+", as before -framing auto; "+c.other+"\n"+
			"gdvar "+c.cmd+": as a save file the first value is of type Nil; as values, of type String\n", errOut, c.cmd)
		_, given, _ := runGdvar(tie, append(append([]string{c.cmd, "-framing", c.framing}, c.flags...), "-")...)
		assert.Equal(t, given, out, "%s: as with -framing %s", c.cmd, c.framing)
	}
}

// scan lists what either reading finds of input that reads in both
// framings, however plausible each is: an object of the save file that
// the values do not hold.
func TestFramingScanReadsBoth(t *testing.T) {
	code, out, errOut := runGdvar(ambiguous, "scan", "-")
	assert.Equal(t, filter.StatusFound, code, errOut)
	assert.Equal(t, "value 1 $: object Node\n", out)
	code, out, _ = runGdvar(ambiguous, "scan", "-framing", "none", "-")
	assert.Equal(t, 0, code)
	assert.Empty(t, out)
}

// Every engine-made file that reads both ways is read as it was written,
// or, where both readings are equally plausible, as before -framing auto
// with a note; never the other way silently. Before the plausibility rule
// the command stopped on every one (8 895). Equally plausible: a frame of
// 8 bytes, whose length word Godot 4 reads as a Rect2i's header (the next
// 16 bytes, small integers, its components), and frames holding a Nil
// (Godot 3 and 4), which read as empty Strings; store_var(null) twice is
// var_to_bytes("") twice, byte for byte.
func TestFramingBothWays(t *testing.T) {
	for _, c := range []struct {
		engine string
		ties   int
	}{{"godot4", 309}, {"godot3.6", 9}, {"godot3.2", 9}} {
		engine := c.engine
		count := map[string]int{}
		for _, w := range clitest.LoadBothWays(t, framingDir, engine) {
			args := append([]string{"validate", "-all"}, w.Flags...)
			code, auto, note := runGdvar(w.Content, append(args, "-")...)
			_, written, _ := runGdvar(w.Content, append(args, "-framing", w.Framing, "-")...)
			_, before, _ := runGdvar(w.Content, append(args, "-framing", "none", "-")...)
			switch {
			case code != 0:
				count["stopped"]++
				t.Errorf("%s %s: %s", engine, w.Name, note)
			case note == "" && auto == written:
				count["as written"]++
			case strings.Contains(note, "equally plausibly") && auto == before:
				count["tie"]++
			default:
				count["wrong"]++
				t.Errorf("%s %s, written with framing %s: %s%s", engine, w.Name, w.Framing, auto, note)
			}
		}
		t.Logf("%s: %v", engine, count)
		assert.Equal(t, c.ties, count["tie"], engine)
	}
}

// A Godot 3 save encrypted with a password whose first record is
// store_var([]) migrates as the save file it is, as before -framing auto:
// read as values, its length word and the empty Array are the start of a
// Transform2D of small integers' bits. (With -framing auto and no
// plausibility, migrate stopped: "the input reads both as a save file …".)
func TestMigrateSaveOfEmptyArrayFirst(t *testing.T) {
	n := 0
	for _, engine := range []string{"godot3.6", "godot3.2"} {
		for _, w := range clitest.LoadBothWays(t, framingDir, engine) {
			if !strings.HasPrefix(w.Name, "sav.pass.array.") {
				continue
			}
			n++
			args := append([]string{"migrate", "-plain"}, w.Flags...)
			code, out, errOut := runGdvar(w.Content, append(args, "-")...)
			require.Equal(t, 0, code, "%s %s: %s", engine, w.Name, errOut)
			assert.Empty(t, errOut, "%s %s", engine, w.Name)
			_, want, _ := runGdvar(w.Content, append(args, "-framing", "stream", "-")...)
			assert.Equal(t, want, out, "%s %s", engine, w.Name)
		}
	}
	assert.Equal(t, 36, n, "the saves of an empty Array then another value that read both ways")
}
