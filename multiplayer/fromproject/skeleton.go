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
	port := skeletonPort
	if n, err := NetOf(p); err == nil && n.Port > 0 {
		port = n.Port // create_server's, where the scripts tell it
	}
	var b bytes.Buffer
	d.skeleton(&b, port)
	src, err := format.Source(b.Bytes())
	if err != nil {
		return fmt.Errorf("the skeleton of %s does not format: %w", mainScene, err) // a bug here
	}
	_, err = w.Write(src)
	return err
}

// skeleton writes the server's source, unformatted: the program's start,
// the stubs of the nodes with scripts, of the spawners and of the
// synchronized nodes, and the program's end; port is the default address's.
func (d *declarations) skeleton(b *bytes.Buffer, port int) {
	fmt.Fprintf(b, skeletonHead, d.scene, port, d.scene)
	d.nodeStubs(b)
	d.spawnerStubs(b)
	d.staticStubs(b)
	b.WriteString(skeletonTail)
}

// skeletonPort is the port a skeleton serves on by default where the
// project's scripts do not tell theirs: the one Godot's documentation
// uses.
const skeletonPort = 8910

// skeletonHead is the program up to its declarations, a format of the
// main scene's path, twice, and the default address's port.
const skeletonHead = `// Command server serves %s's clients: the declarations come from its
// project (fromproject.Declare); the game's logic, which its scripts run
// on a Godot host and a Go server does not run, is yours to write where
// the TODOs say. Written by gdvar server-skeleton.
//
// It is ready for a fleet (docs/operations.md): -metrics serves
// Prometheus' /metrics and Kubernetes' /healthz and /readyz probes; on
// SIGTERM it drains (takes no new player, /readyz answers 503, and lets
// the match go on for -drain before closing it); it logs JSON lines.
package main

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/multiplayer/promstats"
	"github.com/gdvar/gdvar/project"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

func main() {
	dir := flag.String("project", ".", "the game's folder, which holds project.godot")
	addr := flag.String("addr", "0.0.0.0:%d", "the address players join: the game's create_server port")
	metrics := flag.String("metrics", "", "serve /metrics, /healthz and /readyz on this address (say 127.0.0.1:9100); none if empty")
	drain := flag.Duration("drain", 25*time.Second, "on SIGTERM, how long the match may go on before its players are closed: under Kubernetes' terminationGracePeriodSeconds")
	flag.Parse()
	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	fatal := func(err error) {
		logger.Error("server: " + err.Error())
		os.Exit(1)
	}
	p, err := project.Open(*dir)
	if err != nil {
		fatal(err)
	}
	// The transport and its settings, as the game's scripts set up their
	// server: WebSocket or ENet, its subprotocols, compression, port.
	net, err := fromproject.NetOf(p)
	if err != nil {
		fatal(err)
	}
	for _, what := range net.Unknown {
		logger.Warn("the project does not tell: " + what)
	}
	m := multiplayer.MustNew(append(net.ServerOptions(), multiplayer.WithLogger(logger))...)
	game, err := fromproject.Declare(m, p, %q)
	if err != nil {
		fatal(err)
	}
	must := func(err error) {
		if err != nil {
			fatal(err)
		}
	}
`

// skeletonTail is the program after its declarations: the peers'
// handlers, the server's start, its metrics and its drain.
const skeletonTail = `
	_, _ = game, must // for the game's logic, where the stubs above do not use them

	m.OnPeerConnected(func(id multiplayer.PeerID) {
		// TODO: what the game's peer_connected does
	})
	m.OnPeerDisconnected(func(id multiplayer.PeerID) {
		// TODO: what the game's peer_disconnected does
	})

	serving := make(chan error, 1)
	go func() { serving <- net.Serve(context.Background(), m, *addr) }()
	if *metrics != "" {
		go func() { fatal(serveMetrics(*metrics, m)) }()
	}
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, syscall.SIGTERM, os.Interrupt)
	select {
	case err := <-serving:
		fatal(err) // the address is taken, say
	case sig := <-signals:
		logger.Info("server: draining", "signal", sig.String(), "for", drain.String())
	}
	ctx, cancel := context.WithTimeout(context.Background(), *drain)
	go func() {
		<-signals // a second signal ends the match at once
		cancel()
	}()
	if err := m.Drain(ctx); err != nil {
		logger.Warn("server: the match was closed before it ended", "error", err.Error())
	}
	cancel()
	if err := <-serving; err != nil {
		fatal(err)
	}
}

// serveMetrics serves Prometheus' /metrics (the Multiplayer's, the Go
// runtime's and the process's) and the probes /healthz and /readyz.
func serveMetrics(addr string, m *multiplayer.Multiplayer) error {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if err := promstats.Register(reg, promstats.Of(m)); err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	mux.Handle("/healthz", m.HealthHandler())
	mux.Handle("/readyz", m.ReadyHandler())
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	err := srv.ListenAndServe()
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
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
