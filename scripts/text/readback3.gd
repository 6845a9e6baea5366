# Writes COUNT random string-bearing values as Godot 3 (3.2 or 3.6) writes
# them in text and reads that text back, for gdvar's text reader. For each:
#   NAME.txt      var2str of the value, as the bytes a file holds
#   NAME.bin      var2bytes(str2var(text)), the text read back from those
#                 bytes (get_buffer and get_string_from_utf8, not
#                 File.get_as_text, which drops carriage returns)
#   NAME.str.txt  var2str(bytes2var(NAME.bin)), which differs from the text
#                 where bytes2var drops a string's leading byte order mark
# and index.txt, "NAME plain" a line. The strings are made of control
# characters (carriage returns among them), quotes, backslashes, non-ASCII,
# UTF-16 surrogates and code points past U+10FFFF, which Godot 3 holds and
# writes as UTF-8 of up to 6 bytes.
#   godot3 --no-window -s scripts/text/readback3.gd -- OUTDIR SEED COUNT
extends SceneTree

var out = ""
var rng = RandomNumberGenerator.new()

func _init():
	var args = OS.get_cmdline_args()
	var at = Array(args).find("--")
	out = args[at + 1]
	rng.seed = int(args[at + 2])
	var count = int(args[at + 3])
	Directory.new().make_dir_recursive(out)
	var index = File.new()
	index.open(out + "/index.txt", File.WRITE)
	for i in count:
		var name = "readback_%04d" % i
		save(name, random_container(i % 2, 2))
		index.store_line(name + " plain")
	index.close()
	print("wrote %d vectors to %s" % [count, out])
	quit()

func save(name, value):
	var f = File.new()
	f.open(out + "/" + name + ".txt", File.WRITE)
	f.store_buffer(var2str(value).to_utf8())
	f.close()
	f.open(out + "/" + name + ".txt", File.READ)
	var text = f.get_buffer(f.get_len()).get_string_from_utf8()
	f.close()
	var bytes = var2bytes(str2var(text))
	f.open(out + "/" + name + ".bin", File.WRITE)
	f.store_buffer(bytes)
	f.close()
	f.open(out + "/" + name + ".str.txt", File.WRITE)
	f.store_buffer(var2str(bytes2var(bytes)).to_utf8())
	f.close()

# A character: mostly the ones text needs care with.
func random_char():
	match rng.randi_range(0, 9):
		0: return char(0x110000 + rng.randi_range(0, 0xeffff)) # 4 bytes
		1: return char([0x200000, 0x4000000][rng.randi_range(0, 1)] + rng.randi_range(0, 0x1ffffff)) # 5 or 6
		2: return char(0x7fffffff - rng.randi_range(0, 3))
		3: return char(0xd800 + rng.randi_range(0, 0x7ff)) # a surrogate
		4: return ["\r", "\n", "\r\n", "\t", char(1), char(0x1f), char(127)][rng.randi_range(0, 6)]
		5: return ["\"", "\\", "'", "/", ":", "@", "%", " "][rng.randi_range(0, 7)]
		6: return char([0xe9, 0x65e5, 0x10000, 0x1f600, 0x10ffff, 0xfffd, 0xfeff, 0x85, 0x2028][rng.randi_range(0, 8)])
	return char(rng.randi_range(0x61, 0x7a))

func random_string():
	var s = ""
	for i in rng.randi_range(0, 10):
		s += random_char()
	return s

func random_scalar():
	match rng.randi_range(0, 5):
		0: return NodePath(random_string())
		1: return PoolStringArray([random_string(), random_string()])
		2: return rng.randi_range(-5, 5)
	return random_string()

func random_value(depth):
	var k = rng.randi_range(0, 5)
	if depth > 0 and k < 2:
		return random_container(k, depth - 1)
	return random_scalar()

# An Array (kind 0) or a Dictionary with String keys (kind 1).
func random_container(kind, depth):
	if kind == 0:
		var a = []
		for i in rng.randi_range(1, 4):
			a.append(random_value(depth))
		return a
	var d = {}
	var texts = {}
	for i in rng.randi_range(1, 4):
		var key = random_string()
		# bytes2var drops a leading byte order mark, and then keeps one of
		# two keys it makes equal: the first's place, the last one's value.
		# Such keys come only where asked for.
		var text = key.lstrip(char(0xfeff))
		if d.size() > 0 and rng.randi_range(0, 3) == 0:
			d[char(0xfeff) + d.keys()[rng.randi_range(0, d.size() - 1)]] = random_value(depth)
		elif not texts.has(text):
			texts[text] = true
			d[key] = random_value(depth)
	return d
