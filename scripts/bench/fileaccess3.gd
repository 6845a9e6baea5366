# Times Godot 3's File containers, as scripts/bench/fileaccess4.gd does for
# Godot 4 (same payload, same modes, same report).
# Run it from the repository root (it preloads scripts/fileaccess/godot3.gd;
# Godot 3 leaves a logs/ folder there, to remove).
#   godot --no-window -s scripts/bench/fileaccess3.gd FILE TMPDIR
extends SceneTree

const Containers = preload("res://scripts/fileaccess/godot3.gd")
const RUNS = 5

func _init():
	var args = OS.get_cmdline_args()
	var n = args.size()
	var f = File.new()
	f.open(args[n - 2], File.READ)
	var payload = f.get_buffer(f.get_len())
	f.close()
	print("payload: %d bytes" % payload.size())
	for mode in Containers.MODES:
		var path = args[n - 1] + "/" + mode + ".bin"
		var times = []
		for r in RUNS:
			var t0 = OS.get_ticks_usec()
			Containers.open(f, path, mode, File.WRITE)
			f.store_buffer(payload)
			f.close()
			times.append(OS.get_ticks_usec() - t0)
		report("write " + mode, times, payload.size())
		times = []
		for r in RUNS:
			var t0 = OS.get_ticks_usec()
			Containers.open(f, path, mode, File.READ)
			var got = f.get_buffer(payload.size())
			f.close()
			times.append(OS.get_ticks_usec() - t0)
			if got.size() != payload.size():
				print("read " + mode + ": short")
		report("read " + mode, times, payload.size())
	quit()

func report(what, times, size):
	times.sort()
	var median = times[RUNS / 2] / 1000.0
	print("%s: median %.1f ms (min %.1f) = %.0f MB/s" % [what, median, times[0] / 1000.0, size / median / 1000.0])
