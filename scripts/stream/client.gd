# A Godot client of a Go server: connects to 127.0.0.1:PORT and sends every
# value of values.gd with put_var, on a StreamPeerTCP or, with
# "packetpeerstream", through a PacketPeerStream. Prints "SENT <hex>" with
# the engine's bytes of each value.
#   godot --headless -s scripts/stream/client.gd -- PORT [packetpeerstream]
extends SceneTree

const Tcp = preload("res://scripts/stream/tcp.gd")
const Values = preload("res://scripts/stream/values.gd")

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var tcp := Tcp.connect_to_port()
	if tcp == null:
		quit(1)
		return
	var pps := PacketPeerStream.new()
	pps.output_buffer_max_size = 1 << 20 # the default (64 KiB) refuses the largest value
	pps.stream_peer = tcp
	for v in Values.all():
		if args.size() > 1 and args[1] == "packetpeerstream":
			pps.put_var(v)
		else:
			tcp.put_var(v)
		print("SENT ", Values.hex(v))
	# Wait for the Go side to close, so that nothing is cut short.
	while tcp.get_status() == StreamPeerTCP.STATUS_CONNECTED:
		tcp.poll()
		OS.delay_msec(2)
	quit()
