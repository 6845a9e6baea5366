# Writes COUNT random string-bearing values in Godot 4's text form with
# bytes that are not UTF-8 inside their strings, and what Godot 4 reads from
# that text, for gdvar's text reader. For each:
#   NAME.txt      var_to_str of the value, as bytes, each placeholder
#                 character U+E080..U+E0FF replaced by the byte 0x80..0xFF
#                 it stands for: lone bytes, cut sequences, overlong forms,
#                 surrogates and code points past U+10FFFF
#   NAME.bin      var_to_bytes(str_to_var(text)), the text read back from
#                 those bytes with get_string_from_utf8, which puts U+FFFD
#                 where it finds no UTF-8
#   NAME.str.txt  var_to_str(bytes_to_var(NAME.bin)), which differs from
#                 what was read where bytes_to_var drops a string's leading
#                 byte order mark
# and index.txt, "NAME plain" a line. The strings also hold control
# characters (carriage returns among them), quotes and backslashes.
#   godot --headless -s scripts/text/readback4.gd -- OUTDIR SEED COUNT
extends SceneTree

var out := ""
var rng := RandomNumberGenerator.new()

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	out = args[0]
	rng.seed = int(args[1])
	var count := int(args[2])
	DirAccess.make_dir_recursive_absolute(out)
	var index := FileAccess.open(out + "/index.txt", FileAccess.WRITE)
	for i in count:
		var name := "readback_%04d" % i
		save(name, random_container(i % 2, 2))
		index.store_line(name + " plain")
	index.close()
	print("wrote %d vectors to %s" % [count, out])
	quit()

func save(name: String, value) -> void:
	var f := FileAccess.open(out + "/" + name + ".txt", FileAccess.WRITE)
	f.store_buffer(raw_bytes(var_to_str(value).to_utf8_buffer()))
	f.close()
	var back = str_to_var(FileAccess.get_file_as_bytes(out + "/" + name + ".txt").get_string_from_utf8())
	var bytes := var_to_bytes(back)
	f = FileAccess.open(out + "/" + name + ".bin", FileAccess.WRITE)
	f.store_buffer(bytes)
	f.close()
	f = FileAccess.open(out + "/" + name + ".str.txt", FileAccess.WRITE)
	f.store_buffer(var_to_str(bytes_to_var(bytes)).to_utf8_buffer())
	f.close()

# raw_bytes replaces each placeholder's UTF-8 (EE 82 80 to EE 83 BF) with
# the byte it stands for.
func raw_bytes(b: PackedByteArray) -> PackedByteArray:
	var r := PackedByteArray()
	var i := 0
	while i < b.size():
		if b[i] == 0xee and i + 2 < b.size() and (b[i + 1] == 0x82 or b[i + 1] == 0x83):
			r.append(((b[i + 1] & 0x3f) << 6 | (b[i + 2] & 0x3f)) & 0xff)
			i += 3
		else:
			r.append(b[i])
			i += 1
	return r

# A byte in a string's text, through its placeholder.
func byte(b: int) -> String:
	return char(0xe000 + b)

# Bytes that are not UTF-8, or that are only part of it.
func bad_bytes() -> String:
	var s := ""
	match rng.randi_range(0, 3):
		0:
			s = byte(rng.randi_range(0x80, 0xff))
		1: # a lead byte and some continuation bytes
			s = byte(rng.randi_range(0xc0, 0xff))
			for i in rng.randi_range(0, 5):
				s += byte(rng.randi_range(0x80, 0xbf))
		_:
			var forms := [[0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80],
				[0xf7, 0xbf, 0xbf, 0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xe0, 0x80, 0x80], [0xe0, 0x9f, 0xbf],
				[0xf0, 0x80, 0x80, 0x80], [0xf0, 0x8f, 0xbf, 0xbf], [0xe6, 0x97], [0xf0, 0x9f, 0x98], [0xf0, 0x9f],
				[0xf8, 0x88, 0x80, 0x80, 0x80], [0xfc, 0x84, 0x80, 0x80, 0x80, 0x80], [0xc3], [0xe2, 0x82]]
			for b in forms[rng.randi_range(0, forms.size() - 1)]:
				s += byte(b)
	return s

# A piece of a string: mostly what text needs care with.
func random_piece() -> String:
	match rng.randi_range(0, 9):
		0, 1, 2: return bad_bytes()
		3: return ["\r", "\n", "\r\n", "\t", char(1), char(0x1f), char(127)][rng.randi_range(0, 6)]
		4: return ["\"", "\\", "'", "/", ":", "@", "%", " ", "$"][rng.randi_range(0, 8)]
		5: return char([0xe9, 0x65e5, 0x10000, 0x1f600, 0x10ffff, 0xfffd, 0xfeff, 0x85, 0x2028][rng.randi_range(0, 8)])
	return char(rng.randi_range(0x61, 0x7a))

func random_string() -> String:
	var s := ""
	for i in rng.randi_range(0, 8):
		s += random_piece()
	return s

func random_scalar():
	match rng.randi_range(0, 6):
		0: return NodePath(random_string())
		1: return StringName(random_string())
		2: return PackedStringArray([random_string(), random_string()])
		3: return rng.randi_range(-5, 5)
	return random_string()

func random_value(depth: int):
	var k := rng.randi_range(0, 5)
	if depth > 0 and k < 2:
		return random_container(k, depth - 1)
	return random_scalar()

# An Array (kind 0) or a Dictionary with String or StringName keys (kind 1),
# no two of the same text.
func random_container(kind: int, depth: int):
	if kind == 0:
		var a := []
		for i in rng.randi_range(1, 4):
			a.append(random_value(depth))
		return a
	var d := {}
	var texts := {}
	for i in rng.randi_range(1, 4):
		var key = random_string()
		if rng.randi_range(0, 3) == 0:
			key = StringName(ascii_string())
		# bytes_to_var drops a leading byte order mark, and then keeps one of
		# two keys it makes equal: the first's place, the last one's value.
		# Such keys come only where asked for.
		var text := str(key).lstrip(char(0xfeff))
		if d.size() > 0 and rng.randi_range(0, 3) == 0:
			d[char(0xfeff) + str(d.keys()[rng.randi_range(0, d.size() - 1)])] = random_value(depth)
		elif not texts.has(text):
			texts[text] = true
			d[key] = random_value(depth)
	return d

# A string of ASCII only, for a StringName key. Godot 4 holds a String key
# and a StringName key of the same text apart in a Dictionary, writes both,
# but keeps one when it reads the bytes: keys of both types never share a
# text, even once U+FFFD replaces the bytes that are not UTF-8 (String keys
# may, and are then one key everywhere).
func ascii_string() -> String:
	var s := ""
	for i in rng.randi_range(0, 6):
		s += ["\r", "\n", "\"", "\\", "'", "a", "b", " ", "/", ":"][rng.randi_range(0, 9)]
	return s
