# Times Godot 4's own codec on the benchmark payloads, for comparison with
# gdvar's Go benchmarks (go test -bench . -benchmem):
#   - the game-state payload: an Array of 100 000 player Dictionaries, built by
#     the same player() as scripts/golden/godot4.gd and internal/testrig/gamestate;
#   - the same as text: var_to_str and str_to_var (gdvar text, gdvar encode
#     -from text);
#   - a PackedFloat32Array of 16M elements (64 MiB).
# Prints the median of several runs. With an output path, also writes the
# game-state payload there (the live test compares it with Go's); with
# "payload-only" after it, does nothing else. With "bytes_to_var" alone, it
# only times bytes_to_var on the game state and prints one line,
# "bytes_to_var ms: MIN MEDIAN", for bench/peers' TestGodotRatios, which runs
# it between its own measurements of gdvar.
#   godot --headless -s scripts/bench/godot4.gd [-- OUT [payload-only] | -- bytes_to_var]
extends SceneTree

const Common = preload("res://scripts/golden/common.gd")

const RUNS := 7

func _init() -> void:
	var players := []
	for i in 100000:
		players.append(Common.player(i))
	var payload := var_to_bytes(players)
	var args := OS.get_cmdline_user_args()
	if args.size() > 0 and args[0] == "bytes_to_var":
		var times := timings(func(): bytes_to_var(payload))
		print("bytes_to_var ms: %.2f %.2f" % [times[0] / 1000.0, times[RUNS / 2] / 1000.0])
		quit()
		return
	if args.size() > 0:
		var f := FileAccess.open(args[0], FileAccess.WRITE)
		f.store_buffer(payload)
		f.close()
		if args.size() > 1 and args[1] == "payload-only":
			quit()
			return
	print("game-state payload: %d bytes" % payload.size())
	report("var_to_bytes(game state)", func(): var_to_bytes(players), payload.size())
	report("bytes_to_var(game state)", func(): bytes_to_var(payload), payload.size())
	var text := var_to_str(players)
	print("game state as text: %d bytes" % text.length())
	report("var_to_str(bytes_to_var(game state))", func(): var_to_str(bytes_to_var(payload)), payload.size())
	report("var_to_bytes(str_to_var(text))", func(): var_to_bytes(str_to_var(text)), text.length())
	var floats := PackedFloat32Array()
	floats.resize(16 * 1024 * 1024)
	for i in floats.size():
		floats[i] = i * 0.5
	var packed := var_to_bytes(floats)
	report("var_to_bytes(PackedFloat32Array 16M)", func(): var_to_bytes(floats), packed.size())
	report("bytes_to_var(PackedFloat32Array 16M)", func(): bytes_to_var(packed), packed.size())
	quit()

# timings runs f RUNS times and returns the times in microseconds, sorted.
static func timings(f: Callable) -> Array:
	var times := []
	for r in RUNS:
		var t0 := Time.get_ticks_usec()
		f.call()
		times.append(Time.get_ticks_usec() - t0)
	times.sort()
	return times

static func report(what: String, f: Callable, size: int) -> void:
	var times := timings(f)
	var median: float = times[RUNS / 2] / 1000.0
	print("%s: median %.1f ms (min %.1f, max %.1f) = %.0f MB/s" % [what, median, times[0] / 1000.0, times[RUNS - 1] / 1000.0, size / median / 1000.0])
