# PacketPeerUDP both ways: binds 127.0.0.1:MYPORT, sends every value of
# values.gd that fits in a datagram to 127.0.0.1:GOPORT (printing "SENT
# <hex>"), each after the one before has come back (printing "GOT <hex>");
# fails if one does not come back within 60 s.
#   godot --headless -s scripts/stream/udp.gd -- GOPORT MYPORT
extends SceneTree

const Values = preload("res://scripts/stream/values.gd")

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var udp := PacketPeerUDP.new()
	udp.bind(int(args[1]), "127.0.0.1")
	udp.set_dest_address("127.0.0.1", int(args[0]))
	# One value at a time, each answered before the next goes: a burst of
	# large datagrams can overflow a socket's buffer on a loaded machine.
	var n := 0
	for v in Values.all():
		if var_to_bytes(v).size() > 60000:
			continue
		udp.put_var(v)
		print("SENT ", Values.hex(v))
		n += 1
		var since := Time.get_ticks_msec()
		while udp.get_available_packet_count() == 0:
			if Time.get_ticks_msec() - since > 60000:
				printerr("FAILED: no answer to value %d in 60 s" % n)
				quit(1)
				return
			OS.delay_msec(2)
		print("GOT ", Values.hex(udp.get_var()))
	quit()
