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

// csharpTutorials is a folder of the corpus's C# projects.
const csharpTutorials = "../../testdata/projects/jkvastad__Godot-4-Multiplayer-Tutorials/Demos/"

// A script's RPC config: a GDScript's as Godot 4.6 prints it; a C#
// script's as the engine's C# side registers it
// (ScriptManagerBridge.UpdateScriptClassInfo): every key of each [Rpc],
// the methods' names as Strings, the corpus's and a project's.
func TestRPCConfig(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"project.godot": "config_version=5\n",
		"base.gd":       "class_name Base\nextends Node\n@rpc(\"any_peer\", \"unreliable\") func a(): pass\n",
		"game/p.gd":     "extends Base\n@rpc(\"call_local\", \"authority\", \"reliable\", 3)\nfunc c(): pass\n",
		"bad.gd":        "extends Node\n@rpc(\"foo\") func a(): pass\n",
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
		{[]string{"rpc-config", filepath.Join(dir, "game", "p.gd")}, 0,
			"{\n&\"a\": {\n\"rpc_mode\": 1,\n\"transfer_mode\": 0\n},\n&\"c\": {\n\"call_local\": true,\n\"channel\": 3,\n\"rpc_mode\": 2,\n\"transfer_mode\": 2\n}\n}\n", ""},
		{[]string{"rpc-config", "-project", dir, filepath.Join(dir, "base.gd")}, 0,
			"{\n&\"a\": {\n\"rpc_mode\": 1,\n\"transfer_mode\": 0\n}\n}\n", ""},
		{[]string{"rpc-config", filepath.Join(dir, "bad.gd")}, 1, "", `res://bad.gd:2: Invalid RPC argument.`},
		{[]string{"rpc-config", filepath.Join(t.TempDir(), "x.gd")}, 1, "", "no project.godot"},
		{[]string{"rpc-config"}, 2, "", "want one SCRIPT"},
		{[]string{"rpc-config", csharpTutorials + "ConcurrentMultiplayerScenes/CubeScene/Cube.cs"}, 0,
			"{\n\"ServerCubeColor\": {\n\"call_local\": true,\n\"channel\": 0,\n\"rpc_mode\": 1,\n\"transfer_mode\": 2\n}\n}\n", ""},
		{[]string{"rpc-config", filepath.Join(dir, "Game", "Player.cs")}, 0,
			"{\n\"Hit\": {\n\"call_local\": false,\n\"channel\": 2,\n\"rpc_mode\": 1,\n\"transfer_mode\": 2\n},\n" +
				"\"Move\": {\n\"call_local\": true,\n\"channel\": 0,\n\"rpc_mode\": 2,\n\"transfer_mode\": 1\n}\n}\n", ""},
		{[]string{"rpc-config", csharpTutorials + "WorkerCoop/Shared/GameSessionNetwork/GameSessionNetworkSeatView.cs"}, 1, "",
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
}

// A C# class's parts in other files are its script's: the [Rpc] methods
// of GameSessionNetwork.cs and its three other files.
func TestRPCConfigCSharpParts(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"rpc-config", csharpTutorials + "WorkerCoop/Shared/GameSessionNetwork/GameSessionNetwork.cs"}, strings.NewReader(""), &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	assert.Equal(t, 11, strings.Count(stdout.String(), "\"rpc_mode\""))
}
