package migrate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// genRoot is where scripts/gen-migrate.sh has the engines write the cases
// of testdata: their resources refer to each other by paths in it, from
// which gdvar draws IDs.
const genRoot = "/tmp/gdvar-migrate"

// TestEngineFiles migrates the cases in testdata, which Godot 3.6 and 3.2
// wrote, and checks that gdvar writes what Godot 4.6 read as Godot 3 did
// when the cases were made (testdata/godotV/g4: gdvar's files then, and
// FILE.got.txt, what Godot 4.6 read of each).
func TestEngineFiles(t *testing.T) {
	for _, e := range engines3 {
		t.Run(e.name, func(t *testing.T) {
			dir := filepath.Join("testdata", e.name)
			files := readIndex(t, dir)
			migrated := map[string][]byte{}
			for _, c := range files {
				src, err := os.ReadFile(filepath.Join(dir, c.name))
				require.NoError(t, err)
				m, err := migrateCase(src, c, filepath.Join(genRoot, e.name), e.dialect)
				require.NoError(t, err, c.name)
				judged, err := os.ReadFile(filepath.Join(dir, "g4", c.name))
				require.NoError(t, err)
				assertSameBytes(t, judged, m, c.name)
				migrated[c.name] = m
			}
			checkVerdicts(t, dir, files, migrated)
		})
	}
}

// assertSameBytes compares files without printing them whole.
func assertSameBytes(t *testing.T, want, got []byte, name string) {
	t.Helper()
	if string(want) == string(got) {
		return
	}
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	assert.Fail(t, "gdvar migrates "+name+" otherwise than when Godot 4.6 read it", "first difference at byte %d (%d bytes, then %d)", i, len(got), len(want))
}

// keep copies the cases to testdata: Godot 3's files, what each engine read
// of them, Godot 4's saves, and gdvar's migrations (in g4/).
func keep(t *testing.T, dir, name string, files []caseFile, sources, migrated map[string][]byte) {
	dst := filepath.Join("testdata", name)
	require.NoError(t, os.RemoveAll(dst))
	require.NoError(t, os.MkdirAll(filepath.Join(dst, "g4"), 0o755))
	for _, f := range []string{"index.txt", "values.resave.sav", "settings.resave.cfg"} {
		require.NoError(t, copyFile(filepath.Join(dst, f), filepath.Join(dir, f)))
	}
	for _, c := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dst, c.name), sources[c.name], 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dst, "g4", c.name), migrated[c.name], 0o644))
		for _, s := range []string{".want.txt", ".got.txt"} {
			require.NoError(t, copyFile(filepath.Join(dst, c.name+s), filepath.Join(dir, c.name+s)))
		}
	}
}
