extends Node
# An ENet server on the port its first user argument gives, whose
# methods each hold its main loop as long as a peer's argument says: a
# chat whose cost grows with the message (1 ms for each 512 bytes: a 1
# MiB String holds it 2 s), and a job of as many milliseconds as asked
# (at most 25 s). hello and yawn do nothing: called
# after chat and after work, they show the audit went on.


func _ready() -> void:
	var port := int(OS.get_cmdline_user_args()[0])
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(port)
	multiplayer.multiplayer_peer = peer
	print("LISTENING ", port)


func hold(ms: int) -> void:
	var until := Time.get_ticks_msec() + clampi(ms, 0, 25000)
	while Time.get_ticks_msec() < until:
		pass


@rpc("any_peer", "reliable")
func chat(text: String) -> void:
	hold(text.length() / 512)


@rpc("any_peer", "reliable")
func hello() -> void:
	print("hello")


@rpc("any_peer", "reliable")
func work(ms: int) -> void:
	hold(ms)


@rpc("any_peer", "reliable")
func yawn() -> void:
	print("yawn")
