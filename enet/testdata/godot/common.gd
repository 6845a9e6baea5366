# Helpers shared by the ENet scripts of this folder: their key=value
# arguments, ENetConnection's compression modes by name, and the payloads
# the raw scripts send.
extends RefCounted

# FLAGS are the packet flags a script may send (the engine binds no name
# for their union).
const FLAGS := ENetPacketPeer.FLAG_RELIABLE | ENetPacketPeer.FLAG_UNSEQUENCED | ENetPacketPeer.FLAG_UNRELIABLE_FRAGMENT

# args reads the user arguments (after "--") as key=value pairs over the
# given defaults; an unknown key stops the script, so a typo cannot pass.
static func args(defaults: Dictionary) -> Dictionary:
	var out := defaults.duplicate()
	for a in OS.get_cmdline_user_args():
		var kv := a.split("=", true, 1)
		if kv.size() != 2 or not out.has(kv[0]):
			printerr("FAILED: unknown argument ", a, "; known: ", out.keys())
			return {}
		out[kv[0]] = kv[1]
	return out

# compress_mode is ENetConnection.CompressionMode for none, range_coder,
# fastlz, zlib or zstd, or -1.
static func compress_mode(name: String) -> int:
	match name:
		"none": return ENetConnection.COMPRESS_NONE
		"range_coder": return ENetConnection.COMPRESS_RANGE_CODER
		"fastlz": return ENetConnection.COMPRESS_FASTLZ
		"zlib": return ENetConnection.COMPRESS_ZLIB
		"zstd": return ENetConnection.COMPRESS_ZSTD
	return -1

# payload is packet number seq's bytes: seq as 4 little-endian bytes, then
# text that repeats with small changes, so that every compressor has
# something to do and a packet's bytes tell which packet it is.
static func payload(seq: int, size: int) -> PackedByteArray:
	var out := PackedByteArray()
	out.resize(size)
	var text := "gdvar enet packet %d " % seq
	for i in size:
		out[i] = text.unicode_at(i % text.length())
	for i in mini(4, size):
		out[i] = (seq >> (8 * i)) & 0xFF
	return out

# echo_node_path is the script of examples/mpecho's node /root/Main,
# scripts/multiplayer/echo.gd, which the WebSocket live tests use too. It
# is found from the path of script, one of this folder's, so that it holds
# wherever the repository is.
static func echo_node_path(script: Script) -> String:
	return script.resource_path.get_base_dir().path_join("../../../scripts/multiplayer/echo.gd").simplify_path()
