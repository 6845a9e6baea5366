# Prints which arguments Godot 4.6's GDScript takes for a parameter of
# each type: for each type of TYPES, "<type>\t" and, for each value of
# values(), "Y" where a function of one parameter of that type, called
# with the value, runs its body, "." where the call fails. A call by
# callv goes where a remote call goes (Object::callp, then
# GDScriptFunction::call's check of the arguments). The values are those
# a peer can send, as the engine decodes them without
# allow_object_decoding: an object is an EncodedObjectAsID, an Array of
# objects an Array[EncodedObjectAsID]. scripts/gen-param-types.sh writes
# multiplayer/testdata/param_types.txt with it; TestConvertibleAsTheEngine
# checks the Go host's rules against that, TestLiveParamTypes the file
# against the engine.
#   godot --headless -s scripts/multiplayer/param_types.gd
extends SceneTree

const TYPES := [
	"bool", "int", "float", "String", "Vector2", "Vector2i", "Rect2", "Rect2i", "Vector3", "Vector3i",
	"Transform2D", "Vector4", "Vector4i", "Plane", "Quaternion", "AABB", "Basis", "Transform3D",
	"Projection", "Color", "StringName", "NodePath", "RID", "Callable", "Signal", "Dictionary", "Array",
	"PackedByteArray", "PackedInt32Array", "PackedInt64Array", "PackedFloat32Array", "PackedFloat64Array",
	"PackedStringArray", "PackedVector2Array", "PackedVector3Array", "PackedColorArray", "PackedVector4Array",
	"Variant", "Object", "RefCounted", "Node", "Array[int]", "Array[Variant]", "Array[EncodedObjectAsID]",
	"Array[Node]", "Dictionary[String, int]", "Dictionary[String, Variant]", "Dictionary[Variant, int]",
	"Dictionary[Variant, Variant]",
]


# values are the arguments, by the names multiplayer's test gives them.
func values() -> Array:
	var ints: Array[int] = [1]
	var objects: Array[EncodedObjectAsID] = []
	var typed: Dictionary[String, int] = {"a": 1}
	var keyed: Dictionary[String, Variant] = {"a": 1}
	var valued: Dictionary[Variant, int] = {"a": 1}
	return [
		["nil", null], ["bool", true], ["int", 3], ["float", 1.5], ["String", "red"],
		["Vector2", Vector2(1, 2)], ["Vector2i", Vector2i(1, 2)], ["Rect2", Rect2()], ["Rect2i", Rect2i()],
		["Vector3", Vector3()], ["Vector3i", Vector3i()], ["Transform2D", Transform2D()], ["Vector4", Vector4()],
		["Vector4i", Vector4i()], ["Plane", Plane()], ["Quaternion", Quaternion()], ["AABB", AABB()],
		["Basis", Basis()], ["Transform3D", Transform3D()], ["Projection", Projection()], ["Color", Color()],
		["StringName", &"sn"], ["NodePath", NodePath("a")], ["RID", RID()], ["object", EncodedObjectAsID.new()],
		["Callable", Callable()], ["Signal", Signal()], ["Dictionary", {"a": 1}], ["Dictionary[String, int]", typed],
		["Dictionary[String, Variant]", keyed], ["Dictionary[Variant, int]", valued], ["Array", [1, "a"]],
		["Array[int]", ints], ["Array[EncodedObjectAsID]", objects],
		["PackedByteArray", PackedByteArray([1])], ["PackedInt32Array", PackedInt32Array([1])],
		["PackedInt64Array", PackedInt64Array([1])], ["PackedFloat32Array", PackedFloat32Array([1])],
		["PackedFloat64Array", PackedFloat64Array([1])], ["PackedStringArray", PackedStringArray(["a"])],
		["PackedVector2Array", PackedVector2Array([Vector2()])], ["PackedVector3Array", PackedVector3Array([Vector3()])],
		["PackedColorArray", PackedColorArray([Color()])], ["PackedVector4Array", PackedVector4Array([Vector4()])],
	]


func _init() -> void:
	var src := "extends RefCounted\nvar ran := false\n"
	for i in TYPES.size():
		src += "func f%d(x: %s) -> void:\n\tran = true\n" % [i, TYPES[i]]
	var script := GDScript.new()
	script.source_code = src
	if script.reload() != OK:
		printerr("FAILED to compile the functions")
		quit(1)
		return
	var o = script.new()
	var all := values()
	var names := PackedStringArray()
	for v in all:
		names.append(v[0])
	print("values\t", ";".join(names))
	for i in TYPES.size():
		var line: String = TYPES[i] + "\t"
		for v in all:
			o.ran = false
			o.callv("f%d" % i, [v[1]])
			line += "Y" if o.ran else "."
		print(line)
	quit()
