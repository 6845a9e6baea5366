package main

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// namedInput is an input of a test, and its name.
type namedInput struct {
	name  string
	bytes []byte
}

// cutFrames returns the inputs of a verdict file (lines "NAME PLAIN
// OBJECTS HEX", as scripts/golden/judge4.gd writes them) that the engine
// rejects (PLAIN 0) and that are stream frames cut short: a u32 length L,
// then fewer than L bytes.
func cutFrames(t *testing.T, path string) []namedInput {
	var out []namedInput
	for _, fields := range clitest.FieldLines(t, path) {
		if len(fields) < 4 || fields[1] != "0" {
			continue
		}
		b, err := hex.DecodeString(fields[3])
		require.NoError(t, err)
		if len(b) >= 4 && int64(binary.LittleEndian.Uint32(b)) > int64(len(b)-4) {
			out = append(out, namedInput{fields[0], b})
		}
	}
	return out
}

// Godot 4.6's bytes_to_var rejects every input here, and none is a whole
// stream frame: validate calls none valid, by default or with -framing
// stream, and with -framing stream says how much the frame declares and
// holds. Before: of scripts/gen-framing-cut.sh's 1448 cut frames, 670 were
// "valid" both ways (a frame declaring 12 bytes and holding a bool's 8
// gave "8 bytes: valid bool"); of the golden malformed inputs' 1569, 200
// by default and 201 with -framing stream. After: none.
func TestValidateCutFrames(t *testing.T) {
	for _, path := range []string{
		filepath.Join(framingDir, "cut", "godot4.txt"),
		golden.Path("malformed", "godot4.txt"),
	} {
		inputs := cutFrames(t, path)
		require.NotEmpty(t, inputs, path)
		valid := map[string]int{}
		for _, in := range inputs {
			name, b := in.name, in.bytes
			for _, framing := range []string{"auto", "stream"} {
				code, out, errOut := runGdvar(b, "validate", "-framing", framing, "-")
				if !assert.NotEqual(t, 0, code, "%s, -framing %s: %s", name, framing, out) {
					valid[framing]++
				}
				assert.NotContains(t, out, "valid", "%s, -framing %s", name, framing)
				declared := int64(binary.LittleEndian.Uint32(b))
				if framing == "stream" && declared <= gdvar.DefaultMaxValueBytes {
					want := fmt.Sprintf("the frame at offset 0 declares %d bytes and holds %d: the input ends inside it", declared, len(b)-4)
					assert.Contains(t, errOut, want, name)
				}
			}
		}
		t.Logf("%s: %d cut frames, called valid: %d by default, %d with -framing stream", path, len(inputs), valid["auto"], valid["stream"])
	}
}
