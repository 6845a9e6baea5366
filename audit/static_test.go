package audit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/project"
)

// corpus is the folder of the real-world corpus's projects.
const corpus = "../testdata/projects/"

// The static findings of the corpus's multiplayer games, from their
// projects alone. Each was checked by hand against the scripts: the
// method is any_peer, its body never names get_remote_sender_id, it is
// call_local (docs/audit.md); and, where high, its body changes what
// other peers see: main.gd:37 broadcasts any peer's message
// (send_message_to_client.rpc), globals.gd:12 and 18 add a point to a
// player's score, Player.gd:82 and 85 take a player's health and move
// it (position, which its synchronizer replicates). The soccer game's
// scenes its code loads (main.gd:4, join_menu.gd:3, game.gd:9):
// join_menu.gd:43 registers any player id a peer names and sends every
// player to every peer; hockey_puck.gd:45 lets any peer kick the puck,
// and :59 give its synchronizer to any peer.
func TestStaticCorpus(t *testing.T) {
	for _, c := range []struct {
		folder, scene string
		want          []string
	}{
		{"jonathanhecl__ENetMultiplayer-server-godot4", "", []string{
			"high no-sender-check-shared /root/Main.send_message_to_server",
		}},
		{"brb-fr__Amangas", "", []string{
			"medium no-sender-check /root/Main.chat",
			"medium no-sender-check /root/Main.create_airship",
			"medium no-sender-check /root/Main.pong",
			"medium no-sender-check /root/Main.send_err",
			"medium no-sender-check /root/Main.set_players",
			"medium no-sender-check /root/Main.set_pos",
			"low call-local-remote /root/Main.chat",
			"low call-local-remote /root/Main.ping",
			"low call-local-remote /root/Main.pong",
		}},
		{"luiz734__godot-multiplayer-soccer", "", []string{
			"high no-sender-check-shared */Main/UI.send_player_info res://src/join_menu.gd",
			"high no-sender-check-shared /root/Globals.add_player_one_score",
			"high no-sender-check-shared /root/Globals.add_player_two_score",
			"medium no-sender-check */HockeyPuck.apply_impulse res://src/hockey_puck.gd",
			"medium no-sender-check */HockeyPuck.set_authority res://src/hockey_puck.gd",
			"low call-local-remote */HockeyPuck.apply_impulse res://src/hockey_puck.gd",
			"low call-local-remote */HockeyPuck.set_authority res://src/hockey_puck.gd",
			"low call-local-remote /root/Globals.add_player_one_score",
			"low call-local-remote /root/Globals.add_player_two_score",
		}},
		{"devloglogan__MultiplayerFPSTutorial", "", []string{
			"high no-sender-check-shared /root/World/*.receive_damage res://Player.gd",
		}},
		{"Ultraegern__godot-multiplayer-example", "", nil},
	} {
		t.Run(c.folder, func(t *testing.T) {
			before := godot.FileHashes(t, corpus+c.folder)
			p, err := project.Open(corpus + c.folder)
			require.NoError(t, err)
			rep, err := Static(p, c.scene)
			require.NoError(t, err)
			assert.Equal(t, c.want, nilIfEmpty(rep.Keys()))
			assert.True(t, rep.Static)
			assert.Equal(t, before, godot.FileHashes(t, corpus+c.folder), "the project's files")
		})
	}
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// A script the engine refuses (a malformed @rpc) on a node of a
// spawnable scene, a parameter typed by a class the project does not
// declare, a spawnable scene the project lacks: each is a not-checked
// finding saying why, and the rest is audited. The same script on a node
// of the main scene is one too, naming its file and line: the engine runs
// the node without it. Before, it was Static's error.
func TestStaticNotChecked(t *testing.T) {
	write := func(main string) *project.Project {
		dir := t.TempDir()
		for name, src := range map[string]string{
			"project.godot": "config_version=5\n[application]\nrun/main_scene=\"res://main.tscn\"\n",
			"main.tscn":     main,
			"bad.tscn":      "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://bad.gd\" id=\"1\"]\n\n[node name=\"Bad\" type=\"Node\"]\nscript = ExtResource(\"1\")\n",
			"main.gd":       "extends Node\n@rpc(\"any_peer\")\nfunc hit(who: Nowhere, n: int) -> void:\n\tmultiplayer.get_remote_sender_id()\n",
			"bad.gd":        "extends Node\n@rpc(\"bogus\")\nfunc x() -> void:\n\tpass\n",
		} {
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
		}
		p, err := project.Open(dir)
		require.NoError(t, err)
		return p
	}
	const head = "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://main.gd\" id=\"1\"]\n[ext_resource type=\"Script\" path=\"res://bad.gd\" id=\"2\"]\n\n[node name=\"Main\" type=\"Node\"]\nscript = ExtResource(\"1\")\n"
	rep, err := Static(write(head+`
[node name="Spawner" type="MultiplayerSpawner" parent="."]
spawn_path = NodePath("..")
_spawnable_scenes = PackedStringArray("res://bad.tscn", "res://gone.tscn")
`), "")
	require.NoError(t, err)
	assert.Equal(t, []string{
		"info not-checked /root/Main.hit(who)",
		"info not-checked /root/Main/*",
		"info not-checked /root/Main/* res://bad.gd",
	}, rep.Keys())
	assert.Contains(t, rep.Findings[1].Message+rep.Findings[2].Message, "res://bad.gd:2: Invalid RPC argument")
	assert.Contains(t, rep.Findings[1].Message+rep.Findings[2].Message, "res://gone.tscn")

	rep, err = Static(write(head+"\n[node name=\"Bad\" type=\"Node\" parent=\".\"]\nscript = ExtResource(\"2\")\n"), "")
	require.NoError(t, err)
	assert.Equal(t, []string{"info not-checked /root/Main.hit(who)", "info not-checked /root/Main/Bad"}, rep.Keys())
	assert.Equal(t, []any{"res://bad.gd", 2}, []any{rep.Findings[1].Script, rep.Findings[1].Line})
	assert.Contains(t, rep.Findings[1].Message, "the engine runs the node without its script, which does not load: res://bad.gd:2: Invalid RPC argument")
}
