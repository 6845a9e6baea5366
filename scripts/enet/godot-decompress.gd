# Decompresses what enet's compress_test.go wrote: each line of the file
# given holds a FileAccess.COMPRESSION_* mode, the size to decompress to and
# the data in hex; prints each result in hex after "= ", or "-" when it is
# empty, as ENetConnection's decompressors would (PackedByteArray.decompress
# calls the same Compression::decompress).
extends SceneTree

func _init() -> void:
	var path: String = OS.get_cmdline_user_args()[0]
	for line in FileAccess.get_file_as_string(path).split("\n", false):
		var f := line.split(" ")
		var out := f[2].hex_decode().decompress(int(f[1]), int(f[0]))
		print("= ", out.hex_encode() if out.size() > 0 else "-")
	quit()
