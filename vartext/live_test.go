package vartext

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Godot 4 writes object property names as they are, so a name holding a
// double quote makes text that its own str_to_var cannot read. gdvar
// escapes a backslash and a double quote in a name, as in a String: the
// engine reads that text back with the names it had, and for every other
// name the text is the engine's.
func TestLivePropertyNames(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	o := &gdvar.Object{Class: "RefCounted", Properties: []gdvar.Property{
		{Name: `a"b`, Value: int64(1)}, {Name: `c\d`, Value: int64(1)}, {Name: "plain", Value: int64(1)},
	}}
	text, err := Marshal(o)
	require.NoError(t, err)
	assert.Equal(t, "Object(RefCounted,\"a\\\"b\":1,\"c\\\\d\":1,\"plain\":1)\n", string(text))
	file := filepath.Join(t.TempDir(), "object.txt")
	require.NoError(t, os.WriteFile(file, text, 0o644))

	lines := map[string]string{}
	for _, line := range strings.Split(godot.RunScript(t, engine, "scripts/text/propnames4.gd", file), "\n") {
		if k, v, ok := strings.Cut(line, " "); ok {
			lines[k] = v
		}
	}
	assert.Contains(t, lines["ENGINE"], `\"a\"b\":1,\"c\\d\":1,\"plain\":1)`, "the engine writes names as they are")
	assert.Equal(t, "0", lines["REREAD"], "the engine's str_to_var does not read its own text back")
	assert.Equal(t, `a"b|c\d|plain`, lines["GDVAR"], "the engine reads gdvar's names back")
}
