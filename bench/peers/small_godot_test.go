package peers

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// smallEngineChecks is how many records of each shape Godot reads back.
const smallEngineChecks = 100

// gdvar's side of the small-message comparison is what Godot itself sends:
// Godot 4 reads gdvar's bytes of each shape's first records and writes
// them again with var_to_bytes (scripts/golden/check4.gd), byte for byte
// the same. It needs Godot 4 and skips without it.
func TestSmallGodotWritesTheSameBytes(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := t.TempDir()
	want := map[string]string{}
	for _, s := range smallShapesFor(t) {
		for i, b := range s.forms[0].encoded[:smallEngineChecks] {
			name := fmt.Sprintf("%s_%03d", s.name, i)
			require.NoError(t, os.WriteFile(filepath.Join(dir, name+".bin"), b, 0o644))
			want[name] = fmt.Sprintf("%s %d %s", name, len(b), hex.EncodeToString(b))
		}
	}
	out := godot.RunScript(t, engine, "scripts/golden/check4.gd", dir)
	got := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if name, _, ok := strings.Cut(line, " "); ok && want[name] != "" {
			got[name] = strings.TrimSpace(line)
		}
	}
	require.Len(t, got, len(want), "the engine printed:\n%s", out)
	for name, line := range want {
		require.Equal(t, line, got[name], name)
	}
}
