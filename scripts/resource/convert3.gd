# convert3.gd for Godot 3.6 and 3.2: loads IN in a fresh engine and saves
# it as OUT, as a user's converter does, and does nothing else: Godot 3
# numbers a text file's external resources by their addresses in memory,
# which what the process allocated before moves (docs/resources.md).
#   godot3 --no-window -s scripts/resource/convert3.gd -- convert IN OUT
# (the first word keeps the engine from taking IN for a scene to run).
extends SceneTree

func _init():
	var args = Array(OS.get_cmdline_args())
	args = args.slice(args.find("--") + 1, args.size() - 1)
	var r = ResourceLoader.load(args[1], "", true)
	if r == null or ResourceSaver.save(args[2], r) != OK:
		print("fail " + args[2])
	quit()
