# Has Godot 3 judge candidate inputs (Godot 3 syntax). Godot 3 has no
# decode_var_size, so for each line "NAME HEX" of CANDIDATES and each of
# allow_objects false and true, this prints to stderr how bytes2var fared:
#   TRY NAME OBJECTS K   before decoding the first K bytes
#   DONE                 after, if bytes2var returned: a failure aborts the
#                        helper function, so there is no DONE
#   SIZE NAME OBJECTS K  the bytes used, found by bisection when the value is
#                        not null (a shorter prefix that decodes at all
#                        decodes to the same value)
# For null values every prefix is tried. `go run ./scripts/malformed verdicts`
# turns this log into verdicts.
#   godot3-server --no-window -s scripts/golden/judge3.gd -- CANDIDATES
extends SceneTree

func _init():
	var args = OS.get_cmdline_args()
	var f = File.new()
	f.open(args[Array(args).find("--") + 1], File.READ)
	while not f.eof_reached():
		var line = f.get_line()
		if line.empty():
			continue
		var parts = line.split(" ")
		var bytes = hex_decode(parts[1] if parts.size() > 1 else "")
		for objects in [false, true]:
			judge(parts[0], bytes, objects)
	f.close()
	quit()

func judge(name, bytes, objects):
	var n = bytes.size()
	printerr("TRY %s %s %d" % [name, objects, n])
	var value = decode(bytes, objects)
	if value != null:
		var lo = 0 # prefixes of lo words fail
		var hi = (n + 3) / 4 # a prefix of hi words (capped at n bytes) succeeds
		while hi - lo > 1:
			var mid = (lo + hi) / 2
			if decode(bytes.subarray(0, min(mid * 4, n) - 1), objects) != null:
				hi = mid
			else:
				lo = mid
		printerr("SIZE %s %s %d" % [name, objects, min(hi * 4, n)])
		return
	for k in range(4, n + 4, 4):
		k = min(k, n)
		printerr("TRY %s %s %d" % [name, objects, k])
		decode(bytes.subarray(0, k - 1), objects)

# decode prints DONE if bytes2var returns; a failure aborts it before.
func decode(bytes, objects):
	var value = bytes2var(bytes, objects)
	printerr("DONE")
	return value

func hex_decode(s):
	var out = PoolByteArray()
	for i in range(0, s.length(), 2):
		out.append(("0x" + s.substr(i, 2)).hex_to_int())
	return out
