package project

import (
	"fmt"
	"testing"

	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// csConfig is the var_to_str of the RPC config of a script of the
// project in dir, as gdvar rpc-config prints it.
func csConfig(t *testing.T, dir, res string) (string, error) {
	t.Helper()
	p, err := Open(dir)
	require.NoError(t, err)
	r, err := p.Resolve(res)
	if err != nil {
		return "", err
	}
	b, err := vartext.Marshal(RPCConfig(r.RPCs()))
	require.NoError(t, err)
	return string(b), nil
}

// A partial class's parts in other files are the script's too: the
// engine reflects on the type, which the compiler makes of every part.
func TestCSharpPartialParts(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"net/Net.cs":       "namespace Shared;\nusing Godot;\npublic partial class Net : Node\n{\n\t[Export] public int B;\n\t[Rpc] void Hello() {}\n}\n",
		"net/NetState.cs":  "namespace Shared;\npublic partial class Net\n{\n\t[Rpc(MultiplayerApi.RpcMode.AnyPeer)] void State() {}\n}\n",
		"a/Net.Extra.cs":   "namespace Shared { [Godot.GlobalClass] partial class Net { [Export] public int A; } }\n",
		"other/Net.cs.txt": "not C#",
		"Other.cs":         "namespace Elsewhere;\npartial class Net {}\n",
	})
	p, err := Open(dir)
	require.NoError(t, err)
	s, err := p.Script("res://net/Net.cs")
	require.NoError(t, err)
	assert.Equal(t, []string{"res://a/Net.Extra.cs", "res://net/Net.cs", "res://net/NetState.cs"}, s.CSharp.Files)
	assert.True(t, s.CSharp.Global)
	var props []string
	for _, prop := range s.Properties {
		props = append(props, prop.Name)
	}
	assert.Equal(t, []string{"A", "B"}, props, "by the files' paths, then lines (ScriptPropertiesGenerator)")
	got, err := csConfig(t, dir, "res://net/Net.cs")
	require.NoError(t, err)
	assert.Equal(t, "{\n"+rpcEntry("Hello", 2, 2, 0, false)+",\n"+rpcEntry("State", 1, 2, 0, false)+"\n}", got)

	classes, err := p.Classes()
	require.NoError(t, err)
	assert.NotContains(t, classes, "Net", "[GlobalClass] on another part is not registered")

	_, err = p.Script("res://net/NetState.cs")
	assert.EqualError(t, err, "res://net/NetState.cs: Cannot instantiate C# script because the associated class could not be found: "+
		"the file declares no class NetState (a script's class is the one named after its file exactly; it's case-sensitive). "+
		"Its class Shared.Net is a part of the script res://net/Net.cs.")
}

// A class's bases: a class of the project, in its namespace or one a
// using directive imports, or an engine class by its C# name. The
// engine lists the [Rpc] methods of the most derived class first; a
// name met again is passed, so an override without [Rpc] keeps its
// base's (UpdateScriptClassInfo).
func TestCSharpBases(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"Base.cs": "namespace Lib.Units;\nusing Godot;\npublic abstract partial class Base : HttpRequest\n{\n" +
			"\t[Rpc] public virtual void Kept() {}\n\t[Rpc] public virtual void Replaced() {}\n\t[Export] public int BaseField;\n}\n",
		"Player.cs": "using Godot;\nusing Lib.Units;\n[GlobalClass]\npublic partial class Player : Base\n{\n" +
			"\tpublic override void Kept() {}\n\t[Rpc(MultiplayerApi.RpcMode.AnyPeer)] public override void Replaced() {}\n\t[Export] public int Own;\n}\n",
		"Object.cs": "partial class Object : GodotObject {}\n",
	})
	p, err := Open(dir)
	require.NoError(t, err)
	r, err := p.Resolve("res://Player.cs")
	require.NoError(t, err)
	assert.Equal(t, "HTTPRequest", r.Native)
	require.Len(t, r.Chain, 2)
	assert.Equal(t, "res://Base.cs", r.Chain[1].Script.Path)
	assert.Equal(t, []NamedRPC{{Name: "Replaced", RPC: RPC{Mode: mode.AnyPeer, Transfer: mode.Reliable, given: givenCallLocal | givenTransfer | givenChannel | csharpRPC}},
		{Name: "Kept", RPC: RPC{Mode: mode.Authority, Transfer: mode.Reliable, given: givenCallLocal | givenTransfer | givenChannel | csharpRPC}}}, bareRPCs(r.RPCs()))
	var props []string
	for _, prop := range r.Properties() {
		props = append(props, prop.Name)
	}
	assert.Equal(t, []string{"Own", "BaseField"}, props)

	rpcs, err := p.RPCs("res://Player.cs")
	require.NoError(t, err)
	assert.Equal(t, r.RPCs(), rpcs)

	native, err := p.native("res://Object.cs")
	require.NoError(t, err)
	assert.Equal(t, "Object", native, "GodotObject is Object")

	classes, err := p.Classes()
	require.NoError(t, err)
	assert.Equal(t, "res://Player.cs", classes["Player"])
	assert.NotContains(t, classes, "Base")
}

// The engine classes a C# class may derive from are those of the
// project's version (config/features), by their C# names.
func TestCSharpEngineVersion(t *testing.T) {
	for _, tt := range []struct{ features, err string }{
		{`PackedStringArray("4.7", "C#", "Forward Plus")`, ""},
		{`PackedStringArray("4.6", "C#")`, "the base class AreaLight3D is neither a class of the project nor an engine class"},
	} {
		dir := writeProject(t, map[string]string{
			"project.godot": "config_version=5\n[application]\nconfig/features=" + tt.features + "\n",
			"Lamp.cs":       "using Godot;\npublic partial class Lamp : AreaLight3D {}\n",
		})
		p, err := Open(dir)
		require.NoError(t, err)
		r, err := p.Resolve("res://Lamp.cs")
		if tt.err != "" {
			assert.ErrorContains(t, err, tt.err)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, "AreaLight3D", r.Native)
	}
}

// What makes a C# class no script of the engine, or a build fail.
func TestCSharpBasesRefused(t *testing.T) {
	tests := []struct {
		name, src, msg string
		unsupported    bool
	}{
		{"no base", "partial class A {}", "res://A.cs:1: Cannot instantiate C# script because the associated class could not be found: class A does not derive from GodotObject.", false},
		{"an interface first", "partial class A : IThing {}\ninterface IThing {}", "class A does not derive from GodotObject", false},
		{"GD0401: [GlobalClass] not deriving from GodotObject", "[GlobalClass]\npartial class A {}", "res://A.cs:2: GD0401: The class 'A' must derive from GodotObject or a derived class", false},
		{"a base deriving from nothing", "partial class A : B {}\nclass B {}", "res://A.cs:2: Cannot instantiate C# script because the associated class could not be found: class B does not derive from GodotObject.", false},
		{"GD0001: not partial", "namespace N;\npublic class A :\n Node {}", "res://A.cs:2: GD0001: Missing partial modifier on declaration of type 'N.A' that derives from 'Godot.GodotObject'", false},
		{"CS0709: a static class", "partial class A : Input {}", "CS0709: 'A': cannot derive from static class 'Input'", false},
		{"a package's class", "using Chickensoft;\npartial class A : AutoBlock<int> {}", "res://A.cs:2: not read: the base class AutoBlock<int> is neither a class of the project nor an engine class (a package's class?)", true},
		{"GD0402: a generic [GlobalClass]", "[GlobalClass] partial class A<T> : Node {}", "GD0402: The class 'A' must not be generic", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Open(writeProject(t, map[string]string{"A.cs": tt.src}))
			require.NoError(t, err)
			_, err = p.Resolve("res://A.cs")
			var se *ScriptError
			require.ErrorAs(t, err, &se)
			assert.Contains(t, se.Error(), tt.msg)
			assert.Equal(t, tt.unsupported, se.Unsupported)
		})
	}
}

// A GDScript cannot extend a C# script, by path or by its global class:
// the engine parses it as GDScript.
func TestCSharpNotAGDScriptBase(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"Cs.cs":   "[GlobalClass] public partial class Cs : Node {}\n",
		"path.gd": "extends \"res://Cs.cs\"\n",
		"name.gd": "extends Cs\n",
	})
	p, err := Open(dir)
	require.NoError(t, err)
	_, err = p.Resolve("res://path.gd")
	assert.EqualError(t, err, `res://path.gd:1: Could not resolve super class inheritance from "res://Cs.cs".`)
	_, err = p.Resolve("res://name.gd")
	assert.EqualError(t, err, `res://name.gd:1: Could not resolve super class inheritance from "res://Cs.cs".`)
}

// A scene's node takes a C# script as it takes a GDScript: the engine
// class the script derives from must be the node's or one of its bases.
func TestCSharpTree(t *testing.T) {
	scene := "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://Mover.cs\" id=\"1\"]\n\n" +
		"[node name=\"Root\" type=\"%s\"]\nscript = ExtResource(\"1\")\n"
	dir := writeProject(t, map[string]string{
		"Mover.cs":   "using Godot;\nnamespace Game;\npublic partial class Mover : CharacterBody3D\n{\n\t[Rpc(MultiplayerApi.RpcMode.AnyPeer)] void Move() {}\n}\n",
		"good.tscn":  fmt.Sprintf(scene, "CharacterBody3D"),
		"wrong.tscn": fmt.Sprintf(scene, "Node2D"),
	})
	p, err := Open(dir)
	require.NoError(t, err)
	nodes, err := p.Tree("res://good.tscn")
	require.NoError(t, err)
	require.Len(t, nodes, 1)
	assert.Equal(t, "res://Mover.cs", nodes[0].Script)
	_, err = p.Tree("res://wrong.tscn")
	assert.EqualError(t, err, "res://wrong.tscn: node .: script res://Mover.cs: Script inherits from native type 'CharacterBody3D', so it can't be assigned to an object of type 'Node2D'.")
}
