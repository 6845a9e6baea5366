package fromproject

import (
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// pongFiles are a game whose script declares typed parameters, as the
// game of issue 72 does: its call sites pass true and false to
// update_score's int and _reset_ball's float.
var pongFiles = map[string]string{
	"main.tscn": "[gd_scene format=3]\n[ext_resource type=\"Script\" path=\"res://main.gd\" id=\"1\"]\n[node name=\"Main\" type=\"Node\"]\nscript = ExtResource(\"1\")\n",
	"main.gd": `extends Node

@rpc("any_peer", "call_local")
func update_score(add_to_left: int) -> void:
	pass

@rpc("any_peer", "call_local")
func _reset_ball(for_left: float) -> void:
	pass

@rpc("any_peer")
func serve(at: Vector2, speed := 1.5, tag = "x") -> void:
	pass

@rpc("any_peer")
func chat(text, to: Array[int]) -> void:
	pass
`,
}

// fitPrefix starts the message of each handler refused for its
// parameters, after the function's place.
const fitPrefix = "multiplayer: handler parameters that do not take the method's declared parameters: /root/Main."

// A handler whose parameters cannot take what the script's function
// declares is refused when it is set, not at each call: the error
// matches multiplayer.ErrHandlerParams and names the function's
// file:line, the node and method, the parameter, its declared type, the
// Go type given and one that fits. Fitting types, untyped parameters, and
// parameters with a default left out register.
func TestHandleWrongTypes(t *testing.T) {
	for _, tc := range []struct {
		name, method string
		fn           any
		want         string // "": registers
	}{
		{"issue 72's bool for an int", "update_score", func(*multiplayer.Call, bool) {},
			"res://main.gd:4: " + fitPrefix + "update_score: parameter 0 (add_to_left) is declared int, the handler takes it as bool; int64 fits"},
		{"issue 72's bool for a float", "_reset_ball", func(*multiplayer.Call, bool) {},
			"res://main.gd:8: " + fitPrefix + "_reset_ball: parameter 0 (for_left) is declared float, the handler takes it as bool; float64 fits"},
		{"a string for a Vector2", "serve", func(*multiplayer.Call, string) {},
			"res://main.gd:12: " + fitPrefix + "serve: parameter 0 (at) is declared Vector2, the handler takes it as string; gdvar.Vector2 fits"},
		{"an integer for a := float", "serve", func(*multiplayer.Call, gdvar.Vector2, int64) {},
			"res://main.gd:12: " + fitPrefix + "serve: parameter 1 (speed) is declared float, the handler takes it as int64; float64 fits"},
		{"strings for an Array[int]", "chat", func(*multiplayer.Call, string, []string) {},
			"res://main.gd:16: " + fitPrefix + "chat: parameter 1 (to) is declared Array[int], the handler takes it as []string; []int64 fits"},
		{"no parameter for one without a default", "chat", func(*multiplayer.Call, string) {},
			"res://main.gd:16: " + fitPrefix + "chat: parameter 1 (to) is declared Array[int] without a default, the handler has no parameter for it (it takes 1); []int64 fits"},

		{"int64 for an int", "update_score", func(*multiplayer.Call, int64) {}, ""},
		{"an int for an int", "update_score", func(*multiplayer.Call, int) error { return nil }, ""},
		{"float64 for a float", "_reset_ball", func(*multiplayer.Call, float64) {}, ""},
		{"the parameters with a default left out", "serve", func(*multiplayer.Call, gdvar.Vector2) {}, ""},
		{"any Go type for an untyped parameter", "serve", func(*multiplayer.Call, gdvar.Vector2, float32, []byte) {}, ""},
		{"an untyped parameter and a typed Array", "chat", func(*multiplayer.Call, bool, []int32) {}, ""},
		{"...any", "chat", func(*multiplayer.Call, ...any) {}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			game, err := Declare(multiplayer.MustNew(), writeProject(t, pongFiles), "res://main.tscn")
			require.NoError(t, err)
			err = game.Handle("/root/Main", tc.method, tc.fn)
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, multiplayer.ErrHandlerParams)
			assert.EqualError(t, err, tc.want)
		})
	}
}

// A Go host of the game, declared from its project, refuses issue 72's
// bool handlers when they are set; the handlers of the declared types run
// for a Go client's calls made as the game's call sites make them, with
// true and false, which the host converts to the int and the float the
// script declares, as the engine does; nothing is reported.
func TestLiveHandleTypes(t *testing.T) {
	overTransports(t, func(t *testing.T, transport string) {
		p := writeProject(t, pongFiles)
		host := multiplayer.MustNew()
		game, err := Declare(host, p, "res://main.tscn")
		require.NoError(t, err)
		errs := errorsOf(host)
		assert.ErrorIs(t, game.Handle("/root/Main", "update_score", func(*multiplayer.Call, bool) {}), multiplayer.ErrHandlerParams)
		assert.ErrorIs(t, game.Handle("/root/Main", "_reset_ball", func(*multiplayer.Call, bool) {}), multiplayer.ErrHandlerParams)
		scores, balls := make(chan int64, 1), make(chan float64, 1)
		require.NoError(t, game.Handle("/root/Main", "update_score", func(_ *multiplayer.Call, addToLeft int64) { scores <- addToLeft }))
		require.NoError(t, game.Handle("/root/Main", "_reset_ball", func(_ *multiplayer.Call, forLeft float64) { balls <- forLeft }))
		port, err := strconv.Atoi(serveOver(t, host, transport))
		require.NoError(t, err)

		client := multiplayer.MustNew()
		t.Cleanup(func() { client.Close() })
		clientGame, err := Declare(client, p, "res://main.tscn")
		require.NoError(t, err)
		connectOver(t, client, transport, port)
		main, err := clientGame.Node("/root/Main")
		require.NoError(t, err)
		require.NoError(t, main.Call(multiplayer.ServerID, "update_score", true))
		require.NoError(t, main.Call(multiplayer.ServerID, "_reset_ball", false))
		select {
		case got := <-scores:
			assert.Equal(t, int64(1), got)
		case <-time.After(liveWait):
			t.Fatal("update_score did not run")
		}
		select {
		case got := <-balls:
			assert.Equal(t, 0.0, got)
		case <-time.After(liveWait):
			t.Fatal("_reset_ball did not run")
		}
		assert.Empty(t, drain(errs))
	})
}

// For every method of every node with a script in the corpus's
// multiplayer games, and in the params game, whose parameters take every
// kind of type, a handler of the type HandlerType gives registers.
func TestCorpusHandlerTypes(t *testing.T) {
	handled := 0
	handleAll := func(key string, p *project.Project, scene string) {
		game, err := Declare(multiplayer.MustNew(), p, scene)
		if err != nil {
			return // TestCorpusDeclare tells the cuts and the gaps
		}
		for _, path := range game.Nodes() {
			n, err := game.Node(path)
			require.NoError(t, err)
			for _, meth := range n.MethodSet().Methods() {
				ft, err := n.HandlerType(meth.Name)
				require.NoError(t, err)
				fn := reflect.MakeFunc(ft, func([]reflect.Value) []reflect.Value {
					return []reflect.Value{reflect.Zero(reflect.TypeFor[error]())}
				})
				if assert.NoError(t, game.Handle(path, meth.Name, fn.Interface()), "%s %s.%s: %v", key, path, meth.Name, ft) {
					handled++
				}
			}
		}
	}
	eachCorpusScene(t, handleAll)
	p, err := project.Open("testdata/params")
	require.NoError(t, err)
	handleAll("params", p, "res://main.tscn")
	t.Logf("%d handlers registered", handled)
	assert.Greater(t, handled, 100)
}
