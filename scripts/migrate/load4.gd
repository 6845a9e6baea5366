# load4.gd for Godot 4.6: reads what gdvar's migration made of the files of
# make3.gd, which replaced them in DIR, and writes FILE.got.txt for each
# file of DIR/index.txt: what Godot 4 reads, described as describe4.gd
# does, to compare with make3.gd's FILE.want.txt; an event, "NAME ok" if it
# is the event events4.gd makes, else what differs.
#   godot4 --headless -s scripts/migrate/load4.gd -- DIR godot3.6|godot3.2
# It first puts a Godot 4 holder.gd in DIR, with the variables of make3.gd's
# (untyped: each keeps the type of the value set), and writes Godot 4's own
# saves of what it read: values.resave.sav (store_var of each value of
# values.sav) and settings.resave.cfg (settings.cfg without its events).
extends SceneTree

const Describe4 = preload("res://scripts/migrate/describe4.gd")
const Events4 = preload("res://scripts/migrate/events4.gd")

const PASSWORD = "gdvar migrate"

var desc = Describe4.new()
var checker = Events4.new()
var events = []
var dir = ""

func key():
	var k = PackedByteArray()
	for i in 32:
		k.append(i * 7 + 1)
	return k

const holder = """extends Resource
var p_bool
var p_int
var p_float
var p_string
var p_vector2
var p_rect2
var p_vector3
var p_transform2d
var p_plane
var p_quat
var p_aabb
var p_basis
var p_transform
var p_color
var p_nodepath
var p_dictionary
var p_array
var p_byte
var p_int32
var p_real
var p_strings
var p_vector2s
var p_vector3s
var p_colors
"""

func _init():
	var args = OS.get_cmdline_user_args()
	dir = args[0]
	events = checker.cases(args[1] == "godot3.2")
	var f = FileAccess.open(dir + "/holder.gd", FileAccess.WRITE)
	f.store_string(holder)
	f.close()
	var n = 0
	for line in FileAccess.get_file_as_string(dir + "/index.txt").split("\n", false):
		var parts = line.split(" ")
		var got = []
		match parts[1]:
			"save": got = save(parts[0], parts[2])
			"objects": got = objects(parts[0])
			"cfg": got = config(parts[0], parts[2])
			"res":
				desc.from_text = true # meta.res holds ext.tres
				got = [desc.describe(ResourceLoader.load(dir + "/" + parts[0], "", ResourceLoader.CACHE_MODE_IGNORE))]
			"events": got = event_metadata(parts[0])
		var out = FileAccess.open(dir + "/" + parts[0] + ".got.txt", FileAccess.WRITE)
		for g in got:
			out.store_line(g)
		out.close()
		n += 1
	print("read %d files" % n)
	quit()

func open(name, container):
	var path = dir + "/" + name
	match container:
		"plain": return FileAccess.open(path, FileAccess.READ)
		"pass": return FileAccess.open_encrypted_with_pass(path, FileAccess.READ, PASSWORD)
		"key": return FileAccess.open_encrypted(path, FileAccess.READ, key())
	return FileAccess.open_compressed(path, FileAccess.READ, int(container))

func save(name, container):
	var f = open(name, container)
	if f == null:
		return ["cannot open: %s" % error_string(FileAccess.get_open_error())]
	var got = []
	var values = []
	while f.get_position() < f.get_length():
		var v = f.get_var()
		values.append(v)
		got.append(desc.describe(v))
	if container == "plain":
		var back = FileAccess.open(dir + "/values.resave.sav", FileAccess.WRITE)
		for v in values:
			back.store_var(v)
		back.close()
	return got

func objects(name):
	var f = open(name, "plain")
	var got = []
	for i in events.size():
		got.append("e%d %s" % [i, checker.check(f.get_var(true), events[i])])
	got.append("reference " + desc.describe(f.get_var(true)))
	var d = f.get_var(true)
	got.append("binding %s" % (checker.check(d.get("binding"), events[0]) if d is Dictionary else var_to_str(d)))
	got.append("shortcut " + check_shortcut(f.get_var(true)))
	return got

# check_shortcut checks a Shortcut of the first event.
func check_shortcut(s):
	if not s is Shortcut:
		return "not a Shortcut: %s" % var_to_str(s)
	if s.events.size() != 1:
		return "%d events" % s.events.size()
	return checker.check(s.events[0], events[0])

func config(name, container):
	var cf = ConfigFile.new()
	var path = dir + "/" + name
	var err
	match container:
		"plain": err = cf.load(path)
		"pass": err = cf.load_encrypted_pass(path, PASSWORD)
		"key": err = cf.load_encrypted(path, key())
	if err != OK:
		return ["cannot load: %s" % error_string(err)]
	var got = []
	desc.from_text = true
	for s in cf.get_sections():
		for k in cf.get_section_keys(s):
			if s == "input" and k == "shortcut":
				got.append("shortcut " + check_shortcut(cf.get_value(s, k)))
			elif s == "input":
				got.append("%s %s" % [k, checker.check(cf.get_value(s, k), events[int(k.substr(1))])])
			else:
				got.append("%s/%s = %s" % [s, k, desc.describe(cf.get_value(s, k))])
	if container == "plain":
		cf.erase_section("input")
		cf.save(dir + "/settings.resave.cfg")
	return got

func event_metadata(name):
	var r = ResourceLoader.load(dir + "/" + name, "", ResourceLoader.CACHE_MODE_IGNORE)
	if r == null:
		return ["cannot load"]
	var got = []
	for i in events.size():
		got.append("e%d %s" % [i, checker.check(r.get_meta("e%d" % i), events[i])])
	got.append("shortcut " + check_shortcut(r.get_meta("shortcut")))
	return got
