package project

import (
	"testing"

	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rpcText is the var_to_str of a script's own RPC config.
func rpcText(t *testing.T, s *Script) string {
	t.Helper()
	var rpcs []NamedRPC
	for _, m := range s.Methods {
		if m.RPC != nil {
			rpcs = append(rpcs, NamedRPC{Name: m.Name, RPC: *m.RPC})
		}
	}
	b, err := vartext.Marshal(RPCConfig(rpcs))
	require.NoError(t, err)
	return string(b)
}

// The RPC configs below are what Godot 4.6.3 prints for each source
// (docs/briefs research and TestLiveRPCConfig).
func TestParseScriptRPC(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"bare @rpc is authority, reliable, keys unnamed", "extends Node\n@rpc\nfunc a(): pass\n",
			"{\n&\"a\": {\n\"rpc_mode\": 2\n}\n}"},
		{"empty parentheses", "extends Node\n@rpc() func a(): pass\n", "{\n&\"a\": {\n\"rpc_mode\": 2\n}\n}"},
		{"any order, channel", "extends Node\n@rpc(\"call_local\",\"unreliable\",\"authority\",3) func a(): pass\n",
			"{\n&\"a\": {\n\"call_local\": true,\n\"channel\": 3,\n\"rpc_mode\": 2,\n\"transfer_mode\": 0\n}\n}"},
		{"constants, StringName, NodePath, folded", "extends Node\nconst M = \"any_\" + \"peer\"\n@rpc(M, &\"unreliable_ordered\", ^\"call_remote\", 2 + 1.9) func a(): pass\n",
			"{\n&\"a\": {\n\"call_local\": false,\n\"channel\": 3,\n\"rpc_mode\": 1,\n\"transfer_mode\": 1\n}\n}"},
		{"bool channel", "extends Node\n@rpc(\"any_peer\",\"reliable\",\"call_local\",true) func a(): pass\n",
			"{\n&\"a\": {\n\"call_local\": true,\n\"channel\": 1,\n\"rpc_mode\": 1,\n\"transfer_mode\": 2\n}\n}"},
		{"multiline arguments, trailing comma, continuation", "extends Node\n@rpc \\\n(\"any_peer\",\n\t\"unreliable\",)\nfunc a(): pass\n",
			"{\n&\"a\": {\n\"rpc_mode\": 1,\n\"transfer_mode\": 0\n}\n}"},
		{"comments, doc strings and other annotations between", "extends Node\n@rpc(\"any_peer\") @warning_ignore(\"x\")\n\n# @rpc(\"call_local\")\n\"doc @rpc\"\nstatic func a(): pass\n",
			"{\n&\"a\": {\n\"rpc_mode\": 1\n}\n}"},
		{"@rpc in strings, comments and bodies", "extends Node\n\"\"\"\n@rpc\nfunc g(): pass\n\"\"\"\nvar s = \"@rpc func h(): pass\" # @rpc\nfunc f():\n\tvar q = '@rpc'\n\tvar l = func():\n\t\treturn r\"@rpc\\\"\"\n",
			"{}"},
		{"CRLF, BOM, Unicode names", "\ufeffextends Node\r\n@rpc(\"any_peer\")\r\nfunc ñandú_名前():\r\n\tpass\r\n",
			"{\n&\"ñandú_名前\": {\n\"rpc_mode\": 1\n}\n}"},
		{"lambda member and accessors", "extends Node\nvar cb = func():\n\tpass\nvar p: int:\n\tget: return 1\n@rpc func a() -> Array[int]: return []\n",
			"{\n&\"a\": {\n\"rpc_mode\": 2\n}\n}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseScript([]byte(tt.src), "res://a.gd")
			require.NoError(t, err)
			assert.Equal(t, tt.want, rpcText(t, s))
		})
	}
}

// Each source is one the engine refuses, with the engine's message.
func TestParseScriptRefused(t *testing.T) {
	tests := []struct{ name, src, msg string }{
		{"unknown keyword", "@rpc(\"anyone\") func a(): pass\n", `Invalid RPC argument. Must be one of: "call_local"/"call_remote" (local calls), "any_peer"/"authority" (permission), "reliable"/"unreliable"/"unreliable_ordered" (transfer mode).`},
		{"an axis twice", "@rpc(\"any_peer\",\"any_peer\") func a(): pass\n", `Invalid RPC config. The permission ("any_peer"/"authority") must be specified no more than once.`},
		{"five arguments", "@rpc(\"any_peer\",\"reliable\",\"call_local\",1,2) func a(): pass\n", `Annotation "@rpc" requires at most 4 arguments, but 5 were given.`},
		{"int first", "@rpc(1) func a(): pass\n", `Invalid argument for annotation "@rpc": argument 1 should be "String" but is "int".`},
		{"String channel", "@rpc(\"any_peer\",\"reliable\",\"call_local\",\"2\") func a(): pass\n", `Invalid argument for annotation "@rpc": argument 4 should be "int" but is "String".`},
		{"not constant", "var m = \"any_peer\"\n@rpc(m) func a(): pass\n", `Argument 1 of annotation "@rpc" isn't a constant expression.`},
		{"twice", "@rpc @rpc func a(): pass\n", "RPC annotations can only be used once per function."},
		{"on a variable", "@rpc var a = 1\n", `Annotation "@rpc" cannot be applied to a variable.`},
		{"in a body", "func a():\n\t@rpc\n\tpass\n", `Annotation "@rpc" is not allowed in this level.`},
		{"after pass;", "func a(): pass; @rpc\n", `Annotation "@rpc" is not allowed in this level.`},
		{"at the end", "func a(): pass\n@rpc\n", `Annotation "@rpc" does not precede a valid target, so it will have no effect.`},
		{"before extends", "@rpc\nextends Node\n", `Unexpected "extends" in class body.`},
		{"upper case", "@RPC func a(): pass\n", `Unrecognized annotation: "@RPC".`},
		{"newline before arguments", "@rpc\n(\"any_peer\")\nfunc a(): pass\n", `Unexpected "(" in class body.`},
		{"Godot 3 keyword", "remote func a(): pass\n", `The "remote" keyword was removed in Godot 4. Use the "@rpc" annotation with "any_peer" instead.`},
		{"function twice", "func a(): pass\nfunc a(): pass\n", `Function "a" has the same name as a previously declared function.`},
		{"stray carriage return", "func a(): pass\r# x\n", "Stray carriage return character in source code."},
		{"static before annotation", "static @rpc func a(): pass\n", `Expected "func" or "var" after "static".`},
		{"mixed indentation", "func a():\n\t pass\n", "Mixed use of tabs and spaces for indentation."},
		{"bad unindent", "func a():\n\t\tpass\n\tpass\n", "Unindent doesn't match the previous indentation level."},
		{"class_name twice", "class_name A\nclass_name B\n", `"class_name" can only be used once.`},
		{"no-break space", "func a():\u00a0pass\n", "Invalid white space character U+A0."},
		{"invalid UTF-8", "func \xff(): pass\n", "Script 'res://a.gd' contains invalid unicode (UTF-8), so it was not loaded."},
		{"unterminated string", "var a = \"x\n", "Unterminated string."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseScript([]byte(tt.src), "res://a.gd")
			var se *ScriptError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, tt.msg, se.Message)
			assert.False(t, se.Unsupported)
			assert.Equal(t, "res://a.gd", se.Path)
		})
	}
}

func TestParseScriptUnsupported(t *testing.T) {
	for _, src := range []string{
		"extends Base\n@rpc(BASE_MODE) func a(): pass\n",   // a constant of another script
		"@rpc(\"any\".to_upper()) func a(): pass\n",        // a call
		"@rpc(" + repeat("-", 300) + "1) func a(): pass\n", // nested past the limit
		"@rpc(\"a\"" + repeat(" + \"a\"", 300) + ") func a(): pass\n",
	} {
		_, err := ParseScript([]byte(src), "res://a.gd")
		var se *ScriptError
		require.ErrorAs(t, err, &se, src)
		assert.True(t, se.Unsupported, src)
		assert.Contains(t, se.Error(), "not read")
	}
}

func TestParseScriptDeclarations(t *testing.T) {
	src := `@tool
class_name Item extends "res://base.gd".Inner
@export var name_: String = "x"
@export_storage var children: Array[Resource] = []
@export_range(0, 10) var count := 3
var tags: Dictionary[String, Array[int]]
@onready var ready_ = 1
static var shared: int
var plain
signal hit(by: Node)
enum Kind { A, B }
const C = 1

class Sub extends Other.Deeper:
	var x: Sub.Nested
	@rpc("any_peer") static func s(): pass
`
	s, err := ParseScript([]byte(src), "res://item.gd")
	require.NoError(t, err)
	assert.True(t, s.Tool)
	assert.Equal(t, "Item", s.Name)
	assert.Equal(t, Extends{Path: "res://base.gd", Names: []string{"Inner"}, Line: 2}, s.Extends)
	assert.Equal(t, `"res://base.gd".Inner`, s.Extends.String())
	type prop struct {
		name, typ               string
		export, storage, stored bool
	}
	var got []prop
	for _, p := range s.Properties {
		got = append(got, prop{p.Name, p.Type.String(), p.Export, p.Storage, p.Stored()})
	}
	assert.Equal(t, []prop{
		{"name_", "String", true, false, true},
		{"children", "Array[Resource]", false, true, true},
		{"count", "", true, false, true},
		{"tags", "Dictionary[String, Array[int]]", false, false, false},
		{"ready_", "", false, false, false},
		{"shared", "int", false, false, false},
		{"plain", "", false, false, false},
	}, got)
	assert.True(t, s.Properties[2].Type.Inferred)
	assert.True(t, s.Properties[4].OnReady)
	assert.True(t, s.Properties[5].Static)
	require.Len(t, s.Classes, 1)
	sub := s.Classes[0]
	assert.Equal(t, "Sub", sub.Name)
	assert.Equal(t, "Other.Deeper", sub.Extends.String())
	assert.Equal(t, "Sub.Nested", sub.Properties[0].Type.String())
	require.Len(t, sub.Methods, 1)
	assert.True(t, sub.Methods[0].Static)
	assert.Equal(t, &RPC{Mode: mode.AnyPeer, Transfer: mode.Reliable}, &RPC{Mode: sub.Methods[0].RPC.Mode, Transfer: sub.Methods[0].RPC.Transfer})
}

func TestParseScriptTooLarge(t *testing.T) {
	_, err := ParseScript([]byte("extends Node\n"), "res://a.gd", WithLimits(Limits{MaxFileBytes: 4}))
	assert.ErrorIs(t, err, ErrTooLarge)
}

func TestParseScriptTooDeep(t *testing.T) {
	for _, src := range []string{
		"var a = " + repeat("[", 300) + repeat("]", 300) + "\n",
		"var a: " + repeat("Array[", 300) + "int" + repeat("]", 300) + "\n",
	} {
		_, err := ParseScript([]byte(src), "res://a.gd")
		assert.ErrorIs(t, err, ErrTooDeep, src[:20])
	}
}

func repeat(s string, n int) string {
	b := make([]byte, 0, len(s)*n)
	for range n {
		b = append(b, s...)
	}
	return string(b)
}
