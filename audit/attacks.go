package audit

import (
	"iter"
	"math"
	"strings"

	"github.com/gdvar/gdvar"
)

// The classes of hostile call (Result.Attack).
const (
	attackValid       = "valid"        // a value of each parameter's type
	attackMissing     = "missing"      // one argument fewer than the method needs
	attackExtra       = "extra"        // one argument more than it takes
	attackWrongType   = "wrong-type"   // a value of another type for one parameter
	attackHugeString  = "huge-string"  // a String as long as the packet limit allows
	attackHugeArray   = "huge-array"   // an Array (or packed array) as large
	attackDeep        = "deep"         // Arrays nested deepNesting deep
	attackNaN         = "nan"          // NaN for a float (or a float vector's components)
	attackInf         = "inf"          // +Inf
	attackNegativeInt = "negative-int" // -1
	attackMaxInt      = "max-int"      // the largest int
	attackObject      = "object"       // a whole Object (RefCounted)
	attackForeignPath = "foreign-path" // the path of another player's node
	attackAuthority   = "authority"    // an authority method, called by a peer that is not its authority
	attackSync        = "sync"         // a sync of another peer's node, of a value of the audit's
	attackReplay      = "replay"       // a sync of another peer's node, of the state it last sent
	attackSpawn       = "spawn"        // a spawn of a new node, by a peer that is not the spawner's authority
)

// deepNesting is how deep the deep attack nests Arrays: within the
// engine's decoding (Variant::MAX_RECURSION_DEPTH, 1024), so that the
// server takes the value and its script meets it.
const deepNesting = 512

// param is a parameter of a method as the engine checks its argument:
// its type in project.ArgCheck's notation ("" any value).
type param struct {
	name     string
	typ      string
	required bool
}

// call is one hostile call: its class, the parameter it targets, the
// arguments, and what they are, in short.
type call struct {
	attack string
	param  string
	args   []any
	desc   string
}

// attacks yields the calls of an any_peer method's audit: a valid one,
// one missing an argument, one with an extra argument, then, for each
// parameter, each hostile value its type may take or be refused; huge
// values are of payload bytes. foreign, if not "", is another player's
// node's path. The calls share their arguments' slice, and their huge
// values: a call is valid until the next is yielded, and a method of
// many parameters costs one huge String and one huge Array, not one a
// call.
func attacks(params []param, vararg bool, payload int, foreign string) iter.Seq[call] {
	return func(yield func(call) bool) {
		args := make([]any, len(params), len(params)+1)
		required := 0
		for i, p := range params {
			args[i] = validValue(p.typ)
			if p.required {
				required = i + 1
			}
		}
		if !yield(call{attack: attackValid, args: args, desc: describe(args)}) {
			return
		}
		if required > 0 && !yield(call{attack: attackMissing, args: args[:required-1], desc: describe(args[:required-1])}) {
			return
		}
		if !vararg {
			extra := append(args, int64(7))
			if !yield(call{attack: attackExtra, args: extra, desc: describe(extra)}) {
				return
			}
		}
		huge := newHugeValues(payload)
		for i, p := range params {
			valid := args[i]
			for _, h := range hostileValues(p.typ, huge, foreign) {
				args[i] = h.value
				if !yield(call{attack: h.attack, param: p.name, args: args, desc: h.desc}) {
					return
				}
			}
			args[i] = valid
		}
		if len(params) == 0 { // an Object as an extra argument: the engine decodes it before it counts
			object := []any{gdvar.Object{Class: "RefCounted"}}
			yield(call{attack: attackObject, args: object, desc: "Object(RefCounted) as an extra argument"})
		}
	}
}

// hugeValues are the huge values of an audit, each made once, when first
// asked for.
type hugeValues struct {
	payload int
	made    map[string]any // by kind: "string", or a hugeArray's type
}

func newHugeValues(payload int) *hugeValues {
	return &hugeValues{payload: payload, made: map[string]any{}}
}

// value returns the huge value of a kind, made once.
func (h *hugeValues) value(kind string, make func() any) any {
	v, ok := h.made[kind]
	if !ok {
		v = make()
		h.made[kind] = v
	}
	return v
}

// hostileValue is a hostile value for a parameter.
type hostileValue struct {
	attack string
	value  any
	desc   string
}

// hostileValues returns the hostile values for a parameter of type typ,
// the huge ones from huge.
func hostileValues(typ string, huge *hugeValues, foreign string) []hostileValue {
	untyped := typ == ""
	k := kindOf(typ)
	var out []hostileValue
	add := func(attack string, v any, desc string) { out = append(out, hostileValue{attack, v, desc}) }
	wrong := wrongValue(typ)
	add(attackWrongType, wrong, "a "+typeOfValue(wrong)+" for "+shownType(typ))
	if untyped || k == kindString {
		s := huge.value("string", func() any { return strings.Repeat("A", huge.payload) })
		add(attackHugeString, s, "a String of "+sizeText(huge.payload))
	}
	if untyped || k == kindArray {
		shape := arrayShape(typ)
		add(attackHugeArray, huge.value(shape, func() any { return hugeArray(shape, huge.payload) }), "an Array of "+sizeText(huge.payload))
	}
	if untyped || typ == "Array" || k == kindDictionary {
		deep := "deep"
		if k == kindDictionary {
			deep = "deep in a Dictionary"
		}
		add(attackDeep, huge.value(deep, func() any { return nested(typ, deepNesting) }), "Arrays nested 512 deep")
	}
	if untyped || k == kindNumber || k == kindFloatVector {
		add(attackNaN, floatsOf(typ, math.NaN()), "NaN")
		add(attackInf, floatsOf(typ, math.Inf(1)), "+Inf")
	}
	if untyped || typ == "int" || typ == "float" {
		add(attackNegativeInt, int64(-1), "-1")
		add(attackMaxInt, int64(math.MaxInt64), "9223372036854775807")
	}
	if untyped || k == kindObject {
		add(attackObject, gdvar.Object{Class: "RefCounted"}, "Object(RefCounted)")
	}
	if foreign != "" && (untyped || k == kindString) {
		var v any = foreign
		if typ == "NodePath" || untyped {
			v = gdvar.ParseNodePath(foreign)
		}
		add(attackForeignPath, v, "the path "+foreign)
	}
	return out
}

// The kinds of parameter type the hostile values are chosen by.
const (
	kindOther = iota
	kindNumber
	kindString
	kindArray
	kindDictionary
	kindFloatVector
	kindObject
)

// kindOf sorts a type in ArgCheck notation into a kind.
func kindOf(typ string) int {
	switch {
	case typ == "int" || typ == "float":
		return kindNumber
	case typ == "String" || typ == "StringName" || typ == "NodePath":
		return kindString
	case typ == "Array" || strings.HasPrefix(typ, "Array[") || strings.HasPrefix(typ, "Packed"):
		return kindArray
	case typ == "Dictionary" || strings.HasPrefix(typ, "Dictionary["):
		return kindDictionary
	case floatVectors[typ]:
		return kindFloatVector
	case builtinType(typ) == gdvar.TypeNil && typ != "":
		return kindObject // an engine or script class
	}
	return kindOther
}

// floatVectors are the math types of float components the nan attack
// fills.
var floatVectors = map[string]bool{"Vector2": true, "Vector3": true, "Vector4": true, "Rect2": true, "Quaternion": true,
	"Plane": true, "AABB": true, "Color": true}

// builtinType returns the Variant type a type's name names (the
// container's for Array[int]), or TypeNil for a class (Object too).
func builtinType(typ string) gdvar.Type {
	name, _, _ := strings.Cut(typ, "[")
	for t := gdvar.TypeNil + 1; t <= gdvar.TypePackedVector4Array; t++ {
		if t != gdvar.TypeObject && t.String() == name {
			return t
		}
	}
	return gdvar.TypeNil
}

// validValue returns a value of a type that a call may give: the
// zero value of a built-in type, a typed Array or Dictionary of no
// element, null for a class, 1 for any value.
func validValue(typ string) any {
	if typ == "" {
		return int64(1)
	}
	if v, ok := zeroValues[typ]; ok {
		return v
	}
	t := builtinType(typ)
	switch {
	case t == gdvar.TypeArray:
		elem := "" // a plain Array's
		if rest, ok := strings.CutPrefix(typ, "Array["); ok {
			elem = strings.TrimSuffix(rest, "]")
		}
		return gdvar.Array{Type: containerType(elem), Values: []any{}}
	case t == gdvar.TypeDictionary:
		return gdvar.NewDictionary() // an untyped Dictionary: a typed one's keys must match, which none do here
	case t == gdvar.TypeNil:
		return nil // null fits an object's parameter
	}
	return int64(0)
}

// zeroValues are values of the built-in types a call may give.
var zeroValues = map[string]any{
	"bool": true, "int": int64(1), "float": 1.5, "String": "gdvar", "StringName": gdvar.StringName("gdvar"),
	"NodePath": gdvar.ParseNodePath("gdvar"), "Vector2": gdvar.Vector2{}, "Vector2i": gdvar.Vector2i{},
	"Rect2": gdvar.Rect2{}, "Rect2i": gdvar.Rect2i{}, "Vector3": gdvar.Vector3{}, "Vector3i": gdvar.Vector3i{},
	"Transform2D": gdvar.Transform2D{X: gdvar.Vector2{X: 1}, Y: gdvar.Vector2{Y: 1}}, "Vector4": gdvar.Vector4{},
	"Vector4i": gdvar.Vector4i{}, "Plane": gdvar.Plane{}, "Quaternion": gdvar.Quaternion{W: 1}, "AABB": gdvar.AABB{},
	"Basis": gdvar.Basis{Rows: [3]gdvar.Vector3{{X: 1}, {Y: 1}, {Z: 1}}}, "Transform3D": gdvar.Transform3D{},
	"Projection": gdvar.Projection{}, "Color": gdvar.Color{A: 1}, "PackedByteArray": []byte{},
	"PackedInt32Array": []int32{}, "PackedInt64Array": []int64{}, "PackedFloat32Array": []float32{},
	"PackedFloat64Array": []float64{}, "PackedStringArray": []string{}, "PackedVector2Array": []gdvar.Vector2{},
	"PackedVector3Array": []gdvar.Vector3{}, "PackedColorArray": []gdvar.Color{}, "PackedVector4Array": []gdvar.Vector4{},
}

// containerType returns the element type of a typed Array written
// as ArgCheck writes it.
func containerType(elem string) gdvar.ContainerType {
	switch t := builtinType(elem); {
	case elem == "Variant" || elem == "":
		return gdvar.ContainerType{}
	case t != gdvar.TypeNil:
		return gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: t}
	case strings.HasPrefix(elem, `"`):
		return gdvar.ContainerType{Kind: gdvar.TypedScript, Name: strings.Trim(elem, `"`)}
	}
	return gdvar.ContainerType{Kind: gdvar.TypedClass, Name: elem}
}

// wrongValue returns a value of a type the parameter does not take (or,
// for any value, the one a script least expects: a Dictionary).
func wrongValue(typ string) any {
	switch kindOf(typ) {
	case kindString:
		return gdvar.NewDictionary("gdvar", int64(1))
	case kindObject:
		return int64(7)
	}
	switch typ {
	case "", "Color", "Variant":
		return gdvar.NewDictionary("gdvar", int64(1))
	}
	return "gdvar"
}

// typeOfValue names the type of a value wrongValue gives.
func typeOfValue(v any) string {
	switch v.(type) {
	case *gdvar.Dictionary:
		return "Dictionary"
	case int64:
		return "int"
	}
	return "String"
}

// shownType names a parameter's type in a description.
func shownType(typ string) string {
	if typ == "" {
		return "an untyped parameter"
	}
	return typ
}

// arrayShape is the kind of huge Array a type takes: "bytes" for a
// PackedByteArray, "packed" for another packed or a typed Array, "array"
// for any other.
func arrayShape(typ string) string {
	switch {
	case typ == "PackedByteArray":
		return "bytes"
	case strings.HasPrefix(typ, "Packed") || strings.HasPrefix(typ, "Array["):
		return "packed"
	}
	return "array"
}

// hugeArray returns an Array of a shape (arrayShape) of about payload
// bytes.
func hugeArray(shape string, payload int) any {
	switch shape {
	case "bytes":
		return make([]byte, payload)
	case "packed":
		return make([]int32, payload/4) // a packed array converts to any Array[T] and packed type the engine takes it for
	}
	values := make([]any, payload/8) // an int in an Array is 8 bytes
	for i := range values {
		values[i] = int64(0)
	}
	return values
}

// nested returns Arrays nested depth deep, in a Dictionary for a
// Dictionary's parameter.
func nested(typ string, depth int) any {
	var v any = []any{}
	for range depth - 1 {
		v = []any{v}
	}
	if kindOf(typ) == kindDictionary {
		return gdvar.NewDictionary("gdvar", v)
	}
	return v
}

// floatsOf returns f as a value of typ: a float, or a float vector of f.
func floatsOf(typ string, f float64) any {
	switch typ {
	case "Vector2":
		return gdvar.Vector2{X: f, Y: f}
	case "Vector3":
		return gdvar.Vector3{X: f, Y: f, Z: f}
	case "Vector4":
		return gdvar.Vector4{X: f, Y: f, Z: f, W: f}
	case "Rect2":
		return gdvar.Rect2{Position: gdvar.Vector2{X: f, Y: f}, Size: gdvar.Vector2{X: f, Y: f}}
	case "Quaternion":
		return gdvar.Quaternion{X: f, Y: f, Z: f, W: f}
	case "Plane":
		return gdvar.Plane{Normal: gdvar.Vector3{X: f, Y: f, Z: f}, D: f}
	case "AABB":
		return gdvar.AABB{Position: gdvar.Vector3{X: f, Y: f, Z: f}, Size: gdvar.Vector3{X: f, Y: f, Z: f}}
	case "Color":
		g := float32(f)
		return gdvar.Color{R: g, G: g, B: g, A: g}
	}
	return f
}

// describe writes arguments in short: each one's type, and a String's
// or an Array's size.
func describe(args []any) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = describeValue(a)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// describeValue writes a value in short.
func describeValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case int64:
		return "int"
	case float64:
		return "float"
	case bool:
		return "bool"
	case string:
		return "String"
	case gdvar.StringName:
		return "StringName"
	case gdvar.NodePath:
		return "NodePath"
	case *gdvar.Dictionary:
		return "Dictionary"
	case gdvar.Array:
		return "Array[" + v.Type.String() + "]"
	case gdvar.Object:
		return "Object(" + v.Class + ")"
	case []any:
		return "Array"
	}
	return strings.TrimPrefix(typeName(v), "gdvar.")
}

// sizeText writes a size in bytes, KiB or MiB.
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return itoa(n>>20) + " MiB"
	case n >= 1<<10:
		return itoa(n>>10) + " KiB"
	}
	return itoa(n) + " bytes"
}
