# Writes golden vectors of Godot's ENet compressors: for each input of
# enet/testdata/rangecoder (its first line, the range coder's vectors
# reused), OUTDIR/NAME.hex holds four lines, the input and what
# Compression::compress makes of it in FastLZ, Deflate and Zstd mode with
# the engine's default levels, the calls ENetConnection's compressors make
# (PackedByteArray.compress is the same call). Run by gen-godot-compress.sh.
extends SceneTree

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var indir: String = args[0]
	var outdir: String = args[1]
	var modes := [FileAccess.COMPRESSION_FASTLZ, FileAccess.COMPRESSION_DEFLATE, FileAccess.COMPRESSION_ZSTD]
	var n := 0
	for name in DirAccess.get_files_at(indir):
		if not name.ends_with(".hex") or name.begins_with("decode-"):
			continue
		var input := FileAccess.get_file_as_string(indir.path_join(name)).split("\n")[0].hex_decode()
		var out := FileAccess.open(outdir.path_join(name), FileAccess.WRITE)
		out.store_line(input.hex_encode())
		for mode in modes:
			out.store_line(input.compress(mode).hex_encode())
		out.close()
		n += 1
	print("wrote %d vectors with Godot %s" % [n, Engine.get_version_info().string])
	quit()
