# Times Godot 4's bytes_to_var on the game-state payload (the records of
# scripts/golden/common.gd's player(), as internal/gamestate writes them) and
# prints one line, "bytes_to_var ms: MIN MEDIAN", for bench/peers' TestGodotRatios,
# which runs it between its own measurements of gdvar.
#   godot --headless -s scripts/bench/bytes_to_var4.gd
extends SceneTree

const Common = preload("res://scripts/golden/common.gd")

const RUNS := 5

func _init() -> void:
	var players := []
	for i in 100000:
		players.append(Common.player(i))
	var payload := var_to_bytes(players)
	var times := []
	for r in RUNS:
		var t0 := Time.get_ticks_usec()
		bytes_to_var(payload)
		times.append(Time.get_ticks_usec() - t0)
	times.sort()
	print("bytes_to_var ms: %.2f %.2f" % [times[0] / 1000.0, times[RUNS / 2] / 1000.0])
	quit()
