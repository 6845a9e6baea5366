// Package migrate converts what a Godot 3 game saved into what Godot 4 reads
// as the same data: store_var save files and var_to_bytes values, ConfigFiles
// and resource files. Godot 4 reads none of them right as they are: it takes
// Godot 3's binary type numbers for others (an AABB loads as a Transform2D,
// a Color as a Plane, without an error), cannot open Godot 3's encrypted
// files, and drops a resource's metadata.
//
// The types are mapped as the engine's project converter maps their names
// (Quat → Quaternion, Transform → Transform3D, PoolIntArray →
// PackedInt32Array, PoolRealArray → PackedFloat32Array and the other pool
// arrays to their packed arrays); classes are renamed as it renames them
// (Reference → RefCounted, Spatial → Node3D, …); InputEvent objects get
// the converter's rules for input maps (scancode → keycode with Godot 4's
// key codes, alt → alt_pressed, joypad buttons renumbered, …). Numbers keep
// their values and widths: ints are 64-bit and floats double in both
// versions, and 32-bit where Godot 3 had them so. docs/migrate.md lists
// every rule, and what is left out (scenes, scripts).
//
// [Value] maps one value in gdvar's generic form; [Values] and [Save] convert
// binary values and save files as they stream; [ConfigFile] and [Resource]
// convert those files, read with packages configfile and resource. The
// containers of package fileaccess are the same around a Godot 4 file, but
// for the encrypted one's layout: read a Godot 3 file through a
// fileaccess.Reader, and write the result through the writer of the same
// container for Godot 4 (see the example of Save).
package migrate
