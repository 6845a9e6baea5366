# PacketPeerUDP both ways: binds 127.0.0.1:MYPORT, sends every value of
# values.gd that fits in a datagram to 127.0.0.1:GOPORT (printing "SENT
# <hex>"), then prints "GOT <hex>" for each value Go sends back, until it has
# as many or waited 10 s.
#   godot --headless -s scripts/stream/udp.gd -- GOPORT MYPORT
extends SceneTree

const Values = preload("res://scripts/stream/values.gd")

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var udp := PacketPeerUDP.new()
	udp.bind(int(args[1]), "127.0.0.1")
	udp.set_dest_address("127.0.0.1", int(args[0]))
	var sent := 0
	for v in Values.all():
		if var_to_bytes(v).size() > 60000:
			continue
		udp.put_var(v)
		print("SENT ", Values.hex(v))
		sent += 1
	var got := 0
	var waited := 0
	while got < sent and waited < 10000:
		if udp.get_available_packet_count() > 0:
			print("GOT ", Values.hex(udp.get_var()))
			got += 1
		else:
			OS.delay_msec(2)
			waited += 2
	quit()
