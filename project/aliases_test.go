package project

import (
	"fmt"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file named by many paths (res://x1/../s.gd, res://x2/../s.gd, …, as a
// hostile resource's ext_resources may spell it, and as the engine's
// ResourceLoader simplifies them to one) is read once: each of 300 paths
// to a 64 KiB script or scene gives the one read, within hostile.Bound of
// the file and the paths. Before, each path read and parsed the file again
// (a script: 7 831 bytes allocated a byte).
func TestAliasedPathsReadOnce(t *testing.T) {
	script := ordinaryScript(64 << 10)
	scene := "[gd_scene format=3]\n\n[node name=\"Main\" type=\"Node\"]\n" + fmt.Sprintf("editor_description = %q\n", string(make([]byte, 64<<10)))
	p, err := Open(writeProject(t, map[string]string{"s.gd": string(script), "main.tscn": scene}))
	require.NoError(t, err)
	const aliases = 300
	paths := func(name string) []string {
		out := []string{"res://" + name, "res://./" + name}
		for i := range aliases {
			out = append(out, fmt.Sprintf("res://x%d/../%s", i, name))
		}
		return out
	}
	for _, tc := range []struct {
		name string
		size int
		read func(path string) (any, error)
	}{
		{"s.gd", len(script), func(path string) (any, error) { return p.Script(path) }},
		{"main.tscn", len(scene), func(path string) (any, error) { return p.Scene(path) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			all := paths(tc.name)
			first, err := tc.read(all[0])
			require.NoError(t, err)
			read := tc.size
			for _, path := range all {
				read += len(path)
			}
			hostile.Collect()
			alloc := hostile.Allocated(func() {
				for _, path := range all[1:] {
					got, err := tc.read(path)
					require.NoError(t, err)
					require.True(t, first == got, "%s read again", path)
				}
			})
			t.Logf("%d paths to %s: %d KiB allocated, %.1f bytes a byte", len(all), tc.name, alloc>>10, float64(alloc)/float64(read))
			assert.LessOrEqual(t, alloc, hostile.Bound(read))
		})
	}
}
