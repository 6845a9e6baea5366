extends Node
# An autoload that waits for the main scene, then prints each node under
# /root, in tree order, a line each: TREE, its path, its class and its
# script's path (or -), and quits.
# project/live_test.go compares gdvar's RunningTree with it.
func _ready():
	await get_tree().process_frame
	_print(get_tree().root)
	get_tree().quit()


func _print(parent: Node):
	for n in parent.get_children():
		var script: Script = n.get_script()
		print("TREE %s %s %s" % [n.get_path(), n.get_class(), script.resource_path if script else "-"])
		_print(n)
