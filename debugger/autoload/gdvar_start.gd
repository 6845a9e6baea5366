# gdvar_start.gd: gdvar's start script (github.com/gdvar/gdvar).
#
# debugger.Launch runs a game with it when asked to hold the game from its
# first frame (debugger.HoldFromStart): it is written to a temporary folder
# beside the input helper, gdvar_input.gd, and named on the command line
# (-s, with --scene naming the main scene), so that nothing is written into
# the project. The engine makes it the game's SceneTree: its _init runs
# before any of the game's scripts (the autoloads' and the main scene's),
# and seeds the global random number generator there; its _initialize
# runs once the autoloads and the main scene are under /root, before any
# of them is ready, and adds the helper after them (or has the game's own,
# an autoload, do it), which holds the game in its first frame until the
# debugger asks for frames. The game sees get_tree() as a SceneTree with
# this script, and /root/GdvarInput.
extends SceneTree

# SEED is replaced by the seed debugger.HoldFromStart was given.
const SEED: int = 0

# The helper's node this script added, for the debugger to know it by its
# id; null where the game has the helper as an autoload, which holds it.
var gdvar_input: Node = null


func _init() -> void:
	seed(SEED)


func _initialize() -> void:
	for n: Node in root.get_children():
		if "hold_from_start" in n: # the game's own gdvar_input.gd, version 3 or later
			n.set(&"hold_from_start", true)
			return
	var folder: String = (get_script() as Script).resource_path.get_base_dir()
	var helper: GDScript = load(folder.path_join("gdvar_input.gd")) as GDScript
	gdvar_input = helper.new() as Node
	gdvar_input.set(&"hold_from_start", true)
	root.add_child(gdvar_input)
