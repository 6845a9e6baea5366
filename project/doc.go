// Package project reads what a Godot 4 project declares, from its files
// alone, without running anything: a script's class_name and extends, its
// @rpc methods with their mode, transfer mode, channel and call_local, its
// member variables with their declared types (Array[T], Dictionary[K, V])
// and export usage, its inner classes; the project's global classes, as
// the editor's scan registers them; each class's chain of bases, as the
// engine's analyzer resolves it; a scene's nodes, scripts,
// MultiplayerSpawners and MultiplayerSynchronizers, models read through
// their .import files; the autoloads and the running tree under /root;
// res:// and uid:// paths. A C# script (.cs) is read as Godot's C# source
// generators read it: its class, base, [GlobalClass], [Export] members
// with the Variant types they hold, and [Rpc] methods ([ParseCSharp]).
//
// Where the engine would refuse a script, the reader says why
// (*[ScriptError]), in the engine's words where it knows them; so it does
// where the engine refuses to attach a script to a scene's node. What the
// engine decides only while the game runs (Node.rpc_config calls,
// _get_property_list) is not in the files and is not read.
//
// A project is untrusted input (a mod's scripts, a downloaded project):
// Limits bound what reading one takes, and reading a script allocates at
// most 32 bytes per byte read, plus 512 KiB. See docs/projects.md.
package project
