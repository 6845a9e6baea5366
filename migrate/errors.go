package migrate

import "errors"

var (
	// ErrNotGodot3 is the error of a file read as another version's than
	// Godot 3 (a File of another dialect), or holding what only Godot 4
	// has.
	ErrNotGodot3 = errors.New("migrate: not a Godot 3 file")
	// ErrScene is the error of a scene (.tscn, .scn), which the engine's
	// project converter migrates with the project's scripts.
	ErrScene = errors.New("migrate: a scene: migrate it with its project, with Godot 4's converter (godot --headless --convert-3to4)")
)
