package vartext

import (
	"testing"

	"github.com/gdvar/gdvar/internal/golden"
	"github.com/stretchr/testify/require"
)

// Any text either fails with an error or parses into a value that prints,
// and whose printing parses again.
func FuzzUnmarshal(f *testing.F) {
	golden.AddSeeds(f, 4096, func(v golden.Vector, _ string) {
		if v.Text != "" {
			f.Add([]byte(v.Text))
		}
	})
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
