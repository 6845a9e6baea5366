package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

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
				require.Contains(t, []int{0, statusFound}, code, "%s, %s: %s", name, cmd, errOut)
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
// rest (Godot 4).
var ambiguous = []byte{
	16, 0, 0, 0, // a frame of 16 bytes; AABB
	24, 0, 0, 0, 4, 0, 0, 0, 'N', 'o', 'd', 'e', 0, 0, 0, 0, // Object Node, no property
	4, 0, 0, 0, // a frame of 4 bytes
	0, 0, 0, 0, // Nil
}

// Input that reads in both framings makes the commands ask, naming both,
// except scan, which lists what either reading finds; -framing decides.
func TestFramingAmbiguous(t *testing.T) {
	for _, cmd := range []string{"validate", "json", "text", "inspect", "copy"} {
		code, out, errOut := runGdvar(ambiguous, cmd, "-")
		assert.Equal(t, 1, code, cmd)
		assert.Empty(t, out, cmd)
		lines := strings.Split(errOut, "\n")
		require.Len(t, lines, 3, cmd)
		assert.Equal(t, "gdvar "+cmd+": the input reads both as a save file (store_var: each value after its length) and as values one after another (var_to_bytes): say which with -framing stream or -framing none", lines[0])
		assert.Equal(t, "gdvar "+cmd+": as a save file the first value is of type Object; as values, of type AABB", lines[1])

		code, _, errOut = runGdvar(ambiguous, cmd, "-objects", "-framing", "none", "-")
		assert.Equal(t, 0, code, "%s: %s", cmd, errOut)
	}
	code, out, errOut := runGdvar(ambiguous, "scan", "-")
	assert.Equal(t, statusFound, code, errOut)
	assert.Equal(t, "value 1 $: object Node\n", out, "the save file's object, which the values do not hold")
	code, out, _ = runGdvar(ambiguous, "scan", "-framing", "none", "-")
	assert.Equal(t, 0, code)
	assert.Empty(t, out)
}

// The rule -h gives is the one the commands follow, and every command
// reading binary values gives it.
func TestFramingRuleInHelp(t *testing.T) {
	space := regexp.MustCompile(`\s+`)
	for _, cmd := range []string{"inspect", "validate", "copy", "text", "json", "scan", "migrate", "edit"} {
		_, _, errOut := runGdvar(nil, cmd, "-h")
		assert.Contains(t, space.ReplaceAllString(errOut, " "), framingRule, cmd)
	}
}
