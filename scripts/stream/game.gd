# A tiny game for the remote-debugger test: prints a few lines, warns once,
# and quits after 60 frames and 2 seconds, so that its debugger has polled
# and sent what was printed however slow the machine (a game that quit
# after 60 quick frames had sent only set_pid). Run with --remote-debug
# tcp://127.0.0.1:PORT.
extends SceneTree

var frames := 0

func _init() -> void:
	print("hello from the game")
	push_warning("a warning for the debugger")

func _process(_delta: float) -> bool:
	frames += 1
	if frames % 20 == 0:
		print("frame ", frames)
	return frames >= 60 and Time.get_ticks_msec() >= 2000
