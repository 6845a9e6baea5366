package audit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
)

// corpus is the folder of the real-world corpus's projects.
const corpus = "../testdata/projects/"

// The static findings of the corpus's multiplayer games, from their
// projects alone. Each was checked by hand against the scripts: the
// method is any_peer, its body never names get_remote_sender_id, it is
// call_local (docs/audit.md).
func TestStaticCorpus(t *testing.T) {
	for _, c := range []struct {
		folder, scene string
		want          []string
	}{
		{"jonathanhecl__ENetMultiplayer-server-godot4", "", []string{
			"medium no-sender-check /root/Main.send_message_to_server",
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
			"medium no-sender-check /root/Globals.add_player_one_score",
			"medium no-sender-check /root/Globals.add_player_two_score",
			"low call-local-remote /root/Globals.add_player_one_score",
			"low call-local-remote /root/Globals.add_player_two_score",
		}},
		{"devloglogan__MultiplayerFPSTutorial", "", []string{
			"medium no-sender-check /root/World/*.receive_damage res://Player.gd",
		}},
		{"Ultraegern__godot-multiplayer-example", "", nil},
	} {
		t.Run(c.folder, func(t *testing.T) {
			before := hashes(t, corpus+c.folder)
			p, err := project.Open(corpus + c.folder)
			require.NoError(t, err)
			rep, err := Static(p, c.scene)
			require.NoError(t, err)
			assert.Equal(t, c.want, nilIfEmpty(rep.Keys()))
			assert.True(t, rep.Static)
			assert.Equal(t, before, hashes(t, corpus+c.folder), "the project's files")
		})
	}
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}
