package godot

import (
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// FileHashes returns the hash of each file under a project's folder dir
// but the engine's own cache (.godot, which a running engine keeps), by
// its path: what a test compares to find a run changed none.
func FileHashes(t testing.TB, dir string) map[string][32]byte {
	out := map[string][32]byte{}
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() && rel == ".godot" {
			return filepath.SkipDir
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = sha256.Sum256(b)
		return nil
	}))
	require.NotEmpty(t, out)
	return out
}
