package fromproject

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A scene that lists a synchronizer after another one's sibling's
// children: the spawn numbers them in tree order, depth first, as the
// engine does, not in the file's.
func TestReadTreeOrder(t *testing.T) {
	d, err := read(writeProject(t, map[string]string{"a.tscn": `[gd_scene format=3]

[node name="A" type="Node2D"]

[node name="Parts" type="Node" parent="."]

[node name="First" type="MultiplayerSynchronizer" parent="Parts"]
root_path = NodePath("../..")

[node name="Third" type="MultiplayerSynchronizer" parent="."]
root_path = NodePath("..")

[node name="Second" type="MultiplayerSynchronizer" parent="Parts"]
root_path = NodePath("../..")

[node name="More" type="Node" parent="Parts"]

[node name="Fourth" type="MultiplayerSynchronizer" parent="."]
root_path = NodePath("..")
`}), "res://main.tscn")
	require.NoError(t, err)
	require.Len(t, d.spawners, 1)
	var paths []string
	for _, sy := range d.spawners[0].cfg.Scenes[1].Synchronizers {
		paths = append(paths, sy.Path)
	}
	assert.Equal(t, []string{"Parts/First", "Parts/Second", "Third", "Fourth"}, paths)
}
