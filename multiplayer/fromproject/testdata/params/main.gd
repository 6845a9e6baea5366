# The main node of fromproject's live tests of typed RPC parameters. Run
# with user arguments (after --):
#   host PORT    a WebSocket server on 127.0.0.1:PORT; prints LISTENING,
#                then "RAN <method> <arguments>" for each call that runs,
#                "REFUSED <error>" for each error the engine prints (as its
#                RPC layer prints a call it fails), "MARK <n>" for
#                mark(n), and answers done() with done_back().
#   client PORT  a client of it that makes each call of cases(), printing
#                "CASE <method> <arguments>", then mark(its number); then
#                done(), and prints DONE on done_back(), which says the
#                host kept it.
extends Node

const Player = preload("res://player.gd")

enum Mode { A, B }


class Errors extends Logger:
	func _log_error(_function: String, _file: String, _line: int, code: String, rationale: String, _editor_notify: bool, _error_type: int, _script_backtraces: Array[ScriptBacktrace]) -> void:
		print("REFUSED ", (rationale if rationale != "" else code).replace("\n", " "))


func _ready() -> void:
	var args := OS.get_cmdline_user_args()
	var peer := WebSocketMultiplayerPeer.new()
	var err: int
	if args[0] == "host":
		OS.add_logger(Errors.new())
		err = peer.create_server(int(args[1]), "127.0.0.1")
	else:
		peer.handshake_timeout = 30 # generous, for a loaded machine
		err = peer.create_client("ws://127.0.0.1:%d" % int(args[1]))
	if err != OK:
		printerr("FAILED to start ", args)
		get_tree().quit(1)
		return
	multiplayer.multiplayer_peer = peer
	if args[0] == "host":
		print("LISTENING")
		multiplayer.peer_disconnected.connect(func(id): print("GONE %d" % id))
		return
	multiplayer.connected_to_server.connect(_run_cases)
	multiplayer.server_disconnected.connect(func(): print("SERVER GONE"); get_tree().quit())
	multiplayer.connection_failed.connect(func(): printerr("FAILED: no connection"); get_tree().quit(1))


# The calls a Godot client makes: [method, arguments].
func cases() -> Array:
	var ints: Array[int] = [1, 2]
	var floats: Array[float] = [1.5]
	var nodes: Array[Node] = [null]
	var players: Array[Player] = [null]
	var typed: Dictionary[String, int] = {"a": 1}
	var typed_float: Dictionary[String, float] = {"a": 1.5}
	var keyed: Dictionary[String, Variant] = {"a": "b"}
	var node := Node.new()
	return [
		["take_int", [3]], ["take_int", [3.7]], ["take_int", [true]], ["take_int", ["3"]], ["take_int", [null]],
		["take_int", []], ["take_int", [1, 2]], ["take_int", [node]], ["take_int", [PackedByteArray([1, 2])]],
		["take_float", [3]], ["take_float", [2.5]], ["take_float", ["x"]],
		["take_bool", [1]], ["take_bool", ["true"]],
		["take_string", ["hi"]], ["take_string", [&"sn"]], ["take_string", [NodePath("a/b")]], ["take_string", [5]],
		["take_sn", ["hi"]], ["take_sn", [5]],
		["take_vector2", [Vector2(1, 2)]], ["take_vector2", [Vector2i(1, 2)]], ["take_vector2", [Vector3()]], ["take_vector2", [[1, 2]]],
		["take_ints", [[1, 2]]], ["take_ints", [ints]], ["take_ints", [floats]], ["take_ints", [PackedInt32Array([1])]],
		["take_ints", [PackedStringArray(["a"])]], ["take_ints", [{}]],
		["take_array", [[1]]], ["take_array", [ints]], ["take_array", [PackedByteArray([1])]], ["take_array", [{}]],
		["take_packed", [[1, "a"]]], ["take_packed", [PackedByteArray([1, 2])]], ["take_packed", [PackedInt32Array([1])]],
		["take_dict", [{"a": 1}]], ["take_dict", [typed]], ["take_dict", [typed_float]], ["take_dict", [keyed]],
		["take_node", [null]], ["take_node", [node]], ["take_node", [3]],
		["take_refcounted", [node]], ["take_object", [node]],
		["take_player", [null]], ["take_player", [node]],
		["take_nodes", [nodes]], ["take_nodes", [[]]], ["take_players", [players]], ["take_players", [nodes]],
		["take_rid", [node]], ["take_rid", [null]],
		["take_enum", [1]], ["take_enum", [1.5]], ["take_enum", ["A"]],
		["take_defaults", [1]], ["take_defaults", [1, 2]], ["take_defaults", [1, 2, 3]], ["take_defaults", [1, "x"]],
		["take_defaults", []], ["take_defaults", [1, 2, 3, 4]],
		["take_rest", []], ["take_rest", [1]], ["take_rest", [1, "a", null]], ["take_rest", ["a"]],
		["take_any", [node]], ["take_any", [null]], ["take_any", []], ["take_any", [1, 2]],
		["take_none", []], ["take_none", [1]],
	]


func _run_cases() -> void:
	var all := cases()
	for i in all.size():
		print("CASE ", all[i][0], " ", var_to_str(all[i][1]).replace("\n", " "))
		callv("rpc_id", [1, all[i][0]] + all[i][1])
		mark.rpc_id(1, i)
	done.rpc_id(1)


func _ran(method: String, args: Array) -> void:
	print("RAN ", method, " ", var_to_str(args).replace("\n", " "))


@rpc("any_peer")
func mark(n: int) -> void:
	print("MARK %d" % n)


@rpc("any_peer")
func done() -> void:
	done_back.rpc_id(multiplayer.get_remote_sender_id())


@rpc("authority")
func done_back() -> void:
	print("DONE")
	get_tree().quit()


@rpc("any_peer")
func take_int(x: int) -> void:
	_ran("take_int", [x])


@rpc("any_peer")
func take_float(x: float) -> void:
	_ran("take_float", [x])


@rpc("any_peer")
func take_bool(x: bool) -> void:
	_ran("take_bool", [x])


@rpc("any_peer")
func take_string(x: String) -> void:
	_ran("take_string", [x])


@rpc("any_peer")
func take_sn(x: StringName) -> void:
	_ran("take_sn", [x])


@rpc("any_peer")
func take_vector2(x: Vector2) -> void:
	_ran("take_vector2", [x])


@rpc("any_peer")
func take_ints(x: Array[int]) -> void:
	_ran("take_ints", [x])


@rpc("any_peer")
func take_array(x: Array) -> void:
	_ran("take_array", [x])


@rpc("any_peer")
func take_packed(x: PackedByteArray) -> void:
	_ran("take_packed", [x])


@rpc("any_peer")
func take_dict(x: Dictionary[String, int]) -> void:
	_ran("take_dict", [x])


@rpc("any_peer")
func take_node(x: Node) -> void:
	_ran("take_node", [x])


@rpc("any_peer")
func take_refcounted(x: RefCounted) -> void:
	_ran("take_refcounted", [x])


@rpc("any_peer")
func take_object(x: Object) -> void:
	_ran("take_object", [x])


@rpc("any_peer")
func take_player(x: Player) -> void:
	_ran("take_player", [x])


@rpc("any_peer")
func take_nodes(x: Array[Node]) -> void:
	_ran("take_nodes", [x])


@rpc("any_peer")
func take_players(x: Array[Player]) -> void:
	_ran("take_players", [x])


@rpc("any_peer")
func take_rid(x: RID) -> void:
	_ran("take_rid", [x])


@rpc("any_peer")
func take_enum(x: Mode) -> void:
	_ran("take_enum", [x])


@rpc("any_peer")
func take_defaults(a: int, b := 2.5, c = "x") -> void:
	_ran("take_defaults", [a, b, c])


@rpc("any_peer")
func take_rest(a: int, ...rest: Array) -> void:
	_ran("take_rest", [a, rest])


@rpc("any_peer")
func take_any(x) -> void:
	_ran("take_any", [x])


@rpc("any_peer")
func take_none() -> void:
	_ran("take_none", [])
