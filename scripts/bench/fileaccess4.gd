# Times Godot 4's FileAccess containers, for comparison with gdvar's
# fileaccess benchmarks (go test -bench . -benchmem ./fileaccess): the
# bytes of FILE (the game-state payload, which
# godot --headless -s scripts/bench/godot4.gd -- FILE payload-only writes)
# are written with store_buffer into a container of every mode and read back
# with get_buffer. Prints the median of several runs per mode and direction.
#   godot --headless -s scripts/bench/fileaccess4.gd -- FILE TMPDIR
extends SceneTree

const Containers = preload("res://scripts/fileaccess/godot4.gd")
const Bench = preload("res://scripts/bench/godot4.gd")

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var payload := FileAccess.get_file_as_bytes(args[0])
	print("payload: %d bytes" % payload.size())
	for mode in Containers.MODES:
		var path: String = args[1] + "/" + mode + ".bin"
		Bench.report("write " + mode, func():
			var f := Containers.open(path, mode, FileAccess.WRITE)
			f.store_buffer(payload)
			f.close(), payload.size())
		Bench.report("read " + mode, func():
			var f := Containers.open(path, mode, FileAccess.READ)
			var got := f.get_buffer(payload.size())
			f.close()
			assert(got == payload), payload.size())
	quit()
