# Connecting to a Go server on 127.0.0.1, for the stream scripts.

# connect_to_port connects to the port given as the script's first user
# argument and returns the StreamPeerTCP, or null after saying why.
static func connect_to_port() -> StreamPeerTCP:
	var tcp := StreamPeerTCP.new()
	tcp.connect_to_host("127.0.0.1", int(OS.get_cmdline_user_args()[0]))
	while tcp.get_status() == StreamPeerTCP.STATUS_CONNECTING:
		tcp.poll()
		OS.delay_msec(2)
	if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		printerr("cannot connect")
		return null
	return tcp
