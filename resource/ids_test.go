package resource

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The ids Godot 4.6 gave resources saved to these paths, in order.
func TestSceneIDs(t *testing.T) {
	for _, tt := range []struct {
		path string
		ids  []string
	}{
		{"res://out/min.res", []string{"oyuc7"}},
		{"res://out/script.res", []string{"jkgnk", "gujrv", "xd7y2", "5qtd4", "rpqbw", "8xopq", "vox22"}},
		{"res://custom.tres", []string{"nu8qh", "pwtt3", "ohxyc", "8pf04", "xswyp", "j0ads", "j4mym", "gavb6", "8myj8"}},
		{"res://out/héllo☃.res", []string{"1k8mb"}},
	} {
		g := newSceneIDs(tt.path)
		var got []string
		for range tt.ids {
			got = append(got, g.next())
		}
		assert.Equal(t, tt.ids, got, tt.path)
	}
}
