package debugger

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// classesGame is a fake game stopped at a breakpoint that answers what
// Classes asks: the tree with tree, the evaluate of every node's
// to_string() with classes (nil: the expression failed), and each inspect
// (Godot 4.5+'s or 4.4's) with inspect(id), made once for each id: the
// game's own work is not what a benchmark measures. It counts the bytes
// it sends, and the inspects.
type classesGame struct {
	tree    []byte
	classes any
	inspect func(id int64) []byte
	sent    atomic.Int64
	asked   atomic.Int64     // the inspects read
	answers map[int64][]byte // inspect's, by id
}

func (g *classesGame) reply(m Message) []byte {
	var b []byte
	switch m.Name {
	case "scene:request_scene_tree":
		b = g.tree
	case "evaluate":
		b = message4("evaluation_return", m.Data[0], int64(3), int64(0), g.classes)
	case "scene:inspect_objects":
		ids, _ := m.Data[0].([]any)
		id, _ := ids[0].(int64)
		b = g.inspected(id)
	case "scene:inspect_object":
		id, _ := m.Data[0].(int64)
		b = g.inspected(id)
	}
	g.sent.Add(int64(len(b)))
	return b
}

func (g *classesGame) inspected(id int64) []byte {
	g.asked.Add(1)
	if g.answers == nil {
		g.answers = map[int64][]byte{}
	}
	b, ok := g.answers[id]
	if !ok {
		b = g.inspect(id)
		g.answers[id] = b
	}
	return b
}

// classesOf runs Tree and Classes on the game, and returns the tree.
func classesOf(ctx context.Context, s *Session) (*Node, error) {
	root, err := s.Tree(ctx)
	if err != nil {
		return nil, err
	}
	return root, s.Classes(ctx, root)
}

// flatTree is a scene_tree message of a root (id 1) and n scripted
// children; id gives each child's id.
func flatTree(n int, id func(i int) int64) []byte {
	data := []any{int64(n), "root", "Window", int64(1), "", int64(0)}
	for i := range n {
		data = append(data, int64(0), fmt.Sprint("N", i), "res://n.gd", id(i), "", int64(0))
	}
	return message4("scene:scene_tree", data...)
}

// chainTree4 is a scene_tree message of a chain of n nodes under the root.
func chainTree4(n int) []byte {
	data, _ := chainTree(n, 0)
	return message4("scene:scene_tree", data...)
}

func distinct(i int) int64 { return int64(1<<34 + i) }

// inspected answers an inspect with an object of class Node and no
// properties, as Godot 4.5+ does.
func inspected(id int64) []byte {
	return message4("scene:inspect_objects", []any{id, "Node", []any{}})
}

// nothingSelected answers an inspect as Godot 4.5+ does for an object
// that is gone; the root (id 1) is there.
func nothingSelected(id int64) []byte {
	if id == 1 {
		return inspected(id)
	}
	return message4("remote_nothing_selected")
}

// classesText is the str() of the nodes of flatTree(n, distinct), each of
// class Node.
func classesText(n int) string {
	var b strings.Builder
	b.WriteString("[root:<Window#1>")
	for i := range n {
		fmt.Fprintf(&b, ", N%d:<Node#%d>", i, distinct(i))
	}
	b.WriteString("]")
	return b.String()
}

// A hostile game's answers to Classes, and what the tree is after.
type classesAttack struct {
	name     string
	game     *classesGame
	children int // the root's children left
	inspects int // the most inspects Classes may ask for
}

// classesAttacks are an ordinary game's answers to Classes (one evaluate
// names every node's class) and the hostile answers that cost it most,
// each about size bytes in all: inspects of every node, each answered, or
// each node gone; a tree all of one id; a chain of nodes gone; a String
// of classes for ids that are not in the tree.
func classesAttacks(size int) []classesAttack {
	perNode := len(flatTree(1000, distinct)) / 1000
	nodes := size / (perNode + len(inspected(distinct(0)))) // a node of the tree, and an inspect's answer
	tree := min(size, maxBody) / perNode
	ordinary := min(size, maxBody) / (perNode + len(classesText(1000))/1000)
	return []classesAttack{
		{"ordinary", &classesGame{tree: flatTree(ordinary, distinct), classes: classesText(ordinary), inspect: nothingSelected}, ordinary, 0},
		{"every node freed meanwhile", &classesGame{tree: flatTree(nodes, distinct), inspect: nothingSelected}, 0, 1 + nodes},
		{"every node inspected", &classesGame{tree: flatTree(nodes, distinct), inspect: inspected}, nodes, 1 + nodes},
		{"one id for every node", &classesGame{tree: flatTree(tree, func(int) int64 { return 7 }), inspect: inspected}, tree, 2},
		{"a chain, every node freed", &classesGame{tree: chainTree4(tree), inspect: nothingSelected}, 0, inspectWindow},
		{"classes of ids not in the tree", &classesGame{tree: flatTree(1, distinct), classes: strings.Repeat(":<Node#3>", (min(size, maxBody)-512)/9), inspect: inspected}, 1, 2},
	}
}

// Classes over a hostile game's tree and answers allocates within
// hostile.Bound of what the game sent, asks each id once, and leaves the
// nodes there are. A freed node was taken out of its parent's children
// one at a time (8 MiB: every node freed took 8.8 s, one id for 190 000
// nodes 5.6 s, a String of classes 33.4 bytes allocated a byte).
func TestHostileClasses(t *testing.T) {
	sizes := []int{1 << 20, 8 << 20}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		for _, c := range classesAttacks(size) {
			t.Run(fmt.Sprintf("%s, %d MiB", c.name, size>>20), func(t *testing.T) {
				s, send := scripted(t, gdvar.Godot4, c.game.reply)
				stopGame(t, s, send)
				ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
				defer cancel()
				hostile.Collect()
				var root *Node
				var err error
				start := time.Now()
				alloc := hostile.Allocated(func() { root, err = classesOf(ctx, s) })
				sent := int(c.game.sent.Load())
				t.Logf("%d bytes: %.1f allocated a byte, %v", sent, float64(alloc)/float64(sent), time.Since(start))
				require.NoError(t, err)
				assert.LessOrEqual(t, alloc, hostile.Bound(sent))
				assert.Len(t, root.Children, c.children)
				assert.LessOrEqual(t, c.game.asked.Load(), int64(c.inspects), "inspects")
				for n := range root.All() {
					require.NotEmpty(t, n.Class, n.Path())
				}
			})
		}
	}
}

// BenchmarkHostileClasses runs Classes over each hostile game's answers,
// next to an ordinary game's of the same size (one evaluate names every
// class): the ratios of their cpu-ns/byte are what a hostile game costs.
func BenchmarkHostileClasses(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, c := range classesAttacks(size) {
			b.Run(fmt.Sprintf("%s/%dMiB", c.name, size>>20), func(b *testing.B) {
				s, send := scripted(b, gdvar.Godot4, c.game.reply)
				send(message4("debug_enter", true, "Breakpoint", true, int64(1)))
				_, err := s.WaitBreak(b.Context())
				require.NoError(b, err)
				c.game.sent.Store(0)
				_, err = classesOf(b.Context(), s)
				require.NoError(b, err)
				cputime.PerByte(b, int(c.game.sent.Load()), func() error {
					_, err := classesOf(b.Context(), s)
					return err
				})
			})
		}
	}
}

// inspected44 answers an inspect as Godot 4.4 does: [id, class, props],
// of class C and the id, or nothing for an object gone (an odd id).
func inspected44(id int64) []byte {
	if id != 1 && id%2 == 1 {
		return message4("scene:inspect_object")
	}
	return message4("scene:inspect_object", id, fmt.Sprint("C", id), []any{})
}

// Godot 4.4's replies to inspect name no id: they are taken in the order
// of the requests, a window of them at a time, and each node gets its
// own id's class, or leaves the tree.
func TestClassesInOrder(t *testing.T) {
	game := &classesGame{tree: flatTree(3*inspectWindow+5, func(i int) int64 { return int64(2 + i) }), inspect: inspected44}
	s, send := scripted(t, gdvar.Godot4, game.reply)
	send(banner4("4.4.1"))
	waitVersion(t, s)
	stopGame(t, s, send)
	root, err := classesOf(shotContext(t), s)
	require.NoError(t, err)
	require.Len(t, root.Children, (3*inspectWindow+5+1)/2)
	for _, n := range root.Children {
		assert.Equal(t, fmt.Sprint("C", n.ID), n.Class)
		assert.Zero(t, n.ID%2, "a node gone is left")
		assert.Same(t, root, n.parent)
	}
}

// What no game can answer is ErrMalformed, and the root gone ErrNoNode.
func TestClassesMalformed(t *testing.T) {
	for _, c := range []struct {
		name    string
		banner  string
		classes any
		inspect func(id int64) []byte
		want    error
	}{
		{"the classes not a String", "", int64(7), inspected, ErrMalformed},
		{"a class that is no name", "", nil, func(id int64) []byte {
			return message4("scene:inspect_objects", []any{id, "Node2D; rm", []any{}})
		}, ErrMalformed},
		{"an empty class", "", nil, func(id int64) []byte {
			return message4("scene:inspect_objects", []any{id, "", []any{}})
		}, ErrMalformed},
		{"another object (Godot 4.4)", "4.4.1", nil, func(id int64) []byte {
			return message4("scene:inspect_object", id+2, "Node", []any{})
		}, ErrMalformed},
		{"the root gone", "", nil, func(int64) []byte { return message4("remote_nothing_selected") }, ErrNoNode},
	} {
		t.Run(c.name, func(t *testing.T) {
			game := &classesGame{tree: flatTree(3, distinct), classes: c.classes, inspect: c.inspect}
			s, send := scripted(t, gdvar.Godot4, game.reply)
			if c.banner != "" {
				send(banner4(c.banner))
				waitVersion(t, s)
			}
			stopGame(t, s, send)
			_, err := classesOf(shotContext(t), s)
			require.ErrorIs(t, err, c.want)
			assert.LessOrEqual(t, len(err.Error()), 300, err.Error())
		})
	}
}

// A game that answers no inspect fails Classes within one request
// timeout, whatever the number of nodes: one window was asked for, and
// is given up, its late replies to be dropped.
func TestClassesUnanswered(t *testing.T) {
	game := &classesGame{tree: flatTree(10*inspectWindow, distinct), inspect: func(int64) []byte { return nil }}
	s, send := scriptedWith(t, gdvar.Godot4, game.reply, WithRequestTimeout(time.Second))
	stopGame(t, s, send)
	_, err := classesOf(shotContext(t), s)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.ErrorContains(t, err, "no reply within 1s")
	assert.Positive(t, game.asked.Load())
	assert.LessOrEqual(t, game.asked.Load(), int64(inspectWindow), "inspects asked for")
	s.mu.Lock()
	defer s.mu.Unlock()
	assert.LessOrEqual(t, len(s.waiters), maxLate, "waiters left")
}

// readClasses reads each "Name:<Class#id>" of the ids it is asked for,
// the first of each, and nothing else; its names hold nothing of the
// text.
func TestReadClasses(t *testing.T) {
	known := map[int64]classOf{1: {}, 2: {}, 3: {}, 4: {}, 5: {name: "Kept"}, 6: {}}
	readClasses("[root:<Window#1>, A:<Node2D#2>, B:<Node2D#2>, :<#3>, C:<Sprite2D#3, D:<A b#4>, :<Label#4>, E:<Node#5>, F:<Node#99999999999999999999>, G:<Node#-6>, :<:<Node#6>", known)
	assert.Equal(t, map[int64]classOf{1: {name: "Window"}, 2: {name: "Node2D"}, 3: {}, 4: {name: "Label"}, 5: {name: "Kept"}, 6: {name: "Node"}}, known)
}

// readClasses looks at each byte of a String a few times at most, of any
// content.
func BenchmarkReadClasses(b *testing.B) {
	for _, c := range []struct{ name, text string }{
		{"ordinary", classesText(100_000)},
		{"openings", strings.Repeat(":<", 1<<20)},
		{"names", ":<" + strings.Repeat("A", 2<<20)},
		{"digits", ":<A#" + strings.Repeat("1", 2<<20)},
	} {
		b.Run(c.name, func(b *testing.B) {
			known := map[int64]classOf{}
			cputime.PerByte(b, len(c.text), func() error {
				readClasses(c.text, known)
				return nil
			})
		})
	}
}
