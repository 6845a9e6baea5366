package project

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// bareRPCs returns rpcs with their names and @rpc alone, to compare with
// literals.
func bareRPCs(rpcs []NamedRPC) []NamedRPC {
	out := make([]NamedRPC, len(rpcs))
	for i, r := range rpcs {
		out[i] = NamedRPC{Name: r.Name, RPC: r.RPC}
	}
	return out
}

// paramText writes a function's parameters as the tests compare them:
// name: type [= …] for each, ... for the rest parameter.
func paramText(s *Script, m *Method) string {
	var out []string
	for par := range s.Params(m) {
		text := par.Name
		if par.Vararg {
			text = "..." + text
		}
		switch {
		case par.Type.Inferred:
			text += " :="
		case par.Type.Name != "":
			text += ": " + par.Type.String()
		}
		if par.Default {
			text += " = …"
		}
		out = append(out, text)
	}
	return strings.Join(out, ", ")
}

// scriptFunction returns the function of the script's class called name.
func scriptFunction(t *testing.T, s *Script, name string) *Method {
	t.Helper()
	i := slices.IndexFunc(s.Methods, func(m Method) bool { return m.Name == name })
	require.GreaterOrEqual(t, i, 0, "no function %s", name)
	return &s.Methods[i]
}

// paramScripts are scripts of every form of parameter list the engine
// takes, by name (TestScriptParams, TestLiveScriptParams).
var paramScripts = map[string]string{
	"forms.gd": `extends Node
const Shape = preload("res://shape.gd")
enum Mode { A, B }

func plain(a, b: int, c := 2.5, d: Array[int] = [], e: Dictionary[String, Variant] = {}, ...rest) -> void:
	pass

func multiline(
	a: int, # a comment
	b = {
		"x": [1, 2],
	},
	c: StringName = &"s",
) -> void:
	pass

func alone(a:, b: int =) -> void:
	pass

static func typed(x: Node2D, y: Mode, z: Vector2 = Vector2.ZERO, w := Mode.B, v := "s", u := &"sn", t := 3, s := true) -> void:
	pass

func classes(p: Shape, q: Array[Shape], o: Object, r: RefCounted, m: Node.ProcessMode) -> void:
	pass

func rest(...args: Array) -> void:
	pass

func none() -> void: pass

func lambda_default(cb = func(x): return x, n := 1) -> void:
	pass
`,
	"shape.gd": "extends Node2D\n",
}

// Each parameter of each form is read: name, type as written, default,
// rest.
func TestScriptParams(t *testing.T) {
	s, err := ParseScript([]byte(paramScripts["forms.gd"]), "res://forms.gd")
	require.NoError(t, err)
	for name, want := range map[string]string{
		"plain":          "a, b: int, c := = …, d: Array[int] = …, e: Dictionary[String, Variant] = …, ...rest",
		"multiline":      "a: int, b = …, c: StringName = …",
		"alone":          "a, b: int",
		"typed":          "x: Node2D, y: Mode, z: Vector2 = …, w := = …, v := = …, u := = …, t := = …, s := = …",
		"classes":        "p: Shape, q: Array[Shape], o: Object, r: RefCounted, m: Node.ProcessMode",
		"rest":           "...args: Array",
		"none":           "",
		"lambda_default": "cb = …, n := = …",
	} {
		assert.Equal(t, want, paramText(s, scriptFunction(t, s, name)), name)
	}
	// An iteration stopped early stops reading.
	for par := range s.Params(scriptFunction(t, s, "plain")) {
		assert.Equal(t, "a", par.Name)
		break
	}
}

// The parameter lists the engine refuses, with its messages
// (TestLiveScriptParams).
var refusedParams = []struct{ name, src, msg string }{
	{"mandatory after optional", "func f(a, b = 1, c):\n\tpass\n", "Cannot have mandatory parameters after optional parameters."},
	{"inferred then mandatory", "func f(a := 1, b: int):\n\tpass\n", "Cannot have mandatory parameters after optional parameters."},
	{"a name twice", "func f(a, a):\n\tpass\n", `Parameter with name "a" was already declared for this function.`},
	{"after the rest", "func f(...a, b):\n\tpass\n", "Cannot have parameters after the rest parameter."},
	{"two rests", "func f(...a, ...b):\n\tpass\n", "Cannot have parameters after the rest parameter."},
	{"rest with a default", "func f(...a = []):\n\tpass\n", "The rest parameter cannot have a default value."},
	{"no name", "func f(,):\n\tpass\n", "Expected parameter name."},
	{"a number", "func f(1):\n\tpass\n", "Expected parameter name."},
	{"a keyword", "func f(self):\n\tpass\n", "Expected parameter name."},
	{"dots alone", "func f(...):\n\tpass\n", "Expected parameter name."},
	{"no comma", "func f(a b):\n\tpass\n", `Expected closing ")" after function parameters.`},
}

// The engine's refusals of parameter lists are the reader's, in its
// words.
func TestScriptParamsRefused(t *testing.T) {
	for _, tc := range refusedParams {
		_, err := ParseScript([]byte("extends Node\n"+tc.src), "res://a.gd")
		var se *ScriptError
		require.ErrorAs(t, err, &se, tc.name)
		assert.Equal(t, tc.msg, se.Message, tc.name)
		assert.Equal(t, 2, se.Line, tc.name)
	}
}

// What a function's body asks is noted: get_remote_sender_id and
// is_server, as names, wherever they are in the body, its lambdas
// included; not in strings, comments or other functions.
func TestAsks(t *testing.T) {
	s, err := ParseScript([]byte(`extends Node
func sender():
	var id := multiplayer.get_remote_sender_id()
func server(): if get_multiplayer().is_server(): pass
func both():
	var f := func(): return mp.get_remote_sender_id()
	if multiplayer.is_server():
		pass
func neither():
	var s := "get_remote_sender_id is_server"
	# get_remote_sender_id()
	pass
func get_remote_sender_id_later() -> int:
	return 0
@abstract func bodyless()
`), "res://a.gd")
	require.NoError(t, err)
	got := map[string][2]bool{}
	for _, m := range s.Methods {
		got[m.Name] = [2]bool{m.AsksSender, m.AsksServer}
	}
	assert.Equal(t, map[string][2]bool{"sender": {true, false}, "server": {false, true}, "both": {true, true},
		"neither": {}, "get_remote_sender_id_later": {}, "bodyless": {}}, got)
}

// checks writes an RPC's parameters with how the engine checks each:
// its type in ArgCheck's notation, "?" where unknown, "!" after one a
// call must give.
func checks(t *testing.T, p *Project, r NamedRPC) string {
	var out []string
	for par, c := range p.RPCParams(r) {
		typ := c.Type
		if c.Unknown {
			typ = "?"
		}
		if c.Required {
			typ += "!"
		}
		out = append(out, par.Name+" "+typ)
	}
	return strings.Join(out, ", ")
}

// rpcOf returns the RPC of a script called name.
func rpcOf(t *testing.T, p *Project, script, name string) NamedRPC {
	t.Helper()
	rpcs, err := p.RPCs(script)
	require.NoError(t, err)
	i := slices.IndexFunc(rpcs, func(r NamedRPC) bool { return r.Name == name })
	require.GreaterOrEqual(t, i, 0, "%s has no RPC %s", script, name)
	return rpcs[i]
}

// The engine checks a call's argument against the parameter's type as
// the analyzer resolves it: an enum is an int, a preloaded script a
// script class (by its path), an inner class by its script's path and
// names, := the type of its default; a name the reader does not place is
// unknown.
func TestRPCParams(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{
		"project.godot": "config_version=5\n[autoload]\nGame=\"*res://game.gd\"\n",
		"game.gd":       "extends Node\n",
		"shape.gd":      "class_name Shape\nextends Node2D\n",
		"main.gd": `extends "res://base.gd"
const Piece = preload("res://piece.gd")
const SPEED = 2.5
enum Mode { A, B }
class Stats:
	var hp := 0

@rpc("any_peer")
func hit(a: int, b: Mode, c: Node.ProcessMode, d: Variant, e, f: Piece, g: Stats, h: Shape, i: Array[Piece], j: Dictionary[String, Variant]) -> void:
	pass

@rpc("any_peer")
func defaults(a := 1, b := SPEED, c := Vector2i(1, 2), d := Mode.B, e := "s", f := unknown(), g: Game = null, h: Array[Game] = [], ...rest) -> void:
	pass

func unknown():
	return 1

func overridden(x: float) -> void:
	multiplayer.get_remote_sender_id()
`,
		"base.gd":  "extends Node\n@rpc(\"any_peer\")\nfunc overridden(x: int) -> void:\n\tpass\n",
		"piece.gd": "extends Node\n",
	}))
	require.NoError(t, err)
	assert.Equal(t, `a int!, b int!, c int!, d !, e !, f "res://piece.gd"!, g "res://main.gd::Stats"!, h "res://shape.gd"!, `+
		`i Array["res://piece.gd"]!, j Dictionary[String, Variant]!`, checks(t, p, rpcOf(t, p, "res://main.gd", "hit")))
	assert.Equal(t, `a int, b float, c Vector2i, d int, e String, f ?, g ?, h ?, rest `, checks(t, p, rpcOf(t, p, "res://main.gd", "defaults")))

	// An override without @rpc runs: its parameters and what it asks.
	over := rpcOf(t, p, "res://main.gd", "overridden")
	assert.Equal(t, "x float!", checks(t, p, over))
	assert.True(t, over.AsksSender)
	assert.Equal(t, "x int!", checks(t, p, rpcOf(t, p, "res://base.gd", "overridden")))
	r, err := p.Resolve("res://main.gd")
	require.NoError(t, err)
	assert.Equal(t, []string{"x float!", "hit"}, []string{checks(t, p, r.RPCs()[0]), r.RPCs()[1].Name}, "Resolved.RPCs as Project.RPCs")
}

// Godot 4.6 reads each parameter list of paramScripts as the reader
// does: each function's parameters, their types (those the reader
// resolves), defaults and rest parameter, as its own method list gives
// them; and refuses each of refusedParams with the reader's message.
func TestLiveScriptParams(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	files := maps.Clone(paramScripts)
	for i, tc := range refusedParams {
		files[fmt.Sprintf("refused%d.gd", i)] = "extends Node\n" + tc.src
	}
	files["harness.gd"] = harness(t, "project", "params.gd")
	dir := t.TempDir()
	var list []string
	for name, src := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
		if name != "harness.gd" {
			list = append(list, "res://"+name)
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), nil, 0o644))
	out := filepath.Join(t.TempDir(), "answers.txt")
	godot.StartWith(t, engine, "--path", dir, "-s", "res://harness.gd", "--", writeList(t, list), out).Wait(t)
	text, err := os.ReadFile(out)
	require.NoError(t, err)
	answers := engineAnswers(string(text))

	p, err := Open(dir)
	require.NoError(t, err)
	for i, tc := range refusedParams {
		got := answers[fmt.Sprintf("res://refused%d.gd", i)]
		if got == "REFUSED " { // the engine's loggers are not told a message again
			continue
		}
		assert.Equal(t, "REFUSED Parse Error: "+tc.msg, got, tc.name)
	}
	compared := 0
	for name := range paramScripts {
		s, err := p.Script("res://" + name)
		require.NoError(t, err)
		want := map[string]string{}
		for _, l := range strings.Split(answers["res://"+name], "\n") {
			fn, _, _ := strings.Cut(l, "(")
			want[fn] = l
		}
		for i := range s.Methods {
			m := &s.Methods[i]
			assert.Equal(t, want[m.Name], engineForm(t, p, s, m), "%s: %s", name, m.Name)
			compared++
		}
	}
	assert.Equal(t, 8, compared)
}

// engineForm writes a function's parameters as scripts/project/params.gd
// prints the engine's: each name and type (a script class as its native
// base, an enum as int), the count of defaults, and whether it has a
// rest parameter.
func engineForm(t *testing.T, p *Project, s *Script, m *Method) string {
	var params []string
	defaults, vararg := 0, "-"
	var f *folder
	r := NamedRPC{fn: ClassRef{s, &s.Class}, run: m}
	for par := range s.Params(m) {
		if par.Vararg {
			vararg = "vararg"
			continue
		}
		if par.Default {
			defaults++
		}
		c := p.argCheck(r, par, &f)
		typ := engineType(t, p, c.Type)
		if c.Type == "" {
			typ = "Variant"
		}
		params = append(params, par.Name+": "+typ)
	}
	return fmt.Sprintf("%s(%s) %d %s", m.Name, strings.Join(params, ", "), defaults, vararg)
}

// engineType writes a type of ArgCheck's notation as the engine's
// PropertyInfo gives it: a script class as its native base, a
// Dictionary's types apart by ";".
func engineType(t *testing.T, p *Project, typ string) string {
	if strings.HasPrefix(typ, `"`) {
		path, err := strconv.Unquote(typ)
		require.NoError(t, err)
		r, err := p.Resolve(path)
		require.NoError(t, err)
		return r.Native
	}
	if inner, ok := strings.CutPrefix(typ, "Array["); ok {
		return "Array[" + engineType(t, p, strings.TrimSuffix(inner, "]")) + "]"
	}
	if inner, ok := strings.CutPrefix(typ, "Dictionary["); ok {
		k, v, _ := strings.Cut(strings.TrimSuffix(inner, "]"), ", ")
		return "Dictionary[" + engineType(t, p, k) + ";" + engineType(t, p, v) + "]"
	}
	return typ
}

// A C# [Rpc] method's parameters are read from its signature, each with
// the Variant type the bindings marshal it as, and its body is asked
// what it asks; the engine checks none of their types (the bindings
// convert each argument) and calls the method only with as many
// arguments as it has parameters.
func TestCSharpParams(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{
		"Player.cs": `using Godot;
using Godot.Collections;
public partial class Player : Node
{
	[Rpc(MultiplayerApi.RpcMode.AnyPeer)]
	public void Hit([Export] int amount, Vector2 at, Array<int> ids, Dictionary<string, Variant> tags, Node who,
		in long big, string name = "x", params int[] rest)
	{
		if (Multiplayer.GetRemoteSenderId() != 1 && Multiplayer.IsServer()) { GD.Print("(", ")"); }
	}
	[Rpc]
	public void Bare() => GD.Print(IsServer);
	public void NotRpc(int a) { }
#if DEBUG
	[Rpc] public void Debug(float x,
#else
	[Rpc] public void Debug(double x,
#endif
		System.Collections.Generic.List<int> unmarshalled) {}
}
`,
	}))
	require.NoError(t, err)
	rpcs, err := p.RPCs("res://Player.cs")
	require.NoError(t, err)
	got := map[string]string{}
	for _, r := range rpcs {
		var params []string
		for par := range r.Params() {
			text := par.Name + ": " + par.Type.String()
			if par.Default {
				text += " = …"
			}
			params = append(params, text)
		}
		got[r.Name] = fmt.Sprintf("(%s) %v %v %s", strings.Join(params, ", "), r.AsksSender, r.AsksServer, checks(t, p, r))
	}
	assert.Equal(t, map[string]string{
		"Hit": "(amount: int, at: Vector2, ids: Array[int], tags: Dictionary[String, Variant], who: Node, big: int, name: String = …, rest: PackedInt32Array) true true " +
			"amount ?!, at ?!, ids ?!, tags ?!, who ?!, big ?!, name ?!, rest ?!",
		"Bare":  "() false true ",
		"Debug": "(x: float, unmarshalled: List) false false x ?!, unmarshalled ?!", // a type not found is kept by name
	}, got)
}
