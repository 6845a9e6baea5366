package audit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
)

// An any_peer method without a sender check is high where its body
// changes what other peers see: it assigns a property the scene's
// synchronizer replicates from the method's node, or a score, or
// broadcasts an RPC. It stays medium where what it assigns is its own
// (a local, a parameter), or no peer sees it (a property of its node
// that the synchronizer does not replicate, though a child's of that name
// it does); a method that asks the sender has neither. Before, each was
// medium: the default -fail-on high passed a game any peer wins.
func TestStaticSharedChange(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"project.godot": "config_version=5\n[application]\nrun/main_scene=\"res://main.tscn\"\n",
		"main.tscn": `[gd_scene load_steps=3 format=3]

[ext_resource type="Script" path="res://main.gd" id="1"]

[sub_resource type="SceneReplicationConfig" id="SceneReplicationConfig_1"]
properties/0/path = NodePath(".:position")
properties/0/spawn = true
properties/0/replication_mode = 1
properties/1/path = NodePath("Body:rotation")
properties/1/spawn = true
properties/1/replication_mode = 1

[node name="Main" type="Node2D"]
script = ExtResource("1")

[node name="Body" type="Node2D" parent="."]

[node name="Sync" type="MultiplayerSynchronizer" parent="."]
replication_config = SubResource("SceneReplicationConfig_1")
`,
		"main.gd": `extends Node2D

var points := 0

@rpc("any_peer")
func move(to: Vector2) -> void:
	position = to

@rpc("any_peer")
func score() -> void:
	points += 1

@rpc("any_peer")
func say(text: String) -> void:
	show_text.rpc(text)

@rpc("any_peer")
func spin(r: float) -> void:
	rotation = r

@rpc("any_peer")
func tint(c: Color) -> void:
	var health := 3
	health -= 1
	modulate = c

@rpc("any_peer")
func heal(hp: int) -> void:
	hp = 3

@rpc("any_peer")
func hit(amount: int) -> void:
	if multiplayer.get_remote_sender_id() != 1:
		return
	points -= amount

@rpc("authority")
func show_text(text: String) -> void:
	print(text)
`,
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	p, err := project.Open(dir)
	require.NoError(t, err)
	rep, err := Static(p, "")
	require.NoError(t, err)
	assert.Equal(t, []string{
		"high no-sender-check-shared /root/Main.move",
		"high no-sender-check-shared /root/Main.say",
		"high no-sender-check-shared /root/Main.score",
		"medium no-sender-check /root/Main.heal",
		"medium no-sender-check /root/Main.spin",
		"medium no-sender-check /root/Main.tint",
	}, rep.Keys())
	messages := map[string]string{}
	for _, f := range rep.Findings {
		messages[f.Method] = f.Message
	}
	assert.Contains(t, messages["move"], "changes what other peers see: assigns position, which a MultiplayerSynchronizer replicates (line 7)")
	assert.Contains(t, messages["score"], "assigns points (line 11)")
	assert.Contains(t, messages["say"], "sends show_text to every peer (rpc, line 15)")
	assert.True(t, rep.Fails(High), "the default -fail-on")
}

// The words of a name that say players play for it, in snake_case and
// camelCase; a word that holds one is not one.
func TestIsStake(t *testing.T) {
	for name, want := range map[string]bool{
		"score": true, "player_score": true, "currentTurn": true, "maxHP": true, "is_winner": true, "lives": true,
		"p1Points": true, "turn_index": true,
		"scoreboard_text": false, "whip": false, "position": false, "twin": false, "": false,
	} {
		assert.Equal(t, want, isStake(name), name)
	}
}
