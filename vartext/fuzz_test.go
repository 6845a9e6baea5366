package vartext

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// Any text either fails with an error or parses into a value that prints,
// and whose printing parses again.
func FuzzUnmarshal(f *testing.F) {
	names, _ := filepath.Glob("../testdata/golden/godot4/*.txt")
	for _, name := range names {
		if b, err := os.ReadFile(name); err == nil && len(b) < 4096 {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		var v any
		if Unmarshal(text, &v) != nil {
			return
		}
		printed, err := Marshal(v)
		require.NoError(t, err)
		var again any
		require.NoError(t, Unmarshal(printed, &again), "%q printed as %q", text, printed)
	})
}
