package audit

import (
	"fmt"
	"path"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/project"
)

// located returns a report's finding keys, each followed by " @FILE:LINE"
// (the script's name and the method's line) where it has a line, of the
// findings whose script starts with only ("" for all).
func located(rep *Report, only string) []string {
	var out []string
	for _, f := range rep.Findings {
		if !strings.HasPrefix(f.Script, only) {
			continue
		}
		k := f.Key()
		if f.Line > 0 {
			k += fmt.Sprintf(" @%s:%d", path.Base(f.Script), f.Line)
		}
		out = append(out, k)
	}
	return out
}

// The static findings of the corpus games added for issue 73, each read
// by hand against the script at the line the finding names. "real" means
// a hostile client can do what the comment says; "false" that the
// finding does not hold, with why. The levels are the audit's as it
// stands: where a real finding deserves a higher level (issue 73, item
// 4: an any_peer method that changes what others see is high), the
// comment says so.
//
// The Packt book's projects (one folder, a scene per chapter, no main
// scene): the checkers server (-scene CheckersServer.tscn) is a lobby
// whose any_peer start_game (CheckersServer.gd:45) calls
// change_scene_to_file(next_screen_scene_path), which CheckersServer.tscn
// sets to CheckersGame.tscn (a String property, @export_file): the match
// holding the board's RPCs, reached as "code", the board inside it
// (*/CheckersGame/CheckerBoard). Its root is "*/", not "/root/": the
// scene's property is read, not the call the script hands it to. So do
// PongServer.tscn and PlatformerServer.tscn reach PongGame.tscn and
// Level.tscn (below). The not-reached findings are each true of the
// scene: nothing the game runs names it (the other chapters' menus and
// lobbies, which name the rest, are run from the editor).
var packtLobby = []string{
	// real: any peer ends the turn of the other on every peer (the call is
	// relayed, call_local): assigns current_turn at :60 and :66.
	"high no-sender-check-shared */CheckersGame/CheckerBoard.toggle_turn res://06.building-online-checkers/CheckerBoard.gd @CheckerBoard.gd:53",
	// real: answered(user) and missed(user) take the player's name from
	// the client (database[user]["name"]) and broadcast "X won the round"
	// to every peer (quiz_panel.rpc, :21, :28): any peer wins any round for
	// any account, and a name not in the database is a script error.
	"high no-sender-check-shared */Main.answered res://05.online-quiz/QuizScreenServer.gd @QuizScreenServer.gd:20",
	"high no-sender-check-shared */Main.missed res://05.online-quiz/QuizScreenServer.gd @QuizScreenServer.gd:27",
	// real: any peer, logged in or not, starts the quiz for all (:46-47).
	"high no-sender-check-shared */Main.start_game res://05.online-quiz/QuizServer.gd @QuizServer.gd:45",
	// real: the same in the checkers lobby (:46-47): any peer starts the
	// match for all, before the second player logs in.
	"high no-sender-check-shared /root/Main.start_game @CheckersServer.gd:45",
	"medium not-reached res://03.making-lobby-to-gather-players/LobbyClient.tscn",
	"medium not-reached res://03.making-lobby-to-gather-players/LobbyLogin.tscn",
	"medium not-reached res://03.making-lobby-to-gather-players/LobbyServer.tscn",
	"medium not-reached res://04.creating-an-online-chat/ChatClient.tscn",
	"medium not-reached res://04.creating-an-online-chat/ChatLogin.tscn",
	"medium not-reached res://04.creating-an-online-chat/ChatServer.tscn",
	"medium not-reached res://05.online-quiz/QuizLobby.tscn",
	"medium not-reached res://05.online-quiz/QuizScreenClient.tscn",
	// true: QuizServer.gd:6 names it, on QuizServer.tscn, which nothing
	// reaches.
	"medium not-reached res://05.online-quiz/QuizScreenServer.tscn",
	"medium not-reached res://05.online-quiz/QuizServer.tscn",
	"medium not-reached res://06.building-online-checkers/CheckersLobby.tscn",
	"medium not-reached res://06.building-online-checkers/Piece.tscn",
	"medium not-reached res://07.developing-online-pong/PongGame.tscn",
	"medium not-reached res://07.developing-online-pong/PongLobby.tscn",
	"medium not-reached res://07.developing-online-pong/PongServer.tscn",
	// true: PlayerSpawner.gd:3 preloads it, on PlayerSpawner.tscn, which
	// only Level.tscn instances.
	"medium not-reached res://08.designing-online-platformer/Actors/Player/Player2D.tscn",
	"medium not-reached res://08.designing-online-platformer/Levels/Level.tscn",
	"medium not-reached res://08.designing-online-platformer/PlatformerLobby.tscn",
	"medium not-reached res://08.designing-online-platformer/PlatformerServer.tscn",
	// true, each: World.gd:23 and World.tscn's Asteroids node
	// (spawn_scene) name them, and nothing reaches World.tscn.
	"medium not-reached res://09.prototyping-space-adventure/Actors/Player/Player2D.tscn",
	"medium not-reached res://09.prototyping-space-adventure/Levels/World.tscn",
	"medium not-reached res://09.prototyping-space-adventure/LoggingScreen.tscn",
	"medium not-reached res://09.prototyping-space-adventure/Objects/Asteroid/Asteroid.tscn",
	// true: the autoload is QuestDatabase.gd, not this scene.
	"medium not-reached res://09.prototyping-space-adventure/Quests/QuestDatabase.tscn",
	// real: any peer reloads the match for all (rematch, :16) and shows
	// "<any String> won the match!" on every peer (update_winner, :10).
	"medium no-sender-check */CheckersGame.rematch res://06.building-online-checkers/CheckersGame.gd @CheckersGame.gd:15",
	"medium no-sender-check */CheckersGame.update_winner res://06.building-online-checkers/CheckersGame.gd @CheckersGame.gd:9",
	"medium untyped-param */CheckersGame.update_winner(winner) res://06.building-online-checkers/CheckersGame.gd @CheckersGame.gd:9",
	// real: any peer crowns any piece (is_king, :137, :139), removes any
	// piece on every peer (:128-129: the other's last piece, and the board
	// says who won) and rewrites the board's cells (:117-118). The body
	// frees a node or sets another node's property, which the audit does
	// not count as shared: each deserves high.
	"medium no-sender-check */CheckersGame/CheckerBoard.crown res://06.building-online-checkers/CheckerBoard.gd @CheckerBoard.gd:134",
	"medium untyped-param */CheckersGame/CheckerBoard.crown(cell) res://06.building-online-checkers/CheckerBoard.gd @CheckerBoard.gd:134",
	"medium no-sender-check */CheckersGame/CheckerBoard.remove_piece res://06.building-online-checkers/CheckerBoard.gd @CheckerBoard.gd:122",
	"medium untyped-param */CheckersGame/CheckerBoard.remove_piece(piece_cell) res://06.building-online-checkers/CheckerBoard.gd @CheckerBoard.gd:122",
	"medium no-sender-check */CheckersGame/CheckerBoard.update_cells res://06.building-online-checkers/CheckerBoard.gd @CheckerBoard.gd:116",
	"medium untyped-param */CheckersGame/CheckerBoard.update_cells(previous_cell, target_cell) res://06.building-online-checkers/CheckerBoard.gd @CheckerBoard.gd:116",
	// real, each: the parameter has no type (QuizScreenServer.gd:20 indexes
	// the database with it; the servers' authenticate_player and
	// retrieve_avatar look it up, `user in database`).
	"medium untyped-param */Main.answered(user) res://05.online-quiz/QuizScreenServer.gd @QuizScreenServer.gd:20",
	"medium untyped-param */Main.authenticate_player(user, password) res://03.making-lobby-to-gather-players/LobbyServer.gd @LobbyServer.gd:50",
	"medium untyped-param */Main.authenticate_player(user, password) res://04.creating-an-online-chat/ChatServer.gd @ChatServer.gd:53",
	"medium untyped-param */Main.authenticate_player(user, password) res://05.online-quiz/QuizServer.gd @QuizServer.gd:26",
	"medium untyped-param */Main.missed(user) res://05.online-quiz/QuizScreenServer.gd @QuizScreenServer.gd:27",
	"medium untyped-param */Main.retrieve_avatar(user, session_token) res://03.making-lobby-to-gather-players/LobbyServer.gd @LobbyServer.gd:36",
	"medium untyped-param */Main.retrieve_avatar(user, session_token) res://04.creating-an-online-chat/ChatServer.gd @ChatServer.gd:38",
	"medium untyped-param */Main/Authentication.authenticate_player(user, password) res://09.prototyping-space-adventure/Authentication.gd @Authentication.gd:30",
	// real: any peer posts to every peer's chat under any name it gives
	// (_avatar_name, :17), of any length.
	"medium no-sender-check */Main/ChatControl.add_message res://04.creating-an-online-chat/ChatControl.gd @ChatControl.gd:16",
	"medium untyped-param */Main/ChatControl.add_message(_avatar_name, message) res://04.creating-an-online-chat/ChatControl.gd @ChatControl.gd:16",
	// real: any peer changes every peer's question (:48-55), and removes
	// it from the questions left (pop_at).
	"medium no-sender-check */Main/QuizPanel.update_question res://05.online-quiz/QuizPanel.gd @QuizPanel.gd:47",
	"medium untyped-param */Main/QuizPanel.update_question(new_question_index) res://05.online-quiz/QuizPanel.gd @QuizPanel.gd:47",
	// real: any peer gives any player's ship (:23) or character (:14)
	// to any peer, which then drives it through its synchronizer: a
	// takeover (set_multiplayer_authority is not counted as shared).
	"medium no-sender-check */Player.setup_multiplayer res://09.prototyping-space-adventure/Actors/Player/Player2D.gd @Player2D.gd:15",
	"medium untyped-param */Player.setup_multiplayer(player_id) res://09.prototyping-space-adventure/Actors/Player/Player2D.gd @Player2D.gd:15",
	"medium no-sender-check */PlayerCharacter2D.setup_multiplayer res://08.designing-online-platformer/Actors/Player/Player2D.gd @Player2D.gd:13",
	"medium untyped-param */PlayerCharacter2D.setup_multiplayer(player_id) res://08.designing-online-platformer/Actors/Player/Player2D.gd @Player2D.gd:13",
	"medium untyped-param /root/Main.authenticate_player(user, password) @CheckersServer.gd:26",
	// real: get_player_quests(user) sends any account's quests to whoever
	// asks (:41-50), and update_player_progress sets any account's
	// progress on the server (:56-57), which it saves to
	// PlayerProgress.json when it closes.
	"medium untyped-param /root/QuestDatabase.get_player_quests(user) @QuestDatabase.gd:38",
	"medium no-sender-check /root/QuestDatabase.update_player_progress @QuestDatabase.gd:54",
	"medium untyped-param /root/QuestDatabase.update_player_progress(quest_id, current_amount, completed, user) @QuestDatabase.gd:54",
	// true, each: the method is any_peer and call_local. World.gd:30's
	// is harmless: it acts for the sender alone (:31-32).
	"low call-local-remote */CheckersGame.rematch res://06.building-online-checkers/CheckersGame.gd @CheckersGame.gd:15",
	"low call-local-remote */CheckersGame.update_winner res://06.building-online-checkers/CheckersGame.gd @CheckersGame.gd:9",
	"low call-local-remote */CheckersGame/CheckerBoard.crown res://06.building-online-checkers/CheckerBoard.gd @CheckerBoard.gd:134",
	"low call-local-remote */CheckersGame/CheckerBoard.remove_piece res://06.building-online-checkers/CheckerBoard.gd @CheckerBoard.gd:122",
	"low call-local-remote */CheckersGame/CheckerBoard.toggle_turn res://06.building-online-checkers/CheckerBoard.gd @CheckerBoard.gd:53",
	"low call-local-remote */CheckersGame/CheckerBoard.update_cells res://06.building-online-checkers/CheckerBoard.gd @CheckerBoard.gd:116",
	"low call-local-remote */Main.sync_world res://09.prototyping-space-adventure/Levels/World.gd @World.gd:30",
	"low call-local-remote */Main/ChatControl.add_message res://04.creating-an-online-chat/ChatControl.gd @ChatControl.gd:16",
	"low call-local-remote */Main/QuizPanel.update_question res://05.online-quiz/QuizPanel.gd @QuizPanel.gd:47",
	"low call-local-remote */Player.setup_multiplayer res://09.prototyping-space-adventure/Actors/Player/Player2D.gd @Player2D.gd:15",
	"low call-local-remote */PlayerCharacter2D.setup_multiplayer res://08.designing-online-platformer/Actors/Player/Player2D.gd @Player2D.gd:13",
	// true: the two recipe scenes instance res://Recipes/… paths of the
	// project they were copied from, which the repository lacks.
	"info not-checked */PassThroughCharacter2D",
	"info not-checked */PassThroughPlayer2D",
}

// The checkers match itself (-scene CheckersGame.tscn), its findings of
// the chapter's scripts: the board's methods now at the paths the game
// runs them, /root/CheckersGame/CheckerBoard, each as above.
var packtMatch = []string{
	"high no-sender-check-shared */Main.start_game res://06.building-online-checkers/CheckersServer.gd @CheckersServer.gd:45",
	"high no-sender-check-shared /root/CheckersGame/CheckerBoard.toggle_turn @CheckerBoard.gd:53",
	"medium not-reached res://06.building-online-checkers/CheckersLobby.tscn",
	// true of what the audit reads: the match names no lobby.
	"medium not-reached res://06.building-online-checkers/CheckersServer.tscn",
	"medium not-reached res://06.building-online-checkers/Piece.tscn",
	"medium untyped-param */Main.authenticate_player(user, password) res://06.building-online-checkers/CheckersServer.gd @CheckersServer.gd:26",
	"medium no-sender-check /root/CheckersGame.rematch @CheckersGame.gd:15",
	"medium no-sender-check /root/CheckersGame.update_winner @CheckersGame.gd:9",
	"medium untyped-param /root/CheckersGame.update_winner(winner) @CheckersGame.gd:9",
	"medium no-sender-check /root/CheckersGame/CheckerBoard.crown @CheckerBoard.gd:134",
	"medium untyped-param /root/CheckersGame/CheckerBoard.crown(cell) @CheckerBoard.gd:134",
	"medium no-sender-check /root/CheckersGame/CheckerBoard.remove_piece @CheckerBoard.gd:122",
	"medium untyped-param /root/CheckersGame/CheckerBoard.remove_piece(piece_cell) @CheckerBoard.gd:122",
	"medium no-sender-check /root/CheckersGame/CheckerBoard.update_cells @CheckerBoard.gd:116",
	"medium untyped-param /root/CheckersGame/CheckerBoard.update_cells(previous_cell, target_cell) @CheckerBoard.gd:116",
	"low call-local-remote /root/CheckersGame.rematch @CheckersGame.gd:15",
	"low call-local-remote /root/CheckersGame.update_winner @CheckersGame.gd:9",
	"low call-local-remote /root/CheckersGame/CheckerBoard.crown @CheckerBoard.gd:134",
	"low call-local-remote /root/CheckersGame/CheckerBoard.remove_piece @CheckerBoard.gd:122",
	"low call-local-remote /root/CheckersGame/CheckerBoard.toggle_turn @CheckerBoard.gd:53",
	"low call-local-remote /root/CheckersGame/CheckerBoard.update_cells @CheckerBoard.gd:116",
}

// The pong and platformer servers (-scene PongServer.tscn,
// PlatformerServer.tscn) hold CheckersServer.gd too, their scene setting
// next_screen_scene_path to the match: PongGame.tscn and Level.tscn are
// "code", and the level's PlayerSpawner spawns the player under it. The
// findings of each chapter's own scripts:
var packtPong = []string{
	// true: the client's lobby; only the chapter's MainMenu.tscn, which
	// nothing reaches, names it.
	"medium not-reached res://07.developing-online-pong/PongLobby.tscn",
}

var packtPlatformer = []string{
	// true: the client's lobby, as PongLobby.tscn.
	"medium not-reached res://08.designing-online-platformer/PlatformerLobby.tscn",
	// real: any peer gives any player's character (Player2D.gd:14) to any
	// peer, as packtLobby's, now where the level's spawner spawns it.
	"medium no-sender-check */Level/PlayerSpawner/*.setup_multiplayer res://08.designing-online-platformer/Actors/Player/Player2D.gd @Player2D.gd:13",
	"medium untyped-param */Level/PlayerSpawner/*.setup_multiplayer(player_id) res://08.designing-online-platformer/Actors/Player/Player2D.gd @Player2D.gd:13",
	"low call-local-remote */Level/PlayerSpawner/*.setup_multiplayer res://08.designing-online-platformer/Actors/Player/Player2D.gd @Player2D.gd:13",
}

// maji-git's MultiPlay framework and its demo (main.tscn): the player
// scene is made by the spawn_function of a spawner the script makes
// (MultiPlay.gd:376-378), so its spawn path is unknown ("*/*"). Its
// MPPlayer node's synchronizer (multiplay_player.tscn, MultiSync) is the
// server's: set_multiplayer_authority(player_id, false) at
// MultiPlay.gd:525 does not reach the child. Ten methods check the
// sender in a function they call, which the audit follows (project's
// NamedRPC.AsksSender), and are no no-sender-check (before, ten false
// findings): _internal_ping :148, _net_kick :199, _net_despawn :212 and
// _net_spawn_node :221 return unless _check_if_net_from_id(1) (:135-138:
// multiplayer.get_remote_sender_id() == 1 in the online mode the server
// runs); the synchronizers' _recv_transform :130, _recv_transform_reliable
// through it (:150), _recv_play_anim :30 and the tree's :87, :103, :113
// unless check_recv_permission (MPSyncBase.gd:24-31), which takes the
// call from the node's authority (or the server) alone.
var majiFindings = []string{
	// real: any peer replaces any player's handshake_data (:123), which
	// the server's MultiSync replicates to every peer (and which holds
	// _net_internal.auth_data, the server's authentication result).
	"high no-sender-check-shared */*._recv_handshake_data res://addons/MultiplayCore/MPPlayer.gd @MPPlayer.gd:122",
	// true: test scenes nothing names.
	"medium not-reached res://test.tscn",
	"medium not-reached res://tests/3d/main.tscn",
	// true: only tests/3d/main.tscn names it (its MultiPlayCore node's
	// player_scene), which nothing reaches.
	"medium not-reached res://tests/3d/player.tscn",
	// real: hs has no type, stored as handshake_data (:123), any value.
	"medium untyped-param */*._recv_handshake_data(hs) res://addons/MultiplayCore/MPPlayer.gd @MPPlayer.gd:122",
	// real, each: the parameter has no type. The synchronizers' authority
	// is the player's own peer: client-authoritative movement, any
	// position it likes (an owned-state attack, not seen statically).
	"medium untyped-param */*/MPTransformSync._recv_transform(set_to, is_server_cmd) res://addons/MultiplayCore/synchronizers/MPTransformSync.gd @MPTransformSync.gd:128",
	"medium untyped-param */*/MPTransformSync._recv_transform_reliable(set_to, is_server_cmd) res://addons/MultiplayCore/synchronizers/MPTransformSync.gd @MPTransformSync.gd:149",
	"medium untyped-param */*/PlayerAnim/MPAnimationSync._recv_play_anim(anim_speed) res://addons/MultiplayCore/synchronizers/MPAnimationSync.gd @MPAnimationSync.gd:28",
	"medium untyped-param */Player/GDbotSkin/AnimationTree/MPAnimTreeSync._recv_prop_sync(value) res://addons/MultiplayCore/synchronizers/MPAnimTreeSync.gd @MPAnimTreeSync.gd:111",
	// real: any peer replaces the server's _net_data (:666), which the
	// server sends each peer that joins after (:656): its
	// current_scene_path is the scene the joiner loads (:668-669); a
	// Dictionary without that key is a script error on the server.
	"medium no-sender-check /root/MultiPlay/MultiplayCore._internal_recv_net_data @MultiPlay.gd:660",
	"medium untyped-param /root/MultiPlay/MultiplayCore._internal_recv_net_data(data) @MultiPlay.gd:660",
	// real: credentials_data has no type (handed to the MPAuth extensions).
	"medium untyped-param /root/MultiPlay/MultiplayCore._join_handshake(credentials_data) @MultiPlay.gd:606",
	// true, each: any_peer and call_local.
	"low call-local-remote */*._internal_ping res://addons/MultiplayCore/MPPlayer.gd @MPPlayer.gd:147",
	"low call-local-remote */*._net_despawn res://addons/MultiplayCore/MPPlayer.gd @MPPlayer.gd:211",
	"low call-local-remote */*._net_kick res://addons/MultiplayCore/MPPlayer.gd @MPPlayer.gd:198",
	"low call-local-remote */*._net_spawn_node res://addons/MultiplayCore/MPPlayer.gd @MPPlayer.gd:220",
	"low call-local-remote */*/MPTransformSync._recv_transform res://addons/MultiplayCore/synchronizers/MPTransformSync.gd @MPTransformSync.gd:128",
	"low call-local-remote */*/MPTransformSync._recv_transform_reliable res://addons/MultiplayCore/synchronizers/MPTransformSync.gd @MPTransformSync.gd:149",
	"low call-local-remote */*/PlayerAnim/MPAnimationSync._recv_play_anim res://addons/MultiplayCore/synchronizers/MPAnimationSync.gd @MPAnimationSync.gd:28",
	"low call-local-remote */Player/GDbotSkin/AnimationTree/MPAnimTreeSync._recv_oneshot_anim res://addons/MultiplayCore/synchronizers/MPAnimTreeSync.gd @MPAnimTreeSync.gd:101",
	"low call-local-remote */Player/GDbotSkin/AnimationTree/MPAnimTreeSync._recv_play_anim_nsmp res://addons/MultiplayCore/synchronizers/MPAnimTreeSync.gd @MPAnimTreeSync.gd:85",
	"low call-local-remote */Player/GDbotSkin/AnimationTree/MPAnimTreeSync._recv_prop_sync res://addons/MultiplayCore/synchronizers/MPAnimTreeSync.gd @MPAnimTreeSync.gd:111",
	"low call-local-remote /root/MultiPlay/MultiplayCore._internal_recv_net_data @MultiPlay.gd:660",
	"low call-local-remote /root/MultiPlay/MultiplayCore._join_handshake @MultiPlay.gd:606",
}

// alpapaydin's Survivor IO, a dedicated WebSocket server: its main scene
// (Game.tscn) spawns the level Game.gd:10 loads (main.tscn, one of
// LevelSpawner's scenes), whose spawners spawn the players. Every
// finding is real; the player's methods take any player's node path,
// so a peer acts on another's player through each.
var survivorFindings = []string{
	// real: any peer makes another player equip one of its items, on
	// every peer (equipItem.rpc, :214).
	"high no-sender-check-shared /root/Game/Level/*/Players/*.tryEquipItem res://scenes/character/player.gd @player.gd:212",
	// real: any peer spawns a player under any id it names (:148), with
	// any name, and a characterFile that player.gd:15 loads as
	// "res://assets/characters/bodies/" + value (a path that climbs out
	// with ../); it then moves it for all (sendPos.rpc, :150).
	"high no-sender-check-shared /root/Multihelper.spawnPlayer @Multihelper.gd:144",
	// real: equipItem skips tryEquipItem's inventory check: any item, for
	// any player; load("res://assets/items/" + id + ".png") (:220) and
	// Items.equips[id] (:221), a script error for an unknown id.
	"medium no-sender-check /root/Game/Level/*/Players/*.equipItem res://scenes/character/player.gd @player.gd:217",
	"medium untyped-param /root/Game/Level/*/Players/*.equipItem(id) res://scenes/character/player.gd @player.gd:217",
	// real: any peer turns and animates any player (MovingParts:rotation,
	// which the player's synchronizer replicates, :111): high by what it
	// changes; the audit counts only its own node's properties.
	"medium no-sender-check /root/Game/Level/*/Players/*.moveServer res://scenes/character/player.gd @player.gd:110",
	"medium untyped-param /root/Game/Level/*/Players/*.moveServer(vel, angle, doingAction) res://scenes/character/player.gd @player.gd:110",
	"medium no-sender-check /root/Game/Level/*/Players/*.sendInputstwo res://scenes/character/player.gd @player.gd:106",
	"medium untyped-param /root/Game/Level/*/Players/*.sendInputstwo(data) res://scenes/character/player.gd @player.gd:106",
	// real: any peer speaks as any player: the server spawns its message
	// box, which MessageSpawner replicates to all (:78-81); any length.
	"medium no-sender-check /root/Game/Level/*/Players/*.sendMessage res://scenes/character/player.gd @player.gd:76",
	"medium untyped-param /root/Game/Level/*/Players/*.sendMessage(text) res://scenes/character/player.gd @player.gd:76",
	// real: any peer moves any player anywhere, on every peer (:116,
	// relayed): high by what it changes (position is not among the
	// player synchronizer's properties, so the audit does not see it).
	"medium no-sender-check /root/Game/Level/*/Players/*.sendPos res://scenes/character/player.gd @player.gd:115",
	"medium untyped-param /root/Game/Level/*/Players/*.sendPos(pos) res://scenes/character/player.gd @player.gd:115",
	// real: any peer makes another player fire its weapon (:168).
	"medium no-sender-check /root/Game/Level/*/Players/*.sendProjectile res://scenes/character/player.gd @player.gd:167",
	"medium untyped-param /root/Game/Level/*/Players/*.sendProjectile(towards) res://scenes/character/player.gd @player.gd:167",
	"medium untyped-param /root/Game/Level/*/Players/*.tryEquipItem(id) res://scenes/character/player.gd @player.gd:212",
	// real: any peer unequips any player (:231-236).
	"medium no-sender-check /root/Game/Level/*/Players/*.unequipItem res://scenes/character/player.gd @player.gd:230",
	// real: any peer writes any player's inventory on the server (:24-25):
	// every item, for itself or another. High by what it gains.
	"medium no-sender-check /root/Inventory.setInventory @Inventory.gd:23",
	"medium untyped-param /root/Inventory.setInventory(id, data, durabilityData) @Inventory.gd:23",
	// real: any peer crafts for any player, spending that player's
	// ingredients (:94-100).
	"medium no-sender-check /root/Inventory.tryCraftItem @Inventory.gd:93",
	"medium untyped-param /root/Inventory.tryCraftItem(id, item) @Inventory.gd:93",
	// real: any peer removes any player from spawnedPlayers (:83), on
	// every peer.
	"medium no-sender-check /root/Multihelper._deregister_character @Multihelper.gd:82",
	"medium untyped-param /root/Multihelper._deregister_character(id) @Multihelper.gd:82",
	// real: the sender's own record, but any value (:77), which the server
	// sends each peer that joins later (sendGameData, :110).
	"medium untyped-param /root/Multihelper._register_character(new_player_info) @Multihelper.gd:75",
	// real: any peer opens another's spawn screen through the relay, or
	// the server's (:154-157).
	"medium no-sender-check /root/Multihelper.showSpawnUI @Multihelper.gd:153",
	"medium untyped-param /root/Multihelper.spawnPlayer(playerName, id, characterFile) @Multihelper.gd:144",
	// true, each: any_peer and call_local (player_loaded acts for its
	// sender alone, :104-110).
	"low call-local-remote /root/Game/Level/*/Players/*.equipItem res://scenes/character/player.gd @player.gd:217",
	"low call-local-remote /root/Game/Level/*/Players/*.moveServer res://scenes/character/player.gd @player.gd:110",
	"low call-local-remote /root/Game/Level/*/Players/*.sendInputstwo res://scenes/character/player.gd @player.gd:106",
	"low call-local-remote /root/Game/Level/*/Players/*.sendMessage res://scenes/character/player.gd @player.gd:76",
	"low call-local-remote /root/Game/Level/*/Players/*.sendPos res://scenes/character/player.gd @player.gd:115",
	"low call-local-remote /root/Game/Level/*/Players/*.tryEquipItem res://scenes/character/player.gd @player.gd:212",
	"low call-local-remote /root/Game/Level/*/Players/*.unequipItem res://scenes/character/player.gd @player.gd:230",
	"low call-local-remote /root/Inventory.tryCraftItem @Inventory.gd:93",
	"low call-local-remote /root/Multihelper._deregister_character @Multihelper.gd:82",
	"low call-local-remote /root/Multihelper._register_character @Multihelper.gd:75",
	"low call-local-remote /root/Multihelper.player_loaded @Multihelper.gd:103",
	"low call-local-remote /root/Multihelper.spawnPlayer @Multihelper.gd:144",
}

// TestStaticCorpusGames audits the games issue 73 added to the corpus
// from their projects alone, and checks what they declare, how their
// scenes are reached, and their findings (above, each read by hand).
// Skeats' easy-peasy-multiplayer has one: its any_peer ready_state
// (network.gd:230) is call_local, and it acts for its sender alone
// (:233); its player is client-authoritative (player.gd:12 gives the
// node to its peer, whose synchronizer sends position and the name
// tag), which only a live owned-state attack shows.
func TestStaticCorpusGames(t *testing.T) {
	const packt = "PacktPublishing__The-Essential-Guide-to-Creating-Multiplayer-Games-with-Godot-4.0"
	codeNote := "the server runs it once the game loads it: a live audit calls it with -scene "
	for _, c := range []struct {
		name, folder, scene, only        string
		methods, spawners, synchronizers int
		reached                          map[Reach]int
		scenes                           []SceneReach // rows of rep.Scenes, as they are
		want                             []string
	}{
		{"checkers lobby", packt, "res://06.building-online-checkers/CheckersServer.tscn", "", 129, 3, 33,
			map[Reach]int{ReachAutoload: 2, ReachMain: 1, ReachCode: 1, ReachNone: 24},
			[]SceneReach{
				{Path: "res://06.building-online-checkers/CheckersServer.tscn", Reached: ReachMain, By: "-scene", Root: "/root/Main", Methods: 6},
				// the match the scene sets, the board inside it; the
				// script's default (CheckersServer.gd:6, CheckerBoard.tscn)
				// is the match's own, not a row apart. Before, the match
				// was not-reached and the board "code", inside no match.
				{Path: "res://06.building-online-checkers/CheckersGame.tscn", Reached: ReachCode,
					By: "res://06.building-online-checkers/CheckersServer.tscn (node ., property next_screen_scene_path)", Root: "*/CheckersGame",
					Methods: 7, Synchronizers: 24, Note: codeNote + "res://06.building-online-checkers/CheckersGame.tscn"},
				// named only by QuizServer.gd, on a scene nothing reaches.
				// Before, "code" by QuizServer.gd:6.
				{Path: "res://05.online-quiz/QuizScreenServer.tscn", Reached: ReachNone,
					By: "named by res://05.online-quiz/QuizServer.gd:6, which nothing reaches", Root: "*/Main", Methods: 6},
			}, packtLobby},
		{"checkers match", packt, "res://06.building-online-checkers/CheckersGame.tscn", "res://06.building-online-checkers/", 129, 3, 33,
			map[Reach]int{ReachAutoload: 2, ReachMain: 1, ReachNone: 25},
			[]SceneReach{
				{Path: "res://06.building-online-checkers/CheckersGame.tscn", Reached: ReachMain, By: "-scene", Root: "/root/CheckersGame", Methods: 7, Synchronizers: 24},
				// the lobby's chapter menu names it, which nothing reaches.
				{Path: "res://06.building-online-checkers/CheckersServer.tscn", Reached: ReachNone,
					By: "named by res://06.building-online-checkers/MainMenu.tscn (node ., property server_scene), which nothing reaches", Root: "*/Main", Methods: 6},
			}, packtMatch},
		{"pong lobby", packt, "res://07.developing-online-pong/PongServer.tscn", "res://07.developing-online-pong/", 134, 3, 57,
			map[Reach]int{ReachAutoload: 2, ReachMain: 1, ReachCode: 2, ReachNone: 24},
			[]SceneReach{
				{Path: "res://07.developing-online-pong/PongGame.tscn", Reached: ReachCode,
					By: "res://07.developing-online-pong/PongServer.tscn (node ., property next_screen_scene_path)", Root: "*/PongGame",
					Methods: 2, Synchronizers: 3, Note: codeNote + "res://07.developing-online-pong/PongGame.tscn"},
				// false: the script's default, which PongServer.tscn
				// replaces by PongGame.tscn: this server never loads the
				// board (a default a scene overrides is not told apart).
				{Path: "res://06.building-online-checkers/CheckerBoard.tscn", Reached: ReachCode, By: "res://06.building-online-checkers/CheckersServer.gd:6", Root: "*/CheckerBoard",
					Methods: 5, Synchronizers: 24, Note: codeNote + "res://06.building-online-checkers/CheckerBoard.tscn"},
			}, packtPong},
		{"platformer lobby", packt, "res://08.designing-online-platformer/PlatformerServer.tscn", "res://08.designing-online-platformer/", 134, 3, 57,
			map[Reach]int{ReachAutoload: 2, ReachMain: 1, ReachCode: 2, ReachSpawned: 1, ReachNone: 23},
			[]SceneReach{
				{Path: "res://08.designing-online-platformer/Levels/Level.tscn", Reached: ReachCode,
					By: "res://08.designing-online-platformer/PlatformerServer.tscn (node ., property next_screen_scene_path)", Root: "*/Level",
					Spawners: 1, Synchronizers: 2, Note: codeNote + "res://08.designing-online-platformer/Levels/Level.tscn"},
				{Path: "res://08.designing-online-platformer/Actors/Player/Player2D.tscn", Reached: ReachSpawned,
					By: "spawner */Level/PlayerSpawner/MultiplayerSpawner", Root: "*/Level/PlayerSpawner/*", Methods: 1, Synchronizers: 1,
					Note: codeNote + "res://08.designing-online-platformer/Levels/Level.tscn"},
			}, packtPlatformer},
		{"MultiPlay", "maji-git__multiplay-core", "", "", 35, 0, 1,
			map[Reach]int{ReachMain: 1, ReachSpawned: 2, ReachNone: 3},
			[]SceneReach{
				{Path: "res://main.tscn", Reached: ReachMain, By: "run/main_scene", Root: "/root/MultiPlay", Methods: 5},
				{Path: "res://addons/MultiplayCore/scenes/multiplay_player.tscn", Reached: ReachSpawned,
					By: "spawn_function _player_spawned of _plr_spawner (res://addons/MultiplayCore/MultiPlay.gd:378)", Root: "*/*", Methods: 7, Synchronizers: 1},
				// through the member player_scene, which main.tscn sets
				{Path: "res://test_player.tscn", Reached: ReachSpawned,
					By: "spawn_function _player_spawned of _plr_spawner (res://addons/MultiplayCore/MultiPlay.gd:378)", Root: "*/*", Methods: 3},
				// named only by a scene nothing reaches (tests/3d/main.tscn):
				// not-reached, saying so. Before, "code".
				{Path: "res://tests/3d/player.tscn", Reached: ReachNone,
					By: "named by res://tests/3d/main.tscn (node MultiPlayCore, property player_scene), which nothing reaches", Root: "*/Player", Methods: 5},
			}, majiFindings},
		{"Survivor IO", "alpapaydin__Godot4-Multiplayer-Survivor-IO-Game", "", "", 17, 8, 9,
			map[Reach]int{ReachAutoload: 2, ReachMain: 1, ReachSpawned: 9},
			[]SceneReach{
				{Path: "res://scenes/game/Game.tscn", Reached: ReachMain, By: "run/main_scene", Root: "/root/Game", Spawners: 1},
				{Path: "res://scenes/main/main.tscn", Reached: ReachSpawned, By: "spawner /root/Game/LevelSpawner", Root: "/root/Game/Level/*", Spawners: 5, Synchronizers: 1},
				{Path: "res://scenes/character/player.tscn", Reached: ReachSpawned, By: "spawner /root/Game/Level/*/PlayerSpawner", Root: "/root/Game/Level/*/Players/*",
					Methods: 9, Spawners: 2, Synchronizers: 1},
				{Path: "res://scenes/ui/chat/message_box.tscn", Reached: ReachSpawned, By: "spawner /root/Game/Level/*/Players/*/MessageSpawner",
					Root: "/root/Game/Level/*/Players/*/PlayerMessages/*", Synchronizers: 1},
			}, survivorFindings},
		{"easy-peasy", "Skeats__easy-peasy-multiplayer", "", "", 3, 1, 2,
			map[Reach]int{ReachAutoload: 1, ReachMain: 1, ReachSpawned: 1},
			[]SceneReach{
				{Path: "res://addons/easy_peasy_multiplayer/networking/network.gd", Reached: ReachAutoload, By: "Network", Root: "/root/Network", Methods: 3},
				{Path: "res://levels/main/main.tscn", Reached: ReachMain, By: "run/main_scene", Root: "/root/Main", Spawners: 1, Synchronizers: 1},
				{Path: "res://prefabs/player/player.tscn", Reached: ReachSpawned, By: "spawner /root/Main/PlayerSpawner", Root: "/root/Main/*", Synchronizers: 1},
			}, []string{"low call-local-remote /root/Network.ready_state @network.gd:231"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := godot.FileHashes(t, corpus+c.folder)
			p, err := project.Open(corpus + c.folder)
			require.NoError(t, err)
			rep, err := Static(p, c.scene)
			require.NoError(t, err)
			assert.True(t, rep.Static)
			assert.Equal(t, []int{c.methods, c.spawners, c.synchronizers}, []int{rep.Methods, rep.Spawners, rep.Synchronizers})
			reached := map[Reach]int{}
			rows := map[string]SceneReach{}
			for _, sc := range rep.Scenes {
				reached[sc.Reached]++
				rows[sc.Path] = sc
			}
			assert.Equal(t, c.reached, reached)
			for _, want := range c.scenes {
				assert.Equal(t, want, rows[want.Path], want.Path)
			}
			assert.Equal(t, c.want, located(rep, c.only))
			assert.Equal(t, before, godot.FileHashes(t, corpus+c.folder), "the project's files")
		})
	}
}
