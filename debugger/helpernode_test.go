package debugger

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// installGame answers as a Godot 4.6 game that takes the helper at run
// time: stopped for a frame (break, step) it evaluates the install's
// expressions, the last adding the helper of id helperID; from then on
// the helper answers hello, and the tree has it. autoload says it has
// the helper already.
type installGame struct {
	mu        sync.Mutex
	autoload  bool
	installed bool
	// tree is /root's children before the helper, each (name, id).
	tree []any
}

const helperID = int64(9)

func (g *installGame) answer(m Message) []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch m.Name {
	case "gdvar:hello":
		if g.autoload || g.installed {
			return message4("gdvar:hello", int64(2), false)
		}
	case "break":
		return message4("debug_enter", true, "", true, int64(1))
	case "step":
		return append(message4("debug_exit"), message4("debug_enter", true, "", true, int64(1))...)
	case "continue":
		return message4("debug_exit")
	case "evaluate":
		expr := m.Data[0].(string)
		var v any
		switch {
		case strings.HasPrefix(expr, "EngineDebugger.has_capture("):
			v = g.autoload
		case strings.HasPrefix(expr, `[Engine.set_meta("gdvar_input", ClassDB.instantiate(`):
			v = int64(0) // compiled
		case strings.HasPrefix(expr, `[[Engine.set_meta("gdvar_input", Engine.get_meta("gdvar_input").new())`):
			g.installed = true
			v = helperID
		}
		return message4("evaluation_return", expr, int64(0), int64(0), v)
	case "scene:request_scene_tree":
		children := g.tree
		if g.installed {
			children = append(children[:len(children):len(children)], "GdvarInput", helperID)
		}
		tree := []any{int64(len(children) / 2), "root", "Window", int64(1), "", int64(0)}
		for i := 0; i < len(children); i += 2 {
			tree = append(tree, int64(0), children[i], "Node", children[i+1], "", int64(0))
		}
		return message4("scene:scene_tree", tree...)
	}
	return nil
}

// The helper the Session installed is out of the tree unless ShowHelper
// asks for it, known by its id: a game's own node of its name, the helper
// as the game's autoload, and a helper the Session did not install stay.
func TestTreeLeavesOutHelper(t *testing.T) {
	for _, c := range []struct {
		name        string
		game        *installGame
		install     bool
		tree, shown []string // /root's children, then with ShowHelper
	}{
		{"installed", &installGame{tree: []any{"Main", int64(2)}}, true,
			[]string{"Main"}, []string{"Main", "GdvarInput"}},
		{"beside the game's own GdvarInput", &installGame{tree: []any{"GdvarInput", int64(3), "Main", int64(2)}}, true,
			[]string{"GdvarInput", "Main"}, []string{"GdvarInput", "Main", "GdvarInput"}},
		{"the game's autoload", &installGame{autoload: true, tree: []any{"GdvarInput", helperID, "Main", int64(2)}}, true,
			[]string{"GdvarInput", "Main"}, []string{"GdvarInput", "Main"}},
		{"not installed by the session", &installGame{installed: true, tree: []any{"Main", int64(2)}}, false,
			[]string{"Main", "GdvarInput"}, []string{"Main", "GdvarInput"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := c.game
			s, send := scripted(t, gdvar.Godot4, g.answer)
			send(banner4("4.6.3.stable"))
			waitVersion(t, s)
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			if c.install {
				require.NoError(t, s.InstallInput(ctx))
			}
			root, err := s.Tree(ctx)
			require.NoError(t, err)
			assert.Equal(t, c.tree, names(root.Children))
			for n := range root.All() {
				assert.True(t, n == root || n.parent != nil, "%s is out of the tree", n.Name)
			}
			root, err = s.Tree(ctx, ShowHelper(true))
			require.NoError(t, err)
			assert.Equal(t, c.shown, names(root.Children))
			root, err = s.Tree(ctx, ShowHelper(false))
			require.NoError(t, err)
			assert.Equal(t, c.tree, names(root.Children))
			n, err := s.NodeByPath(ctx, "/root/GdvarInput")
			require.NoError(t, err, "a path finds it")
			assert.Equal(t, "GdvarInput", n.Name)
		})
	}
}

// names returns the nodes' names.
func names(nodes []*Node) []string {
	var out []string
	for _, n := range nodes {
		out = append(out, n.Name)
	}
	return out
}
