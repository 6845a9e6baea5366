package resource

// The binary resource format (.res, .scn), little-endian, nothing aligned:
//
//	"RSRC", u32 big-endian (0), u32 real64 (0), u32 major, u32 minor,
//	u32 format (Godot 3: 3, Godot 4.6: 6), string type, u64 import
//	metadata offset (0), then Godot 4: u32 flags, i64 uid, [string
//	script class if flags&8], 11 u32 reserved; Godot 3: 14 u32 reserved.
//	Then u32 count and the names; u32 count and the external resources
//	(string type, string path, Godot 4: i64 uid); u32 count and the
//	internal ones (string path, u64 offset of its body), the main
//	resource last; the bodies (string class, u32 count, and each property:
//	u32 name index, value); "RSRC".
//
// A string is u32 length+1, the UTF-8 bytes, a NUL. Values are a u32 tag
// (the format's own numbering, below) and a payload. The compressed form
// is package fileaccess's container with the magic number "RSCC" around
// the file without its first 4 bytes, offsets counted from there.

// The format versions the engines write: Godot 3's, and Godot 4.3 to 4.6's
// (which adds PackedVector4Array to 4.0's 4 and typed Dictionaries to 5).
const (
	binaryFormat3 = 3
	binaryFormat4 = 6
)

// Godot 4's header flags.
const (
	flagNamedSceneIDs = 1 // internal resources are found by position, named local://Class_id
	flagUIDs          = 2 // external resources carry a UID
	flagRealIsDouble  = 4 // reals are 64-bit
	flagScriptClass   = 8 // the header names the main resource's script class
)

const (
	reserved3 = 14 // Godot 3's reserved words after the header
	reserved4 = 11 // Godot 4's
	// localPrefix starts an internal resource's path: local:// and its ID.
	localPrefix = "local://"
	// inlineName marks a name written in place of its index in the names.
	inlineName = 1 << 31
	// absolutePath marks an absolute NodePath in its subname count.
	absolutePath = 0x8000
)

// The value tags.
const (
	vNil          = 1
	vBool         = 2
	vInt          = 3
	vFloat        = 4
	vString       = 5
	vVector2      = 10
	vRect2        = 11
	vVector3      = 12
	vPlane        = 13
	vQuaternion   = 14
	vAABB         = 15
	vBasis        = 16
	vTransform3D  = 17
	vTransform2D  = 18
	vColor        = 20
	vNodePath     = 22
	vRID          = 23
	vObject       = 24
	vDictionary   = 26
	vArray        = 30
	vBytes        = 31
	vInt32s       = 32
	vFloat32s     = 33
	vStrings      = 34
	vVector3s     = 35
	vColors       = 36
	vVector2s     = 37
	vInt64        = 40
	vDouble       = 41
	vCallable     = 42
	vSignal       = 43
	vStringName   = 44
	vVector2i     = 45
	vRect2i       = 46
	vVector3i     = 47
	vInt64s       = 48
	vFloat64s     = 49
	vVector4      = 50
	vVector4i     = 51
	vProjection   = 52
	vVector4s     = 53
	firstGodot4   = vCallable // the tags from here on are Godot 4's
	objectEmpty   = 0         // an object value: null, or not a resource
	objectPath    = 1         // a resource by type and path (older files)
	objectSub     = 2         // an internal resource
	objectExt     = 3         // an external resource, by its index
	maxValueDepth = 1024
)

// binaryLayout is what a binary file read keeps, so that writing it back
// gives its bytes: its version, flags, names and main resource's path.
type binaryLayout struct {
	major, minor, format uint32
	flags                uint32
	names                []string // the names table, unused names included
	compressed           bool     // the file was in the compressed container
}
