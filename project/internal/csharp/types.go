package csharp

import "slices"

// The Variant types of C# types, as Godot's source generators map them
// (MarshalUtils.ConvertManagedTypeToMarshalType, then
// ConvertMarshalTypeToVariantType), written as a GDScript declaration
// writes its type: int, Vector2i, Array[Node], Dictionary[String, int].

// csKeywords are C#'s keyword types, by the System type each is.
var csKeywords = map[string]string{
	"bool": "Boolean", "char": "Char", "sbyte": "SByte", "short": "Int16", "int": "Int32", "long": "Int64",
	"byte": "Byte", "ushort": "UInt16", "uint": "UInt32", "ulong": "UInt64", "float": "Single", "double": "Double",
	"string": "String", "object": "Object", "decimal": "Decimal", "dynamic": "Object", "nint": "IntPtr", "nuint": "UIntPtr",
}

// csSystemTypes are the System types the generators marshal by their
// SpecialType, and the Variant type of each; those of System that a
// declaration may name but the generators do not marshal are "".
var csSystemTypes = map[string]string{
	"Boolean": "bool", "Char": "int", "SByte": "int", "Int16": "int", "Int32": "int", "Int64": "int",
	"Byte": "int", "UInt16": "int", "UInt32": "int", "UInt64": "int", "Single": "float", "Double": "float",
	"String": "String", "Object": "", "Decimal": "", "IntPtr": "", "UIntPtr": "", "Half": "",
}

// csGodotTypes are the structs of GodotSharp the generators marshal by
// name, with StringName and NodePath, and the Variant type of each.
var csGodotTypes = map[string]string{
	"Vector2": "Vector2", "Vector2I": "Vector2i", "Rect2": "Rect2", "Rect2I": "Rect2i", "Transform2D": "Transform2D",
	"Vector3": "Vector3", "Vector3I": "Vector3i", "Basis": "Basis", "Quaternion": "Quaternion", "Transform3D": "Transform3D",
	"Vector4": "Vector4", "Vector4I": "Vector4i", "Projection": "Projection", "Aabb": "AABB", "Color": "Color",
	"Plane": "Plane", "Rid": "RID", "Callable": "Callable", "Signal": "Signal", "Variant": "Variant",
	"StringName": "StringName", "NodePath": "NodePath",
}

// csPackedArrays are the C# arrays the generators marshal, by the
// element's System or GodotSharp name: packed arrays, and Arrays for
// StringName, NodePath and Rid.
var csPackedArrays = map[string]string{
	"Byte": "PackedByteArray", "Int32": "PackedInt32Array", "Int64": "PackedInt64Array",
	"Single": "PackedFloat32Array", "Double": "PackedFloat64Array", "String": "PackedStringArray",
	"Vector2": "PackedVector2Array", "Vector3": "PackedVector3Array", "Vector4": "PackedVector4Array",
	"Color": "PackedColorArray", "StringName": "Array", "NodePath": "Array", "Rid": "Array",
}

// csClass is what a C# type is, for marshalling.
type csClass uint8

const (
	csUnknown     csClass = iota // a type the reader does not find: kept by name
	csUnsupported                // a type the generators do not marshal (GD0102)
	csSystem                     // a System type marshalled by its SpecialType; name is its System name
	csGodot                      // a GodotSharp struct, StringName or NodePath; name is its C# name
	csEnum                       // an enum: an int
	csObject                     // a class deriving from GodotObject; name is its Variant type's
	csCollection                 // Godot.Collections.Array or Dictionary; name is Array or Dictionary
)

// classify says what the type a declaration of from names is, and its
// name for that.
func (s *Scope) classify(t TypeRef, from *Type) (csClass, string) {
	parts := from.file.expand(t)
	if len(parts) == 0 || t.pointer {
		return csUnsupported, ""
	}
	last := parts[len(parts)-1]
	if sys, ok := csKeywords[last.name]; ok && len(parts) == 1 && !t.global {
		return systemClass(sys)
	}
	if g := s.find(t, from); g != nil {
		switch g.kind {
		case csEnumKind:
			return csEnum, ""
		case csClassKind:
			if s.godotClass(g) < 0 {
				return csUnsupported, ""
			}
			return csObject, g.name
		default: // a struct, an interface
			return csUnsupported, ""
		}
	}
	names := parts // the name, past System. or Godot.
	if len(names) == 2 && names[0].name == "System" {
		names = names[1:]
	}
	if _, ok := csSystemTypes[names[0].name]; ok && len(names) == 1 {
		return systemClass(names[0].name)
	}
	if len(names) > 1 && names[0].name == "Godot" {
		names = names[1:]
	}
	switch {
	case len(names) == 1 && csGodotTypes[names[0].name] != "":
		return csGodot, names[0].name
	case (len(names) == 2 && names[0].name == "Collections" || len(names) == 1) && (last.name == "Array" || last.name == "Dictionary"):
		if s.godotCollection(last.name, len(names) == 2, len(last.args) > 0, from.file) {
			return csCollection, last.name
		}
		return csUnsupported, ""
	}
	if c, ok := s.csNames[names[0].name]; ok {
		if len(names) == 2 { // an engine class's nested type: its enums
			return csEnum, ""
		}
		if len(names) == 1 {
			return csObject, c
		}
	}
	return csUnknown, last.name
}

func systemClass(name string) (csClass, string) {
	if csSystemTypes[name] == "" {
		return csUnsupported, ""
	}
	return csSystem, name
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
func valueType(c csClass, name string) bool {
	switch c {
	case csSystem:
		return name != "String"
	case csGodot:
		return name != "StringName" && name != "NodePath"
	case csEnum:
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
// types (see Type.ExportFault). A type the reader does not find is kept
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
		case c == csSystem || c == csGodot:
			packed := csPackedArrays[name]
			return packed, nil, packed != ""
		case c == csObject || c == csUnknown:
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
	case csSystem:
		return csSystemTypes[name], nil, true
	case csGodot:
		return csGodotTypes[name], nil, true
	case csEnum:
		return "int", nil, true
	case csObject, csUnknown:
		return name, nil, true
	case csCollection:
		parts := from.file.expand(t)
		args := parts[len(parts)-1].args
		if want := map[string]int{"Array": 1, "Dictionary": 2}[name]; len(args) != 0 && len(args) != want {
			return "", nil, false
		}
		return name, args, true
	}
	return "", nil, false
}
