# Times Godot 4's FileAccess containers, for comparison with gdvar's
# fileaccess benchmarks (go test -bench . -benchmem ./fileaccess): the
# bytes of FILE (the game-state payload, which
# godot --headless -s scripts/bench/godot4.gd -- FILE payload-only writes)
# are written with store_buffer into a container of every mode and read back
# with get_buffer. Prints the median of several runs per mode and direction.
#   godot --headless -s scripts/bench/fileaccess4.gd -- FILE TMPDIR
extends SceneTree

const MODES = ["pass", "key", "fastlz", "deflate", "zstd", "gzip"]
const RUNS := 5

static func open(path: String, mode: String, how: FileAccess.ModeFlags) -> FileAccess:
	match mode:
		"pass":
			return FileAccess.open_encrypted_with_pass(path, how, "hunter2")
		"key":
			var k := PackedByteArray()
			for i in 32:
				k.append(i)
			return FileAccess.open_encrypted(path, how, k)
	return FileAccess.open_compressed(path, how, MODES.find(mode) - 2)

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var payload := FileAccess.get_file_as_bytes(args[0])
	print("payload: %d bytes" % payload.size())
	for mode in MODES:
		var path: String = args[1] + "/" + mode + ".bin"
		report("write " + mode, func():
			var f := open(path, mode, FileAccess.WRITE)
			f.store_buffer(payload)
			f.close(), payload.size())
		report("read " + mode, func():
			var f := open(path, mode, FileAccess.READ)
			var got := f.get_buffer(payload.size())
			f.close()
			assert(got == payload), payload.size())
	quit()

func report(what: String, f: Callable, size: int) -> void:
	var times := []
	for r in RUNS:
		var t0 := Time.get_ticks_usec()
		f.call()
		times.append(Time.get_ticks_usec() - t0)
	times.sort()
	var median: float = times[RUNS / 2] / 1000.0
	print("%s: median %.1f ms (min %.1f) = %.0f MB/s" % [what, median, times[0] / 1000.0, size / median / 1000.0])
