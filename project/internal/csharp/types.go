package csharp

import "slices"

// The Variant types of C# types, as Godot's source generators map them
// (MarshalUtils.ConvertManagedTypeToMarshalType, then
// ConvertMarshalTypeToVariantType), written as a GDScript declaration
// writes its type: int, Vector2i, Array[Node], Dictionary[String, int].

// keywordTypes are C#'s keyword types, by the System type each is.
var keywordTypes = map[string]string{
	"bool": "Boolean", "char": "Char", "sbyte": "SByte", "short": "Int16", "int": "Int32", "long": "Int64",
	"byte": "Byte", "ushort": "UInt16", "uint": "UInt32", "ulong": "UInt64", "float": "Single", "double": "Double",
	"string": "String", "object": "Object", "decimal": "Decimal", "dynamic": "Object", "nint": "IntPtr", "nuint": "UIntPtr",
}

// systemTypes are the System types the generators marshal by their
// SpecialType, and the Variant type of each; those of System that a
// declaration may name but the generators do not marshal are "".
var systemTypes = map[string]string{
	"Boolean": "bool", "Char": "int", "SByte": "int", "Int16": "int", "Int32": "int", "Int64": "int",
	"Byte": "int", "UInt16": "int", "UInt32": "int", "UInt64": "int", "Single": "float", "Double": "float",
	"String": "String", "Object": "", "Decimal": "", "IntPtr": "", "UIntPtr": "", "Half": "",
}

// godotTypes are the structs of GodotSharp the generators marshal by
// name, with StringName and NodePath, and the Variant type of each.
var godotTypes = map[string]string{
	"Vector2": "Vector2", "Vector2I": "Vector2i", "Rect2": "Rect2", "Rect2I": "Rect2i", "Transform2D": "Transform2D",
	"Vector3": "Vector3", "Vector3I": "Vector3i", "Basis": "Basis", "Quaternion": "Quaternion", "Transform3D": "Transform3D",
	"Vector4": "Vector4", "Vector4I": "Vector4i", "Projection": "Projection", "Aabb": "AABB", "Color": "Color",
	"Plane": "Plane", "Rid": "RID", "Callable": "Callable", "Signal": "Signal", "Variant": "Variant",
	"StringName": "StringName", "NodePath": "NodePath",
}

// packedArrays are the C# arrays the generators marshal, by the
// element's System or GodotSharp name: packed arrays, and Arrays for
// StringName, NodePath and Rid.
var packedArrays = map[string]string{
	"Byte": "PackedByteArray", "Int32": "PackedInt32Array", "Int64": "PackedInt64Array",
	"Single": "PackedFloat32Array", "Double": "PackedFloat64Array", "String": "PackedStringArray",
	"Vector2": "PackedVector2Array", "Vector3": "PackedVector3Array", "Vector4": "PackedVector4Array",
	"Color": "PackedColorArray", "StringName": "Array", "NodePath": "Array", "Rid": "Array",
}

// marshalKind is what a C# type is, for marshalling.
type marshalKind uint8

const (
	marshalUnknown     marshalKind = iota // a type the reader does not find: kept by name
	marshalUnsupported                    // a type the generators do not marshal (GD0102)
	marshalSystem                         // a System type marshalled by its SpecialType; name is its System name
	marshalGodot                          // a GodotSharp struct, StringName or NodePath; name is its C# name
	marshalEnum                           // an enum: an int
	marshalObject                         // a class deriving from GodotObject; name is its Variant type's
	marshalCollection                     // Godot.Collections.Array or Dictionary; name is Array or Dictionary
)

// classify says what the type a declaration of from names is, and its
// name for that.
func (s *Scope) classify(t TypeRef, from *Type) (marshalKind, string) {
	parts := from.file.expand(t)
	if len(parts) == 0 || t.pointer {
		return marshalUnsupported, ""
	}
	last := parts[len(parts)-1]
	if sys, ok := keywordTypes[last.name]; ok && len(parts) == 1 && !t.global {
		return systemClass(sys)
	}
	if g := s.find(t, from); g != nil {
		switch g.kind {
		case enumKind:
			return marshalEnum, ""
		case classKind:
			if s.godotClass(g) < 0 {
				return marshalUnsupported, ""
			}
			return marshalObject, g.name
		default: // a struct, an interface
			return marshalUnsupported, ""
		}
	}
	names := parts // the name, past System. or Godot.
	if len(names) == 2 && names[0].name == "System" {
		names = names[1:]
	}
	if _, ok := systemTypes[names[0].name]; ok && len(names) == 1 {
		return systemClass(names[0].name)
	}
	if len(names) > 1 && names[0].name == "Godot" {
		names = names[1:]
	}
	switch {
	case len(names) == 1 && godotTypes[names[0].name] != "":
		return marshalGodot, names[0].name
	case (len(names) == 2 && names[0].name == "Collections" || len(names) == 1) && (last.name == "Array" || last.name == "Dictionary"):
		if s.godotCollection(last.name, len(names) == 2, len(last.args) > 0, from.file) {
			return marshalCollection, last.name
		}
		return marshalUnsupported, ""
	}
	if c, ok := s.classNames[names[0].name]; ok {
		if len(names) == 2 { // an engine class's nested type: its enums
			return marshalEnum, ""
		}
		if len(names) == 1 {
			return marshalObject, c
		}
	}
	return marshalUnknown, last.name
}

func systemClass(name string) (marshalKind, string) {
	if systemTypes[name] == "" {
		return marshalUnsupported, ""
	}
	return marshalSystem, name
}

// godotCollection says a name Array or Dictionary is Godot.Collections':
// written so, or imported by the file; not where the file imports
// System's of the name alone (System.Array, which is not generic;
// System.Collections.Generic.Dictionary). Where the file imports neither,
// a project's global using may: the generators marshal only Godot's, and
// a project that builds exports no other, so it is taken as Godot's.
func (s *Scope) godotCollection(name string, qualified, generic bool, f *File) bool {
	if qualified || slices.Contains(f.usings, "Godot.Collections") {
		return true
	}
	switch name {
	case "Array":
		return generic || !slices.Contains(f.usings, "System")
	default:
		return !generic || !slices.Contains(f.usings, "System.Collections.Generic")
	}
}

// valueType says a class of type is a value type: T? of it is a
// Nullable, which the generators do not marshal.
func valueType(c marshalKind, name string) bool {
	switch c {
	case marshalSystem:
		return name != "String"
	case marshalGodot:
		return name != "StringName" && name != "NodePath"
	case marshalEnum:
		return true
	}
	return false
}

// VariantType returns the Variant type a C# field, property or
// parameter of the declaration from holds, as a GDScript declaration
// writes it (int, Vector2i, Array, Dictionary), and the type arguments
// that are its element types (Godot.Collections.Array<T>'s one,
// Dictionary<K, V>'s two), each a Variant type of its own; ok is false
// where the generators do not marshal it (GD0102), or one of its element
// types (see [Type.ExportFault]). A type the reader does not find is kept
// by its name: a project that builds exports only types that marshal,
// so it is an enum or a class of a package.
func (s *Scope) VariantType(t TypeRef, from *Type) (name string, elem []TypeRef, ok bool) {
	if len(t.ranks) > 0 {
		elem := t
		elem.ranks = nil
		c, name := s.classify(elem, from)
		switch {
		case len(t.ranks) > 1 || t.ranks[0] != 1 || elem.nullable && valueType(c, name):
			return "", nil, false
		case c == marshalSystem || c == marshalGodot:
			packed := packedArrays[name]
			return packed, nil, packed != ""
		case c == marshalObject || c == marshalUnknown:
			return "Array", nil, true
		}
		return "", nil, false
	}
	if t.parts == nil { // a tuple
		return "", nil, false
	}
	c, name := s.classify(t, from)
	if t.nullable && valueType(c, name) {
		return "", nil, false
	}
	switch c {
	case marshalSystem:
		return systemTypes[name], nil, true
	case marshalGodot:
		return godotTypes[name], nil, true
	case marshalEnum:
		return "int", nil, true
	case marshalObject, marshalUnknown:
		return name, nil, true
	case marshalCollection:
		parts := from.file.expand(t)
		args := parts[len(parts)-1].args
		if want := map[string]int{"Array": 1, "Dictionary": 2}[name]; len(args) != 0 && len(args) != want {
			return "", nil, false
		}
		return name, args, true
	}
	return "", nil, false
}
