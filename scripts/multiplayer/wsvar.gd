# A Godot client of examples/wsvar on ws://127.0.0.1:PORT: sends each value
# of FILE (one per line, as var_to_bytes hex) with WebSocketPeer.put_var and
# prints "GOT <line> <hex>" with var_to_bytes of what get_var reads back.
# Prints "DONE" at the end; fails, saying why on stderr, if not done
# within 120 s.
#   godot --headless -s scripts/multiplayer/wsvar.gd -- PORT FILE
extends SceneTree

var ws := WebSocketPeer.new()
var values := []
var sent := false
var got := 0
var url := ""
var since := 0

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	for line in FileAccess.get_file_as_string(args[1]).split("\n", false):
		values.append(bytes_to_var(line.hex_decode()))
	ws.outbound_buffer_size = 1 << 20
	ws.inbound_buffer_size = 1 << 20
	url = "ws://127.0.0.1:" + args[0]

func _process(_delta: float) -> bool:
	# Connected from the first frame, not from _init: the engine may take
	# seconds to reach it on a loaded machine, and the handshake's time runs
	# from connect_to_url.
	if url != "":
		ws.connect_to_url(url)
		url = ""
		since = Time.get_ticks_msec()
	if Time.get_ticks_msec() - since > 120000:
		printerr("FAILED: not done after 120 s")
		quit(1)
		return false
	ws.poll()
	match ws.get_ready_state():
		WebSocketPeer.STATE_OPEN:
			if not sent:
				for v in values:
					ws.put_var(v)
				sent = true
			while ws.get_available_packet_count() > 0:
				print("GOT ", got, " ", var_to_bytes(ws.get_var()).hex_encode())
				got += 1
			if got == values.size():
				print("DONE")
				ws.close()
				return true
		WebSocketPeer.STATE_CLOSED:
			print("CLOSED ", ws.get_close_code())
			return true
	return false
