# A game talking to examples/server: connects to 127.0.0.1:PORT, sends
# messages with put_var (with a key the server does not know, and one value
# that is not a message) and prints each reply it reads with get_var as
# "REPLY seq ok echo error".
#   godot --headless -s scripts/stream/server_client.gd -- PORT
extends SceneTree

const Tcp = preload("res://scripts/stream/tcp.gd")

func _init() -> void:
	var tcp := Tcp.connect_to_port()
	if tcp == null:
		quit(1)
		return
	var messages := [
		{"kind": "say", "seq": 1, "text": "hello ✓", "pos": Vector3(1, 2, 3)},
		{"seq": 2, "text": "with more", "extra": [1, {"deep": PackedByteArray([1, 2])}]},
		42,
		{"kind": "say", "seq": 3, "text": ""},
	]
	for m in messages:
		tcp.put_var(m)
		var since := Time.get_ticks_msec()
		while tcp.get_available_bytes() < 4:
			tcp.poll()
			if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
				printerr("FAILED: the server closed the connection")
				quit(1)
				return
			if Time.get_ticks_msec() - since > 60000:
				printerr("FAILED: no reply in 60 s")
				quit(1)
				return
			OS.delay_msec(1)
		var r: Dictionary = tcp.get_var()
		print("REPLY ", r.get("seq"), " ", r.get("ok"), " ", r.get("echo", "-"), " ", r.get("error", "-"))
	tcp.disconnect_from_host()
	quit()
