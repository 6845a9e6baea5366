# values3.gd for Godot 3: prints each value of the section "s" of the
# ConfigFile FILE, a line "KEY = DESCRIPTION" each, as describe3.gd
# describes it (a string by its bytes, a NodePath by those of its names
# and subnames). With values4.gd it shows whether Godot 4 reads a migrated
# file's values as Godot 3 read the source's (TestLiveMarkedText).
#   godot3 --no-window -s scripts/migrate/values3.gd -- FILE
extends SceneTree

const Describe3 = preload("res://scripts/migrate/describe3.gd")

func _init():
	var args = Array(OS.get_cmdline_args())
	var file = args[args.find("--") + 1]
	var f = ConfigFile.new()
	var err = f.load(file)
	if err != OK:
		print("fail: cannot read %s: error %d" % [file, err])
	else:
		var desc = Describe3.new()
		desc.from_text = true
		for k in f.get_section_keys("s"):
			print("%s = %s" % [k, desc.describe(f.get_value("s", k))])
	quit()
