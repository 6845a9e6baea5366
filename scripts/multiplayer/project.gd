# The main node's base of the random games multiplayer's project tests
# write (multiplayer/project_gen_test.go): the game's main.gd extends it
# with the main node's @rpc methods, and every @rpc method of the game
# reports its calls to got(). It follows and checks the game's
# res://plan.txt (var_to_str of a Dictionary): "calls", each method of
# each node with its mode and arguments, and "spawns", each node a
# spawner spawns with its properties' spawn and final values.
#
# User arguments (after --), "enet" last for ENetMultiplayerPeer:
#   client HOST PORT      join; once every spawn came, check its spawn
#                         values, then call each method on the server
#                         (rpc_id 1); check each call the server makes and
#                         each final value
#   server PORT CLIENTS   spawn every node with its spawn values; once
#                         CLIENTS clients made their any_peer calls, set the
#                         final values and call each method on every peer
#                         (rpc, call_local ones here too)
# It prints "BAD <why>" for each difference, then "RESULT calls=C
# spawns=S values=V bad=B": a client once it has checked all it waits for
# (then it quits when the server goes), the server once its clients left.
# Past LIMIT_MS it prints what it still missed and quits with 1.
extends Node

const LIMIT_MS := 50000

var plan: Dictionary
var is_server := false
var clients := 0
var peers: Array[int] = [] # every client that joined
var left := 0
var calls := {} # "<node> <method> <sender>": the arguments
var spawn_values := {} # a spawned node's path: its properties at its spawn
var bad: PackedStringArray = []
var phase := 0 # a client: 1 once it called; a server: 1 once it set and called
var reported := false


func _ready() -> void:
	plan = str_to_var(FileAccess.get_file_as_string("res://plan.txt"))
	var args := OS.get_cmdline_user_args()
	var enet := args.has("enet")
	is_server = args[0] == "server"
	var peer: MultiplayerPeer
	var err: int
	if is_server:
		clients = int(args[2])
		if enet:
			peer = ENetMultiplayerPeer.new()
			peer.set_bind_ip("127.0.0.1")
			err = peer.create_server(int(args[1]))
		else:
			peer = WebSocketMultiplayerPeer.new()
			err = peer.create_server(int(args[1]), "127.0.0.1")
		multiplayer.peer_connected.connect(func(id: int): peers.append(id))
		multiplayer.peer_disconnected.connect(_on_left)
	else:
		if enet:
			peer = ENetMultiplayerPeer.new()
			err = peer.create_client(args[1], int(args[2]))
		else:
			peer = WebSocketMultiplayerPeer.new()
			peer.handshake_timeout = 30 # generous, for a loaded machine
			err = peer.create_client("ws://%s:%s" % [args[1], args[2]])
		multiplayer.connected_to_server.connect(func(): print("ID %d" % multiplayer.get_unique_id()))
		multiplayer.server_disconnected.connect(func(): _report(); get_tree().quit())
		for s in plan.spawns:
			var spawner: MultiplayerSpawner = get_node(s.spawner)
			if not spawner.spawned.is_connected(_on_spawned):
				spawner.spawned.connect(_on_spawned)
	if err != OK:
		printerr("FAILED to start ", args)
		get_tree().quit(1)
		return
	multiplayer.multiplayer_peer = peer
	if is_server:
		for s in plan.spawns:
			var node: Node = load(s.scene).instantiate()
			node.name = s.name
			for p in s.spawn:
				node.set(p, s.spawn[p])
			get_node(s.parent).add_child(node, true)


## got records a call of a game's method: every @rpc method calls it.
func got(node: Node, method: String, args: Array) -> void:
	var key := "%s %s %d" % [node.get_path(), method, multiplayer.get_remote_sender_id()]
	if calls.has(key):
		bad.append("call twice: " + key)
	calls[key] = args


func _on_spawned(node: Node) -> void:
	var values := {}
	for s in plan.spawns:
		if s.name == node.name and get_node(s.parent) == node.get_parent():
			for p in s.spawn:
				values[p] = node.get(p)
	spawn_values[str(node.get_path())] = values


func _process(_delta: float) -> void:
	if reported:
		return
	if Time.get_ticks_msec() > LIMIT_MS:
		bad.append("time out in phase %d" % phase)
		_report()
		get_tree().quit(1)
	elif is_server:
		_serve()
	else:
		_play()


# _serve is the server's: once each client made its any_peer calls, set
# the final values and call each method on every peer.
func _serve() -> void:
	if phase > 0 or peers.size() < clients:
		return
	for id in peers:
		for c in plan.calls:
			if c.any_peer and not calls.has(_key(c, id)):
				return
	for s in plan.spawns:
		var node := get_node(_path(s))
		for p in s.final:
			node.set(p, s.final[p])
	for c in plan.calls:
		get_node(c.node).callv("rpc", [c.method] + c.args)
	phase = 1


func _on_left(id: int) -> void:
	left += 1
	if phase == 0:
		bad.append("client %d left before its calls" % id)
	if left == peers.size():
		_report()
		get_tree().quit()


# _play is a client's: once every spawn came, call each method on the
# server; report once every call and final value came.
func _play() -> void:
	if phase == 0:
		for s in plan.spawns:
			if not spawn_values.has(_path(s)):
				return
		for c in plan.calls:
			get_node(c.node).callv("rpc_id", [1] + [c.method] + c.args)
		phase = 1
	elif _missing().is_empty():
		_report()


# _missing says what a client still waits for: a call of the server, a
# final value.
func _missing() -> PackedStringArray:
	var out: PackedStringArray = []
	for c in plan.calls:
		if not calls.has(_key(c, 1)):
			out.append("no call " + _key(c, 1))
	for s in plan.spawns:
		var node := get_node_or_null(_path(s))
		for p in s.final:
			if node == null or not _same(node.get(p), s.final[p]):
				out.append("%s:%s is %s, not %s" % [_path(s), p, var_to_str(node.get(p)) if node else "gone", var_to_str(s.final[p])])
	return out


# _report checks what came against the plan, once, and prints it.
func _report() -> void:
	if reported:
		return
	reported = true
	var want := {} # the calls that should have come, by key
	for c in plan.calls:
		if is_server:
			for id in peers:
				if c.any_peer:
					want[_key(c, id)] = c.args
			if c.local:
				want[_key(c, 1)] = c.args
		else:
			want[_key(c, 1)] = c.args
	var right := 0
	for key in want:
		if not calls.has(key):
			bad.append("no call " + key)
		elif not _same(calls[key], want[key]):
			bad.append("call %s: %s, not %s" % [key, var_to_str(calls[key]), var_to_str(want[key])])
		else:
			right += 1
	for key in calls:
		if not want.has(key):
			bad.append("unexpected call " + key)
	var spawns := 0
	var values := 0
	if not is_server:
		bad.append_array(_missing())
		for s in plan.spawns:
			var at: Dictionary = spawn_values.get(_path(s), {})
			if not spawn_values.has(_path(s)):
				bad.append("no spawn " + _path(s))
				continue
			var node := get_node_or_null(_path(s))
			if node and node.scene_file_path != s.scene:
				bad.append("%s is a %s, not a %s" % [_path(s), node.scene_file_path, s.scene])
			spawns += 1
			for p in s.spawn:
				if _same(at[p], s.spawn[p]):
					values += 1
				else:
					bad.append("%s:%s spawned %s, not %s" % [_path(s), p, var_to_str(at[p]), var_to_str(s.spawn[p])])
			for p in s.final:
				if node and _same(node.get(p), s.final[p]):
					values += 1
	for b in bad:
		print("BAD ", b)
	print("RESULT calls=%d spawns=%d values=%d bad=%d" % [right, spawns, values, bad.size()])


func _key(c: Dictionary, sender: int) -> String:
	return "%s %s %d" % [c.node, c.method, sender]


func _path(s: Dictionary) -> String:
	return "%s/%s" % [s.parent, s.name]


# _same is == that also asks for the same types, element by element.
func _same(a: Variant, b: Variant) -> bool:
	if typeof(a) != typeof(b):
		return false
	if a is Array:
		if a.size() != b.size():
			return false
		for i in a.size():
			if not _same(a[i], b[i]):
				return false
		return true
	return a == b
