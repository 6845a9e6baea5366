package fromproject

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/vartext"
)

// randomGame is a Godot 4.6 game genGame wrote: its files, by path from
// the project's folder, and its plan, which both sides follow and check.
type randomGame struct {
	files  map[string]string
	calls  []plannedCall
	spawns []plannedSpawn
}

// plannedCall is a call of each method of each node: the main scene's
// scripted nodes and every spawned node.
type plannedCall struct {
	node, method   string // the node's absolute path
	anyPeer, local bool   // @rpc's mode is any_peer; call_local
	args           []any
}

// plannedSpawn is a node a spawner spawns, with its properties' values:
// at the spawn (the spawn properties), and at last (every property sent).
type plannedSpawn struct {
	spawner, scene, parent, name string // spawner and parent: absolute paths
	spawn, final                 map[string]any
}

// path is the spawned node's absolute path.
func (s plannedSpawn) path() string { return s.parent + "/" + s.name }

// gameGen writes random games: a main scene of nodes whose scripts,
// some extending others, declare random @rpc sets (modes, call_local,
// transfer modes, channels, typed and untyped arguments of many types,
// Unicode names), and spawners of several scenes whose synchronizers
// replicate random script and built-in properties, with random spawn and
// replication modes and intervals.
type gameGen struct {
	r *rand.Rand
	n int // names made, to keep every name new
	g *randomGame
	// reliable has every method reliable: over ENet a sender's throttle
	// drops unreliable packets when round trips grow, as libenet's does,
	// which a loaded machine makes them.
	reliable bool
}

func (g *gameGen) chance(p float64) bool { return g.r.Float64() < p }

// newGame writes a random game from seed.
func newGame(seed int64, reliable bool) *randomGame {
	g := &gameGen{r: rand.New(rand.NewPCG(uint64(seed), 0x42)), g: &randomGame{files: map[string]string{}}, reliable: reliable}
	g.main()
	return g.g
}

// name returns a new identifier, sometimes not ASCII: the engine sorts
// method names by code point.
func (g *gameGen) name() string {
	g.n++
	stems := []string{"zap", "Alpha", "beta", "ping", "move", "_hit", "ñandú", "größe", "名前", "Ωmega", "a"}
	return fmt.Sprintf("%s_%d", stems[g.r.IntN(len(stems))], g.n)
}

// valueType is a type of an argument or a property: its GDScript name
// and a random value of it.
type valueType struct {
	name  string
	value func(g *gameGen) any
}

// quarter is a random float that 32 bits hold exactly, as the engine's
// vectors and colors do.
func quarter(g *gameGen) float64 { return float64(g.r.IntN(4001)-2000) / 4 }

var valueTypes = []valueType{
	{"int", func(g *gameGen) any {
		if g.chance(0.2) {
			return int64(g.r.Uint64() >> 1) // past 32 bits
		}
		return int64(g.r.IntN(2_000_001) - 1_000_000)
	}},
	{"float", func(g *gameGen) any {
		if g.chance(0.5) {
			return float64(g.r.IntN(200001)-100000) / 1000 // not 32-bit
		}
		return quarter(g)
	}},
	{"bool", func(g *gameGen) any { return g.chance(0.5) }},
	{"String", func(g *gameGen) any {
		return []string{"", "hello", "ünïcødé ✓", `"quoted" \ back`, "line\nbreak", "名前"}[g.r.IntN(6)] + fmt.Sprint(g.r.IntN(100))
	}},
	{"StringName", func(g *gameGen) any { return gdvar.StringName(fmt.Sprintf("name_%d", g.r.IntN(1000))) }},
	{"Vector2", func(g *gameGen) any { return gdvar.Vector2{X: quarter(g), Y: quarter(g)} }},
	{"Vector3", func(g *gameGen) any { return gdvar.Vector3{X: quarter(g), Y: quarter(g), Z: quarter(g)} }},
	{"Color", func(g *gameGen) any {
		c := func() float32 { return float32(g.r.IntN(5)) / 4 }
		return gdvar.Color{R: c(), G: c(), B: c(), A: c()}
	}},
	{"Array", func(g *gameGen) any {
		out := []any{}
		for range g.r.IntN(4) {
			out = append(out, int64(g.r.IntN(100)), fmt.Sprint("s", g.r.IntN(100)))
		}
		return out
	}},
	{"PackedByteArray", func(g *gameGen) any {
		b := make([]byte, 1+g.r.IntN(8))
		for i := range b {
			b[i] = byte(g.r.IntN(256))
		}
		return b
	}},
}

func (g *gameGen) valueType() valueType { return valueTypes[g.r.IntN(len(valueTypes))] }

// genScript is a script the generator wrote: its path and its @rpc
// methods, its base's included.
type genScript struct {
	res      string
	nodeType string // the native class it extends, its base's
	methods  []genMethod
}

// genMethod is an @rpc method of a script.
type genMethod struct {
	name           string
	anyPeer, local bool
	args           []valueType
}

// script writes a script of a node of a type: random @rpc methods, an
// unrelated function, and vars for props (name: type); it extends base
// if there is one. main.gd extends the harness.
func (g *gameGen) script(file, nodeType string, base *genScript, props map[string]string) *genScript {
	s := &genScript{res: "res://" + file, nodeType: nodeType}
	var b strings.Builder
	switch {
	case file == "main.gd":
		b.WriteString("extends \"res://harness.gd\"\n")
	case base != nil:
		fmt.Fprintf(&b, "extends %q\n", base.res)
		s.nodeType = base.nodeType
		s.methods = slices.Clone(base.methods)
	default:
		fmt.Fprintf(&b, "extends %s\n", nodeType)
	}
	for _, p := range slices.Sorted(maps.Keys(props)) {
		if g.chance(0.5) {
			b.WriteString("@export ")
		}
		fmt.Fprintf(&b, "var %s: %s\n", p, props[p])
	}
	for range g.r.IntN(5) {
		m := g.method(&b)
		s.methods = append(s.methods, m)
	}
	fmt.Fprintf(&b, "\nfunc %s(x):\n\treturn x\n", g.name()) // not an RPC
	g.g.files[file] = b.String()
	return s
}

// method writes a random @rpc method that reports its calls.
func (g *gameGen) method(b *strings.Builder) genMethod {
	m := genMethod{name: g.name(), anyPeer: g.chance(0.6), local: g.chance(0.3)}
	var ann []string
	if m.anyPeer {
		ann = append(ann, `"any_peer"`)
	} else if g.chance(0.5) {
		ann = append(ann, `"authority"`)
	}
	if m.local {
		ann = append(ann, `"call_local"`)
	} else if g.chance(0.5) {
		ann = append(ann, `"call_remote"`)
	}
	transfer := []string{"reliable", "unreliable", "unreliable_ordered"}[g.r.IntN(3)]
	if g.reliable {
		transfer = "reliable"
	}
	ann = append(ann, fmt.Sprintf("%q", transfer))
	g.r.Shuffle(len(ann), func(i, j int) { ann[i], ann[j] = ann[j], ann[i] })
	if len(ann) == 3 && g.chance(0.7) {
		ann = append(ann, fmt.Sprint(g.r.IntN(8))) // the channel: fourth alone
	}
	var params, names []string
	if g.chance(0.15) { // a lone PackedByteArray travels raw
		m.args = []valueType{valueTypes[len(valueTypes)-1]}
	} else {
		for range g.r.IntN(5) {
			m.args = append(m.args, g.valueType())
		}
	}
	for i, a := range m.args {
		p := fmt.Sprintf("a%d", i)
		names = append(names, p)
		if g.chance(0.7) {
			p += ": " + a.name
		}
		params = append(params, p)
	}
	fmt.Fprintf(b, "\n@rpc(%s)\nfunc %s(%s) -> void:\n\tget_node(^\"/root/Main\").got(self, %q, [%s])\n",
		strings.Join(ann, ", "), m.name, strings.Join(params, ", "), m.name, strings.Join(names, ", "))
	return m
}

// calls plans a call of each method of a node's script.
func (g *gameGen) calls(node string, s *genScript) {
	for _, m := range s.methods {
		c := plannedCall{node: node, method: m.name, anyPeer: m.anyPeer, local: m.local, args: []any{}}
		for _, a := range m.args {
			c.args = append(c.args, a.value(g))
		}
		g.g.calls = append(g.g.calls, c)
	}
}

// main writes the main scene: Main (main.gd), scripted nodes below it,
// spawners and the nodes they spawn under, and their scenes.
func (g *gameGen) main() {
	g.g.files["project.godot"] = "config_version=5\n\n[application]\n\nconfig/name=\"random game\"\nrun/main_scene=\"res://main.tscn\"\n"
	var ext, nodes strings.Builder
	ids := 0
	extResource := func(res string) int {
		ids++
		fmt.Fprintf(&ext, "[ext_resource type=\"Script\" path=%q id=\"%d\"]\n", res, ids)
		return ids
	}
	mainScript := g.script("main.gd", "Node", nil, nil)
	fmt.Fprintf(&nodes, "\n[node name=\"Main\" type=\"Node\"]\nscript = ExtResource(\"%d\")\n", extResource(mainScript.res))
	g.calls("/root/Main", mainScript)
	var scripts []*genScript
	parents := []string{"."}
	for i := range 1 + g.r.IntN(4) {
		name, typ, parent := fmt.Sprintf("N%d", i), []string{"Node", "Node2D", "Node3D"}[g.r.IntN(3)], parents[g.r.IntN(len(parents))]
		var base *genScript
		if len(scripts) > 0 && g.chance(0.3) {
			base = scripts[g.r.IntN(len(scripts))]
		}
		s := g.script(fmt.Sprintf("n%d.gd", i), typ, base, nil)
		typ = s.nodeType // the engine gives no node a script of another class
		scripts = append(scripts, s)
		fmt.Fprintf(&nodes, "\n[node name=%q type=%q parent=%q]\nscript = ExtResource(\"%d\")\n", name, typ, parent, extResource(s.res))
		abs := "/root/Main"
		if parent != "." {
			abs += "/" + parent
		}
		abs += "/" + name
		g.calls(abs, s)
		parents = append(parents, strings.TrimPrefix(abs, "/root/Main/"))
	}
	scene := 0
	for i := range 1 + g.r.IntN(2) {
		spawner, parent := fmt.Sprintf("Spawner%d", i), fmt.Sprintf("Things%d", i)
		var res []string
		var spawns []plannedSpawn
		for range 1 + g.r.IntN(3) {
			file := fmt.Sprintf("s%d.tscn", scene)
			scene++
			res = append(res, "res://"+file)
			script, props := g.spawnable(file)
			for range 1 + g.r.IntN(2) {
				s := plannedSpawn{spawner: "/root/Main/" + spawner, scene: "res://" + file, parent: "/root/Main/" + parent, name: g.name()}
				g.plans(&s, props)
				g.calls(s.path(), script)
				spawns = append(spawns, s)
			}
		}
		limit := 0
		if g.chance(0.5) {
			limit = len(spawns) + g.r.IntN(3)
		}
		fmt.Fprintf(&nodes, "\n[node name=%q type=\"Node\" parent=\".\"]\n", parent)
		fmt.Fprintf(&nodes, "\n[node name=%q type=\"MultiplayerSpawner\" parent=\".\"]\n_spawnable_scenes = PackedStringArray(%s)\nspawn_path = NodePath(\"../%s\")\nspawn_limit = %d\n",
			spawner, quoteAll(res), parent, limit)
		g.g.spawns = append(g.g.spawns, spawns...)
	}
	g.g.files["main.tscn"] = "[gd_scene format=3]\n\n" + ext.String() + nodes.String()
}

// genProp is a property of a spawnable scene's synchronizer.
type genProp struct {
	name  string // as the node names it
	typ   valueType
	spawn bool
	mode  mode.Replication
}

// spawnable writes a spawnable scene: its root's script with random @rpc
// methods, and synchronizers of random script and built-in properties,
// some on a node below the root; it returns the script and the
// properties.
func (g *gameGen) spawnable(file string) (*genScript, []genProp) {
	typ := []string{"Node", "Node2D", "Node3D"}[g.r.IntN(3)]
	var props []genProp
	vars := map[string]string{}
	if typ != "Node" && g.chance(0.5) {
		props = append(props, genProp{name: "position", typ: valueTypes[slices.IndexFunc(valueTypes, func(v valueType) bool {
			return v.name == map[string]string{"Node2D": "Vector2", "Node3D": "Vector3"}[typ]
		})]})
	}
	for range 1 + g.r.IntN(6) {
		p := genProp{name: g.name(), typ: g.valueType()}
		vars[p.name] = p.typ.name
		props = append(props, p)
	}
	g.r.Shuffle(len(props), func(i, j int) { props[i], props[j] = props[j], props[i] })
	for i := range props {
		props[i].spawn, props[i].mode = g.chance(0.6), mode.Replication(g.r.IntN(3))
	}
	script := g.script(strings.TrimSuffix(file, ".tscn")+".gd", typ, nil, vars)
	// Synchronizers below Parts and the root's come in the order made,
	// which need not be the tree's (Parts/Sync0, Sync1, Parts/Sync2): the
	// engine numbers them in the tree's.
	var subs, nodes strings.Builder
	fmt.Fprintf(&nodes, "\n[node name=\"Root\" type=%q]\nscript = ExtResource(\"1\")\n", typ)
	parts := false
	for i, rest := 0, props; len(rest) > 0; i++ {
		n := 1 + g.r.IntN(len(rest))
		fmt.Fprintf(&subs, "\n[sub_resource type=\"SceneReplicationConfig\" id=\"c%d\"]\n", i)
		for j, p := range rest[:n] {
			fmt.Fprintf(&subs, "properties/%d/path = NodePath(\".:%s\")\nproperties/%d/spawn = %t\nproperties/%d/replication_mode = %d\n", j, p.name, j, p.spawn, j, p.mode)
		}
		rest = rest[n:]
		parent, root := ".", ".."
		if g.chance(0.3) {
			if !parts {
				nodes.WriteString("\n[node name=\"Parts\" type=\"Node\" parent=\".\"]\n")
				parts = true
			}
			parent, root = "Parts", "../.."
		}
		fmt.Fprintf(&nodes, "\n[node name=\"Sync%d\" type=\"MultiplayerSynchronizer\" parent=%q]\nroot_path = NodePath(%q)\n", i, parent, root)
		fmt.Fprintf(&nodes, "replication_interval = %s\ndelta_interval = %s\n", g.interval(), g.interval())
		fmt.Fprintf(&nodes, "replication_config = SubResource(\"c%d\")\n", i)
	}
	g.g.files[file] = fmt.Sprintf("[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=%q id=\"1\"]\n%s%s", script.res, subs.String(), nodes.String())
	return script, props
}

// interval is a random synchronizer interval, in seconds: 0 (each
// frame) or up to a tenth of a second.
func (g *gameGen) interval() string {
	return []string{"0.0", "0.0", "0.016", "0.05", "0.1"}[g.r.IntN(5)]
}

// plans plans a spawn's values: the spawn properties' at the spawn, and
// every sent property's at last, a value other than its spawn value if
// it is replicated after.
func (g *gameGen) plans(s *plannedSpawn, props []genProp) {
	s.spawn, s.final = map[string]any{}, map[string]any{}
	for _, p := range props {
		v := p.typ.value(g)
		if p.spawn {
			s.spawn[p.name] = v
			s.final[p.name] = v
		}
		if p.mode == mode.ReplicateNever {
			continue
		}
		last := p.typ.value(g)
		for range 8 {
			if fmt.Sprint(last) != fmt.Sprint(v) {
				break
			}
			last = p.typ.value(g)
		}
		s.final[p.name] = last
	}
}

// quoteAll quotes each string and joins them with commas.
func quoteAll(s []string) string {
	var out []string
	for _, v := range s {
		out = append(out, fmt.Sprintf("%q", v))
	}
	return strings.Join(out, ", ")
}

// plan returns the plan as the harness reads it (var_to_str of a
// Dictionary; see scripts/multiplayer/project.gd).
func (gm *randomGame) plan() (string, error) {
	var calls, spawns []any
	for _, c := range gm.calls {
		calls = append(calls, map[string]any{"node": c.node, "method": c.method, "any_peer": c.anyPeer, "local": c.local, "args": c.args})
	}
	for _, s := range gm.spawns {
		spawns = append(spawns, map[string]any{"spawner": s.spawner, "scene": s.scene, "parent": s.parent, "name": s.name, "spawn": s.spawn, "final": s.final})
	}
	text, err := vartext.Marshal(map[string]any{"calls": calls, "spawns": spawns})
	return string(text), err
}

// write writes the game into a new folder, with the harness and the
// plan, and returns the folder.
func (gm *randomGame) write(t *testing.T) string {
	dir := t.TempDir()
	harness, err := os.ReadFile(filepath.Join("..", "..", "scripts", "multiplayer", "project.gd"))
	require.NoError(t, err)
	plan, err := gm.plan()
	require.NoError(t, err)
	files := map[string]string{"harness.gd": string(harness), "plan.txt": plan}
	for name, text := range gm.files {
		files[name] = text
	}
	for name, text := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	return dir
}
