package filter

import (
	"testing"

	"github.com/gdvar/gdvar/resource"
	"github.com/stretchr/testify/assert"
)

// The kinds of resource files, told from their first bytes.
func TestKindOfResource(t *testing.T) {
	for _, c := range []struct {
		head string
		want fileKind
	}{
		{"RSRC\x00\x00\x00\x00", kindBinaryResource},
		{"RSCC\x02\x00\x00\x00", kindBinaryResource},
		{"[gd_resource type=\"Resource\" format=3]\n", kindTextResource},
		{"; a comment\n\n[gd_scene format=3]\n", kindTextResource},
		{"[gd_resources]\nk=1\n", kindTextResource}, // read as a resource, which says what is wrong
		{"[settings]\nk=1\n", kindConfig},
	} {
		assert.Equal(t, c.want, kindOf([]byte(c.head)), "%q", c.head)
	}
	assert.True(t, resource.IsBinary([]byte("RSRC")))
}
