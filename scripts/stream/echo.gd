# A StreamPeerTCP echo server: takes one connection on 127.0.0.1:PORT and
# sends back every value it gets (get_var, then put_var), until the peer
# closes; fails if nobody connects within 60 s. With "objects", full
# objects are allowed both ways.
#   godot --headless -s scripts/stream/echo.gd -- PORT [objects]
extends SceneTree

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var objects := args.size() > 1 and args[1] == "objects"
	var server := TCPServer.new()
	if server.listen(int(args[0]), "127.0.0.1") != OK:
		printerr("cannot listen")
		quit(1)
		return
	var since := Time.get_ticks_msec()
	while not server.is_connection_available():
		if Time.get_ticks_msec() - since > 60000:
			printerr("FAILED: nobody connected in 60 s")
			quit(1)
			return
		OS.delay_msec(2)
	var peer := server.take_connection()
	peer.set_no_delay(true)
	var n := 0
	while true:
		peer.poll()
		if peer.get_status() != StreamPeerTCP.STATUS_CONNECTED:
			break
		if peer.get_available_bytes() < 4:
			OS.delay_msec(1)
			continue
		peer.put_var(peer.get_var(objects), objects)
		n += 1
	print("echoed %d values" % n)
	quit()
