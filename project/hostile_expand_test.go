package project

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
)

// cost is what a question to a project cost, the project opened and its
// files read within it: the bytes allocated, those still held after (the
// Project and the answer kept), the CPU time, and the answer's error.
type cost struct {
	alloc, held uint64
	cpu         time.Duration
	err         error
}

// costOf writes files as a project and asks it a question, measured from
// its Open, each run on the project opened again: the bytes of the
// first, the least CPU time of runs. A run before them, not measured,
// makes what the process makes once (the engine's class tables).
func costOf(t testing.TB, files map[string]string, runs int, ask func(p *Project) (any, error)) cost {
	dir := writeProject(t, files)
	if p, err := Open(dir); err == nil {
		_, _ = ask(p)
	}
	var c cost
	for i := range runs {
		hostile.Collect()
		before := hostile.HeapInUse()
		var p *Project
		var answer any
		start := cputime.Process()
		alloc := hostile.Allocated(func() {
			if p, c.err = Open(dir); c.err == nil {
				answer, c.err = ask(p)
			}
		})
		cpu := cputime.Process() - start
		if i == 0 {
			c.alloc, c.cpu = alloc, cpu
			c.held = hostile.HeapInUse() - min(before, hostile.HeapInUse())
		}
		c.cpu = min(c.cpu, cpu)
		runtime.KeepAlive(p)
		runtime.KeepAlive(answer)
	}
	hostile.Collect()
	return c
}

// perByte is n per byte of size.
func perByte[T uint64 | time.Duration](n T, size int) float64 { return float64(n) / float64(size) }

// expansion is a project built to make much of few bytes, the question
// that expands it, and the refusal it must get (nil: an answer).
type expansion struct {
	name  string
	files map[string]string
	ask   func(p *Project) (any, error)
	is    error
}

// checkExpansion asks the question (runs times, for its CPU time) and
// checks its answer or refusal, and its cost against hostile.Bound of the
// project's bytes, allocated and held.
func checkExpansion(t *testing.T, e expansion, runs int) cost {
	size := filesBytes(e.files)
	c := costOf(t, e.files, runs, e.ask)
	t.Logf("%s: %d bytes, %.1f B/B allocated, %.1f held, %.1f cpu-ns/byte: %.200v", e.name, size, perByte(c.alloc, size), perByte(c.held, size), perByte(c.cpu, size), c.err)
	if e.is == nil {
		assert.NoError(t, c.err, e.name)
	} else {
		assert.ErrorIs(t, c.err, e.is, e.name)
	}
	assert.LessOrEqual(t, c.alloc, hostile.Bound(size), "%s: allocated", e.name)
	assert.LessOrEqual(t, c.held, hostile.Bound(size), "%s: held", e.name)
	return c
}

// nodesScene is a scene of n nodes under its root, each line node(i).
func nodesScene(n int, node func(i int) string) string {
	var b strings.Builder
	b.WriteString("[gd_scene format=3]\n\n[node name=\"R\" type=\"Node\"]\n")
	for i := range n {
		b.WriteString(node(i))
	}
	return b.String()
}

// typedNode is a Node under the root; bareNode is a node of the fewest
// bytes, without even a type.
func typedNode(i int) string {
	return fmt.Sprintf("[node name=%q type=\"Node\" parent=\".\"]\n", hostile.Name(i))
}

func bareNode(i int) string { return fmt.Sprintf("[node name=%q parent=\".\"]\n", hostile.Name(i)) }

// ordinaryScene is a scene such as a game has, of about size bytes: nodes
// of a few classes, with scripts and properties, under one another.
func ordinaryScene(size int) string {
	var b strings.Builder
	b.WriteString("[gd_scene load_steps=3 format=3 uid=\"uid://cqordinary\"]\n\n" +
		"[ext_resource type=\"Script\" path=\"res://player.gd\" id=\"1_p\"]\n" +
		"[ext_resource type=\"Texture2D\" path=\"res://icon.svg\" id=\"2_i\"]\n\n" +
		"[node name=\"Level\" type=\"Node2D\"]\n\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "[node name=\"Player%d\" type=\"CharacterBody2D\" parent=\".\"]\nposition = Vector2(%d, %d)\nscript = ExtResource(\"1_p\")\nspeed = %d.5\n\n", i, i*16, i*8, i%300)
		fmt.Fprintf(&b, "[node name=\"Sprite\" type=\"Sprite2D\" parent=\"Player%d\"]\ntexture = ExtResource(\"2_i\")\nmodulate = Color(1, 0.5, 0.5, 1)\n\n", i)
		fmt.Fprintf(&b, "[node name=\"Shape\" type=\"CollisionShape2D\" parent=\"Player%d\"]\nposition = Vector2(0, 4)\n\n", i)
	}
	return b.String()
}

// autoloading is a project whose autoloads, n of them, each name the
// scene s.tscn of nodes nodes.
func autoloading(n, nodes int) map[string]string {
	var b strings.Builder
	b.WriteString("config_version=5\n\n[autoload]\n\n")
	for i := range n {
		fmt.Fprintf(&b, "A%d=\"*res://s.tscn\"\n", i)
	}
	return map[string]string{"project.godot": b.String(), "s.tscn": nodesScene(nodes, typedNode)}
}

func runningTree(p *Project) (any, error) { return p.RunningTree("") }

func treeOf(scene string) func(p *Project) (any, error) {
	return func(p *Project) (any, error) { return p.Tree(scene) }
}

// treeAttacks are projects whose trees are far larger than their files:
// autoloads naming one large scene again and again, scenes each
// instancing the one before twice, 2 MiB of bare nodes; with the
// ordinary ones next to them, made within the budget.
func treeAttacks() []expansion {
	bare := map[string]string{"s.tscn": nodesScene(70_000, bareNode)}
	return []expansion{
		{"3 autoloads of a 1000-node scene", autoloading(3, 1000), runningTree, nil},
		{"60 autoloads of a 1000-node scene", autoloading(60, 1000), runningTree, ErrBudget},
		{"17 scenes, each instancing the one before twice", instancing(17, "a", "b"), treeOf("res://s16.tscn"), ErrBudget},
		{"11 scenes, each instancing the one before twice", instancing(11, "a", "b"), treeOf("res://s10.tscn"), ErrBudget},
		{"10 scenes, each instancing the one before twice", instancing(10, "a", "b"), treeOf("res://s9.tscn"), nil},
		{"2 MiB of bare nodes", bare, treeOf("res://s.tscn"), nil},
	}
}

// The trees of a question are held to one budget, made from what the
// scenes read say before a node is made: a tree past it is refused
// (ErrBudget) having read its scenes alone, one within it made to its
// size. A running tree's autoloads draw from the same budget as its main
// scene. Before: 60 autoloads of a 1 000-node scene made 60 000 nodes,
// 1 253 B/B allocated and 196 held; 17 scenes each instancing the one
// before twice were refused after 216 B/B, 11 after 346 (106 under
// DeclareProject); the tree of 2 MiB of bare nodes took 38 B/B and 3.7
// times an ordinary scene's CPU a byte.
func TestHostileTrees(t *testing.T) {
	for _, e := range treeAttacks() {
		checkExpansion(t, e, 1)
	}
	const size = 2 << 20
	ordinary := map[string]string{"s.tscn": ordinaryScene(size), "player.gd": "extends CharacterBody2D\n@export var speed := 1.0\n", "icon.svg": "<svg/>"}
	base := checkExpansion(t, expansion{"2 MiB of an ordinary scene", ordinary, treeOf("res://s.tscn"), nil}, 3)
	bare := map[string]string{"s.tscn": nodesScene(70_000, bareNode)}
	c := checkExpansion(t, expansion{"2 MiB of bare nodes", bare, treeOf("res://s.tscn"), nil}, 3)
	ratio := perByte(c.cpu, filesBytes(bare)) / perByte(base.cpu, filesBytes(ordinary))
	t.Logf("bare nodes: %.1f× an ordinary scene's CPU a byte", ratio)
	assert.Less(t, ratio, 5.0)
}

// referring is a scene of n nodes each referring to a resource of its
// own by ID: a script among n external resources, or a replication
// config among n sub-resources.
func referring(n int, synchronizers bool) string {
	var b strings.Builder
	b.WriteString("[gd_scene format=3]\n\n")
	for i := range n {
		if synchronizers {
			fmt.Fprintf(&b, "[sub_resource type=\"SceneReplicationConfig\" id=\"r%d\"]\n", i)
		} else {
			fmt.Fprintf(&b, "[ext_resource type=\"Script\" path=\"res://a.gd\" id=\"%d\"]\n", i)
		}
	}
	b.WriteString("[node name=\"R\" type=\"Node\"]\n")
	for i := range n {
		if synchronizers {
			fmt.Fprintf(&b, "[node name=\"n%d\" type=\"MultiplayerSynchronizer\" parent=\".\"]\nreplication_config = SubResource(\"r%d\")\n", i, i)
		} else {
			fmt.Fprintf(&b, "[node name=\"n%d\" type=\"Node\" parent=\".\"]\nscript = ExtResource(\"%d\")\n", i, i)
		}
	}
	return b.String()
}

// A scene's nodes find the resources they refer to by ID in maps made
// once a file: thousands of nodes each referring to its own script or
// replication config cost about an ordinary scene's CPU a byte. Before,
// each was searched for in the file's list: 20 000 scripts took 7.7
// times an ordinary scene's CPU a byte (286 against 37 cpu-ns/byte).
func TestHostileSceneReferences(t *testing.T) {
	scene := func(p *Project) (any, error) { return p.Scene("res://s.tscn") }
	for _, synchronizers := range []bool{false, true} {
		files := map[string]string{"s.tscn": referring(20_000, synchronizers), "a.gd": "extends Node\n"}
		ordinary := map[string]string{"s.tscn": ordinaryScene(len(files["s.tscn"])), "player.gd": "extends CharacterBody2D\n@export var speed := 1.0\n", "icon.svg": "<svg/>"}
		base := checkExpansion(t, expansion{"an ordinary scene", ordinary, scene, nil}, 3)
		c := checkExpansion(t, expansion{fmt.Sprintf("20 000 nodes referring by ID (synchronizers: %v)", synchronizers), files, scene, nil}, 3)
		ratio := perByte(c.cpu, filesBytes(files)) / perByte(base.cpu, filesBytes(ordinary))
		t.Logf("%.1f× an ordinary scene's CPU a byte", ratio)
		assert.Less(t, ratio, 5.0)
	}
}
