package resource_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/resource"
)

// Godot 4.8 writes an Object's properties one a line (godotengine/godot
// #92102: "Object(Class,\n", each property then ",\n", the last "\n", then
// ")"), where 4.6 writes them on one line and a line break after ")". A
// file of 4.8's form reads as the same values as 4.6's, which gdvar writes
// in 4.6's form, as no 4.8 engine can confirm the other here.
func TestObjectOnLines(t *testing.T) {
	const head = "[gd_resource type=\"Resource\" format=3]\n\n[resource]\n"
	const props46 = "\"resource_local_to_scene\":false,\"resource_name\":\"\",\"device\":-1,\"keycode\":4194309,\"script\":null"
	const props48 = "\n\"resource_local_to_scene\":false,\n\"resource_name\":\"\",\n\"device\":-1,\n\"keycode\":4194309,\n\"script\":null\n"
	for _, c := range []struct{ name, godot46, godot48 string }{
		{"in an Array",
			head + "metadata/events = [Object(InputEventKey," + props46 + ")\n]\n",
			head + "metadata/events = [Object(InputEventKey," + props48 + ")]\n"},
		{"in a Dictionary",
			head + "metadata/events = {\n\"accept\": Object(InputEventKey," + props46 + ")\n\n}\n",
			head + "metadata/events = {\n\"accept\": Object(InputEventKey," + props48 + ")\n}\n"},
		{"a property's value",
			head + "metadata/event = Object(InputEventKey," + props46 + ")\n\n",
			head + "metadata/event = Object(InputEventKey," + props48 + ")\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, text := range []string{c.godot46, c.godot48} {
				f, err := resource.Read(bytes.NewReader([]byte(text)))
				require.NoError(t, err)
				got, err := f.AppendText(nil)
				require.NoError(t, err)
				assert.Equal(t, c.godot46, string(got))
			}
		})
	}
}
