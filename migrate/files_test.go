package migrate

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tres3 reads a Godot 3 text resource.
func tres3(t *testing.T, text string) *resource.File {
	f, err := resource.Read(strings.NewReader(text))
	require.NoError(t, err)
	return f
}

func TestResource(t *testing.T) {
	f := tres3(t, `[gd_resource type="Resource" load_steps=3 format=2]

[ext_resource path="res://icon.png" type="Texture" id=1]

[sub_resource type="InputEventKey" id=1]
control = true
scancode = 16777217

[resource]
resource_name = "keys"
__meta__ = {
"binding": SubResource( 1 ),
"icon": ExtResource( 1 ),
"rotation": Quat( 0, 0, 0, 1 )
}
`)
	g, err := Resource(f)
	require.NoError(t, err)
	text, err := g.AppendText(nil)
	require.NoError(t, err)
	assert.Equal(t, `[gd_resource type="Resource" format=3]

[ext_resource type="Texture2D" path="res://icon.png" id="1"]

[sub_resource type="InputEventKey" id="1"]
ctrl_pressed = true
keycode = 4194305

[resource]
resource_name = "keys"
metadata/binding = SubResource("1")
metadata/icon = ExtResource("1")
metadata/rotation = Quaternion(0, 0, 0, 1)
`, string(text))
	assert.Equal(t, resource.Text, f.Form())
}

func TestResourceErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       string
	}{
		{"a scene", "[gd_scene format=2]\n\n[node name=\"a\" type=\"Spatial\"]\n", ErrScene.Error()},
		{"Godot 4's", "[gd_resource type=\"Resource\" format=3]\n\n[resource]\n", ErrNotGodot3.Error()},
		{"metadata that is no Dictionary", "[gd_resource type=\"Resource\" format=2]\n\n[resource]\n__meta__ = 1\n", "not a Dictionary"},
		{"a metadata name Godot 4 refuses", "[gd_resource type=\"Resource\" format=2]\n\n[resource]\n__meta__ = {\n\"my key\": 1\n}\n", `metadata "my key"`},
		{"a metadata name that is no String", "[gd_resource type=\"Resource\" format=2]\n\n[resource]\n__meta__ = {\n1: 1\n}\n", `metadata "1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Resource(tres3(t, tc.text))
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestResourceMissing(t *testing.T) {
	f, err := resource.NewFile("Resource", resource.WithText(vartext.WithDialect(vartext.Godot3)))
	require.NoError(t, err)
	f.Main = nil
	_, err = Resource(f)
	assert.ErrorContains(t, err, "missing")
}

func TestConfigFile(t *testing.T) {
	f, err := configfile.Read(strings.NewReader("[input]\n\njump=Object(InputEventKey,\"scancode\":32,\"shift\":true,\"script\":null)\n\n[state]\n\npos=Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0, 0 )\nfar=inf_neg\nseen=PoolIntArray( 1, 2 )\n"), configfile.WithText(vartext.WithDialect(vartext.Godot3)))
	require.NoError(t, err)
	g, err := ConfigFile(f)
	require.NoError(t, err)
	text, err := g.Bytes()
	require.NoError(t, err)
	assert.Equal(t, `[input]

jump=Object(InputEventKey,"keycode":32,"shift_pressed":true,"script":null)


[state]

pos=Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0, 0)
far=inf_neg
seen=PackedInt32Array(1, 2)
`, string(text))
	_, err = ConfigFile(g)
	assert.ErrorIs(t, err, ErrNotGodot3)
	var b bytes.Buffer
	_, err = g.WriteTo(&b)
	require.NoError(t, err)
}

// TestTextFloatsReadBack checks that a float Godot 4 would print in digits
// it reads one unit off (Godot 3 read -5.75179e+32 as the float after the
// nearest) is migrated into digits read as what Godot 3 read, in a
// ConfigFile and in a text resource.
func TestTextFloatsReadBack(t *testing.T) {
	const g3 = "-5.75179e+32"
	f, err := configfile.Read(strings.NewReader("[s]\n\nk="+g3+"\nl=[ "+g3+", 1.0 ]\n"), configfile.WithText(vartext.WithDialect(vartext.Godot3)))
	require.NoError(t, err)
	want, _ := f.Get("s", "k")
	g, err := ConfigFile(f)
	require.NoError(t, err)
	text, err := g.Bytes()
	require.NoError(t, err)
	assert.Equal(t, "[s]\n\nk="+g3+"\nl=["+g3+", 1.0]\n", string(text))
	back, err := configfile.Read(bytes.NewReader(text))
	require.NoError(t, err)
	got, _ := back.Get("s", "k")
	assert.Equal(t, math.Float64bits(want.(float64)), math.Float64bits(got.(float64)), "Godot 4 reads what Godot 3 read")

	r, err := Resource(tres3(t, "[gd_resource type=\"Resource\" format=2]\n\n[resource]\nx = "+g3+"\n"))
	require.NoError(t, err)
	tres, err := r.AppendText(nil)
	require.NoError(t, err)
	assert.Contains(t, string(tres), "x = "+g3+"\n")
}

// markedTexts are Godot 3 texts of strings and NodePaths with byte order
// marks and other invisible characters, each with the text migration
// makes of it.
var markedTexts = []struct{ name, g3, want string }{
	{"a name of a mark", `NodePath("` + bom + bom + `")`, `NodePath("` + bom + bom + `")`},
	{"a name of two", `NodePath("` + bom + bom + bom + `")`, `NodePath("` + bom + bom + bom + `")`},
	{"a marked name", `NodePath("` + bom + bom + `a")`, `NodePath("` + bom + bom + `a")`},
	{"then a name", `NodePath("` + bom + bom + `/a")`, `NodePath("` + bom + bom + `/a")`},
	{"then a subname", `NodePath("` + bom + bom + `:a")`, `NodePath("` + bom + bom + `:a")`},
	{"then a marked subname", `NodePath("` + bom + bom + "a:" + bom + `b")`, `NodePath("` + bom + bom + "a:" + bom + `b")`},
	{"then a space", `NodePath("` + bom + bom + ` ")`, `NodePath("` + bom + bom + ` ")`},
	{"one mark: empty", `NodePath("` + bom + `")`, `NodePath("")`},
	{"one mark: absolute", `NodePath("` + bom + `/a")`, `NodePath("/a")`},
	{"one mark: subnames", `NodePath("` + bom + `:a")`, `NodePath(":a")`},
	{"absolute", `NodePath("/` + bom + bom + `")`, `NodePath("/` + bom + bom + `")`},
	{"a later name", `NodePath("a/` + bom + `")`, `NodePath("a/` + bom + `")`},
	{"a subname", `NodePath(":` + bom + `")`, `NodePath(":` + bom + `")`},
	{"space", `NodePath(" ` + bom + `")`, `NodePath(" ` + bom + `")`},
	{"tab", `NodePath("\t")`, `NodePath("\t")`},
	{"invisible", "NodePath(\"\u200b\u00a0\ufffe\")", "NodePath(\"\u200b\u00a0\ufffe\")"},
	{"keys", `{ NodePath("` + bom + bom + `a"): 1, NodePath("a"): 2 }`, "{\nNodePath(\"" + bom + bom + "a\"): 1,\nNodePath(\"a\"): 2\n}"},
	{"later keys", `{ NodePath("a/` + bom + `b"): 1, NodePath("a/b"): 2 }`, "{\nNodePath(\"a/" + bom + "b\"): 1,\nNodePath(\"a/b\"): 2\n}"},
	{"a marked string", `"` + bom + bom + `a"`, `"` + bom + bom + `a"`},
	{"a string of a mark", `"` + bom + bom + `"`, `"` + bom + bom + `"`},
	{"a string of two", `"` + bom + bom + bom + `"`, `"` + bom + bom + bom + `"`},
	{"one mark: a string", `"` + bom + `a"`, `"a"`},
	{"a later mark", `"a` + bom + `"`, `"a` + bom + `"`},
	{"in an array", `[ "` + bom + bom + `a", "` + bom + `b" ]`, `["` + bom + bom + `a", "b"]`},
	{"string keys", `{ "a": 1, "` + bom + bom + `a": 2 }`, "{\n\"a\": 1,\n\"" + bom + bom + "a\": 2\n}"},
	{"pooled", `PoolStringArray( "` + bom + bom + `a", "` + bom + `b" )`, `PackedStringArray("` + bom + bom + `a", "b")`},
}

const bom = "\ufeff"

// TestMarkedTextReadBack checks that the strings and NodePaths Godot 3
// read from its text are migrated into text Godot 4 reads as the same.
// Both engines' readers drop a byte order mark that starts a string, the
// text of a NodePath too, and keep other marks and invisible characters:
// Godot 3 read the first path (GDVAR_MIGRATE_SEED=832667688 made it) as the
// relative path of one name "\uFEFF", which Godot 4 writes as
// NodePath("\uFEFF") and reads as the empty path. Each want is what Godot
// 4.6 read as Godot 3.6 and 3.2.3 read the Godot 3 text
// (TestLiveMarkedText).
func TestMarkedTextReadBack(t *testing.T) {
	for _, c := range markedTexts {
		f, err := configfile.Read(strings.NewReader("[s]\n\nk="+c.g3+"\n"), configfile.WithText(vartext.WithDialect(vartext.Godot3)))
		require.NoError(t, err, c.name)
		want, _ := f.Get("s", "k")
		g, err := ConfigFile(f)
		require.NoError(t, err, c.name)
		text, err := g.Bytes()
		require.NoError(t, err, c.name)
		assert.Equal(t, "[s]\n\nk="+c.want+"\n", string(text), c.name)
		back, err := configfile.Read(bytes.NewReader(text))
		require.NoError(t, err, c.name)
		got, _ := back.Get("s", "k")
		assert.Equal(t, want, got, "%s: Godot 4 reads what Godot 3 read", c.name)

		r, err := Resource(tres3(t, "[gd_resource type=\"Resource\" format=2]\n\n[resource]\nx = "+c.g3+"\n"))
		require.NoError(t, err, c.name)
		tres, err := r.AppendText(nil)
		require.NoError(t, err, c.name)
		assert.Contains(t, string(tres), "x = "+c.want+"\n", c.name)
	}
}
