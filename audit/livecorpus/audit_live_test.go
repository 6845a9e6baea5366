package livecorpus

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/audit"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/project"
)

// The findings of the audit of each game of liveGames against its
// unmodified Godot 4.6.3 host: a finding that disappears or appears
// fails the test. Each was checked by hand once, against the scripts
// and the host's output (docs/audit.md, "The corpus's findings"):
//   - no-sender-check, call-local-remote: the method is any_peer (and
//     call_local), and its body never names get_remote_sender_id;
//   - no-sender-check-shared: so, and its body changes what other peers
//     see: main.gd:37 broadcasts any peer's message, globals.gd:12 and 18
//     add a point to a player's score, join_menu.gd:58 and 60 broadcast a
//     player any peer names and start the game for all, drone.gd:75 has
//     the host despawn the drone for all;
//   - accepts-huge, -nan, -deep, -extreme-int: the parameter is a String,
//     an Array or an int (which the engine converts a float to), and the
//     function's first line was hit with the value;
//   - script-error: Amangas's create_game and join_game call rpc_id on
//     the sender's id they are given (player_id, 0 meaning the sender)
//     and on the room's creator, which is the host itself when the
//     client gave its own room; the engine says "RPC '…' on yourself is
//     not allowed by selected mode". Its send_chat_packet (menu.gd:287,
//     room.players) fails once set_players, which any peer calls, made
//     the server's rooms Arrays nested 512 deep (the deep attack): the
//     amplification's call meets it;
//   - not-checked: BatteryAcid's pickups are spawned only once a match
//     plays, which the audit's clients do not start: their methods are
//     not called, and no side kick's position tells the type of the
//     spawn state a forged spawn of one would send. A scene the server
//     runs only once the game loads it is not called either, its static
//     findings reported: the soccer match and its puck, which
//     join_menu.gd:3 and game.gd:9 preload (hockey_puck.gd:45 and 59 are
//     any_peer and call_local, and never ask the sender: any peer kicks
//     the puck, or gives its synchronizer to any peer), and
//     BatteryAcid's main menu, which the audited scene replaced;
//   - relayed: jonathanhecl's main.gd:37 sends any peer's message to
//     every peer, once (1.0× per victim);
//   - amplification: the soccer's send_player_info keeps a nickname for
//     a player id it has not seen (join_menu.gd:44-49) and sends every
//     nickname it keeps to every peer at each call (:57-58): a 1 MiB
//     nickname once, then each 24-byte call sends it again (43 691× per
//     victim);
//   - owned-state-kept, owned-state-relayed: BatteryAcid's ship takes
//     its input_dir from the PlayerInput its peer owns (player.gd:19,
//     player_input.gd:6), unchecked: NaN and a vector 1e6 long are kept,
//     and the ship the server moves by it (player.gd:33-41) goes to NaN
//     for every peer (its position, synced by the server's
//     synchronizer);
//   - sync-relayed: BatteryAcid's and Ultraegern's servers relay each
//     sync of the peer's own synchronizer to the other peer as fast as
//     the peer sends it (server_relay, on by default);
//   - not-checked (owned-state): Amangas, the soccer and CROCPNG spawn
//     nodes with synchronizers, none of them the peer's as their servers
//     say (a room's player, the puck: the server's);
//   - owned-scaled: that ship moves by input_dir * SPEED with no bound
//     (player.gd:33-41): held at length 100 it went about 100 times as
//     far as at length 1, a speed hack;
//   - leave-error: Amangas's peer_disconnected (menu.gd:55-57) calls
//     get_node(str(id)) for every peer that leaves, whether or not it has
//     a player node: a script error for each peer that leaves roomless;
//     create_game awaits 0.25 s (menu.gd:185) and then calls rpc_id on
//     the player that created the room (:186), gone if it left
//     meanwhile.
var liveFindings = map[string][]string{
	"jonathanhecl__ENetMultiplayer-server-godot4": {
		"high no-sender-check-shared /root/Main.send_message_to_server",
		"medium relayed /root/Main.send_message_to_server(message)",
		"low accepts-huge /root/Main.send_message_to_server(message)",
	},
	"brb-fr__Amangas": {
		"medium leave-error res://menu.gd.<anonymous lambda>",
		"medium leave-error res://menu.gd.create_game",
		"medium no-sender-check /root/Main.chat",
		"medium no-sender-check /root/Main.create_airship",
		"medium script-error /root/Main.create_game",
		"medium script-error /root/Main.join_game",
		"medium no-sender-check /root/Main.pong",
		"medium script-error /root/Main.send_chat_packet",
		"medium no-sender-check /root/Main.send_err",
		"medium no-sender-check /root/Main.set_players",
		"medium no-sender-check /root/Main.set_pos",
		"low accepts-huge /root/Main.chat(msg)",
		"low call-local-remote /root/Main.chat",
		"low accepts-nan /root/Main.create_airship(coords)",
		"low accepts-huge /root/Main.create_game(player_username)",
		"low accepts-nan /root/Main.create_game(player_id)",
		"low accepts-huge /root/Main.join_game(player_username)",
		"low accepts-nan /root/Main.join_game(player_id)",
		"low accepts-nan /root/Main.join_game(room_code)",
		"low accepts-nan /root/Main.ping(sent_time)",
		"low call-local-remote /root/Main.ping",
		"low accepts-nan /root/Main.pong(sent_time)",
		"low accepts-nan /root/Main.pong(server_time)",
		"low call-local-remote /root/Main.pong",
		"low accepts-huge /root/Main.send_chat_packet(msg)",
		"low accepts-huge /root/Main.send_err(err)",
		"low accepts-deep /root/Main.set_players(rooms_arr)",
		"low accepts-huge /root/Main.set_players(rooms_arr)",
		"low accepts-nan /root/Main.set_pos(pos)",
		"info not-checked (owned-state)",
		"info accepts-extreme-int /root/Main.create_airship(coords)",
		"info accepts-extreme-int /root/Main.create_game(player_id)",
		"info accepts-extreme-int /root/Main.join_game(player_id)",
		"info accepts-extreme-int /root/Main.join_game(room_code)",
		"info accepts-extreme-int /root/Main.ping(sent_time)",
		"info accepts-extreme-int /root/Main.pong(sent_time)",
		"info accepts-extreme-int /root/Main.pong(server_time)",
		"info accepts-extreme-int /root/Main.set_pos(pos)",
	},
	"luiz734__godot-multiplayer-soccer": {
		"high no-sender-check-shared /root/Globals.add_player_one_score",
		"high no-sender-check-shared /root/Globals.add_player_two_score",
		"high amplification /root/Main/UI.send_player_info(player_nickname)",
		"high no-sender-check-shared /root/Main/UI.send_player_info",
		"medium no-sender-check */HockeyPuck.apply_impulse res://src/hockey_puck.gd",
		"medium no-sender-check */HockeyPuck.set_authority res://src/hockey_puck.gd",
		"low call-local-remote */HockeyPuck.apply_impulse res://src/hockey_puck.gd",
		"low call-local-remote */HockeyPuck.set_authority res://src/hockey_puck.gd",
		"low call-local-remote /root/Globals.add_player_one_score",
		"low call-local-remote /root/Globals.add_player_two_score",
		"low accepts-huge /root/Main/UI.send_player_info(player_nickname)",
		"low accepts-nan /root/Main/UI.send_player_info(player_id)",
		"info not-checked (owned-state)",
		"info not-checked */Game res://src/game.tscn",
		"info not-checked */HockeyPuck res://src/hockey_puck.tscn",
		"info accepts-extreme-int /root/Main/UI.send_player_info(player_id)",
	},
	"BatteryAcid__godot-authority-2": {
		"high no-sender-check-shared /root/Game/Pickups/*._kill_sync res://scripts/components/pickups/drone.gd",
		"high owned-scaled /root/Game/SpawnPath/*.PlayerInput/InputSynchronizer(PlayerInput:input_dir)",
		"high owned-state-relayed /root/Game/SpawnPath/*.PlayerInput/InputSynchronizer(PlayerInput:input_dir)",
		"medium no-sender-check /root/Game/Pickups/*._despawn res://scripts/components/pickups/drone.gd",
		"medium no-sender-check /root/Game/Pickups/*._despawn res://scripts/components/pickups/side_kick.gd",
		"medium owned-state-kept /root/Game/SpawnPath/*.PlayerInput/InputSynchronizer(PlayerInput:input_dir)",
		"medium no-sender-check /root/Game/SpawnPath/*/Weapon._spawn_projectile res://scripts/weapon.gd",
		"low call-local-remote /root/Game/Pickups/*._despawn res://scripts/components/pickups/drone.gd",
		"low call-local-remote /root/Game/Pickups/*._despawn res://scripts/components/pickups/side_kick.gd",
		"low call-local-remote /root/Game/Pickups/*._kill_sync res://scripts/components/pickups/drone.gd",
		"low sync-relayed /root/Game/SpawnPath/*.PlayerInput/InputSynchronizer(PlayerInput:input_dir)",
		"low call-local-remote /root/Game/SpawnPath/*/Weapon._spawn_projectile res://scripts/weapon.gd",
		"info not-checked /root/Game/PickupSpawnManager/PickupSpawner(res://scenes/pickups/side_kick.tscn)",
		"info not-checked /root/Game/Pickups/*._despawn res://scripts/components/pickups/drone.gd",
		"info not-checked /root/Game/Pickups/*._despawn res://scripts/components/pickups/side_kick.gd",
		"info not-checked /root/Game/Pickups/*._kill_sync res://scripts/components/pickups/drone.gd",
		"info not-checked /root/Game/Pickups/*._kill_sync res://scripts/components/pickups/side_kick.gd",
		"info not-checked /root/Game/Pickups/*.inform_peers_control_taken res://scripts/components/pickups/pickup_component.gd",
		"info not-checked /root/Game/Pickups/*.inform_peers_control_taken res://scripts/components/pickups/pickup_full_auth_component.gd",
		"info not-checked /root/Game/Pickups/*.inform_peers_control_taken res://scripts/components/pickups/pickup_input_auth_component.gd",
		"info not-checked /root/Game/Pickups/*.set_pickup_transform res://scripts/components/pickups/pickup_component.gd",
		"info not-checked /root/MainMenu",
	},
	// Its player's position is its peer's (player.gd:7-8,
	// set_multiplayer_authority of its name), moved in
	// _physics_process on that peer alone (:12-19), never checked by the
	// server: NaN, +Inf and a position 1e6 away are kept, and sent on to
	// the other peer as they are; so is a String.
	"Ultraegern__godot-multiplayer-example": {
		"high owned-state-relayed /root/Main/*.MultiplayerSynchronizer(.:position)",
		"medium owned-state-kept /root/Main/*.MultiplayerSynchronizer(.:position)",
		"low sync-relayed /root/Main/*.MultiplayerSynchronizer(.:position)",
	},
	// Its findings beside the static ones (audit.Static's, all there too):
	//   - amplification: send_player_information (MultiplayerController.gd:
	//     80-91) keeps the name of an id it has not seen, and, on the
	//     server, sends every name and id it keeps to every peer at each
	//     call: a 1 MiB name, or a 1 MiB id, once, then each 16-byte call
	//     sends it again (65 536× per victim);
	//   - accepts-*: its two parameters are untyped, and the function's
	//     first line was hit with each value;
	//   - script-error: at :91, Arrays 512 deep the deep attack stored as
	//     an id do not encode ("Max recursion reached"); SoundManager.gd:42
	//     and 47 play and stop the null a valid call gives; start_game's
	//     match makes a player for each id the calls stored, whose
	//     init_weapons (Player.gd:224) reads the weapons' file the corpus
	//     cut (Scenes/Player/WeaponData.json);
	//   - not-checked: the scenes the match loads, which a live audit
	//     calls only with -scene.
	"naixsu__CROCPNG": {
		"high amplification /root/Multiplayer.send_player_information(id)",
		"high amplification /root/Multiplayer.send_player_information(playerName)",
		"medium accepts-wrong-type /root/Multiplayer.send_player_information(id)",
		"medium accepts-wrong-type /root/Multiplayer.send_player_information(playerName)",
		"medium script-error /root/Multiplayer.send_player_information",
		"medium script-error /root/Multiplayer.start_game",
		"medium script-error /root/Multiplayer/SoundManager.play_sound",
		"medium script-error /root/Multiplayer/SoundManager.stop_sound",
		"low accepts-deep /root/Multiplayer.send_player_information(id)",
		"low accepts-deep /root/Multiplayer.send_player_information(playerName)",
		"low accepts-huge /root/Multiplayer.send_player_information(id)",
		"low accepts-huge /root/Multiplayer.send_player_information(playerName)",
		"low accepts-nan /root/Multiplayer.send_player_information(id)",
		"low accepts-nan /root/Multiplayer.send_player_information(playerName)",
		"info not-checked (owned-state)",
		"info not-checked */Player res://Scenes/Player/Player.tscn",
		"info not-checked */ServerInfo res://Scenes/Testing/NaixTestScenes/ServerInfo.tscn",
		"info not-checked */TestMultiplayerScene res://Scenes/Testing/NaixTestScenes/TestMultiplayerScene.tscn",
		"info not-checked */TestMultiplayerScene/BombGroups/* res://Scenes/Bomb/Bomb.tscn",
		"info not-checked */TestMultiplayerScene/BulletGroups/* res://Scenes/Bullet/BossBulletCB.tscn",
		"info not-checked */TestMultiplayerScene/BulletGroups/* res://Scenes/Bullet/BulletCB.tscn",
		"info not-checked */TestMultiplayerScene/EnemyGroups/* res://Scenes/Enemies/EnemyA/EnemyA.tscn",
		"info not-checked */TestMultiplayerScene/EnemyGroups/* res://Scenes/Enemies/EnemyB/EnemyB.tscn",
		"info not-checked */TestMultiplayerScene/EnemyGroups/* res://Scenes/Enemies/EnemyC/EnemyC.tscn",
		"info not-checked */TestMultiplayerScene/EnemyGroups/* res://Scenes/Enemies/FinalBoss/Boss.tscn",
		"info not-checked */TestMultiplayerScene/MoneyGroups/* res://Scenes/Money/Money.tscn",
		"info accepts-extreme-int /root/Multiplayer.send_player_information(id)",
		"info accepts-extreme-int /root/Multiplayer.send_player_information(playerName)",
	},
	// Checked by hand against its scripts (its huge Strings cut to 64
	// KiB: at 1 MiB, each of chat_box.gd's five appends to a
	// RichTextLabel holds the host over a minute):
	//   - spawn_player (Scenes/Level/level.gd:18-21, any_peer) has the
	//     MultiplayerSpawner's spawn_function (multiplayer_spawner.gd:
	//     10-17) make the caller's player, whose InputSynchronizer is its
	//     peer's (Entities/Player/player.gd:8-11): a direction the host
	//     scales by SPEED unbounded (:20-23), owned-scaled; NaN kept and
	//     relayed; each peer's syncs relayed to the others
	//     (sync-relayed); the nickname has no bound (accepts-huge);
	//   - ChatBox.add_message (Entities/ChatBox/chat_box.gd:8-18) and
	//     EmojiPicker.set_emoji (emoji_picker.gd:25-29) take the speaker's
	//     id as an argument, no sender check: any peer speaks as another;
	//     set_emoji's emojis[emoji_name] fails for a name not there
	//     (:29, script-error);
	//   - leave-error: a peer that leaves with no player fails the
	//     level's peer_disconnected handler, get_player(id).queue_free()
	//     on null (level.gd:26).
	"devlup-fsu__club-pangolin": {
		"high owned-scaled /root/Game/Level/Players/*.InputSynchronizer(InputSynchronizer:direction)",
		"high owned-state-relayed /root/Game/Level/Players/*.InputSynchronizer(InputSynchronizer:direction)",
		"medium leave-error res://Scenes/Level/level.gd._on_multiplayer_peer_disconnected",
		"medium owned-state-kept /root/Game/Level/Players/*.InputSynchronizer(InputSynchronizer:direction)",
		"medium no-sender-check /root/Game/UserInterface/ChatBox.add_message",
		"medium no-sender-check /root/Game/UserInterface/EmojiPicker.set_emoji",
		"medium script-error /root/Game/UserInterface/EmojiPicker.set_emoji",
		"low accepts-huge /root/Game/Level.spawn_player(nickname)",
		"low accepts-nan /root/Game/Level.spawn_player(color)",
		"low call-local-remote /root/Game/Level.spawn_player",
		"low sync-relayed /root/Game/Level/Players/*.InputSynchronizer(InputSynchronizer:direction)",
		"low accepts-huge /root/Game/UserInterface/ChatBox.add_message(text)",
		"low accepts-nan /root/Game/UserInterface/ChatBox.add_message(id)",
		"low call-local-remote /root/Game/UserInterface/ChatBox.add_message",
		"low accepts-huge /root/Game/UserInterface/EmojiPicker.set_emoji(emoji_name)",
		"low accepts-nan /root/Game/UserInterface/EmojiPicker.set_emoji(id)",
		"low call-local-remote /root/Game/UserInterface/EmojiPicker.set_emoji",
		"info accepts-extreme-int /root/Game/UserInterface/ChatBox.add_message(id)",
		"info accepts-extreme-int /root/Game/UserInterface/EmojiPicker.set_emoji(id)",
	},
	// Its level (Scenes/Level/level.tscn), spawned by the main scene's
	// LevelSpawner, holds the PlayerSpawner, whose spawn_function
	// (player_spawner.gd:6-14) makes each peer's player: a nested spawn
	// of a custom scene. Checked by hand against Entities/Player:
	//   - each player's InputSynchronizer is its peer's (player.gd:5-8),
	//     and the host moves the player by its direction unbounded
	//     (player.gd:22-24, velocity = direction * SPEED): a direction of
	//     length 100 moves it about 100× as far, owned-scaled; NaN makes
	//     the host's position NaN, which it sends on to the other peer
	//     (owned-state-relayed, owned-state-kept);
	//   - the host relays each peer's InputSynchronizer to the others
	//     (server_relay, the default): sync-relayed, with its factor.
	"devlup-fsu__multiplayer-godot": {
		"high owned-scaled /root/Game/Level/*/Players/*.InputSynchronizer(InputSynchronizer:direction)",
		"high owned-state-relayed /root/Game/Level/*/Players/*.InputSynchronizer(InputSynchronizer:direction)",
		"medium owned-state-kept /root/Game/Level/*/Players/*.InputSynchronizer(InputSynchronizer:direction)",
		"low sync-relayed /root/Game/Level/*/Players/*.InputSynchronizer(InputSynchronizer:direction)",
	},
	// Checked by hand against main.gd and player/player.gd:
	//   - add_player (main.gd:79-84) and remove_player (:87-90) are
	//     any_peer with an untyped id and no sender check: any peer adds a
	//     player for any id, or removes anyone's (no-sender-check,
	//     untyped-param, accepts-*); str() of Arrays 512 deep fails at :82
	//     ("Maximum array recursion reached!"), and get_node of an id with
	//     no player at :89 (script-error);
	//   - crouch (player.gd:88-91) writes any value into the height of
	//     the CapsuleShape3D and the mesh, resources every player shares:
	//     a Dictionary fails at :90; flashlight (:94-96) into the light's
	//     visible: at :96;
	//   - keeps-failing: crouch's largest int, a height no capsule has,
	//     makes every player's move_and_slide (:80) fail on every frame
	//     after it ("AABB size is negative");
	//   - leave-error: a peer that leaves with no player makes its
	//     peer_disconnected handler, remove_player itself (main.gd:40),
	//     get_node a name that is not there, at :89;
	//   - owned-state not checked: a player is made only by an
	//     add_player call for an id, the attacker's never (the audit's
	//     valid call gives 1).
	"Linko-3D__Godot-Simple-Online-Multiplayer-Networking": {
		"high keeps-failing /root/Main/Players/*.crouch res://player/player.gd",
		"medium leave-error res://main.gd.remove_player",
		"medium accepts-wrong-type /root/Main.add_player(id)",
		"medium no-sender-check /root/Main.add_player",
		"medium script-error /root/Main.add_player",
		"medium untyped-param /root/Main.add_player(id)",
		"medium accepts-wrong-type /root/Main.remove_player(id)",
		"medium no-sender-check /root/Main.remove_player",
		"medium script-error /root/Main.remove_player",
		"medium untyped-param /root/Main.remove_player(id)",
		"medium accepts-wrong-type /root/Main/Players/*.crouch(value) res://player/player.gd",
		"medium no-sender-check /root/Main/Players/*.crouch res://player/player.gd",
		"medium script-error /root/Main/Players/*.crouch res://player/player.gd",
		"medium untyped-param /root/Main/Players/*.crouch(value) res://player/player.gd",
		"medium accepts-wrong-type /root/Main/Players/*.flashlight(state) res://player/player.gd",
		"medium no-sender-check /root/Main/Players/*.flashlight res://player/player.gd",
		"medium script-error /root/Main/Players/*.flashlight res://player/player.gd",
		"medium untyped-param /root/Main/Players/*.flashlight(state) res://player/player.gd",
		"low accepts-deep /root/Main.add_player(id)",
		"low accepts-huge /root/Main.add_player(id)",
		"low accepts-nan /root/Main.add_player(id)",
		"low accepts-deep /root/Main.remove_player(id)",
		"low accepts-huge /root/Main.remove_player(id)",
		"low accepts-nan /root/Main.remove_player(id)",
		"low accepts-deep /root/Main/Players/*.crouch(value) res://player/player.gd",
		"low accepts-huge /root/Main/Players/*.crouch(value) res://player/player.gd",
		"low accepts-nan /root/Main/Players/*.crouch(value) res://player/player.gd",
		"low accepts-deep /root/Main/Players/*.flashlight(state) res://player/player.gd",
		"low accepts-huge /root/Main/Players/*.flashlight(state) res://player/player.gd",
		"low accepts-nan /root/Main/Players/*.flashlight(state) res://player/player.gd",
		"info not-checked (owned-state)",
		"info accepts-extreme-int /root/Main.add_player(id)",
		"info accepts-extreme-int /root/Main.remove_player(id)",
		"info accepts-extreme-int /root/Main/Players/*.crouch(value) res://player/player.gd",
		"info accepts-extreme-int /root/Main/Players/*.flashlight(state) res://player/player.gd",
	},
	// Its findings beside the static ones, checked by hand:
	//   - freezes: Debug.add_message (autoloads/debug.gd:31-41, an
	//     autoload's any_peer method) puts any String in a new Label, a 1
	//     MiB one holding the host 5 s or more;
	//   - accepts-*: add_message's seconds (:32) takes NaN and ±Inf: a
	//     Label kept for ever (:39 awaits a timer of that long);
	//     update_delivery_server (game_functions.gd:59-67) has two
	//     untyped parameters, and `cnt_items` fails at :62
	//     (script-error) when not a number;
	//   - changes-scene: GameFunctions.win_screen (:48-50, any_peer, an
	//     autoload's) changes the host's scene to the win screen: any
	//     peer ends the lobby, or the match, for everyone; the Lobby's
	//     methods, called after it, are not-checked, their notes saying
	//     so;
	//   - not-checked: the scenes the game loads later, which a live
	//     audit calls only with -scene; no player is spawned (main.gd
	//     makes them in code on each peer).
	"valenvalita__OverFarming": {
		"high freezes /root/Debug.add_message",
		"high changes-scene /root/GameFunctions.win_screen",
		"medium accepts-wrong-type /root/GameFunctions.update_delivery_server(cnt_items)",
		"medium accepts-wrong-type /root/GameFunctions.update_delivery_server(index)",
		"medium script-error /root/GameFunctions.update_delivery_server",
		"low accepts-huge /root/Debug.add_message(message)",
		"low accepts-nan /root/Debug.add_message(seconds)",
		"low accepts-deep /root/GameFunctions.update_delivery_server(cnt_items)",
		"low accepts-deep /root/GameFunctions.update_delivery_server(index)",
		"low accepts-huge /root/GameFunctions.update_delivery_server(cnt_items)",
		"low accepts-huge /root/GameFunctions.update_delivery_server(index)",
		"low accepts-nan /root/GameFunctions.update_delivery_server(cnt_items)",
		"low accepts-nan /root/GameFunctions.update_delivery_server(index)",
		"info not-checked (owned-state)",
		"info not-checked */LobbyTest res://scenes/ui/lobby_test.tscn",
		"info not-checked */Player res://scenes/player.tscn",
		"info not-checked */growing_zone res://farming_system/growing_zone.tscn",
		"info accepts-extreme-int /root/Debug.add_message(seconds)",
		"info accepts-extreme-int /root/GameFunctions.update_delivery_server(cnt_items)",
		"info accepts-extreme-int /root/GameFunctions.update_delivery_server(index)",
		"info not-checked /root/Lobby",
		"info not-checked /root/Lobby",
		"info not-checked /root/Lobby.player_ready",
		"info not-checked /root/Lobby.send_info",
		"info not-checked /root/Lobby.set_player_ready",
		"info not-checked /root/Lobby.start_game",
		"info not-checked /root/Lobby.starting_game",
		"info not-checked /root/Main",
		"info not-checked /root/Main",
		"info not-checked /root/Main",
		"info not-checked /root/WinScreen",
	},
	// Checked by hand against player/player.gd, player/PlayerInput.gd and
	// main.gd:
	//   - owned-scaled: the host moves the player by its peer's direction
	//     times its speed, unbounded (player.gd:110): 48× as fast at
	//     length 100, a wall stopping it;
	//   - owned-state-kept: PlayerInput takes any direction and mouse_pos
	//     (NaN, ±Inf, far: no setter), which the host moves by and aims
	//     the water gun at (player.gd:88);
	//   - no owned-held: the fire button held makes the host fire, but
	//     every 0.05 s, a cooldown of its own (player.gd:115-126): about
	//     10 shots in a hold of 0.5 s, under one every other frame;
	//   - call-local-remote: clear_dig (PlayerInput.gd:21-24) is
	//     any_peer and call_local, and checks that the server sent it;
	//   - not-reached: item_spawner.tscn and the test scene
	//     test_crop_plot.tscn, which nothing names;
	//   - not-checked: no victim to measure amplification, or a peer to
	//     leave, as create_server takes one client (main.gd:34); the
	//     spawners of scenes nothing had spawned yet (water, rain clouds;
	//     the crop plots' puffs and crops, transient, left out); whose the
	//     synchronizers past 64 spawned nodes (crop plots) are.
	"dlameter__InvasiveSpecies": {
		"high owned-scaled /root/Main/Level/*/Players/*.PlayerInput(PlayerInput:direction)",
		"medium not-reached res://item/item_spawner.tscn",
		"medium not-reached res://test_scenes/test_crop_plot.tscn",
		"medium owned-state-kept /root/Main/Level/*/Players/*.PlayerInput(PlayerInput:direction)",
		"medium owned-state-kept /root/Main/Level/*/Players/*.PlayerInput(PlayerInput:mouse_pos)",
		"low call-local-remote /root/Main/Level/*/Players/*/PlayerInput.clear_dig res://player/PlayerInput.gd",
		"info not-checked (amplification)",
		"info not-checked (leave)",
		"info not-checked (owned-state)",
		"info not-checked /root/Main/Level/*/MultiplayerSpawner(res://effects/RainCloud.tscn)",
		"info not-checked /root/Main/Level/*/MultiplayerSpawner(res://player/water.tscn)",
		"info not-checked /root/Main/Level/*/Players/*/ItemSpawner(res://item/insta_grow.tscn)",
	},
	// Checked by hand against scripts/player.gd, player_input.gd and
	// level.gd (the level the startup scene's spawner spawns holds the
	// spawner of the players: nested spawns):
	//   - owned-state-kept, owned-state-relayed: InputSynchron's
	//     input_direction and mouse_motion (player_input.gd:5-6) take any
	//     value; the host moves the player by the direction, normalized
	//     (player.gd:46-52: NaN stays NaN), and turns it by the motion
	//     (:68), and its ServerSynchron sends every peer the NaN position
	//     and rotation; a String for is_jumping or is_running (:3-4, bool)
	//     reaches the other peer too, relayed;
	//   - no owned-scaled: the direction is normalized (:49);
	//   - no owned-held: is_jumping held true makes the host jump at each
	//     landing (:34-37), but makes no node, which is all owned-held
	//     counts;
	//   - sync-relayed: the host relays InputSynchron's syncs as fast as
	//     the peer sends them (server_relay);
	//   - no-sender-check-shared, call-local-remote: shoot (:90-99) is
	//     any_peer and call_local, never asks the sender, and sends
	//     recieve_damage to every peer: any peer fires any player's gun;
	//   - not-reached: ball.tscn, which nothing names;
	//   - not-checked: the ragdolls, spawned only when a player dies.
	"banane42__godot_spawn_sync": {
		"high owned-state-relayed /root/Startup/Level/*/Players/*.InputSynchron(InputSynchron:input_direction)",
		"high owned-state-relayed /root/Startup/Level/*/Players/*.InputSynchron(InputSynchron:is_jumping)",
		"high owned-state-relayed /root/Startup/Level/*/Players/*.InputSynchron(InputSynchron:is_running)",
		"high owned-state-relayed /root/Startup/Level/*/Players/*.InputSynchron(InputSynchron:mouse_motion)",
		"high no-sender-check-shared /root/Startup/Level/*/Players/*.shoot res://scripts/player.gd",
		"medium not-reached res://objects/ball.tscn",
		"medium owned-state-kept /root/Startup/Level/*/Players/*.InputSynchron(InputSynchron:input_direction)",
		"medium owned-state-kept /root/Startup/Level/*/Players/*.InputSynchron(InputSynchron:mouse_motion)",
		"low sync-relayed /root/Startup/Level/*/Players/*.InputSynchron(InputSynchron:is_jumping)",
		"low call-local-remote /root/Startup/Level/*/Players/*.shoot res://scripts/player.gd",
		"info not-checked /root/Startup/Level/*/RagdollSpawner(res://objects/player_ragdoll.tscn)",
	},
	// Checked by hand against scenes/player.tscn and scripts/player.gd:
	// each peer owns its player (player.gd:33) and its synchronizer's
	// four properties, all synced always (player.tscn:7-18), which the
	// server takes as they come and relays to every peer:
	//   - owned-state-kept, owned-state-relayed: position and scale take
	//     NaN, ±Inf and far values; ChatLabel:text, the chat shown over
	//     the player, a String of 1 KiB (as long as a sync holds) and one
	//     of control characters; a String for ChatLabel:visible, a bool,
	//     reaches the other peer;
	//   - sync-relayed: the position, relayed as fast as the peer sends it.
	"joshuafolkken__godot-multiplayer": {
		"high owned-state-relayed /root/Main/*.MultiplayerSynchronizer(.:position)",
		"high owned-state-relayed /root/Main/*.MultiplayerSynchronizer(.:scale)",
		"high owned-state-relayed /root/Main/*.MultiplayerSynchronizer(ChatLabel:text)",
		"high owned-state-relayed /root/Main/*.MultiplayerSynchronizer(ChatLabel:visible)",
		"medium owned-state-kept /root/Main/*.MultiplayerSynchronizer(.:position)",
		"medium owned-state-kept /root/Main/*.MultiplayerSynchronizer(.:scale)",
		"medium owned-state-kept /root/Main/*.MultiplayerSynchronizer(ChatLabel:text)",
		"low sync-relayed /root/Main/*.MultiplayerSynchronizer(.:position)",
	},
}

// The audit of thirteen corpus games against their unmodified Godot 4.6.3
// hosts (over ENet, one compressing with the range coder, and
// WebSocket; a dedicated host, hosts that are players pressing Host, and
// hosts their flags start), each joined as its scripts set up their peer,
// finds what liveFindings holds, no more, no less (of CROCPNG's, beside
// the static findings); every authority method called by the attacker is
// refused by the engine, and so is every forged or replayed sync of the
// victim's nodes, and every spawn the attacker sends (each game's
// spawners are its server's); the project's files are as they were, and
// the server is gone.
func TestLiveCorpusAudit(t *testing.T) {
	for _, g := range liveGames {
		t.Run(g.folder, func(t *testing.T) {
			t.Parallel() // two games at once, each on its port (HoldPort waits for a port another holds)
			var dir string
			var before map[string][32]byte
			rep := auditLiveIn(t, g, func(d string) {
				dir = d
				before = godot.FileHashes(t, dir)
			})
			keys := rep.Keys()
			if g.beside {
				keys = besideStatic(t, dir, g.scene, keys)
			}
			transient := func(s string) bool {
				return slices.ContainsFunc(g.transient, func(part string) bool { return strings.Contains(s, part) })
			}
			keys = slices.DeleteFunc(keys, func(k string) bool { return slices.Contains(g.maybe, k) })
			if !assert.Equal(t, liveFindings[g.folder], slices.DeleteFunc(keys, transient)) {
				t.Logf("stopped: %q", rep.Stopped)
				for _, f := range rep.Findings {
					t.Logf("%s: %s", f.Key(), f.Message)
				}
			}
			forged, spawns := 0, 0
			for _, res := range rep.Results {
				if transient(res.Node) {
					assert.Contains(t, []audit.Outcome{audit.Refused, audit.NoEffect}, res.Outcome, "%+v", res)
					continue
				}
				switch res.Attack {
				case "authority":
					assert.Equal(t, audit.Refused, res.Outcome, "%+v", res)
					assert.Contains(t, res.Message, "is not allowed on node")
				case "sync", "replay":
					forged++
					assert.Equal(t, audit.Refused, res.Outcome, "%+v", res)
					assert.Contains(t, []string{"Ignoring sync data from non-authority or for missing node.",
						"Ignoring delta for non-authority or invalid synchronizer."}, res.Message)
				case "spawn":
					spawns++
					assert.Equal(t, audit.Refused, res.Outcome, "%+v", res)
					assert.Equal(t, `Condition "p_from != spawner->get_multiplayer_authority()" is true. Returning: ERR_UNAUTHORIZED`, res.Message)
				case "missing", "extra":
					assert.Equal(t, audit.Refused, res.Outcome, "%+v", res)
					assert.Contains(t, res.Message, "Method expected")
				}
			}
			assert.Equal(t, g.forged, forged, "forged and replayed syncs of the victim's nodes")
			assert.Equal(t, g.spawns, spawns, "forged spawns")
			assert.Equal(t, g.transport, rep.Net.Transport.String(), "the transport joined with, told or found")
			assert.Empty(t, rep.Stopped)
			assert.Zero(t, rep.Server.Restarts)
			assert.Equal(t, before, godot.FileHashes(t, dir), "the project's files")
		})
	}
}

// besideStatic returns the keys that are not the static audit's of the
// game in dir, and checks that all of those are among them.
func besideStatic(t *testing.T, dir, scene string, keys []string) []string {
	p, err := project.Open(dir)
	require.NoError(t, err)
	static, err := audit.Static(p, scene)
	require.NoError(t, err)
	assert.Subset(t, keys, static.Keys())
	var out []string
	for _, k := range keys {
		if !slices.Contains(static.Keys(), k) {
			out = append(out, k)
		}
	}
	return out
}
