package temps

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Replacement leaves its target as it was until Commit, which puts the
// new bytes there with the target's permissions (0644 for a new one);
// Drop leaves the target as it was; either way the folder holds nothing
// else after.
func TestReplacement(t *testing.T) {
	tests := []struct {
		name   string
		before []byte      // the target's bytes; nil: no target
		mode   fs.FileMode // the target's permissions
		commit bool
		want   []byte // the target's bytes after; nil: none
		mode2  fs.FileMode
	}{
		{name: "new file committed", commit: true, want: []byte("new"), mode2: 0o644},
		{name: "kept mode", before: []byte("old"), mode: 0o600, commit: true, want: []byte("new"), mode2: 0o600},
		{name: "dropped", before: []byte("old"), mode: 0o640, want: []byte("old"), mode2: 0o640},
		{name: "new file dropped"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, "save.dat")
			if tt.before != nil {
				require.NoError(t, os.WriteFile(target, tt.before, tt.mode))
				require.NoError(t, os.Chmod(target, tt.mode))
			}
			r, err := Replace(target)
			require.NoError(t, err)
			_, err = r.Write([]byte("new"))
			require.NoError(t, err)
			if runtime.GOOS == "linux" { // unnamed until its rename: a SIGKILL leaves nothing
				entries, err := os.ReadDir(dir)
				require.NoError(t, err)
				wantEntries := 0 // the target only, if there is one
				if tt.before != nil {
					wantEntries = 1
				}
				assert.Len(t, entries, wantEntries, "the folder while writing")
			}
			if tt.commit {
				require.NoError(t, r.Commit())
			} else {
				r.Drop()
			}
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			if tt.want == nil {
				assert.Empty(t, entries)
				return
			}
			require.Len(t, entries, 1)
			got, err := os.ReadFile(target)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			st, err := os.Stat(target)
			require.NoError(t, err)
			assert.Equal(t, tt.mode2, st.Mode().Perm())
		})
	}
}
