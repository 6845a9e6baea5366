# Godot 4 half of the migration tests' common description of values: see
# describe3.gd, whose line for a Godot 3 value this gives for the value
# Godot 4 should have.
extends RefCounted

# Set for values read from text: the engines write a Dictionary's keys
# sorted, each engine in its own order, and read them in the file's, so
# the keys are described sorted.
var from_text = false

func hex_double(x):
	var b = StreamPeerBuffer.new()
	b.put_double(x)
	return b.data_array.hex_encode()

func reals(list):
	var parts = PackedStringArray()
	for x in list:
		parts.append(hex_double(x))
	return ",".join(parts)

func vec2(v): return [v.x, v.y]
func vec3(v): return [v.x, v.y, v.z]
func basis(b): return vec3(b.x) + vec3(b.y) + vec3(b.z)

func joined(list):
	var parts = PackedStringArray()
	for e in list:
		parts.append(str(e))
	return ", ".join(parts)

func describe(v):
	match typeof(v):
		TYPE_NIL: return "null"
		TYPE_BOOL: return "true" if v else "false"
		TYPE_INT: return "int(%d)" % v
		TYPE_FLOAT: return "float(%s)" % hex_double(v)
		TYPE_STRING: return "String(%s)" % v.to_utf8_buffer().hex_encode()
		TYPE_VECTOR2: return "Vector2(%s)" % reals(vec2(v))
		TYPE_RECT2: return "Rect2(%s)" % reals(vec2(v.position) + vec2(v.size))
		TYPE_VECTOR3: return "Vector3(%s)" % reals(vec3(v))
		TYPE_TRANSFORM2D: return "Transform2D(%s)" % reals(vec2(v.x) + vec2(v.y) + vec2(v.origin))
		TYPE_PLANE: return "Plane(%s)" % reals(vec3(v.normal) + [v.d])
		TYPE_QUATERNION: return "Quaternion(%s)" % reals([v.x, v.y, v.z, v.w])
		TYPE_AABB: return "AABB(%s)" % reals(vec3(v.position) + vec3(v.size))
		TYPE_BASIS: return "Basis(%s)" % reals(basis(v))
		TYPE_TRANSFORM3D: return "Transform3D(%s)" % reals(basis(v.basis) + vec3(v.origin))
		TYPE_COLOR: return "Color(%s)" % reals([v.r, v.g, v.b, v.a])
		TYPE_NODE_PATH: return describe_path(v)
		TYPE_RID: return "RID"
		TYPE_OBJECT: return describe_object(v)
		TYPE_DICTIONARY:
			var parts = []
			for k in v:
				parts.append(describe(k) + ": " + describe(v[k]))
			if from_text:
				parts.sort()
			return "{%s}" % joined(parts)
		TYPE_ARRAY:
			var parts = []
			for e in v:
				parts.append(describe(e))
			return "[%s]" % joined(parts)
		TYPE_PACKED_BYTE_ARRAY: return "PackedByteArray(%s)" % joined(Array(v))
		TYPE_PACKED_INT32_ARRAY: return "PackedInt32Array(%s)" % joined(Array(v))
		TYPE_PACKED_FLOAT32_ARRAY: return "PackedFloat32Array(%s)" % reals(Array(v))
		TYPE_PACKED_STRING_ARRAY:
			var parts = []
			for s in v:
				parts.append(s.to_utf8_buffer().hex_encode())
			return "PackedStringArray(%s)" % joined(parts)
		TYPE_PACKED_VECTOR2_ARRAY:
			var parts = []
			for e in v:
				parts.append(reals(vec2(e)))
			return "PackedVector2Array(%s)" % joined(parts)
		TYPE_PACKED_VECTOR3_ARRAY:
			var parts = []
			for e in v:
				parts.append(reals(vec3(e)))
			return "PackedVector3Array(%s)" % joined(parts)
		TYPE_PACKED_COLOR_ARRAY:
			var parts = []
			for e in v:
				parts.append(reals([e.r, e.g, e.b, e.a]))
			return "PackedColorArray(%s)" % joined(parts)
	return "%s %s" % [type_string(typeof(v)), var_to_str(v)]

# A NodePath by its parts: what its text shows depends on the version (Godot
# 3 shows an empty subname, Godot 4 does not).
func describe_path(p):
	var parts = ["/" if p.is_absolute() else ""]
	for i in p.get_name_count():
		parts.append(p.get_name(i).to_utf8_buffer().hex_encode())
	parts.append(":")
	for i in p.get_subname_count():
		parts.append(p.get_subname(i).to_utf8_buffer().hex_encode())
	return "NodePath(%s)" % joined(parts)

func describe_object(o):
	if o == null:
		return "Object(null)"
	var cls = o.get_class()
	var parts = PackedStringArray()
	if o.get_script() != null:
		for p in o.get_script().get_script_property_list():
			if p.name.begins_with("p_"):
				parts.append(p.name + "=" + describe(o.get(p.name)))
	var names = []
	for n in o.get_meta_list():
		names.append(str(n))
	names.sort()
	for n in names:
		parts.append("metadata/" + n + "=" + describe(o.get_meta(n)))
	if cls == "GradientTexture1D":
		parts.append("width=" + describe(o.width))
		parts.append("offsets=" + describe(o.gradient.offsets))
		parts.append("colors=" + describe(o.gradient.colors))
	return "%s{%s}" % [cls, "; ".join(parts)]
