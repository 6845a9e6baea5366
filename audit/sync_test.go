package audit

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
)

// serverOf is a game's debugger, a Go peer, whose tree is /root/Main,
// its Players and their player P, holding label and position.
func serverOf(t *testing.T) *debugger.Game {
	ln, err := debugger.Listen("127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	game := debugger.NewConn(c, gdvar.Godot4)
	require.NoError(t, game.Write("set_pid", 1, []any{int64(42)}))
	tree := []any{int64(1), "root", "Window", int64(1), "", int64(0), int64(1), "Main", "Node", int64(2), "", int64(0),
		int64(1), "Players", "Node", int64(3), "", int64(0), int64(0), "P", "Node2D", int64(4), "", int64(0)}
	props := []any{
		[]any{"Node/path", int64(22), int64(0), "", int64(0), gdvar.ParseNodePath("/root/Main/Players/P")},
		[]any{"label", int64(4), int64(0), "", int64(4102), "the server's"},
		[]any{"position", int64(5), int64(0), "", int64(4102), gdvar.Vector2{X: 9, Y: 9}},
	}
	go func() {
		for {
			m, err := game.Read()
			if errors.Is(err, debugger.ErrMalformed) {
				continue
			}
			if err != nil {
				return
			}
			switch m.Name {
			case "scene:request_scene_tree":
				err = game.Write("scene:scene_tree", 1, tree)
			case "scene:inspect_objects":
				ids, _ := m.Data[0].([]any)
				err = game.Write("scene:inspect_objects", 1, []any{[]any{ids[0], "Node2D", props}})
			}
			if err != nil {
				return
			}
		}
	}()
	s, err := ln.Accept(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() {
		s.Close()
		c.Close()
	})
	return &debugger.Game{Session: s}
}

// A replica is filled with the server's values, read through the
// debugger: by fillUnset (a forged sync), the properties it never
// received alone; by fill (the owned-state attack), any it is given,
// held or not. A property not read from the server is left as it was.
func TestFill(t *testing.T) {
	files := map[string]string{}
	for k, v := range hostileProject {
		files[k] = v
	}
	// The label is not in the spawn: the replica never receives it.
	files["player.tscn"] = strings.Replace(files["player.tscn"], "properties/0/spawn = true", "properties/0/spawn = false", 1)
	p := writeProject(t, files)
	ctx := context.Background()
	a := &auditor{cfg: Config{Wait: 500 * time.Millisecond}, game: serverOf(t)}
	held := gdvar.Vector2{X: 1, Y: 2}
	for _, c := range []struct {
		name     string
		fill     func(t *testing.T, o *multiplayer.Object, sy multiplayer.Synchronizer)
		label    any // nil: never received
		position any
	}{
		{"fillUnset", func(_ *testing.T, o *multiplayer.Object, sy multiplayer.Synchronizer) {
			a.fillUnset(ctx, o, sy)
		}, "the server's", held},
		{"fill a held property", func(t *testing.T, o *multiplayer.Object, _ multiplayer.Synchronizer) {
			node, name, v, err := a.fill(ctx, o, ".:position")
			require.NoError(t, err)
			assert.Equal(t, []any{"/root/Main/Players/P", "position", gdvar.Vector2{X: 9, Y: 9}}, []any{node, name, v})
		}, nil, gdvar.Vector2{X: 9, Y: 9}},
		{"fill a property not read", func(t *testing.T, o *multiplayer.Object, _ multiplayer.Synchronizer) {
			_, _, _, err := a.fill(ctx, o, ".:score")
			assert.Error(t, err) // not in the inspector, and no evaluation answered within the wait
		}, nil, held},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := multiplayer.MustNew()
			defer m.Close()
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			require.NoError(t, err)
			go m.Serve(ctx, ln)
			require.Eventually(t, func() bool { return m.ID() == multiplayer.ServerID }, 10*time.Second, time.Millisecond)
			sc, err := fromproject.Declare(m, p, "res://main.tscn")
			require.NoError(t, err)
			sp, err := sc.Spawner("/root/Main/PlayerSpawner")
			require.NoError(t, err)
			_, err = sp.Spawn("res://player.tscn", "P", map[string]any{".:position": held})
			require.NoError(t, err)
			nodes := spawnedOn(sc)
			require.Len(t, nodes, 1)
			o := nodes[0].o
			c.fill(t, o, nodes[0].scene.Synchronizers[0])
			var label, position any
			o.Get(".:label", &label)
			o.Get(".:position", &position)
			assert.Equal(t, []any{c.label, c.position}, []any{label, position})
		})
	}
}
