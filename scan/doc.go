// Package scan finds what in a Godot file would make the engine create
// objects or load code when it reads the file: full objects, embedded
// scripts, scripts and resources loaded from a path. A game or a mod
// manager can refuse an untrusted save or ConfigFile before loading it.
//
// What the engine does on reading, and so what is reported:
//
//   - An object (Kind Object): get_var(true), bytes_to_var_with_objects,
//     str_to_var and ConfigFile.load make an instance of the class and set
//     its properties; a class with code of its own runs it.
//   - A script (Kind Script): an object of a Script class (GDScript,
//     CSharpScript, …) holds source that runs once an object uses it
//     (Godot 3 writes every object's script so, its source embedded); a
//     "script" property holding a path (how Godot 4 writes an object's
//     script) loads that script and runs its _init; an Array or Dictionary
//     typed with a script loads the script.
//   - A resource (Kind Resource): Resource("path") in text (ExtResource and
//     SubResource alike) loads the resource at the path, which runs the
//     _init of its script, if it has one.
//
// An object sent as its id only (the default of var_to_bytes and store_var)
// makes nothing on reading and is not reported. The scan reads values as
// tokens: its memory is that of the Decoder plus the findings, each of which
// takes at least a few bytes of input, and a detail is cut to [MaxDetail]
// bytes.
package scan
