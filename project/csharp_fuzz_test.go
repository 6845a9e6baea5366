package project

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Any source either fails with a *ScriptError of one line, or reads into
// a script whose [Rpc] config prints and whose exports are named and
// typed.
func FuzzCSharp(f *testing.F) {
	for _, name := range []string{
		"jkvastad__Godot-4-Multiplayer-Tutorials/Demos/ConcurrentMultiplayerScenes/CubeScene/Cube.cs",
		"jkvastad__Godot-4-Multiplayer-Tutorials/Demos/WorkerCoop/Shared/GameSessionNetwork/GameSessionNetwork.cs",
		"chickensoft-games__GameDemo/src/player/Player.cs",
	} {
		src, err := os.ReadFile(filepath.Join(corpus, name))
		require.NoError(f, err)
		f.Add(src)
	}
	f.Add([]byte("namespace N;\nusing Godot;\nusing R = Godot.MultiplayerApi.RpcMode;\n[GlobalClass] public partial class A : Node {\n" +
		"[Export] public Godot.Collections.Array<int> L { get; set; } = new();\n[Rpc(R.AnyPeer, CallLocal = true, TransferChannel = 2)] void F() {}\n}\n"))
	f.Add([]byte("partial class A : Node { string s = $\"{a:0.0}{{ }}\" + @\"\"\"\" + \"\"\"\n}\n\"\"\"; char c = '}';\n#if X\n}\n#else\n#endif\n}"))
	f.Add([]byte("using Godot;\npartial class A : Node {\n[Rpc] void F([A(1)] ref int a, Godot.Collections.Array<Node> b,\n#if X\nint c,\n#else\nfloat c,\n#endif\n" +
		"string d = \")\", params long[] e) { if (Multiplayer.IsServer()) GetRemoteSenderId(); }\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := ParseCSharp(src, "res://A.cs", WithLimits(Limits{MaxDepth: 64}))
		if err != nil {
			var se *ScriptError
			if !errors.As(err, &se) {
				assert.ErrorIs(t, err, ErrTooLarge)
				return
			}
			assert.NotEmpty(t, se.Message)
			assert.NotContains(t, err.Error(), "\n")
			return
		}
		var rpcs []NamedRPC
		for i, m := range s.Methods {
			require.NotNil(t, m.RPC)
			assert.NotEmpty(t, m.Name)
			rpcs = append(rpcs, NamedRPC{Name: m.Name, RPC: *m.RPC})
			checkParams(t, s, &s.Methods[i], len(src))
		}
		_, err = vartext.Marshal(RPCConfig(rpcs))
		require.NoError(t, err)
		for _, p := range s.Properties {
			assert.NotEmpty(t, p.Name)
			assert.True(t, p.Export)
			assert.False(t, strings.ContainsAny(p.Type.String(), "?*("), p.Type.String())
		}
		assert.Equal(t, "A", s.CSharp.Name)
	})
}
