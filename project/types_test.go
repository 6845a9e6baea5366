package project

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// typeFiles are the scripts and files typeCases name.
var typeFiles = map[string]string{
	"item.gd":     "extends Resource\n@export var n: int = 1\nclass Inner extends Resource:\n\t@export var m: int = 2\n",
	"item.gd.uid": "uid://bgdvaritem1\n",
	"sub/other.gd": "class_name Other\nextends Resource\nconst Item = preload(\"res://item.gd\")\nconst Scene = preload(\"res://s.tscn\")\n" +
		"const N = 1\nvar v = 2\nenum OE {X, Y}\nclass Deep extends Resource:\n\t@export var k: int = 3\nfunc f():\n\tpass\n",
	"s.tscn":          "[gd_scene format=3]\n\n[node name=\"S\" type=\"Node\"]\n",
	"bad.gd":          "extends Resource\nvar = 3\n",
	"sub2/badg.gd":    "class_name BadG\nextends Resource\nvar = 3\n",
	"sub2/badbase.gd": "class_name BadBase\nextends Nope\n",
}

// typeCases are scripts (res://t/NAME.gd) whose member variables are
// typed through constants, preloads, inner classes, other scripts and
// their bases, with what Godot 4.6.3 makes of each (TestLiveTypes): the
// types of the variables the script declares, as typesText writes them,
// or the first error it prints, at its line.
var typeCases = []struct{ name, src, want string }{
	{"const preload", "extends Resource\nconst ItemScript = preload(\"res://item.gd\")\n@export var items: Array[ItemScript]\n@export var main: ItemScript\nvar plain: ItemScript\n",
		"items: Array[script:res://item.gd]; main: Object; plain: Object"},
	{"constants chained, declared after", "extends Resource\n@export var x: Array[A]\nconst A = B\nconst B = preload(\"res://item.gd\")\n",
		"x: Array[script:res://item.gd]"},
	{"relative path, parentheses, typed constant", "extends Resource\nconst T = (preload(\"../item.gd\"))\nconst U: GDScript = preload(\"res://item.gd\")\n@export var x: Array[T]\n@export var y: Array[U]\n",
		"x: Array[script:res://item.gd]; y: Array[script:res://item.gd]"},
	{"uid preload", "extends Resource\nconst T = preload(\"uid://bgdvaritem1\")\n@export var x: Array[T]\n", "x: Array[script:res://item.gd]"},
	{"inner classes through constants", "extends Resource\nconst I = preload(\"res://item.gd\")\nconst J = I.Inner\n@export var x: Array[J]\n@export var y: Array[I.Inner]\n",
		"x: Array[inner]; y: Array[inner]"},
	{"another script's constants, inner classes and enums", "extends Resource\n@export var a: Array[Other.Item]\n@export var b: Array[Other.Deep]\n@export var c: Array[Other.OE]\n@export var d: Array[Other.Item.Inner]\n@export var e: Other\n",
		"a: Array[script:res://item.gd]; b: Array[inner]; c: Array[int]; d: Array[inner]; e: Object"},
	{"the base's constants and inner classes", "extends Other\n@export var x: Array[Item]\n@export var y: Array[Deep]\n",
		"x: Array[script:res://item.gd]; y: Array[inner]"},
	{"an inner class of the script", "extends Other\nclass K extends Resource:\n\t@export var y: Array[Item]\n@export var x: Array[K]\n", "x: Array[inner]"},
	{"enums", "extends Resource\nenum E {A, B}\nconst E2 = E\n@export var x: Array[E]\n@export var y: E\n@export var z: E2\n", "x: Array[int]; y: int; z: int"},
	{"a global class before a constant", "extends Resource\nconst Other = preload(\"res://item.gd\")\n@export var x: Array[Other]\n", "x: Array[script:res://sub/other.gd]"},
	{"preloading itself", "extends Resource\nconst T = preload(\"res://t/preloading_itself.gd\")\n@export var x: Array[T]\n", "x: Array[script:res://t/preloading_itself.gd]"},
	{"engine enums", "extends Resource\n@export var x: Variant.Type\n@export var y: Vector3.Axis\n@export var z: Node.ProcessMode\n@export var w: Array[Node.ProcessMode]\n",
		"x: int; y: int; z: int; w: Array[int]"},
	{"engine classes, built-in types", "extends Resource\n@export var a: Array[Texture2D]\n@export var b: Dictionary[String, Resource]\n@export var c: Resource\n@export var d: Array\n@export var e: Dictionary[String, Variant]\n",
		"a: Array[Texture2D]; b: Dictionary[String, Resource]; c: Object; d: Array; e: Dictionary[String, Variant]"},
	{"a Dictionary of a constant", "extends Resource\nconst I = preload(\"res://item.gd\")\n@export var x: Dictionary[String, I]\n", "x: Dictionary[String, script:res://item.gd]"},
	{"extends a constant", "extends Base\nconst Base = preload(\"res://item.gd\")\n@export var q: Array[Base.Inner]\n", "q: Array[inner]"},
	{"extends a constant's inner class", "extends I.Inner\nconst I = preload(\"res://item.gd\")\n", ""},
	{"extends its own inner class", "extends Inner\nclass Inner extends Resource:\n\tpass\n", ""},
	{"an inner class extends a constant", "extends Resource\nconst I = preload(\"res://item.gd\")\nclass K extends I:\n\tpass\n@export var x: Array[K]\n", "x: Array[inner]"},

	{"load", "extends Resource\nconst L = load(\"res://item.gd\")\n@export var x: Array[L]\n", `2: Assigned value for constant "L" isn't a constant expression.`},
	{"a scene", "extends Resource\nconst S = preload(\"res://s.tscn\")\n@export var x: S\n", `3: "S" is a constant but does not contain a type.`},
	{"another script's scene", "extends Resource\n@export var x: Other.Scene\n", `2: Member "Scene" under base "Other" is not a valid type.`},
	{"another script's number", "extends Resource\n@export var x: Other.N\n", `2: Member "N" under base "Other" is not a valid type.`},
	{"another script's variable", "extends Resource\n@export var x: Other.v\n", `2: Could not find type "v" under base "Other".`},
	{"another script's function", "extends Resource\n@export var x: Other.f\n", `2: Could not find type "f" under base "Other".`},
	{"a number", "extends Resource\nconst N = 5\n@export var x: N\n", `3: "N" is a constant but does not contain a type.`},
	{"a static variable", "extends Resource\nstatic var T = preload(\"res://item.gd\")\n@export var x: Array[T]\n", `3: "T" is a variable but does not contain a type.`},
	{"a function", "extends Resource\nfunc f():\n\tpass\n@export var x: f\n", `4: "f" is a function but does not contain a type.`},
	{"a signal", "extends Resource\nsignal s\n@export var x: s\n", `3: "s" is a signal but does not contain a type.`},
	{"a global class as a constant", "extends Resource\nconst T = Other\n@export var x: Array[T]\n", `2: Assigned value for constant "T" isn't a constant expression.`},
	{"an engine class as a constant", "extends Resource\nconst T = Node\n@export var x: Array[T]\n", `2: Assigned value for constant "T" isn't a constant expression.`},
	{"a built-in type as a constant", "extends Resource\nconst T = int\n@export var x: Array[T]\n", "2: Builtin type cannot be used as a name on its own."},
	{"a missing preload", "extends Resource\nconst M = preload(\"res://missing.gd\")\n@export var x: M\n", `2: Preload file "res://missing.gd" does not exist.`},
	{"a missing relative preload", "extends Resource\nconst M = preload(\"missing2.gd\")\n@export var x: M\n", `2: Preload file "res://t/missing2.gd" does not exist.`},
	{"a preload that does not parse", "extends Resource\nconst B = preload(\"res://bad.gd\")\n@export var x: B\n", `2: Could not preload resource script "res://bad.gd".`},
	{"a global class that does not parse", "extends Resource\n@export var x: BadG\n", `2: Could not parse global class "BadG" from "res://sub2/badg.gd".`},
	{"a global class whose base is not found", "extends Resource\n@export var x: BadBase\n", `2: Could not parse global class "BadBase" from "res://sub2/badbase.gd".`},
	{"a preload whose base is not found", "extends Resource\nconst B = preload(\"res://sub2/badbase.gd\")\n@export var x: B\n", `2: Could not resolve script "res://sub2/badbase.gd".`},
	{"constants in a cycle", "extends Resource\n@export var x: A\nconst A = B\nconst B = A\n", `4: Could not resolve member "A": Cyclic reference.`},
	{"extends a scene", "extends S\nconst S = preload(\"res://s.tscn\")\n", `1: Constant "S" is not a preloaded script or class.`},
	{"extends a number", "extends N\nconst N = 3\n", `1: Constant "N" is not a preloaded script or class.`},
	{"extends a variable", "extends V\nvar V = 1\n", `1: Cannot use variable "V" in extends chain.`},
	{"extends a function", "extends f\nfunc f():\n\tpass\n", `1: Cannot use function "f" in extends chain.`},
	{"an inner class extends itself", "extends Resource\nclass K extends K:\n\tpass\n", "2: Cyclic inheritance."},
}

// typeCaseFiles are typeFiles and typeCases' scripts.
func typeCaseFiles() map[string]string {
	files := map[string]string{}
	for name, src := range typeFiles {
		files[name] = src
	}
	for _, c := range typeCases {
		files[typeCasePath(c.name)] = c.src
	}
	return files
}

// typeCasePath is the path from the project's folder of a case's script.
func typeCasePath(name string) string {
	return "t/" + strings.NewReplacer(" ", "_", ",", "", "'", "").Replace(name) + ".gd"
}

// typesText writes the types of the variables a script declares, or why
// the reader refuses it: "name: TYPE; …" or "LINE: message".
func typesText(p *Project, res string) string {
	r, err := p.Resolve(res)
	if err != nil {
		if se, ok := err.(*ScriptError); ok && !se.Unsupported {
			return fmt.Sprintf("%d: %s", se.Line, se.Message)
		}
		return err.Error()
	}
	var out []string
	for _, v := range r.Chain[0].Class.Properties {
		t, err := p.typeOf(r.Chain[0], v.Type, v.Line, true)
		if err != nil {
			return err.Error()
		}
		out = append(out, v.Name+": "+typeText(t))
	}
	return strings.Join(out, "; ")
}

// typeText writes a type as the harness of TestLiveTypes writes the
// engine's: an Object for a class, an int for an enum, a container with
// its element types.
func typeText(t resolvedType) string {
	switch t.kind {
	case typeBuiltin:
		var elems []string
		typed := false
		for _, e := range t.elem {
			elems = append(elems, elemText(e))
			typed = typed || elemText(e) != "Variant"
		}
		if !typed {
			return t.builtin.String()
		}
		return t.builtin.String() + "[" + strings.Join(elems, ", ") + "]"
	case typeEnum:
		return "int"
	case typeNative, typeClass:
		return "Object"
	}
	return "Variant"
}

// elemText writes a container's element type: a script by its path, an
// inner class as "inner", whose script the engine keeps with no path.
func elemText(t resolvedType) string {
	switch t.kind {
	case typeBuiltin:
		return t.builtin.String()
	case typeEnum:
		return "int"
	case typeNative:
		return t.native
	case typeClass:
		if t.class.Class == &t.class.Script.Class {
			return "script:" + t.class.Script.Path
		}
		return "inner"
	}
	return "Variant"
}

// propNames are the names of a script's stored variables.
func propNames(props []resource.ScriptProperty) []string {
	var out []string
	for _, p := range props {
		out = append(out, p.Name)
	}
	return out
}

func TestTypes(t *testing.T) {
	p, err := Open(writeProject(t, typeCaseFiles()))
	require.NoError(t, err)
	for _, c := range typeCases {
		assert.Equal(t, c.want, typesText(p, "res://"+typeCasePath(c.name)), c.name)
	}
}

// A resource's script typed through constants gives StoredProperties the
// types the engine holds: an Object for a class, a script's path for an
// Array's element, an int for an enum; an inner class is left untyped.
func TestStoredPropertiesTypes(t *testing.T) {
	p, err := Open(writeProject(t, typeCaseFiles()))
	require.NoError(t, err)
	props, err := p.StoredProperties("res://" + typeCasePath("another script's constants, inner classes and enums"))
	require.NoError(t, err)
	item := gdvar.ContainerType{Kind: gdvar.TypedScript, Name: "res://item.gd"}
	assert.Equal(t, []string{"a", "b", "c", "d", "e"}, propNames(props))
	assert.Equal(t, []gdvar.ContainerType{item}, props[0].Elem)
	assert.Equal(t, []gdvar.ContainerType{{}}, props[1].Elem, "an inner class: untyped")
	assert.Equal(t, []gdvar.ContainerType{{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeInt}}, props[2].Elem)
	assert.True(t, props[4].Object)
	assert.False(t, props[0].Object)

	props, err = p.StoredProperties("res://" + typeCasePath("const preload"))
	require.NoError(t, err)
	assert.Equal(t, []string{"items", "main"}, propNames(props), "plain is not stored")
	assert.Equal(t, []gdvar.ContainerType{item}, props[0].Elem)
	assert.True(t, props[1].Object)

	_, err = p.StoredProperties("res://" + typeCasePath("a scene"))
	assert.Error(t, err, "a script the engine refuses has no stored variables")
}
