package project

import (
	"math/rand/v2"
	"testing"

	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Any source either fails with a *ScriptError or a bound's error, or reads
// into declarations whose RPC config prints; the editor's header scan
// finds the class_name the full read finds.
func FuzzScript(f *testing.F) {
	g := &gen{r: rand.New(rand.NewPCG(1, 2))}
	for _, src := range g.project(20).files {
		f.Add([]byte(src))
	}
	f.Add([]byte("class_name A extends \"b.gd\".C\n@rpc(\"any_peer\", K) static func a(): pass\nconst K = &\"call_\" + \"local\"\n"))
	f.Add([]byte("var a: Dictionary[String, Array[int]] = {\n\t1: [func(): pass],\n}\nclass B:\n\t@export var c := 1\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := ParseScript(src, "res://f.gd", WithLimits(Limits{MaxDepth: 64}))
		if err != nil {
			var se *ScriptError
			if !assert.ErrorAs(t, err, &se) {
				return
			}
			assert.NotEmpty(t, se.Message)
			return
		}
		var rpcs []NamedRPC
		for _, m := range s.Methods {
			assert.NotEmpty(t, m.Name)
			if m.RPC != nil {
				rpcs = append(rpcs, NamedRPC{m.Name, *m.RPC})
			}
		}
		_, err = vartext.Marshal(RPCConfig(rpcs))
		require.NoError(t, err)
		name, _ := globalClass(src, DefaultLimits())
		assert.Equal(t, s.Name, name)
	})
}

// Any Godot 3 source either fails with a *ScriptError or reads into
// exports named by identifiers.
func FuzzScript3(f *testing.F) {
	f.Add([]byte("extends \"base.gd\"\nexport(Array, Resource) var e = []\nvar s = \"\"\"\nexport var b = 1\n\"\"\"\n"))
	f.Add([]byte("export(String,\r\n\tMULTILINE) var a = \"\"\r\nexport var b = \\\r\n\t1\r\nexport var c: Texture\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := parseScript3(src, "res://f.gd")
		if err != nil {
			var se *ScriptError
			if assert.ErrorAs(t, err, &se) {
				assert.NotEmpty(t, se.Message)
			}
			return
		}
		for _, e := range s.exports {
			assert.True(t, isIdent(e.Name), "%q", e.Name)
		}
	})
}
