package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A C# script's RPC config is what the engine's C# side registers
// (ScriptManagerBridge.UpdateScriptClassInfo): every key of each [Rpc],
// the methods' names as Strings. The corpus's scripts and a project's.
func TestRPCConfigCSharp(t *testing.T) {
	const tutorials = "../../testdata/projects/jkvastad__Godot-4-Multiplayer-Tutorials/Demos/"
	dir := t.TempDir()
	for name, src := range map[string]string{
		"project.godot": "config_version=5\n",
		"Game/Base.cs":  "using Godot;\nnamespace Game;\npublic partial class Base : Node\n{\n\t[Rpc(MultiplayerApi.RpcMode.AnyPeer, TransferChannel = 2)] public virtual void Hit() {}\n}\n",
		"Game/Player.cs": "using Godot;\nnamespace Game;\npublic partial class Player : Base\n{\n\tpublic override void Hit() {}\n" +
			"\t[Rpc(CallLocal = true, TransferMode = MultiplayerPeer.TransferModeEnum.UnreliableOrdered)] void Move(Vector2 to) {}\n}\n",
		"Game/Constant.cs": "using Godot;\npublic partial class Constant : Node\n{\n\tconst int Chat = 1;\n\t[Rpc(TransferChannel = Chat)] void Say() {}\n}\n",
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	tests := []struct {
		args       []string
		code       int
		out, inErr string
	}{
		{[]string{"rpc-config", tutorials + "ConcurrentMultiplayerScenes/CubeScene/Cube.cs"}, 0,
			"{\n\"ServerCubeColor\": {\n\"call_local\": true,\n\"channel\": 0,\n\"rpc_mode\": 1,\n\"transfer_mode\": 2\n}\n}\n", ""},
		{[]string{"rpc-config", filepath.Join(dir, "Game", "Player.cs")}, 0,
			"{\n\"Hit\": {\n\"call_local\": false,\n\"channel\": 2,\n\"rpc_mode\": 1,\n\"transfer_mode\": 2\n},\n" +
				"\"Move\": {\n\"call_local\": true,\n\"channel\": 0,\n\"rpc_mode\": 2,\n\"transfer_mode\": 1\n}\n}\n", ""},
		{[]string{"rpc-config", tutorials + "WorkerCoop/Shared/GameSessionNetwork/GameSessionNetworkSeatView.cs"}, 1, "",
			"Its class Shared.GameSessionNetwork is a part of the script res://Shared/GameSessionNetwork/GameSessionNetwork.cs."},
		{[]string{"rpc-config", filepath.Join(dir, "Game", "Constant.cs")}, 1, "",
			"res://Game/Constant.cs:5: not read: TransferChannel of [Rpc]"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		assert.Equal(t, tt.code, code, "%v: %s", tt.args, stderr.String())
		assert.Equal(t, tt.out, stdout.String(), tt.args)
		assert.Contains(t, stderr.String(), tt.inErr, tt.args)
	}
	var stdout, stderr bytes.Buffer
	run([]string{"rpc-config", tutorials + "WorkerCoop/Shared/GameSessionNetwork/GameSessionNetwork.cs"}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, 11, strings.Count(stdout.String(), "\"rpc_mode\""), "the [Rpc] methods of its four files")
}
