package project

import (
	"fmt"
	"maps"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each source is what Godot 4.6.3 makes of @abstract (Godot 4.5+) as it
// parses a script: accepted with its abstract methods, or refused with
// the message and line it prints.
func TestParseAbstract(t *testing.T) {
	tests := []struct {
		name, src string
		abstract  []string // the methods read as abstract, when accepted
		line      int
		msg       string // "" when accepted
	}{
		{"bodyless method", "@abstract\nextends Node\n@abstract func f() -> void\nfunc g():\n\tpass\n", []string{"f"}, 0, ""},
		{"own line, parameters over lines", "@abstract\nextends Node\n@abstract\nfunc f(a: int,\n\tb: int) -> void\n@rpc(\"any_peer\") func h():\n\tpass\n", []string{"f"}, 0, ""},
		{"semicolon then a member", "@abstract\nextends Node\n@abstract func f() -> void ; var x = 1\n", []string{"f"}, 0, ""},
		{"comment after", "@abstract\nextends Node\n@abstract func f() -> void # c\n@abstract func g() -> int\n", []string{"f", "g"}, 0, ""},
		{"class_name on the annotation's line", "@abstract class_name Q extends Node\n@abstract func f()\n", []string{"f"}, 0, ""},
		{"a body", "@abstract\nextends Node\n@abstract func f() -> void:\n\tpass\n", nil, 4, "An abstract function cannot have a body."},
		{"a body on the line", "@abstract\nextends Node\n@abstract func f(): pass\n", nil, 3, "An abstract function cannot have a body."},
		{"a body after a blank line", "@abstract\nextends Node\n@abstract func f(a,\n\tb) -> void:\n\n\tpass\n", nil, 6, "An abstract function cannot have a body."},
		{"a colon and no block", "@abstract\nextends Node\n@abstract func f():\nvar x = 1\n", nil, 3, "Expected indented block after function declaration."},
		{"not abstract, a colon and no block", "extends Node\nfunc f():\n", nil, 2, "Expected indented block after function declaration."},
		{"no colon, not abstract", "extends Node\nfunc f(a,\n\tb)\nfunc g():\n\tpass\n", nil, 2, `A function must either have a ":" followed by a body, or be marked as "@abstract".`},
		{"static", "@abstract\nextends Node\n@abstract\nstatic func f()\n", nil, 3, `"@abstract" annotation cannot be applied to static functions.`},
		{"twice on a method", "extends Node\n@abstract\n@abstract func f() -> void\n", nil, 3, `"@abstract" annotation can only be used once per function.`},
		{"twice on the script", "@abstract\n@abstract\nextends Node\n", nil, 2, `"@abstract" annotation can only be used once per class.`},
		{"twice on an inner class", "extends Node\n@abstract\n@abstract class K:\n\tpass\n", nil, 3, `"@abstract" annotation can only be used once per class.`},
		{"on a variable", "@abstract\nextends Node\n@abstract var x = 1\n", nil, 3, `Annotation "@abstract" cannot be applied to a variable.`},
		{"something after the signature", "@abstract\nextends Node\n@abstract func f() pass\n", nil, 3, `Expected end of statement after bodyless function declaration, found "pass" instead.`},
		{"an indented line after", "@abstract\nextends Node\n@abstract func f() -> void\n\tpass\n", nil, 4, `Unexpected "Indent" in class body.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseScript([]byte(tt.src), "res://a.gd")
			if tt.msg != "" {
				var se *ScriptError
				require.ErrorAs(t, err, &se)
				assert.Equal(t, ScriptError{Path: "res://a.gd", Line: tt.line, Message: tt.msg}, *se)
				return
			}
			require.NoError(t, err)
			var abstract []string
			for _, m := range s.Methods {
				if m.Abstract {
					abstract = append(abstract, m.Name)
				}
			}
			assert.Equal(t, tt.abstract, abstract)
			assert.True(t, s.Abstract)
		})
	}
}

// What Godot 4.6.3's analyzer makes of abstract classes: a class that is
// not abstract may neither declare an abstract method nor leave one of
// its bases' without an override; the first its nearest base declares is
// named. An abstract method keeps its @rpc.
func TestResolveAbstract(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"a1.gd":    "@abstract\nextends Node\n@abstract func f() -> void\n@rpc(\"any_peer\")\n@abstract func r() -> void\nfunc g():\n\tpass\n",
		"a2.gd":    "extends Node\n@abstract func f() -> void\n",
		"a4.gd":    "extends \"res://a1.gd\"\nfunc g2():\n\tpass\n",
		"a5.gd":    "extends \"res://a1.gd\"\nfunc f() -> void:\n\tpass\nfunc r():\n\tpass\n",
		"a20.gd":   "extends \"res://a4.gd\"\nfunc f() -> void:\n\tpass\n",
		"a22.gd":   "class_name Named\nextends Node\n@abstract func f() -> void\n",
		"a23.gd":   "extends Node\nclass K:\n\t@abstract func f() -> void\n",
		"b3.gd":    "extends Node\n@abstract class A:\n\t@abstract func f()\n\t@abstract func g()\n@abstract class B extends A:\n\t@abstract func h()\nclass D extends B:\n\tfunc h():\n\t\tpass\n",
		"b3e.gd":   "extends Node\n@abstract class A:\n\t@abstract func f()\n\t@abstract func g()\n@abstract class B extends A:\n\t@abstract func h()\nclass E extends B:\n\tfunc f():\n\t\tpass\n\tfunc h():\n\t\tpass\n",
		"b6.gd":    "extends Node\n@abstract class A:\n\t@abstract func f()\n@abstract class B extends A:\n\tfunc f():\n\t\tpass\n\t@abstract func f2()\nclass C extends B:\n\tfunc f2():\n\t\tpass\n",
		"b6d.gd":   "extends Node\n@abstract class A:\n\t@abstract func f()\nclass D extends A:\n\t@abstract func f()\n",
		"b4.gd":    "extends Node\n@abstract class A:\n\t@abstract func f()\nclass C extends A:\n\t@rpc(\"bogus\") func g():\n\t\tpass\n",
		"named.gd": "extends Named\nfunc f() -> void:\n\tpass\n",
	})
	p, err := Open(dir)
	require.NoError(t, err)
	for _, path := range []string{"res://a1.gd", "res://a5.gd", "res://b6.gd"} {
		_, err := p.Resolve(path)
		assert.NoError(t, err, path)
	}
	r, err := p.Resolve("res://a5.gd")
	require.NoError(t, err)
	text, err := vartext.Marshal(RPCConfig(r.RPCs()))
	require.NoError(t, err)
	assert.Equal(t, "{\n&\"r\": {\n\"rpc_mode\": 1\n}\n}", string(text), "the override without @rpc keeps its abstract base's")

	notAbstract := `Class "%s" is not abstract but contains abstract methods. Mark the class as "@abstract" or remove "@abstract" from all methods in this class.`
	mustImplement := `Class "%s" must implement "%s()" and other inherited abstract methods or be marked as "@abstract".`
	for _, tt := range []struct {
		path string
		line int
		msg  string
	}{
		{"res://a2.gd", 1, fmt.Sprintf(notAbstract, "a2.gd")},
		{"res://a22.gd", 1, fmt.Sprintf(notAbstract, "Named")},
		{"res://a23.gd", 2, fmt.Sprintf(notAbstract, "K")},
		{"res://a4.gd", 1, fmt.Sprintf(mustImplement, "a4.gd", "a1.gd.f")},
		{"res://b3.gd", 7, fmt.Sprintf(mustImplement, "D", "A.f")},
		{"res://b3e.gd", 7, fmt.Sprintf(mustImplement, "E", "A.g")},
		{"res://b6d.gd", 4, fmt.Sprintf(notAbstract, "D")},
		{"res://b4.gd", 5, `Invalid RPC argument. Must be one of: "call_local"/"call_remote" (local calls), "any_peer"/"authority" (permission), "reliable"/"unreliable"/"unreliable_ordered" (transfer mode).`},
	} {
		_, err := p.Resolve(tt.path)
		var se *ScriptError
		if assert.ErrorAs(t, err, &se, tt.path) {
			assert.Equal(t, ScriptError{Path: tt.path, Line: tt.line, Message: tt.msg}, *se, tt.path)
		}
	}
	_, err = p.Resolve("res://a20.gd")
	assert.Error(t, err, "a base that leaves an abstract method refuses its subclass")
	_, err = p.Resolve("res://named.gd")
	assert.Error(t, err, "a base that is not abstract but has abstract methods refuses its subclass")
}

// abstractSceneFiles are scenes whose nodes hold an abstract script, and
// its concrete subclass.
var abstractSceneFiles = map[string]string{
	"base.gd":       "@abstract\nextends Node\n@abstract func f() -> void\nclass Inner extends Node:\n\tpass\n",
	"sub.gd":        "extends \"base.gd\"\nfunc f() -> void:\n\tpass\n",
	"abstract.tscn": scene(map[string]string{"res://base.gd": "1"}, `[node name="M" type="Node"]`, `[node name="Held" type="Node" parent="."]`+"\nscript = ExtResource(\"1\")"),
	"concrete.tscn": scene(map[string]string{"res://sub.gd": "1"}, `[node name="M" type="Node"]`, `[node name="Held" type="Node" parent="."]`+"\nscript = ExtResource(\"1\")"),
}

// Godot 4.6.3 instances a node whose scene sets an abstract script on it
// without the script ("Node "Held" previously had a script, but that
// script is now abstract."): Tree refuses it, and takes its concrete
// subclass (TestLiveAbstractNodeScript).
func TestTreeAbstractScript(t *testing.T) {
	p, err := Open(writeProject(t, maps.Clone(abstractSceneFiles)))
	require.NoError(t, err)
	_, err = p.Tree("res://abstract.tscn")
	assert.EqualError(t, err, `res://abstract.tscn: node Held: script res://base.gd: Node "Held" previously had a script, but that script is now abstract.`)
	_, err = p.Tree("res://concrete.tscn")
	assert.NoError(t, err)
}

// TestLiveAbstractNodeScript has Godot 4.6 instance abstractSceneFiles'
// scenes and say which node it left without its script.
func TestLiveAbstractNodeScript(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	files := maps.Clone(abstractSceneFiles)
	files["node_script.gd"] = harness(t, "project", "node_script.gd")
	dir := writeProject(t, files)
	out := godot.StartWith(t, engine, "--path", dir, "-s", "res://node_script.gd", "--", "res://abstract.tscn", "res://concrete.tscn").Wait(t)
	assert.Equal(t, "REFUSED Held Node", godot.Line(t, out, "res://abstract.tscn "))
	assert.Equal(t, "ACCEPTED", godot.Line(t, out, "res://concrete.tscn "))
}
