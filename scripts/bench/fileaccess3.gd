# Times Godot 3's File containers, as scripts/bench/fileaccess4.gd does for
# Godot 4 (same payload, same modes, same report).
#   godot --no-window -s scripts/bench/fileaccess3.gd FILE TMPDIR
extends SceneTree

const MODES = ["pass", "key", "fastlz", "deflate", "zstd", "gzip"]
const RUNS = 5

func open(f: File, path: String, mode: String, how: int) -> int:
	match mode:
		"pass":
			return f.open_encrypted_with_pass(path, how, "hunter2")
		"key":
			var k = PoolByteArray()
			for i in 32:
				k.append(i)
			return f.open_encrypted(path, how, k)
	return f.open_compressed(path, how, MODES.find(mode) - 2)

func _init():
	var args = OS.get_cmdline_args()
	var n = args.size()
	var f = File.new()
	f.open(args[n - 2], File.READ)
	var payload = f.get_buffer(f.get_len())
	f.close()
	print("payload: %d bytes" % payload.size())
	for mode in MODES:
		var path = args[n - 1] + "/" + mode + ".bin"
		var times = []
		for r in RUNS:
			var t0 = OS.get_ticks_usec()
			open(f, path, mode, File.WRITE)
			f.store_buffer(payload)
			f.close()
			times.append(OS.get_ticks_usec() - t0)
		report("write " + mode, times, payload.size())
		times = []
		for r in RUNS:
			var t0 = OS.get_ticks_usec()
			open(f, path, mode, File.READ)
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
