package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var goldenDir = golden.Path("golden", "godot4")

// gdvar runs the command with stdin and returns exit code, stdout, stderr.
func runGdvar(stdin []byte, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestCopyIsByteExact(t *testing.T) {
	for _, v := range golden.Load(t, goldenDir) {
		path := filepath.Join(goldenDir, v.Name+".bin")
		code, out, errOut := runGdvar(nil, append(append([]string{"copy"}, clitest.VectorFlags(v)...), path)...)
		require.Equal(t, 0, code, "%s: %s", v.Name, errOut)
		assert.Equal(t, v.Bin, []byte(out), v.Name)
	}
}

func TestValidateReportsSize(t *testing.T) {
	for _, v := range golden.Load(t, goldenDir) {
		code, out, errOut := runGdvar(v.Bin, append(append([]string{"validate"}, clitest.VectorFlags(v)...), "-")...)
		require.Equal(t, 0, code, "%s: %s", v.Name, errOut)
		n, err := strconv.Atoi(strings.Fields(out)[0])
		require.NoError(t, err)
		assert.Equal(t, len(v.Bin), n, v.Name)
		assert.Empty(t, errOut)
	}
}

func TestValidateTrailingAndSequences(t *testing.T) {
	seven, err := os.ReadFile(filepath.Join(goldenDir, "int_7.bin"))
	require.NoError(t, err)
	two := append(append([]byte(nil), seven...), seven...)

	code, out, errOut := runGdvar(two, "validate", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "8 bytes: valid int\n", out)
	assert.Contains(t, errOut, "8 trailing bytes")

	code, out, _ = runGdvar(two, "validate", "-all", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "8 bytes: valid int at offset 0\n8 bytes: valid int at offset 8\n", out)

	code, _, errOut = runGdvar(append(two, 2, 0), "validate", "-all", "-")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "offset 16")
	assert.Contains(t, errOut, "truncated input")

	code, _, errOut = runGdvar(nil, "validate", "-")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "empty")

	// A save file: each value after its u32 length.
	frame := append([]byte{8, 0, 0, 0}, seven...)
	saved := append(bytes.Clone(frame), frame...)
	code, out, _ = runGdvar(saved, "validate", "-framing", "stream", "-all", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "8 bytes: valid int at offset 0\n8 bytes: valid int at offset 12\n", out)
	code, out, errOut = runGdvar(saved, "validate", "-framing", "stream", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "8 bytes: valid int\n", out)
	assert.Contains(t, errOut, "12 trailing bytes")
	code, _, errOut = runGdvar(append([]byte{12, 0, 0, 0}, two...), "validate", "-framing", "stream", "-")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "more than one value")
}

func TestValidateRefusesFullObjectsByDefault(t *testing.T) {
	path := filepath.Join(goldenDir, "object_full_refcounted.bin")
	code, _, errOut := runGdvar(nil, "validate", path)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "full objects not allowed")
	code, _, _ = runGdvar(nil, "validate", "-objects", path)
	assert.Equal(t, 0, code)
}

func TestInspect(t *testing.T) {
	code, out, _ := runGdvar(nil, "inspect", filepath.Join(goldenDir, "gamestate_3.bin"))
	require.Equal(t, 0, code)
	assert.Regexp(t, `(?m)^\s+0\s+8  ArrayStart\(3\)\s+\$$`, out)
	assert.Regexp(t, `(?m)^\s+76\s+16\s+Vector3\(0, 1, -0\)\s+\$\[0\]\["pos"\]$`, out)
	assert.Regexp(t, `(?m)^\s+132\s+12\s+String\("red"\)\s+\$\[0\]\["tags"\]\[0\]$`, out)
}

func TestInspectBadInput(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(goldenDir, "gamestate_3.bin"))
	require.NoError(t, err)
	code, out, errOut := runGdvar(data[:60], "inspect", "-")
	assert.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Contains(t, lines[len(lines)-2], `String("name")`, "everything up to the error")
	assert.Regexp(t, `^\s+52\s+-\s+error at \$\[0\]\["name"\]: truncated input$`, lines[len(lines)-1])
	assert.Equal(t, "gdvar inspect: the input ends inside a value: the file is cut short (copied or saved in part?)\n"+
		"gdvar inspect: offset 52, at $[0][\"name\"]: truncated input\n", errOut)

	code, out, _ = runGdvar([]byte{39, 0, 0, 0}, "inspect", "-")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "invalid type: type number 39")
}

func TestInspectShortensChunks(t *testing.T) {
	code, out, _ := runGdvar(nil, "inspect", filepath.Join(goldenDir, "string_long_ascii.bin"))
	require.Equal(t, 0, code)
	assert.Contains(t, out, `[0:65536 of 320000 bytes]`)
	for _, line := range strings.Split(out, "\n") {
		assert.Less(t, len(line), 200)
	}
	code, out, _ = runGdvar(nil, "inspect", filepath.Join(goldenDir, "packed_int32.bin"))
	require.Equal(t, 0, code)
	assert.Contains(t, out, "4 elements from [0]: 1, -1, 2147483647, -2147483648")
}

func TestLimitFlags(t *testing.T) {
	path := filepath.Join(goldenDir, "string_long_ascii.bin")
	code, _, errOut := runGdvar(nil, "validate", "-max-string-bytes", "1000", path)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "MaxStringBytes exceeded: 320000 > 1000")
}

func TestUsage(t *testing.T) {
	code, _, errOut := runGdvar(nil, "inspect", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, errOut, "Examples:\n  gdvar inspect")
	code, _, errOut = runGdvar(nil, "frobnicate")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `unknown command "frobnicate"`)
	code, _, _ = runGdvar(nil, "copy", "a", "b")
	assert.Equal(t, 2, code, "two FILEs")
	code, _, errOut = runGdvar(nil, "copy", "/no/such/file")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "no such file")
}

func TestEngineFlag(t *testing.T) {
	dir := golden.Path("golden", "godot3.6")
	for _, name := range []string{"pool_string", "transform", "gamestate_3", "nodepath_unicode"} {
		path := filepath.Join(dir, name+".bin")
		want, err := os.ReadFile(path)
		require.NoError(t, err)
		code, out, errOut := runGdvar(nil, "copy", "-engine", "3", path)
		require.Equal(t, 0, code, errOut)
		assert.Equal(t, want, []byte(out), name)
	}
	// Type 23 is a PoolStringArray in Godot 3 and a RID in Godot 4.
	code, out, _ := runGdvar(nil, "validate", filepath.Join(dir, "pool_string.bin"))
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "12 bytes: valid RID")
	code, out, _ = runGdvar(nil, "validate", "-engine", "3", filepath.Join(dir, "pool_string.bin"))
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "valid PackedStringArray")

	// A Godot 2 InputEvent (type 19).
	ev := []byte{19, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 20, 0, 0, 0, 1, 0, 0, 0, 65, 0, 0, 0}
	code, out, _ = runGdvar(ev, "inspect", "-engine", "2", "-")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "InputEvent(type 1, device 2, [1 65])")

	code, _, errOut := runGdvar(nil, "inspect", "-engine", "5", "-")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "want 4, 3, 3.2 or 2")
}
