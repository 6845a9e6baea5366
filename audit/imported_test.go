package audit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
)

// A project with files the editor imports and no .godot/imported is said
// to need importing; one imported, or with nothing to import, is not.
func TestNotImported(t *testing.T) {
	for _, c := range []struct {
		name  string
		files []string
		want  bool
	}{
		{"a fresh clone", []string{"icon.svg", "icon.svg.import"}, true},
		{"imported", []string{"icon.svg", "icon.svg.import", ".godot/imported/icon.svg-1.ctex"}, false},
		{"nothing to import", []string{"main.gd"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			files := append([]string{"project.godot"}, c.files...)
			for _, f := range files {
				require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte("config_version=5\n"), 0o644))
			}
			p, err := project.Open(dir)
			require.NoError(t, err)
			why := notImported(p)
			assert.Equal(t, c.want, why != "", why)
			if c.want {
				assert.Contains(t, why, "--import")
			}
		})
	}
}
