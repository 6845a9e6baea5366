# The game-state record shared by the golden vectors (godot4.gd, godot3.gd), the
# benchmark (scripts/bench/godot4.gd) and, in Go, internal/gamestate. It is
# written in the syntax Godot 3 and Godot 4 share.

static func player(i: int) -> Dictionary:
	var tags := ["red" if i % 2 == 0 else "blue"]
	if i % 10 == 0:
		tags.append("vip")
	return {"id": i, "name": "player_%d" % i, "pos": Vector3(i * 0.5, 1.0, i * -0.25),
		"hp": 100.0 - float(i % 200) * 0.5, "tags": tags, "alive": i % 7 != 0}
