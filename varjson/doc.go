// Package varjson is a lossless JSON form of Godot Variant values: every
// value decoded from the binary format can be written as JSON, edited (with
// jq, say), and turned back into exactly the same bytes.
//
// The mapping, for a value of gdvar's generic form (what gdvar.Unmarshal
// puts in an interface{}):
//
//	null, true, false       nil and bool
//	7                       int (JSON numbers without "." or exponent are ints)
//	7.0, 0.1, 1e+300        float (always with "." or an exponent)
//	{"$float": "nan"}       NaN, "inf", "-inf"; "nan(0x7ff8000000000001)" keeps other NaN bits
//	"text"                  String
//	{"$StringName": "n"}    StringName
//	{"$String": ["…", "…"]} a String of more than 48 KiB, in pieces of about 48 KiB
//	                        cut between characters (and a StringName: {"$StringName": ["…", …]})
//	{"$NodePath": "/root/a:b"}
//	{"$RID": 12}, {"$ObjectID": 34}
//	{"$Object": "Node", "$properties": {"name": "n", …}}
//	{"$Callable": null}, {"$Signal": "pressed", "$object": 34}
//	[1, "a"]                an untyped Array
//	{"$Array": [1, 2], "$type": "int"}     a typed one ("$type": {"$class": "Node"} or
//	                        {"$script": "res://a.gd"}; "$shared": true for Godot 2's flag)
//	{"hp": 100, "name": "a"}               a Dictionary whose keys are all Strings of at
//	                        most 64 bytes (none starting with "$"), in its order
//	{"$Dictionary": [[1, "a"], [2.5, "b"]], "$key_type": "int", "$value_type": …}
//	                        any other Dictionary: entries in order, keys of any type
//	{"$Vector2": [1.0, 2.5]}               every math type, components in wire order
//	                        ({"$Color": [1.0, 0.5, 0.25, 1.0]}, {"$Vector2i": [1, 2]}, …),
//	                        32-bit reals with the shortest digits that give them back;
//	                        "$wide": true marks 64-bit reals (double builds)
//	{"$PackedByteArray": "AQID"}           base64; beyond 48 KiB a list of base64
//	                        strings of 48 KiB each, ["…", "…"], so that no JSON string is huge
//	{"$PackedInt32Array": [1, 2]}          and Int64, Float32, Float64, String
//	{"$PackedVector2Array": [[1.0, 2.0]]}  and Vector3, Vector4, Color; "$wide" as above
//	{"$Image": {"format": 4, "mipmaps": 0, "width": 2, "height": 1}, "$data": "base64"}
//	{"$InputEvent": {"type": 1, "device": 0, "fields": [0, 65]}}
//	{"$Raw": "base64"}      a value written in a way Godot never writes it (see
//	                        gdvar.RawValue), kept as its bytes
//
// Other widths need no marks: gdvar writes an int with 32 bits when it
// fits and a float with 32 bits when that is exact, as Godot does, and a
// value the input wrote otherwise is a $Raw. Type names are Godot 4's
// whatever the engine version.
//
// [Marshal] and [Unmarshal] work on whole values. For values of any size, an
// [Encoder] prints JSON as tokens stream from a gdvar.Decoder, and a
// Decoder's DecodeTo writes JSON to a gdvar.Encoder as tokens. A [Codec]
// holds the options made once, as gdvar's does: its methods are the
// package's functions and constructors with its settings.
package varjson
