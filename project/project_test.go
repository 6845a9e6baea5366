package project

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeProject writes files (path → content) into a new project folder.
func writeProject(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if _, ok := files["project.godot"]; !ok {
		files["project.godot"] = "config_version=5\n"
	}
	for name, src := range files {
		name = filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
		require.NoError(t, os.WriteFile(name, []byte(src), 0o644))
	}
	return dir
}

func TestFindAndPaths(t *testing.T) {
	dir := writeProject(t, map[string]string{"a/b/c.gd": "extends Node\n", "a/b/c.gd.uid": "uid://abc123\n",
		"s.tscn": "[gd_scene format=3 uid=\"uid://scene9\"]\n", "i.png.import": "[remap]\nuid=\"uid://img7\"\n"})
	p, err := Find(filepath.Join(dir, "a", "b"))
	require.NoError(t, err)
	assert.Equal(t, dir, p.Dir)
	res, err := p.ResPath(filepath.Join(dir, "a", "b", "c.gd"))
	require.NoError(t, err)
	assert.Equal(t, "res://a/b/c.gd", res)
	_, err = p.ResPath(filepath.Dir(dir))
	assert.Error(t, err)
	for in, want := range map[string]string{"res://a/b/c.gd": "a/b/c.gd", "uid://abc123": "a/b/c.gd", "uid://scene9": "s.tscn", "uid://img7": "i.png", "res://a/../s.tscn": "s.tscn"} {
		got, err := p.File(in)
		require.NoError(t, err, in)
		assert.Equal(t, filepath.Join(dir, filepath.FromSlash(want)), got, in)
	}
	for _, bad := range []string{"res://../x.gd", "res://a/../../x", "uid://none", "user://x.gd"} {
		_, err := p.File(bad)
		assert.Error(t, err, bad)
	}
	_, err = Find(filepath.Dir(dir))
	assert.ErrorIs(t, err, ErrNoProject)
	_, err = Open(filepath.Join(dir, "a"))
	assert.ErrorIs(t, err, ErrNoProject)
}

func TestClasses(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"z.gd":                 "class_name Dup\n",
		"b/dup.gd":             "class_name Dup\nfunc broken(:\n", // a subfolder comes first; a broken body still registers
		"B2/x.gd":              "class_name X\n",
		".hidden/h.gd":         "class_name Hidden\n",
		"ignored/.gdignore":    "",
		"ignored/i.gd":         "class_name Ignored\n",
		"nested/project.godot": "",
		"nested/n.gd":          "class_name Nested\n",
		"y.gd":                 "extends Node\nclass_name Y\n",
	})
	p, err := Open(dir)
	require.NoError(t, err)
	classes, err := p.Classes()
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"Dup": "res://z.gd", "X": "res://B2/x.gd", "Y": "res://y.gd"}, classes)
}

func TestWalkLimits(t *testing.T) {
	files := map[string]string{}
	for i := range 20 {
		files["f/"+strings.Repeat("d", i+1)+".gd"] = ""
	}
	deep := strings.Repeat("d/", 12) + "x.gd"
	files[deep] = ""
	dir := writeProject(t, files)
	p, err := Open(dir, WithLimits(Limits{MaxFiles: 10}))
	require.NoError(t, err)
	_, err = p.Classes()
	assert.ErrorIs(t, err, ErrTooManyFiles)
	p, err = Open(dir, WithLimits(Limits{MaxDepth: 8}))
	require.NoError(t, err)
	_, err = p.Classes()
	assert.ErrorIs(t, err, ErrTooDeep)

	require.NoError(t, os.Symlink(dir, filepath.Join(dir, "loop"))) // not followed
	p, err = Open(dir)
	require.NoError(t, err)
	_, err = p.Classes()
	assert.NoError(t, err)
	big := filepath.Join(dir, "big.gd")
	require.NoError(t, os.WriteFile(big, make([]byte, 100), 0o644))
	p, err = Open(dir, WithLimits(Limits{MaxFileBytes: 50}))
	require.NoError(t, err)
	_, err = p.Classes() // a file too large fails alone
	assert.NoError(t, err)
	_, err = p.Script("res://big.gd")
	assert.ErrorIs(t, err, ErrTooLarge)
}

// The configs are what Godot 4.6.3 prints (see TestLiveRPCConfig).
func TestResolve(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"base.gd": "class_name Base\nextends Node\n@export var hp: int\n@rpc(\"any_peer\") func a(): pass\n@rpc func b(): pass\n" +
			"class Inner extends Node:\n\t@rpc(\"unreliable\") func i(): pass\n",
		"sub/mid.gd":   "extends Base\nvar speed: float\nfunc a(): pass\n@rpc(\"call_local\") func b(): pass\n@rpc func c(): pass\n",
		"sub/leaf.gd":  "extends \"mid.gd\"\n@export_storage var items: Array[Resource]\n@rpc func d(): pass\nclass In extends \"../base.gd\".Inner:\n\t@rpc func j(): pass\n",
		"native.gd":    "extends Node2D\n@rpc func n(): pass\n",
		"none.gd":      "@rpc func n(): pass\n",
		"cycle1.gd":    "extends \"cycle2.gd\"\n",
		"cycle2.gd":    "extends \"cycle1.gd\"\n",
		"missing.gd":   "extends Nowhere\n",
		"hides.gd":     "class_name Timer\nextends Node\n",
		"dup1.gd":      "class_name Twice\n",
		"dup2.gd":      "class_name Twice\n",
		"ondup.gd":     "extends \"dup1.gd\"\n@rpc func d(): pass\n",
		"badbase.gd":   "extends \"bad.gd\"\n",
		"bad.gd":       "extends Node\n@rpc(\"x\") func a(): pass\n",
		"innerbad.gd":  "extends Node\nclass I:\n\t@onready var x = 1\n",
		"okbase.gd":    "extends \"innerbad.gd\"\n@rpc func z(): pass\n",
		"singleton.gd": "extends Input\n",
	})
	p, err := Open(dir)
	require.NoError(t, err)
	config := func(path string, inner ...string) string {
		r, err := p.Resolve(path, inner...)
		require.NoError(t, err, path)
		if len(inner) == 0 {
			rpcs, err := p.RPCs(path)
			require.NoError(t, err, path)
			assert.Equal(t, r.RPCs(), rpcs, "Project.RPCs is Resolved.RPCs: %s", path)
		}
		b, err := vartext.Marshal(RPCConfig(r.RPCs()))
		require.NoError(t, err)
		return string(b)
	}
	assert.Equal(t, "{\n&\"a\": {\n\"rpc_mode\": 1\n},\n&\"b\": {\n\"call_local\": true,\n\"rpc_mode\": 2\n},\n&\"c\": {\n\"rpc_mode\": 2\n},\n&\"d\": {\n\"rpc_mode\": 2\n}\n}", config("res://sub/leaf.gd"))
	assert.Equal(t, "{\n&\"i\": {\n\"rpc_mode\": 2,\n\"transfer_mode\": 0\n},\n&\"j\": {\n\"rpc_mode\": 2\n}\n}", config("res://sub/leaf.gd", "In"))
	assert.Equal(t, "{\n&\"z\": {\n\"rpc_mode\": 2\n}\n}", config("res://okbase.gd"))
	assert.Equal(t, "{\n&\"d\": {\n\"rpc_mode\": 2\n}\n}", config("res://ondup.gd"), "a base whose class_name another script has")

	r, err := p.Resolve("res://sub/leaf.gd")
	require.NoError(t, err)
	assert.Equal(t, "Node", r.Native)
	require.Len(t, r.Chain, 3)
	assert.Equal(t, "res://base.gd", r.Chain[2].Script.Path)
	var names []string
	for _, m := range r.RPCs() {
		names = append(names, m.Name)
	}
	assert.Equal(t, []string{"a", "b", "c", "d"}, names, "the engine's order: bases first, an override in its base's place")
	names = nil
	for _, v := range r.Properties() {
		names = append(names, v.Name)
	}
	assert.Equal(t, []string{"items", "speed", "hp"}, names)

	for path, native := range map[string]string{"res://native.gd": "Node2D", "res://none.gd": "RefCounted"} {
		r, err := p.Resolve(path)
		require.NoError(t, err)
		assert.Equal(t, native, r.Native)
	}
	for path, msg := range map[string]string{
		"res://cycle1.gd":    `Could not resolve super class inheritance from "res://cycle2.gd".`, // as Godot 4.6.3 says
		"res://missing.gd":   `Could not find base class "Nowhere".`,
		"res://hides.gd":     `Class "Timer" hides a native class.`,
		"res://dup1.gd":      `Class "Twice" hides a global script class.`,
		"res://badbase.gd":   `Could not resolve super class inheritance from "res://bad.gd".`,
		"res://innerbad.gd":  `"@onready" can only be used in classes that inherit "Node".`,
		"res://singleton.gd": `Cannot inherit native class "Input" because it is an engine singleton.`,
	} {
		_, err := p.Resolve(path)
		var se *ScriptError
		if assert.ErrorAs(t, err, &se, path) {
			assert.Equal(t, msg, se.Message, path)
		}
		_, rpcsErr := p.RPCs(path)
		assert.Equal(t, err, rpcsErr, path)
	}
	_, err = p.Resolve("res://base.gd", "Nope")
	assert.Error(t, err)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "sub", "leaf.gd.uid"), []byte("uid://leaf1\n"), 0o644))
	p, err = Open(dir)
	require.NoError(t, err)
	r, err = p.Resolve("uid://leaf1")
	require.NoError(t, err)
	assert.Equal(t, "res://sub/leaf.gd", r.Chain[0].Script.Path, "a uid:// path is read as its res:// path")
}

// As ScriptServer::add_global_class, the scan registers no class that
// would be its own base (verified on Godot 4.6.3: the cache then names
// the other script).
func TestClassesCyclic(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"c/s0.gd": "class_name K\nextends Node\n",
		"c/s1.gd": "extends K\nclass_name K\n",
		"c/s2.gd": "class_name L\nextends M\n",
		"c/s3.gd": "class_name M\nextends L\n",
	})
	p, err := Open(dir)
	require.NoError(t, err)
	classes, err := p.Classes()
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"K": "res://c/s0.gd", "L": "res://c/s2.gd"}, classes)
}
