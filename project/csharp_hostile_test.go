package project

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
)

// csScriptOf wraps members in the script class A, which derives from Node.
func csScriptOf(head string, size int, member func(i int) string) []byte {
	return append(fill("using Godot;\n"+head+"public partial class A : Node {\n", size, member), "}\n"...)
}

// hostileCSharp are C# scripts of about size bytes that cost the reader
// the most per byte: the smallest members it keeps by the thousand,
// [Rpc] with every argument, the deepest nesting of types, names and
// brackets, parts of one class, strings, comments and #if groups that
// hide braces, attributes it drops.
func hostileCSharp(size int) []hostile.Input {
	return []hostile.Input{
		{Name: "[Rpc] methods", Data: csScriptOf("", size, func(i int) string { return "[Rpc]void " + n36(i) + "(){}" })},
		{Name: "[Rpc] parameters of one method", Data: append(fill("using Godot;\npublic partial class A : Node {\n[Rpc]void a(", size-8,
			func(i int) string { return "T " + n36(i) + "," }), "T z){}}\n"...)},
		{Name: "[Rpc] methods of typed parameters", Data: csScriptOf("using Godot.Collections;\n", size, func(i int) string {
			return "[Rpc]void " + n36(i) + "([A]ref Dictionary<Array<Node>,int[]>a,params int[]b){GetRemoteSenderId();}"
		})},
		{Name: "[Rpc] with every argument", Data: csScriptOf("", size, func(i int) string {
			return "[Rpc(MultiplayerApi.RpcMode.AnyPeer,CallLocal=true,TransferMode=MultiplayerPeer.TransferModeEnum.Unreliable,TransferChannel=1)]void " + n36(i) + "(){}"
		})},
		{Name: "exports", Data: csScriptOf("", size, func(i int) string { return "[Export]int " + n36(i) + ";" })},
		{Name: "export declarators", Data: append(fill("using Godot;\npublic partial class A : Node {\n[Export]int a", size,
			func(i int) string { return "," + n36(i) }), ";}\n"...)},
		{Name: "typed exports", Data: csScriptOf("using Godot.Collections;\n", size, func(i int) string {
			return "[Export]Dictionary<Array<Node>,Array<Vector2I>>" + n36(i) + ";"
		})},
		{Name: "classes", Data: append(fill("using Godot;\n", size, func(i int) string { return "partial class " + n36(i) + ":Node{}" }),
			"partial class A : Node {}\n"...)},
		{Name: "the smallest types", Data: append(fill("", size, func(i int) string { return "enum " + n36(i) + "{}" }),
			"partial class A : Godot.Node {}\n"...)},
		{Name: "fields", Data: csScriptOf("", size, func(i int) string { return "int " + n36(i) + ";" })},
		{Name: "methods", Data: csScriptOf("", size, func(i int) string { return "void " + n36(i) + "(){}" })},
		{Name: "parts of the script class", Data: fill("using Godot;\npartial class A : Node {}\n", size, func(i int) string {
			return "partial class A{[Rpc]void " + n36(i) + "(){}}"
		})},
		{Name: "types nested 250 deep", Data: csScriptOf("", size, func(i int) string {
			return strings.Repeat("class "+n36(i)+"{", 250) + strings.Repeat("}", 250)
		})},
		{Name: "type arguments 250 deep", Data: csScriptOf("", size, func(i int) string {
			return "[Export]Godot.Collections.Array<" + strings.Repeat("Godot.Collections.Array<", 248) + "int" + strings.Repeat(">", 249) + n36(i) + ";"
		})},
		{Name: "braces in bodies", Data: csScriptOf("", size, func(i int) string {
			return "void " + n36(i) + "(){" + strings.Repeat("{", 100) + strings.Repeat("}", 100) + "}"
		})},
		{Name: "interpolated strings", Data: csScriptOf("", size, func(i int) string {
			return "string " + n36(i) + "=$\"{a}{$\"{b:0}\"}{{}}\"+@\"}\"\"\"+\"\"\"}\"\"\";"
		})},
		{Name: "comments", Data: csScriptOf("", size, func(int) string { return "//}\n/*}*/" })},
		{Name: "#if groups", Data: csScriptOf("", size, func(int) string { return "#if A\n#else\n}\n#endif\n" })},
		{Name: "attributes on one member", Data: append(fill("using Godot;\npublic partial class A : Node {\n", size-8,
			func(int) string { return "[A]" }), "int a;}\n"...)},
		{Name: "exports of types looked up in 255 namespaces", Data: csScriptOf(usings(255), size, func(i int) string {
			return "[Export]" + n36(i) + " " + n36(i) + ";"
		})},
	}
}

// usings are n using directives of namespaces.
func usings(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("using N" + n36(i) + ";\n")
	}
	return b.String()
}

// ordinaryCSharp is a C# script such as a game has, of about size bytes:
// the yardstick of the time per byte.
func ordinaryCSharp(size int) []byte {
	return csScriptOf("using System;\nnamespace Game;\n", size, func(i int) string {
		n := n36(i)
		return fmt.Sprintf(`	/// <summary>The %[1]s state.</summary>
	[Export] public float Speed%[1]s { get; set; } = 300.0f;
	[Export] private Godot.Collections.Array<Resource> _items%[1]s = new();
	private double _cooldown%[1]s;

	[Rpc(MultiplayerApi.RpcMode.AnyPeer, CallLocal = true)]
	public void Hit%[1]s(int amount, Vector2 from = default)
	{
		// Take the damage and tell everyone.
		if (amount <= 0)
		{
			return;
		}
		var text = $"hit by {amount}";
		foreach (var item in _items%[1]s)
		{
			if (item.HasMethod("Absorb"))
				amount = item.Call("Absorb", amount).AsInt32();
		}
		GD.Print(text, from);
	}

`, n)
	})
}

// Every hostile C# script reads within hostile.Bound, without error.
func TestHostileCSharpMemory(t *testing.T) {
	hostileMemory(t, func(size int) []hostile.Input {
		return append(hostileCSharp(size), hostile.Input{Name: "ordinary", Data: ordinaryCSharp(size)})
	}, readersOf("ParseCSharp", "A.cs", ParseCSharp))
}

// Scripts past the nesting limits fail with ErrTooDeep, within the bound,
// in an error of one line.
func TestHostileCSharpErrors(t *testing.T) {
	const size = 256 << 10
	for _, in := range []hostile.Input{
		{Name: "types 257 deep", Data: []byte(strings.Repeat("class A{", 257))},
		{Name: "type arguments 257 deep", Data: csScriptOf("", size, func(int) string { return "Godot.Collections.Array<" })},
		{Name: "parentheses 257 deep in [Rpc]", Data: csScriptOf("", size, func(int) string { return "[Rpc(" + strings.Repeat("(", 257) })},
		{Name: "interpolations 257 deep", Data: csScriptOf("", size, func(int) string { return "string s=" + strings.Repeat("$\"{", 257) })},
		{Name: "a name of 257 parts", Data: csScriptOf("", size, func(i int) string { return n36(i) + "." })},
		{Name: "257 using directives", Data: fill("", size, func(i int) string { return "using " + n36(i) + ";" })},
	} {
		var err error
		alloc := hostile.Allocated(func() { _, err = ParseCSharp(in.Data, "res://A.cs") })
		assert.ErrorIs(t, err, ErrTooDeep, in.Name)
		assert.NotContains(t, err.Error(), "\n", in.Name)
		assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)), in.Name)
	}
}

// BenchmarkHostileCSharp reads each hostile C# script next to an
// ordinary one of the same size, at 1 MiB and 8 MiB: the ratios of their
// times per byte are what a hostile script costs. On a busy machine
// compare cpu-ns/byte.
func BenchmarkHostileCSharp(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range append([]hostile.Input{{Name: "ordinary", Data: ordinaryCSharp(size)}}, hostileCSharp(size)...) {
			b.Run(fmt.Sprintf("%dMiB/%s", size>>20, in.Name), func(b *testing.B) {
				cputime.PerByte(b, len(in.Data), func() error {
					_, err := ParseCSharp(in.Data, "res://A.cs")
					return err
				})
			})
		}
	}
}
