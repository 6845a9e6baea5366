package fromproject

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/project"
)

// WriteSkeleton writes to w the Go source of a server for a project's
// main scene, as Declare reads it: a program that declares the project,
// a handler stub for every method a client can call on the server (each
// any_peer method; each authority method, which a client calls only once
// it owns the node, commented out), every spawner with its scenes and their spawn
// properties, every synchronized node, and what each needs of the game's
// logic (who owns what), for the porter to fill in. The server runs no
// GDScript: the stubs say what the game's scripts do there.
func WriteSkeleton(w io.Writer, p *project.Project, mainScene string) error {
	d, err := read(p, mainScene)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	d.skeleton(&b)
	src, err := format.Source(b.Bytes())
	if err != nil {
		return fmt.Errorf("the skeleton of %s does not format: %w", mainScene, err) // a bug here
	}
	_, err = w.Write(src)
	return err
}

// skeleton writes the server's source, unformatted: the program's start,
// the stubs of the nodes with scripts, of the spawners and of the
// synchronized nodes, and the program's end.
func (d *declarations) skeleton(b *bytes.Buffer) {
	fmt.Fprintf(b, skeletonHead, d.scene, d.scene)
	d.nodeStubs(b)
	d.spawnerStubs(b)
	d.staticStubs(b)
	b.WriteString(skeletonTail)
}

// skeletonHead is the program up to its declarations, a format of the
// main scene's path, twice.
const skeletonHead = `// Command server serves %s's clients: the declarations come from its
// project (fromproject.Declare); the game's logic, which its scripts run
// on a Godot host and a Go server does not run, is yours to write where
// the TODOs say. Written by gdvar server-skeleton.
package main

import (
	"context"
	"log"
	"os"
	"os/signal"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	p, err := project.Open(".") // the game's folder, which holds project.godot
	if err != nil {
		log.Fatal(err)
	}
	// The transport's settings must be the game's: WithSubprotocols for a
	// WebSocketMultiplayerPeer's supported_protocols, WithMaxPeers for
	// create_server's max_clients, enet.WithCompression for compress().
	m := multiplayer.MustNew()
	game, err := fromproject.Declare(m, p, %q)
	if err != nil {
		log.Fatal(err)
	}
	must := func(err error) {
		if err != nil {
			log.Fatal(err)
		}
	}
`

// skeletonTail is the program after its declarations: the peers'
// handlers and the server's start.
const skeletonTail = `
	m.OnPeerConnected(func(id multiplayer.PeerID) {
		log.Printf("peer %d joined", id) // TODO: what the game's peer_connected does
	})
	m.OnPeerDisconnected(func(id multiplayer.PeerID) {
		log.Printf("peer %d left", id) // TODO: what the game's peer_disconnected does
	})
	m.OnError(func(err error) { log.Print(err) })
	log.Fatal(m.ListenAndServeENet(ctx, "0.0.0.0:8910")) // or m.ListenAndServe for WebSocketMultiplayerPeer
}
`

// nodeStubs writes the handler stubs of the autoloads' and the main
// scene's nodes, each under its path and script.
func (d *declarations) nodeStubs(b *bytes.Buffer) {
	for _, n := range d.nodes {
		methods := n.methods.Methods()
		if len(methods) == 0 {
			continue
		}
		fmt.Fprintf(b, "\n\t// %s, script %s.\n", n.path, project.Shown(n.script.path))
		for _, meth := range methods {
			d.stub(b, fmt.Sprintf("game.Handle(%q, ", n.path), true, meth)
		}
	}
}

// spawnerStubs writes each spawner, and for each scene it spawns what
// the server must do to spawn it (spawnedStubs); a spawner that lists
// no scene, how to name the scene its spawn_function builds.
func (d *declarations) spawnerStubs(b *bytes.Buffer) {
	for _, s := range d.spawners {
		fmt.Fprintf(b, "\n\t// MultiplayerSpawner %s: spawns under %s.\n", s.path, s.cfg.SpawnPath)
		v := varName(s.path)
		fmt.Fprintf(b, "\t%s, err := game.Spawner(%q)\n\tmust(err)\n", v, s.path)
		for _, sc := range s.cfg.Scenes {
			d.spawnedStubs(b, v, sc)
		}
		if len(s.cfg.Scenes) == 0 {
			fmt.Fprintf(b, "\t// It lists no scene: its spawn_function builds one in code; name it with\n\t// fromproject.WithCustomSpawn(%q, \"res://….tscn\") and spawn with %s.SpawnCustom(scene, name, data, state).\n", s.path, v)
		}
		fmt.Fprintf(b, "\t_ = %s\n", v)
	}
}

// spawnedStubs writes, for a scene the spawner in variable v spawns, how
// the server spawns it, what its synchronizers replicate, what its own
// spawners spawn, and the handler stubs of its nodes, in each spawn.
func (d *declarations) spawnedStubs(b *bytes.Buffer, v string, sc multiplayer.SpawnableScene) {
	fmt.Fprintf(b, "\t// TODO: spawn %s where the game's script does:\n", sc.Path)
	fmt.Fprintf(b, "\t//   %s.Spawn(%q, name, map[string]any{%s})\n", v, sc.Path, spawnState(sc))
	fmt.Fprintf(b, "\t// or, if its script hands it to a peer in _enter_tree, %s.SpawnOwned(%q, name, peer, nil),\n", v, sc.Path)
	fmt.Fprintf(b, "\t// or only some of its nodes (an Inputs child), %s.SpawnWithOwners(%q, name, multiplayer.Owners{\"Inputs\": peer}, state).\n", v, sc.Path)
	for _, sy := range sc.Synchronizers {
		fmt.Fprintf(b, "\t// Its synchronizer %s replicates %s: the server's, until Object.SetAuthority gives it to the peer the script names.\n", sy.Path, propertyList(sy))
	}
	for _, sp := range sc.Spawners {
		if len(sp.Scenes) == 0 && len(sp.Custom) == 0 {
			fmt.Fprintf(b, "\t// Its MultiplayerSpawner %s lists no scene: its spawn_function builds one in code; name it with\n\t// fromproject.WithCustomSpawnIn(%q, %q, \"res://….tscn\") and spawn with o.SpawnerAt(%q).SpawnCustom(scene, name, data, state).\n",
				sp.Path, sc.Path, sp.Path, sp.Path)
			continue
		}
		fmt.Fprintf(b, "\t// Its MultiplayerSpawner %s spawns under %s, in each spawn o: o.SpawnerAt(%q).Spawn(%s, name, state).\n",
			sp.Path, sp.SpawnPath, sp.Path, sceneList(sp.Scenes))
	}
	nodes := append([]multiplayer.SpawnedNode{{Path: ".", Methods: sc.Methods}}, sc.Nodes...)
	for _, n := range nodes {
		if len(n.Methods) > 0 {
			fmt.Fprintf(b, "\t// In each spawn of %s, its node %s:\n", sc.Path, n.Path)
		}
		for _, meth := range n.Methods {
			d.stub(b, fmt.Sprintf("%s.Handle(%q, %q, ", v, sc.Path, n.Path), false, meth)
		}
	}
}

// staticStubs writes each synchronized node of the autoloads and the
// main scene, and what its synchronizers replicate.
func (d *declarations) staticStubs(b *bytes.Buffer) {
	for at, syncs := range d.statics.All() {
		fmt.Fprintf(b, "\n\t// %s, replicated by %d synchronizer(s): the server's, until SetAuthority.\n", at, len(syncs))
		for _, sy := range syncs {
			fmt.Fprintf(b, "\t// %s: %s\n", sy.Path, propertyList(sy))
		}
		fmt.Fprintf(b, "\t_, err = game.Synchronized(%q) // TODO: Set its properties as the game's logic moves it\n\tmust(err)\n", at)
	}
}

// stub writes a method's handler, or says why the server needs none.
// handle is the call that sets it, up to the method's name: game.Handle,
// which returns an error (must), or a Spawner's Handle, which panics.
func (d *declarations) stub(b *bytes.Buffer, handle string, returnsErr bool, meth multiplayer.Method) {
	open, end := fmt.Sprintf("%s%q, func(c *multiplayer.Call, args ...any) error {", handle, meth.Name), "})"
	if returnsErr {
		open, end = "must("+open, "}))"
	}
	rpc := rpcLine(meth)
	switch meth.Mode {
	case mode.Disabled:
		fmt.Fprintf(b, "\t// %s: %s, disabled.\n", meth.Name, rpc)
		return
	case mode.Authority:
		fmt.Fprintf(b, "\t// %s: %s: the node's authority calls it, the server unless a peer owns\n", meth.Name, rpc)
		fmt.Fprintf(b, "\t// the node; then: %s return nil %s\n", open, end)
		return
	default:
		fmt.Fprintf(b, "\t// %s: %s: any peer calls it on the server.\n", meth.Name, rpc)
	}
	fmt.Fprintf(b, "\t%s\n", open)
	fmt.Fprintf(b, "\t\t// TODO: what the script's %s does on the server, from c.From.\n", meth.Name)
	if meth.CallLocal {
		fmt.Fprintf(b, "\t\t// call_local: the server runs it too when it calls it on every peer.\n")
	}
	fmt.Fprintf(b, "\t\treturn nil\n\t%s\n", end)
}

// rpcLine is a method's @rpc annotation, as a script would write it.
func rpcLine(meth multiplayer.Method) string {
	args := []string{fmt.Sprintf("%q", meth.Mode)}
	if meth.CallLocal {
		args = append(args, `"call_local"`)
	}
	args = append(args, fmt.Sprintf("%q", meth.Transfer))
	if meth.Channel != 0 {
		args = append(args, fmt.Sprint(meth.Channel))
	}
	return "@rpc(" + strings.Join(args, ", ") + ")"
}

// spawnState is the spawn properties of a scene, as Go map entries to fill.
func spawnState(sc multiplayer.SpawnableScene) string {
	var out []string
	for _, sy := range sc.Synchronizers {
		for _, p := range sy.Properties {
			if p.Spawn {
				out = append(out, fmt.Sprintf("%q: nil", p.Path))
			}
		}
	}
	return strings.Join(slices.Compact(out), ", ")
}

// sceneList names a spawner's scenes, for a comment: "res://a.tscn" or
// "res://a.tscn" | "res://b.tscn".
func sceneList(scenes []multiplayer.SpawnableScene) string {
	var quoted []string
	for _, sc := range scenes {
		quoted = append(quoted, strconv.Quote(sc.Path))
	}
	return strings.Join(quoted, " | ")
}

// propertyList is a synchronizer's properties and how each is sent.
func propertyList(sy multiplayer.Synchronizer) string {
	var out []string
	for _, p := range sy.Properties {
		out = append(out, fmt.Sprintf("%s (%s)", p.Path, p.Replicate))
	}
	if len(out) == 0 {
		return "nothing"
	}
	return strings.Join(out, ", ")
}

// varName is a Go variable name for the node at an absolute path: its
// name, lower-cased first, letters and digits only.
func varName(path string) string {
	name := path[strings.LastIndexByte(path, '/')+1:]
	var b strings.Builder
	for i, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_', r >= '0' && r <= '9' && i > 0:
			b.WriteRune(r)
		}
	}
	s := b.String()
	if s == "" {
		return "spawner"
	}
	return strings.ToLower(s[:1]) + s[1:]
}
