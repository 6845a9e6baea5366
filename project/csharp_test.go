package project

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The rules below are those of Godot's C# source generators and
// GodotSharp (modules/mono in the engine's repository), and of the C#
// compiler where a declaration does not build; no C#-enabled engine runs
// here to check them against.

// csParse reads src as the script res://<class>.cs alone.
func csParse(t *testing.T, class, src string) (*Script, error) {
	t.Helper()
	return ParseCSharp([]byte(src), "res://"+class+".cs")
}

// ScriptPathAttributeGenerator: a file's script class is the class, not
// nested in another type, named after the file, case and all; another
// class of that name in the same file is GD0003.
func TestCSharpScriptClass(t *testing.T) {
	tests := []struct{ name, src, namespace, base, err string }{
		{"named after the file, among others", "class Helper {}\npublic partial class Player : Node {}\nstruct Player2 {}",
			"", "Node", ""},
		{"file-scoped namespace", "namespace Game.Units;\nusing Godot;\npartial class Player : CharacterBody2D {}", "Game.Units", "CharacterBody2D", ""},
		{"block namespaces within one another", "namespace A { namespace B.C { partial class Player : Godot.Node2D {} } }", "A.B.C", "Godot.Node2D", ""},
		{"record class", "partial record Player : Node;", "", "Node", ""},
		{"a nested class is not the script's", "partial class Outer : Node { partial class Player : Node {} }", "", "",
			"res://Player.cs: Cannot instantiate C# script because the associated class could not be found: the file declares no class Player (a script's class is the one named after its file exactly; it's case-sensitive)."},
		{"case matters", "partial class player : Node {}", "", "", "declares no class Player"},
		{"a struct is not a class", "struct Player {}", "", "", "declares no class Player"},
		{"GD0003: one name in two namespaces", "namespace A { partial class Player : Node {} }\nnamespace B {\npartial class Player : Node {} }", "", "",
			"res://Player.cs:3: GD0003: Found multiple classes with the name 'Player' in the same script file"},
		{"one class in two parts of the file", "partial class Player : Node {}\npartial class Player {}", "", "Node", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := csParse(t, "Player", tt.src)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "Player", s.CSharp.Name)
			assert.Equal(t, tt.namespace, s.CSharp.Namespace)
			assert.Equal(t, tt.base, s.Extends.String())
		})
	}
}

// The class's attributes and modifiers: [GlobalClass] (GlobalClassAttribute),
// [Tool], partial, abstract, however the attribute is written.
func TestCSharpClassAttributes(t *testing.T) {
	tests := []struct {
		name, src                       string
		global, tool, partial, abstract bool
	}{
		{"none", "class A : Node {}", false, false, false, false},
		{"[GlobalClass]", "[GlobalClass] public partial class A : Resource {}", true, false, true, false},
		{"full names, one section", "[global::Godot.GlobalClassAttribute, Godot.Tool] partial class A : Node {}", true, true, true, false},
		{"two sections, an alias", "using GC = Godot.GlobalClassAttribute;\n[GC]\n[Tool()]\nabstract partial class A : Node {}", true, true, true, true},
		{"on another part", "partial class A : Node {}\n[GlobalClass] partial class A {}", true, false, true, false},
		{"targeted attributes apply elsewhere", "[assembly: Tool]\n[type: Foo] partial class A : Node {}", false, false, true, false},
		{"unknown attributes", "[Meta(typeof(IAutoNode)), System.Serializable] partial class A : Node {}", false, false, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := csParse(t, "A", tt.src)
			require.NoError(t, err)
			assert.Equal(t, tt.global, s.CSharp.Global, "global")
			assert.Equal(t, tt.tool, s.Tool, "tool")
			assert.Equal(t, tt.partial, s.CSharp.Partial, "partial")
			assert.Equal(t, tt.abstract, s.Abstract, "abstract")
			assert.Empty(t, s.Name, "a C# class has no class_name")
		})
	}
}

// csRPCs is the var_to_str of a C# script's own RPC config.
func csRPCs(t *testing.T, src string) string {
	t.Helper()
	s, err := csParse(t, "A", src)
	require.NoError(t, err)
	return rpcText(t, s)
}

// rpcEntry is one method's config as the engine's C# side makes it:
// every key, the method's name a String (UpdateScriptClassInfo).
func rpcEntry(name string, mode, transfer, channel int, local bool) string {
	return "\"" + name + "\": {\n\"call_local\": " + map[bool]string{true: "true", false: "false"}[local] +
		",\n\"channel\": " + strconv.Itoa(channel) + ",\n\"rpc_mode\": " + strconv.Itoa(mode) + ",\n\"transfer_mode\": " + strconv.Itoa(transfer) + "\n}"
}

// RpcAttribute: Mode from its one constructor argument, Authority by
// default; CallLocal false, TransferMode Reliable, TransferChannel 0
// unless set. A static method's is not listed.
func TestCSharpRPC(t *testing.T) {
	head := "using Godot;\npartial class A : Node {\n"
	tests := []struct{ name, src, want string }{
		{"defaults", "[Rpc] void F() {}", rpcEntry("F", 2, 2, 0, false)},
		{"empty arguments", "[Rpc()] public void F() => G();", rpcEntry("F", 2, 2, 0, false)},
		{"every argument", "[Rpc(MultiplayerApi.RpcMode.AnyPeer, CallLocal = true, TransferMode = MultiplayerPeer.TransferModeEnum.Unreliable, TransferChannel = 1)] void F(int a) {}",
			rpcEntry("F", 1, 0, 1, true)},
		{"full names, named parameter", "[global::Godot.RpcAttribute(mode: global::Godot.MultiplayerApi.RpcMode.Authority, TransferMode = Godot.MultiplayerPeer.TransferModeEnum.UnreliableOrdered)] void F() {}",
			rpcEntry("F", 2, 1, 0, false)},
		{"properties alone", "[Rpc(TransferChannel = 0x10, CallLocal = true)] void F() {}", rpcEntry("F", 2, 2, 16, true)},
		{"Disabled, a negative channel", "[Rpc(MultiplayerApi.RpcMode.Disabled, TransferChannel = -1)] void F() {}", rpcEntry("F", 0, 2, -1, false)},
		{"casts", "[Rpc((MultiplayerApi.RpcMode)1, TransferMode = (MultiplayerPeer.TransferModeEnum)(1))] void F() {}", rpcEntry("F", 1, 1, 0, false)},
		{"static method: not listed", "[Rpc] static void F() {}\n[Rpc(MultiplayerApi.RpcMode.AnyPeer)] void G() {}", rpcEntry("G", 1, 2, 0, false)},
		{"generic, async, explicit, expression-bodied", "[Rpc] async Task<int> F<T>(T a) where T : class => 1;\n[Rpc] void I.G() {}",
			rpcEntry("F", 2, 2, 0, false) + ",\n" + rpcEntry("G", 2, 2, 0, false)},
		{"in strings, comments and bodies", "string s = \"[Rpc] void X() {}\"; // [Rpc] void Y() {}\nvoid F() { var c = '}'; /* } */ }\n[Rpc] void G() {}",
			rpcEntry("G", 2, 2, 0, false)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, "{\n"+tt.want+"\n}", csRPCs(t, head+tt.src+"\n}"))
		})
	}
	t.Run("aliases and using static", func(t *testing.T) {
		src := "using Godot;\nusing static Godot.MultiplayerApi;\nusing TM = Godot.MultiplayerPeer.TransferModeEnum;\n" +
			"partial class A : Node {\n[Rpc(RpcMode.AnyPeer, TransferMode = TM.Unreliable)] void F() {}\n}"
		assert.Equal(t, "{\n"+rpcEntry("F", 1, 0, 0, false)+"\n}", csRPCs(t, src))
	})
}

// An [Rpc] the compiler refuses fails with its message; one whose
// arguments the reader does not fold is Unsupported.
func TestCSharpRPCRefused(t *testing.T) {
	tests := []struct {
		name, member, msg string
		unsupported       bool
	}{
		{"twice (AllowMultiple = false)", "[Rpc]\n[Rpc] void F() {}", "res://A.cs:3: CS0579: Duplicate 'Rpc' attribute", false},
		{"Mode has no setter", "[Rpc(Mode = MultiplayerApi.RpcMode.AnyPeer)] void F() {}", "res://A.cs:2: CS0200: Property or indexer 'RpcAttribute.Mode' cannot be assigned to -- it is read only", false},
		{"no such property", "[Rpc(Channel = 1)] void F() {}", "CS0117: 'RpcAttribute' does not contain a definition for 'Channel'", false},
		{"no such parameter", "[Rpc(channel: 1)] void F() {}", "CS1739: The best overload for 'RpcAttribute' does not have a parameter named 'channel'", false},
		{"two positional arguments", "[Rpc(MultiplayerApi.RpcMode.AnyPeer, MultiplayerApi.RpcMode.Authority)] void F() {}", "CS1729: 'RpcAttribute' does not contain a constructor that takes 2 arguments", false},
		{"positional after named", "[Rpc(CallLocal = true, MultiplayerApi.RpcMode.AnyPeer)] void F() {}", "CS1738: Named argument specifications must appear after all fixed arguments have been specified", false},
		{"no such member", "[Rpc(MultiplayerApi.RpcMode.Everyone)] void F() {}", "CS0117: 'MultiplayerApi.RpcMode' does not contain a definition for 'Everyone'", false},
		{"channel past an int", "[Rpc(TransferChannel = 0x100000000)] void F() {}", "CS0266", false},
		{"on a field", "[Rpc] int f;", "CS0592: Attribute 'Rpc' is not valid on this declaration type. It is only valid on 'method' declarations.", false},
		{"on a constructor", "[Rpc] A() {}", "CS0592: Attribute 'Rpc'", false},
		{"a constant", "const int C = 2;\n[Rpc(TransferChannel = C)] void F() {}", "res://A.cs:3: not read: TransferChannel of [Rpc]: only literals and the members of RpcMode and TransferModeEnum are read", true},
		{"an expression", "[Rpc(TransferMode = Modes[0])] void F() {}", "not read: TransferMode of [Rpc]", true},
		{"another enum", "[Rpc(Other.RpcMode.AnyPeer)] void F() {}", "not read: argument mode of [Rpc]", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := csParse(t, "A", "partial class A : Node {\n"+tt.member+"\n}")
			var se *ScriptError
			require.ErrorAs(t, err, &se)
			assert.Contains(t, se.Error(), tt.msg)
			assert.Equal(t, tt.unsupported, se.Unsupported)
		})
	}
	t.Run("on a class", func(t *testing.T) {
		_, err := csParse(t, "A", "[Rpc] partial class A : Node {}")
		assert.ErrorContains(t, err, "res://A.cs:1: CS0592: Attribute 'Rpc' is not valid on this declaration type. It is only valid on 'method' declarations.")
	})
}

// csExportType is the type a C# [Export] member of src's class A has,
// src declaring the member.
func csExportType(t *testing.T, usings, member string) (string, error) {
	t.Helper()
	s, err := csParse(t, "A", usings+"partial class A : Node {\n"+member+"\n}\npublic enum E { X }\npublic struct S {}\n"+
		"public interface I {}\npublic class Plain {}\npublic partial class Item : Resource {}\npublic partial class Sub : Item {}\n")
	if err != nil {
		return "", err
	}
	require.Len(t, s.Properties, 1)
	p := s.Properties[0]
	assert.Equal(t, "f", p.Name)
	assert.True(t, p.Export && p.Stored())
	return p.Type.String(), nil
}

// MarshalUtils: the Variant type of each C# type the generators marshal,
// written as GDScript declares it.
func TestCSharpExportTypes(t *testing.T) {
	const godot = "using Godot;\nusing System;\n"
	const collections = godot + "using Godot.Collections;\n"
	tests := []struct{ usings, typ, want string }{
		{godot, "bool", "bool"}, {godot, "Boolean", "bool"}, {godot, "System.Boolean", "bool"},
		{godot, "char", "int"}, {godot, "sbyte", "int"}, {godot, "short", "int"}, {godot, "int", "int"}, {godot, "long", "int"},
		{godot, "byte", "int"}, {godot, "ushort", "int"}, {godot, "uint", "int"}, {godot, "ulong", "int"}, {godot, "Int64", "int"},
		{godot, "float", "float"}, {godot, "double", "float"}, {godot, "Single", "float"},
		{godot, "string", "String"}, {godot, "String", "String"}, {godot, "string?", "String"},
		{godot, "Vector2", "Vector2"}, {godot, "Vector2I", "Vector2i"}, {godot, "Rect2", "Rect2"}, {godot, "Rect2I", "Rect2i"},
		{godot, "Transform2D", "Transform2D"}, {godot, "Godot.Vector3", "Vector3"}, {godot, "Vector3I", "Vector3i"},
		{godot, "Basis", "Basis"}, {godot, "Quaternion", "Quaternion"}, {godot, "Transform3D", "Transform3D"},
		{godot, "Vector4", "Vector4"}, {godot, "Vector4I", "Vector4i"}, {godot, "Projection", "Projection"},
		{godot, "Aabb", "AABB"}, {godot, "Color", "Color"}, {godot, "Plane", "Plane"}, {godot, "Rid", "RID"},
		{godot, "Callable", "Callable"}, {godot, "Signal", "Signal"}, {godot, "Variant", "Variant"},
		{godot, "StringName", "StringName"}, {godot, "NodePath", "NodePath"},
		{godot, "E", "int"}, {godot, "Node.ProcessModeEnum", "int"}, {godot, "BaseMaterial3D.Transparency", "int"},
		{godot, "byte[]", "PackedByteArray"}, {godot, "Int32[]", "PackedInt32Array"}, {godot, "long[]", "PackedInt64Array"},
		{godot, "float[]", "PackedFloat32Array"}, {godot, "double[]", "PackedFloat64Array"}, {godot, "string[]", "PackedStringArray"},
		{godot, "Vector2[]", "PackedVector2Array"}, {godot, "Vector3[]", "PackedVector3Array"}, {godot, "Vector4[]", "PackedVector4Array"},
		{godot, "Color[]", "PackedColorArray"}, {godot, "StringName[]", "Array"}, {godot, "NodePath[]", "Array"}, {godot, "Rid[]", "Array"},
		{godot, "Node[]", "Array"}, {godot, "GodotObject[]", "Array"}, {godot, "Item[]", "Array"},
		{godot, "Godot.Collections.Array", "Array"}, {godot, "Godot.Collections.Dictionary", "Dictionary"},
		{godot, "Godot.Collections.Array<int>", "Array[int]"}, {collections, "Array<Node>", "Array[Node]"},
		{collections, "Dictionary<string, Vector2I>", "Dictionary[String, Vector2i]"}, {collections, "Dictionary", "Dictionary"},
		{godot, "Godot.Collections.Array<Godot.Collections.Array<int>>", "Array[Array[int]]"},
		{godot, "Dictionary<StringName, Variant>", "Dictionary[StringName, Variant]"},
		{"using Godot;\nusing Nodes = Godot.Collections.Array<Godot.Node>;\n", "Nodes", "Array[Node]"},
		{godot, "Node", "Node"}, {godot, "Node?", "Node"}, {godot, "Godot.Texture", "Texture"}, {godot, "HttpRequest", "HTTPRequest"},
		{godot, "GodotObject", "Object"}, {godot, "CpuParticles2D", "CPUParticles2D"}, {godot, "Item", "Item"}, {godot, "Sub", "Sub"},
		{godot, "PackageType", "PackageType"},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			got, err := csExportType(t, tt.usings, "[Export] public "+tt.typ+" f;")
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// GD0102: a type the generators do not marshal, where the reader knows
// it: a struct, an interface, a class not deriving from GodotObject,
// a Nullable value, a tuple, arrays of more ranks or other elements,
// System's collections.
func TestCSharpExportUnsupported(t *testing.T) {
	tests := []struct{ usings, typ string }{
		{"", "S"}, {"", "I"}, {"", "Plain"}, {"", "Plain[]"}, {"", "int?"}, {"", "Vector2?"}, {"", "E?"}, {"", "E[]"},
		{"", "(int, int)"}, {"", "int[,]"}, {"", "int[][]"}, {"", "bool[]"}, {"", "object"}, {"", "decimal"}, {"", "dynamic"},
		{"", "System.Object"}, {"", "int*"},
		{"using System.Collections.Generic;\n", "Dictionary<string, int>"},
		{"using System;\n", "Array"},
		{"using Godot.Collections;\n", "Array<S>"},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			_, err := csExportType(t, tt.usings, "[Export] public "+tt.typ+" f;")
			assert.ErrorContains(t, err, "GD0102: The type of the exported member 'A.f' is not supported")
		})
	}
}

// The generators' diagnostics on [Export] members (ExportDiagnostics
// GD0101, GD0103 to GD0106), and CS0592 where [Export] may not be.
func TestCSharpExportRefused(t *testing.T) {
	tests := []struct{ name, member, msg string }{
		{"static field", "[Export] public static string F;", "res://A.cs:3: GD0101: The exported member 'NS.A.F' is static"},
		{"static property", "[Export]\npublic static int P { get; set; }", "res://A.cs:4: GD0101: The exported member 'NS.A.P' is static"},
		{"constant", "[Export] const int C = 1;", "GD0101: The exported member 'NS.A.C' is static"},
		{"read-only field", "[Export] public readonly string F;", "GD0103: The exported member 'NS.A.F' is read-only"},
		{"get-only property", "[Export] public string P { get; }", "GD0103: The exported member 'NS.A.P' is read-only"},
		{"init-only property", "[Export] public string P { get; init; }", "GD0103: The exported member 'NS.A.P' is read-only"},
		{"expression-bodied property", "[Export] public string P => \"\";", "GD0103: The exported member 'NS.A.P' is read-only"},
		{"write-only property", "[Export] public string P { set { } }", "GD0104: The exported property 'NS.A.P' is write-only"},
		{"indexer", "[Export] public int this[int i] { get => 0; set { } }", "GD0105: The exported property 'NS.A.this[]' is an indexer"},
		{"explicit interface implementation", "[Export] int I.P { get; set; }", "GD0106: The exported property 'NS.A.P' is an explicit interface implementation"},
		{"on a method", "[Export] void F() {}", "CS0592: Attribute 'Export' is not valid on this declaration type. It is only valid on 'field, property' declarations."},
		{"twice", "[Export, Export] int F;", "CS0579: Duplicate 'Export' attribute"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := csParse(t, "A", "namespace NS;\npartial class A : Node {\n"+tt.member+"\n}")
			assert.ErrorContains(t, err, tt.msg)
		})
	}
}

// Fields and properties: every declarator of a field, in the order of
// their lines; members without [Export] are not listed; initializers,
// accessors and their commas are passed.
func TestCSharpExports(t *testing.T) {
	src := `using Godot;
using Godot.Collections;
public partial class A : Node
{
	[Export] public int A1 = F<int, int>(), B1, C1 = new() { X = 1, Y = 2 };
	[Export]
	public Node Target { get; private set; } = null!;
	private int _hidden;
	public int Visible { get; set; }
	[Export(PropertyHint.Range, "0,10,")] public float Speed { get => _s; set { _s = value; } }
	[ExportGroup("g")]
	[Export] Array<Dictionary<string, int>> Lists = new();
	public static int operator +(A a, A b) => 0;
	public event System.Action Done;
	~A() {}
	public A() : base() {}
	[Export] public fixed int Buffer[4];
}`
	s, err := csParse(t, "A", src)
	require.NoError(t, err)
	var got []string
	for _, p := range s.Properties {
		got = append(got, p.Name+":"+p.Type.String()+":"+strconv.Itoa(p.Line))
	}
	assert.Equal(t, []string{"A1:int:5", "B1:int:5", "C1:int:5", "Target:Node:7", "Speed:float:10",
		"Lists:Array[Dictionary[String, int]]:12", "Buffer:int:17"}, got)
	assert.Empty(t, s.Methods)
}

// Declarations the reader passes without error: what a real C# file
// holds besides its script class.
func TestCSharpDeclarations(t *testing.T) {
	src := `// <auto-generated/>
extern alias Other;
global using global::System;
using System.Collections.Generic;
using static System.Math;
using Pair = (int A, int B);
[assembly: System.Reflection.AssemblyVersion("1.0")]
namespace Game
{
	public delegate void Handler<in T>(T value);
	public enum Kind : byte { A = 1, B = A << 1 }
	public interface IThing<T> where T : class { T Get(); int Count { get; } void Done() { } }
	public readonly record struct Point(int X, int Y);
	public sealed record Named(string Name) : Base(Name);
	file class Hidden<T, U> : List<T> where T : notnull where U : new() { }
	public static class Ext { public static int Twice(this int a) => a * 2; }
	public partial class Player : CharacterBody2D, IThing<Node>
	{
		public class Inner { public struct Deep { } }
		private readonly Dictionary<string, List<(int a, string b)>> _map = new();
		public Node Get() => this;
		public int Count => _map.Count;
		public static implicit operator int(Player p) => 0;
		public static bool operator true(Player p) => true;
		public static bool operator false(Player p) => false;
		public ref readonly int Ref() => ref _x;
		private int _x;
		public unsafe void Ptr(int* p) { }
		partial void OnReady();
		#if TOOLS
		[Rpc] public void Editor() { }
		#else
		[Rpc] public void Game() { }
		#endif
		public override void _Process(double delta)
		{
			var text = $"{delta:0.00} {(delta > 1 ? "slow" : "fast")}";
			var raw = """
				{ "json": [1, 2] }
				""";
			switch (text) { case "}": break; default: break; }
			Action a = () => { };
		}
	}
}
`
	s, err := csParse(t, "Player", src)
	require.NoError(t, err)
	assert.Equal(t, "Game", s.CSharp.Namespace)
	assert.Equal(t, "CharacterBody2D", s.Extends.String())
	require.Len(t, s.Methods, 1)
	assert.Equal(t, "Editor", s.Methods[0].Name)
	assert.Equal(t, 31, s.Methods[0].Line)
}

// What is not C# fails with one line, at its place.
func TestCSharpSyntaxErrors(t *testing.T) {
	tests := []struct{ name, src, msg string }{
		{"a statement at the top", "var x = 1;", "res://A.cs:1: Invalid token 'var' in a namespace: a type declaration expected."},
		{"a class not closed", "partial class A : Node {\nvoid F() {}\n", "res://A.cs:1: '}' expected: the body of 'A' is not closed."},
		{"a body not closed", "partial class A : Node {\nvoid F() {\n", "res://A.cs:2: The bracket opened here is not closed."},
		{"a member without a name", "partial class A : Node {\nint;\n}", "res://A.cs:2: Invalid token ';' in a member declaration."},
		{"an unclosed attribute", "partial class A : Node {\n[Export int f;\n}", "res://A.cs:2: ']' expected, found 'int'."},
		{"a stray bracket", "partial class A : Node {\nint f = );\n}", "res://A.cs:2: ';' expected, found ')'."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := csParse(t, "A", tt.src)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.msg)
			assert.NotContains(t, err.Error(), "\n")
		})
	}
}

// Names, attributes and nesting stay within the depth limit.
func TestCSharpTooDeep(t *testing.T) {
	tests := []struct{ name, src string }{
		{"types", strings.Repeat("class A {", 300) + strings.Repeat("}", 300)},
		{"namespaces", strings.Repeat("namespace A {", 300) + strings.Repeat("}", 300)},
		{"type arguments", "partial class A : Node { " + strings.Repeat("List<", 300) + "int" + strings.Repeat(">", 300) + " f; }"},
		{"a dotted name", "partial class A : " + strings.Repeat("B.", 300) + "C {}"},
		{"array ranks", "partial class A : Node { int" + strings.Repeat("[]", 300) + " f; }"},
		{"attribute arguments", "partial class A : Node { [Rpc(" + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300) + ")] void F() {} }"},
		{"using directives", strings.Repeat("using A;\n", 300) + "partial class A : Node {}"},
		{"interpolated strings", "partial class A : Node { string s = " + strings.Repeat(`$"{`, 300) + strings.Repeat(`}"`, 300) + "; }"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := csParse(t, "A", tt.src)
			assert.ErrorIs(t, err, ErrTooDeep)
			assert.NotContains(t, err.Error(), "\n")
		})
	}
}
