extends Node
# A turn-based game at fault. Its user arguments set up its peer, which
# its scripts do not tell: PORT COMPRESSION MAX_CLIENTS, COMPRESSION an
# ENetConnection.CompressionMode. The peers that joined before the match
# play in turn once any of them starts it. A peer that leaves before the
# first move ends the match for all (the server drops them); one that
# leaves later is taken out of the order, the turn index left as it was:
# out of range after the last player left on its own turn.

var order: Array[int] = []
var turn := 0
var moves := 0
var started := false
var current := 0 # the peer whose turn it is


func _ready() -> void:
	var args := OS.get_cmdline_user_args()
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(int(args[0]), int(args[2]))
	peer.host.compress(int(args[1]))
	multiplayer.multiplayer_peer = peer
	multiplayer.peer_connected.connect(func(id: int) -> void:
		if not started:
			order.append(id))
	multiplayer.peer_disconnected.connect(_left)
	print("LISTENING ", args[0])


func _left(id: int) -> void:
	order.erase(id)
	if started and moves == 0:
		started = false
		for p in multiplayer.get_peers():
			multiplayer.multiplayer_peer.disconnect_peer(p)


@rpc("any_peer", "reliable")
func start() -> void:
	if order.size() >= 2:
		started = true
		turn = 0
		moves = 0
		current = order[turn]


@rpc("any_peer", "reliable")
func play(_move: int) -> void:
	if not started:
		return
	var player := order[turn]
	if player != multiplayer.get_remote_sender_id():
		return
	moves += 1
	turn = (turn + 1) % order.size()
	current = order[turn]
