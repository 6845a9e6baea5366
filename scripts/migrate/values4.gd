# values4.gd for Godot 4.6: values3.gd's lines for the ConfigFile FILE, a
# migrated one, described as describe4.gd does.
#   godot4 --headless -s scripts/migrate/values4.gd -- FILE
extends SceneTree

const Describe4 = preload("res://scripts/migrate/describe4.gd")

func _init():
	var file = OS.get_cmdline_user_args()[0]
	var f = ConfigFile.new()
	var err = f.load(file)
	if err != OK:
		print("fail: cannot read %s: error %d" % [file, err])
	else:
		var desc = Describe4.new()
		desc.from_text = true
		for k in f.get_section_keys("s"):
			print("%s = %s" % [k, desc.describe(f.get_value("s", k))])
	quit()
