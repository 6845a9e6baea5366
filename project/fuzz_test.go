package project

import (
	"math/rand/v2"
	"os"
	"path/filepath"
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
	f.Add([]byte("@rpc(\"any_peer\")\nfunc f(a, b: int, c := 2.5, d: Array[int] = [\n\t1,\n], e = func(x): return x, ...rest) -> void:\n" +
		"\tif multiplayer.is_server(): multiplayer.get_remote_sender_id()\n"))
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
		for i, m := range s.Methods {
			assert.NotEmpty(t, m.Name)
			if m.RPC != nil {
				rpcs = append(rpcs, NamedRPC{Name: m.Name, RPC: *m.RPC})
			}
			checkParams(t, s, &s.Methods[i], len(src))
		}
		_, err = vartext.Marshal(RPCConfig(rpcs))
		require.NoError(t, err)
		name, _ := new(headerReader).globalClass(src, DefaultLimits())
		assert.Equal(t, s.Name, name)
	})
}

// checkParams reads again the parameters of a function that read: each
// named, the rest parameter last, no more than the source has bytes.
func checkParams(t *testing.T, s *Script, m *Method, size int) {
	n, rest := 0, false
	for par := range s.Params(m) {
		n++
		assert.NotEmpty(t, par.Name)
		assert.False(t, rest, "a parameter after the rest parameter")
		rest = par.Vararg
		assert.False(t, par.Vararg && par.Default, "a default on the rest parameter")
	}
	assert.LessOrEqual(t, n, size)
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
			assert.True(t, isIdent(e.name), "%q", e.name)
		}
	})
}

// Folding any script's constants either gives a value, a string no longer
// than the script's budget, or a refusal with a message; a refusal for the
// budget is ErrBudget.
func FuzzConstFold(f *testing.F) {
	f.Add(constLevels(3, 4))
	f.Add(constLevels(40, 2))
	f.Add([]byte("const A = \"any_\" + &\"peer\"\nconst B = -(2 * 3 + A)\nconst C = (1 + 2.5) / 0\nconst D = B % 2\nclass I:\n\tconst E = A + A\n\t@rpc(E) func f(): pass\n"))
	f.Add([]byte("const A = A + \"x\"\nconst B = C\nconst C = \"call_\" + ^\"local\"\nconst N = null + PI\n"))
	f.Add([]byte("enum K { A, B = 3, C }\nenum L { X = K.C + 1 }\nenum M { Y = M.Y }\nconst V = Vector2i(K.B, L.X)\nconst R = Rect2(0, 0.5, 1, V)\nconst W = Other.Mode.A\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		limits := Limits{MaxFileBytes: 1 << 20, MaxDepth: 64}
		s, err := parseScript(src, "res://f.gd", limits, nil)
		if err != nil {
			return
		}
		budget := int(s.fold.limit())
		var fold func(c *Class)
		fold = func(c *Class) {
			fl := newFolder(s, limits)
			for name, m := range c.members {
				if m.kind != kindConstant {
					continue
				}
				v, ferr := fl.name(c, name)
				if ferr != nil {
					assert.NotEmpty(t, ferr.msg)
					if ferr.err != nil {
						assert.ErrorIs(t, ferr.err, ErrBudget)
					}
					continue
				}
				if str, ok := stringOf(v); ok {
					assert.LessOrEqual(t, len(str), budget)
				}
			}
			for _, k := range c.Classes {
				fold(k)
			}
		}
		fold(&s.Class)
	})
}

// Any script, in a project of scripts it may name (typeFiles), either is
// refused with a *ScriptError, or resolves with each variable's type
// resolved and its stored variables listed.
func FuzzTypes(f *testing.F) {
	for _, c := range typeCases {
		f.Add([]byte(c.src))
	}
	f.Add([]byte("extends \"res://f.gd\"\nconst A = preload(\"f.gd\").A\nvar v: Array[A.B.C]\n"))
	f.Add([]byte("class K extends I:\n\tconst J = (((I)))\n\tvar w: Dictionary[J, K.J]\nconst I = preload(\"uid://bgdvaritem1\").Inner\n"))
	dir := writeProject(f, typeCaseFiles())
	f.Fuzz(func(t *testing.T, src []byte) {
		if err := os.WriteFile(filepath.Join(dir, "f.gd"), src, 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := Open(dir, WithLimits(Limits{MaxDepth: 64}))
		require.NoError(t, err)
		r, err := p.Resolve("res://f.gd")
		if err != nil {
			var se *ScriptError
			if assert.ErrorAs(t, err, &se) {
				assert.NotEmpty(t, se.Message)
			}
			return
		}
		for _, v := range r.Chain[0].Class.Properties {
			_, terr := p.typeOf(r.Chain[0], v.Type, v.Line, true)
			assert.Nil(t, terr, "a type Resolve has checked")
		}
		_, err = p.StoredProperties("res://f.gd")
		assert.NoError(t, err)
	})
}
