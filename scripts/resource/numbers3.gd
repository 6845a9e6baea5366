# numbers3.gd: Godot 3 resources whose .res numbers its internal resources
# otherwise than in the order the binary saver meets them, as test cases
# for gdvar's resource package (TestLiveLocalNumbers):
#   godot3 --no-window -s scripts/resource/numbers3.gd -- OUTDIR SEED COUNT
# For each case, OUTDIR/NAME.gd declares variables of random names in a
# random order, each holding a new Resource; the resource is saved as
# NAME.tres, which numbers them walking the variables sorted by name, and
# then as NAME.res, which keeps those numbers (local://N) on the objects
# and writes them in the order of the declarations. index.txt lists the
# names.
extends SceneTree

func _init():
	var args = Array(OS.get_cmdline_args())
	var at = args.find("--")
	var out = args[at + 1]
	var rng = RandomNumberGenerator.new()
	rng.seed = int(args[at + 2])
	var count = int(args[at + 3])
	Directory.new().make_dir_recursive(out)
	var index = []
	for i in count:
		var name = "numbers_%d" % i
		var names = []
		for j in rng.randi_range(2, 12):
			var v = "v%d" % rng.randi_range(0, 99)
			if not v in names:
				names.append(v)
		var src = "extends Resource\n"
		for v in names:
			src += "export var %s: Resource\n" % v
		var f = File.new()
		f.open(out + "/" + name + ".gd", File.WRITE)
		f.store_string(src)
		f.close()
		var script = load(out + "/" + name + ".gd")
		var res = Resource.new()
		res.set_script(script)
		for v in names:
			var sub = Resource.new()
			sub.resource_name = v
			res.set(v, sub)
		if ResourceSaver.save(out + "/" + name + ".tres", res) != OK or ResourceSaver.save(out + "/" + name + ".res", res) != OK:
			print("fail " + name)
		index.append(name)
	var f = File.new()
	f.open(out + "/index.txt", File.WRITE)
	for name in index:
		f.store_line(name)
	f.close()
	print("wrote %d" % index.size())
	quit()
