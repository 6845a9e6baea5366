package multiplayer

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/ordered"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// Replication, as Godot 4.6's SceneReplicationInterface does it: a
// Spawner mirrors a MultiplayerSpawner of the game's scene, each
// SpawnableScene it may spawn declares the MultiplayerSynchronizers the
// scene holds, and an
// Object is one node it spawned, here or on the peer that owns the
// spawner, with the values of its synchronizers' properties.

// Property is one property of a synchronizer's replication config.
type Property struct {
	// Path names the property as the config does (".:position"); Get and
	// Set take it. Only the order of the properties goes on the wire.
	Path string
	// Spawn says the property's value goes with the spawn.
	Spawn bool
	// Replicate is when it is sent after: mode.ReplicateNever (only
	// with the spawn, if Spawn is set), mode.ReplicateAlways (in every
	// SYNC) or mode.ReplicateOnChange (in a DELTA when it changes).
	Replicate mode.Replication
}

// Synchronizer declares a MultiplayerSynchronizer of a scene.
type Synchronizer struct {
	// Path is the synchronizer's node, relative to the scene's root
	// ("Sync"). Peers name it by its path when they own it.
	Path string
	// Root is the node its root_path names, relative to the scene's root
	// ("Inputs"; "" or "." for the root itself). As in the engine, a
	// spawn lists only the synchronizers of the scene's root: one of
	// another node is named by its path, whoever owns it.
	Root string
	// Properties is its replication config, in its order.
	Properties []Property
	// Interval and DeltaInterval are its replication_interval and
	// delta_interval: the least time between two syncs and two deltas it
	// sends (0: every tick, see WithReplicationTick).
	Interval, DeltaInterval time.Duration
	// Private is public_visibility turned off: a node of the scene starts
	// visible to no peer, until Object.SetVisibility says otherwise.
	Private bool
}

// SpawnableScene declares a scene a spawner may spawn (one of its
// spawnable scenes): the project's file is package project's Scene.
type SpawnableScene struct {
	// Path is the scene's resource path ("res://player.tscn"). Only its
	// place in SpawnerConfig.Scenes goes on the wire.
	Path string
	// Synchronizers are the scene's synchronizers, in the scene's tree
	// order: a spawn lists those of the scene's root (Synchronizer.Root)
	// that no peer owned as the node entered the tree, with their net
	// ids and spawn state, in that order.
	Synchronizers []Synchronizer
	// Methods are the RPC methods of the scene's root node (Object.Node).
	Methods []Method
	// Nodes are the nodes below the root that have RPC methods: a spawn
	// serves their calls too (Object.Child), as the engine serves a call
	// that names a node under the spawned instance.
	Nodes []SpawnedNode
	// Spawners are the scene's own MultiplayerSpawners (a gun's spawner
	// in a player, a room's in a spawned room): each node spawned of the
	// scene holds one of each (Object.SpawnerAt), which goes with it.
	Spawners []SceneSpawner
}

// SceneSpawner declares a MultiplayerSpawner of a spawnable scene.
type SceneSpawner struct {
	// Path is the spawner's node, relative to the scene's root
	// ("Weapon/ProjectileSpawner").
	Path string
	// SpawnerConfig is its config, but that its SpawnPath is relative to
	// the scene's root: "Projectiles" for a spawn_path ../../Projectiles
	// of Weapon/ProjectileSpawner, "." for the root itself, "../Shots"
	// for a node beside it, outside the scene.
	SpawnerConfig
}

// SpawnedNode declares a node below a spawnable scene's root with RPC
// methods: the node of a synchronizer, or any other.
type SpawnedNode struct {
	// Path is the node's path relative to the scene's root
	// ("InputSynchronizer", "Body/Gun").
	Path string
	// Methods are its RPC methods, as the node's script declares them.
	Methods []Method
}

// SpawnerConfig declares a MultiplayerSpawner.
type SpawnerConfig struct {
	// SpawnPath is the node spawned nodes are added to, absolute
	// ("/root/Main/Players") or relative to /root: the spawner's
	// spawn_path, resolved.
	SpawnPath string
	// Scenes are its spawnable scenes (_spawnable_scenes), in its order.
	Scenes []SpawnableScene
	// Custom are the scenes its spawn_function makes from a spawn's data
	// (MultiplayerSpawner.spawn with data): one, or several that the
	// function picks by the data (an enemy of the type the data names).
	// A server spawns one with SpawnCustom; a client takes a spawn as the
	// only one, or as the one Spawner.SetCustomSceneOf picks.
	Custom []SpawnableScene
	// Limit is its spawn_limit: how many of its nodes may be at once (0:
	// no limit to this side's own spawns, and DefaultSpawnLimit to those
	// a client takes from its server). A peer's spawn past it is refused.
	Limit int
}

// The bounds of a spawner's declaration, which the wire sets: a spawn
// names its scene in a byte (255 names a custom spawn's), and a DELTA
// names a synchronizer's changed properties in 64 bits.
const (
	// MaxScenes is the most spawnable scenes a spawner may declare.
	MaxScenes = customScene - 1
	// MaxOnChange is the most ReplicateOnChange properties a synchronizer
	// may have.
	MaxOnChange = 64
)

// DefaultSpawnLimit is how many nodes of a spawner whose Limit is 0 a
// client takes from its server: the top of the range Godot's editor
// offers for spawn_limit (0 to 1024). The engine's default, 0, is no
// limit, and a Godot client trusts its server; a Go client bounds what a
// server can make it hold, about 1 KiB a node and its synchronizers. Set
// Limit to take more.
const DefaultSpawnLimit = 1024

// Spawner is a MultiplayerSpawner of the game, as this side knows it. The
// server owns it: it spawns and despawns; a client receives. One that a
// spawnable scene declares (SceneSpawner) is a spawned node's
// (Object.SpawnerAt), and goes with it.
type Spawner struct {
	r         *replLayer
	node      *Node // the spawner's own node, which peers name by cache id
	spawnPath string
	scenes    []*scene
	custom    []*scene
	customOf  func(data func(v any) error) string // under r.mu
	limit     int
	// The most nodes it takes from its owner (limit, or
	// DefaultSpawnLimit), and the error of a spawn past it or past limit,
	// made once: a flood of spawns past it costs no error each.
	taken   int
	full    error
	objects ordered.Map[*Object] // by name, in the order they came (under r.mu)
	filter  func(*Object, PeerID) bool
	// holder is the spawned node whose scene declares the spawner
	// (SceneSpawner), nil for one declared by Multiplayer.Spawner; gone
	// says the holder was despawned (under r.mu).
	holder *Object
	gone   bool

	onSpawn, onDespawn func(*Object)
	onSync             func(*Object, PeerID)
}

// scene is a declared scene, with each synchronizer's properties as
// places in the scene's list of properties.
type scene struct {
	SpawnableScene
	index int // in the spawner's list, or customScene
	// hidden says every synchronizer of it is Private: a spawn starts
	// visible to no peer. The engine spawns a node on a peer one of its
	// synchronizers is visible to.
	hidden  bool
	methods *MethodSet // its root's, shared by every spawn of it
	nodes   []sceneNode
	// The handlers Spawner.Handle set, by node path ("." for the root),
	// which each spawn of the scene starts with (under r.mu).
	handlers map[string]map[*method]*handler
	props    []string
	syncs    []*syncDecl
	spawners []*spawnerDecl
}

// spawnerDecl is a declared spawner: a Spawner is made of it, by
// Multiplayer.Spawner or by each spawn of a scene that declares it.
type spawnerDecl struct {
	path      string // the spawner's node: absolute, or below its scene's root
	spawnPath string // SpawnerConfig.SpawnPath
	scenes    []*scene
	custom    []*scene
	limit     int
}

// newSpawnerDecl checks a spawner's declaration, at path, and its scenes'.
func newSpawnerDecl(path string, cfg SpawnerConfig) *spawnerDecl {
	if cfg.SpawnPath == "" || cfg.Limit < 0 || len(cfg.Scenes) > MaxScenes || len(cfg.Custom) > MaxScenes {
		panic(fmt.Sprintf("multiplayer: spawner %s: spawn path %q, limit %d, %d scenes, %d custom", path, cfg.SpawnPath, cfg.Limit, len(cfg.Scenes), len(cfg.Custom)))
	}
	d := &spawnerDecl{path: path, spawnPath: cfg.SpawnPath, limit: cfg.Limit}
	for i, sc := range cfg.Scenes {
		d.scenes = append(d.scenes, newScene(path, sc, i))
	}
	for _, sc := range cfg.Custom {
		d.custom = append(d.custom, newScene(path, sc, customScene))
	}
	return d
}

// sceneNode is a declared node below a scene's root, with its methods.
type sceneNode struct {
	path    string
	methods *MethodSet
}

// methodsAt returns the methods of the scene's node at path, below its
// root.
func (sc *scene) methodsAt(path string) *MethodSet {
	for _, n := range sc.nodes {
		if n.path == path {
			return n.methods
		}
	}
	return noMethods
}

// syncDecl is a declared synchronizer.
type syncDecl struct {
	Synchronizer
	atRoot               bool  // its Root is the scene's root
	spawn, always, watch []int // places in scene.props
}

// declareSpawner declares the MultiplayerSpawner at path (Spawner),
// panicking if the declaration is invalid.
func (r *replLayer) declareSpawner(path string, cfg SpawnerConfig) *Spawner {
	d := newSpawnerDecl(path, cfg)
	spawnPath, ok := r.cfg.relative(cfg.SpawnPath)
	if !ok || spawnPath == "" {
		panic(fmt.Sprintf("multiplayer: spawner %s: spawn path %q is not under %s", path, cfg.SpawnPath, r.cfg.root))
	}
	node, err := r.rpc.declare(path, noMethods)
	if err != nil {
		panic(err.Error())
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.newSpawner(d, node, spawnPath, nil)
}

// newSpawner makes a spawner of d at node, spawning under spawnPath
// (relative to the multiplayer root), held by holder if a spawned node's
// scene declares it (r.mu held).
func (r *replLayer) newSpawner(d *spawnerDecl, node *Node, spawnPath string, holder *Object) *Spawner {
	s := &Spawner{r: r, node: node, spawnPath: spawnPath, scenes: d.scenes, custom: d.custom, limit: d.limit,
		taken: cmp.Or(d.limit, DefaultSpawnLimit), holder: holder}
	s.full = fmt.Errorf("%w: spawner %s is at its limit of %d", ErrNotAllowed, node.Path(), s.taken)
	node.role = s
	r.spawners = append(r.spawners, s)
	r.active.Store(true)
	return s
}

// newScene checks a scene's declaration and numbers its properties.
func newScene(spawner string, sc SpawnableScene, index int) *scene {
	t, err := newMethodSet(sc.Methods)
	if err != nil {
		panic(fmt.Sprintf("multiplayer: spawner %s, scene %s: %v", spawner, sc.Path, err))
	}
	s := &scene{SpawnableScene: sc, index: index, methods: t}
	for _, n := range sc.Nodes {
		if !validChildPath(n.Path) || slices.ContainsFunc(s.nodes, func(d sceneNode) bool { return d.path == n.Path }) {
			panic(fmt.Sprintf("multiplayer: spawner %s, scene %s: node path %q", spawner, sc.Path, n.Path))
		}
		t, err := newMethodSet(n.Methods)
		if err != nil {
			panic(fmt.Sprintf("multiplayer: spawner %s, scene %s, node %s: %v", spawner, sc.Path, n.Path, err))
		}
		s.nodes = append(s.nodes, sceneNode{path: n.Path, methods: t})
	}
	for _, sp := range sc.Spawners {
		taken := func(p string) bool {
			return slices.ContainsFunc(sc.Synchronizers, func(d Synchronizer) bool { return d.Path == p }) ||
				slices.ContainsFunc(s.nodes, func(n sceneNode) bool { return n.path == p }) ||
				slices.ContainsFunc(s.spawners, func(d *spawnerDecl) bool { return d.path == p })
		}
		if !validChildPath(sp.Path) || taken(sp.Path) || !validSpawnPath(sp.SpawnPath) {
			panic(fmt.Sprintf("multiplayer: spawner %s, scene %s: spawner %q, spawn path %q", spawner, sc.Path, sp.Path, sp.SpawnPath))
		}
		s.spawners = append(s.spawners, newSpawnerDecl(sp.Path, sp.SpawnerConfig))
	}
	s.hidden = len(sc.Synchronizers) > 0
	for _, sd := range sc.Synchronizers {
		d := &syncDecl{Synchronizer: sd, atRoot: sd.Root == "" || sd.Root == "."}
		s.hidden = s.hidden && sd.Private
		if sd.Path == "" || !d.atRoot && !validChildPath(sd.Root) || sd.Interval < 0 || sd.DeltaInterval < 0 {
			panic(fmt.Sprintf("multiplayer: spawner %s, scene %s: synchronizer %q", spawner, sc.Path, sd.Path))
		}
		for _, p := range sd.Properties {
			if p.Path == "" || p.Replicate > mode.ReplicateOnChange {
				panic(fmt.Sprintf("multiplayer: spawner %s, scene %s: property %q, mode %d", spawner, sc.Path, p.Path, p.Replicate))
			}
			i := slices.Index(s.props, p.Path)
			if i < 0 {
				i = len(s.props)
				s.props = append(s.props, p.Path)
			}
			if p.Spawn {
				d.spawn = append(d.spawn, i)
			}
			switch p.Replicate {
			case mode.ReplicateAlways:
				d.always = append(d.always, i)
			case mode.ReplicateOnChange:
				d.watch = append(d.watch, i)
			}
		}
		if len(d.watch) > MaxOnChange {
			panic(fmt.Sprintf("multiplayer: spawner %s, scene %s: %d watched properties (at most %d)", spawner, sc.Path, len(d.watch), MaxOnChange))
		}
		s.syncs = append(s.syncs, d)
	}
	return s
}

// Handle makes fn the handler of method name of the node at nodePath
// ("." for the root, or a SpawnedNode's Path) in each node the spawner
// spawns of the scene scenePath from then on, here or received from its
// owner: set before serving, it is there before any peer can call it.
// fn is as Node.Handle takes it; Call.Node says which node was called.
// Handle on one spawned node (Object.Node, Object.Child) replaces it for
// that node. Handle panics if the scene, node or method is not declared,
// or fn is no handler, or takes other types than the method's declared
// parameters (ErrHandlerParams), as Node.Handle does.
func (s *Spawner) Handle(scenePath, nodePath, name string, fn any) {
	var sc *scene
	for _, c := range append(slices.Clip(s.scenes), s.custom...) {
		if c.Path == scenePath {
			sc = c
		}
	}
	if sc == nil {
		panic(fmt.Sprintf("multiplayer: spawner %s has no scene %q", s.node.Path(), scenePath))
	}
	t := sc.methods
	if nodePath != "." {
		t = sc.methodsAt(nodePath)
	}
	meth := t.byName(name)
	if meth == nil {
		panic(fmt.Sprintf("multiplayer: scene %s declares no method %q at %q", scenePath, name, nodePath))
	}
	h, err := newHandler(fn)
	if err != nil {
		panic(fmt.Sprintf("multiplayer: handler of %s %s.%s: %v", scenePath, nodePath, name, err))
	}
	if err := s.node.r.fit(scenePath+" "+nodePath, meth, h); err != nil {
		panic(err.Error())
	}
	s.r.set(func() {
		if sc.handlers == nil {
			sc.handlers = map[string]map[*method]*handler{}
		}
		if sc.handlers[nodePath] == nil {
			sc.handlers[nodePath] = map[*method]*handler{}
		}
		sc.handlers[nodePath][meth] = h
	})
}

// OnSpawn sets the function called when the spawner's owner spawns a node
// here (the spawner's "spawned" signal), with its spawn state set.
func (s *Spawner) OnSpawn(fn func(*Object)) { s.r.set(func() { s.onSpawn = fn }) }

// OnDespawn sets the function called when the spawner's owner despawns a
// node here ("despawned"). As in the engine, the nodes of a peer that
// leaves go without it.
func (s *Spawner) OnDespawn(fn func(*Object)) { s.r.set(func() { s.onDespawn = fn }) }

// OnSync sets the function called when a peer's SYNC or DELTA has set
// properties of one of the spawner's nodes (the synchronizer's
// "synchronized" and "delta_synchronized").
func (s *Spawner) OnSync(fn func(o *Object, from PeerID)) { s.r.set(func() { s.onSync = fn }) }

// Objects returns the spawner's nodes now, in the order they came.
func (s *Spawner) Objects() []*Object {
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	return s.held()
}

// held returns the spawner's nodes, in the order they came (r.mu held).
func (s *Spawner) held() []*Object {
	objs := make([]*Object, 0, s.objects.Len())
	for _, o := range s.objects.All() {
		objs = append(objs, o)
	}
	return objs
}

// Spawn spawns a node of the spawnable scene named by its Path, as
// add_child of the scene's instance under the spawn path does on the
// spawner's owner: on every peer it is visible to, now and as peers join,
// with the spawn properties' values, which state must hold (by property
// path; others may be set too). name is the node's name.
func (s *Spawner) Spawn(scenePath, name string, state map[string]any) (*Object, error) {
	return s.SpawnWithOwners(scenePath, name, nil, state)
}

// SpawnOwned spawns a node of a spawnable scene as Spawn does, owned by
// peer owner from the start: as a game whose script sets the node's
// authority as it enters the tree (set_multiplayer_authority in
// _enter_tree, from its name, the tutorials' way), on the server and on
// each client alike. As the engine's server does then, the spawn lists
// none of its synchronizers and carries no state (each client takes them
// as the owner's, which names them by path), so state may lack the spawn
// properties; Spawn and a later SetAuthority would list them, and each
// Godot client refuse the spawn's state (ERR_INVALID_DATA, "Should have
// been consumed"). The node and its synchronizers are owner's, as after
// SetAuthority(owner), whose syncs the server takes in and relays. It is
// SpawnWithOwners with Owners{".": owner}.
func (s *Spawner) SpawnOwned(scenePath, name string, owner PeerID, state map[string]any) (*Object, error) {
	return s.SpawnWithOwners(scenePath, name, Owners{".": owner}, state)
}

// SpawnWithOwners spawns a node of a spawnable scene as Spawn does, some
// of its nodes owned by peers from the start, as owners says: as a game
// whose script gives them to a peer as the node enters the tree (the
// tutorials' player input: $Inputs.set_multiplayer_authority(name.to_int())
// in the player's _enter_tree), on the server and on each client alike.
// As the engine's server does then, the spawn lists, with their spawn
// state, only the synchronizers of the scene's root (Synchronizer.Root)
// that the server keeps: state must hold their spawn properties alone. A
// synchronizer is its node's owner's (Synchronizer.Path): the server
// sends the state of those it keeps, and takes in and relays the syncs
// of the others from their owners alone; a node's Authority methods are
// its owner's to call. A path of owners that is neither a node the scene
// declares (a synchronizer's, or one with methods) nor above one is an
// error: it would give its peer nothing.
func (s *Spawner) SpawnWithOwners(scenePath, name string, owners Owners, state map[string]any) (*Object, error) {
	for at, peer := range owners {
		if at != "." && !validChildPath(at) || peer < ServerID {
			return nil, fmt.Errorf("multiplayer: spawn of %s: node %q owned by peer %d", name, at, peer)
		}
	}
	for _, sc := range s.scenes {
		if sc.Path != scenePath {
			continue
		}
		for at := range owners {
			if !sc.declares(at) {
				return nil, fmt.Errorf("multiplayer: spawn of %s: owners name %q, which is no declared node of %s nor above one", name, at, sc.Path)
			}
		}
		return s.spawn(sc, name, nil, state, owners)
	}
	return nil, fmt.Errorf("multiplayer: spawner %s has no scene %q", s.node.Path(), scenePath)
}

// declares reports whether the node at path ("." the root) is one the
// scene declares (a synchronizer's, or one with methods) or above one:
// giving it to a peer gives that peer something.
func (sc *scene) declares(path string) bool {
	if path == "." {
		return true
	}
	for _, d := range sc.syncs {
		if holds(path, d.Path) {
			return true
		}
	}
	return slices.ContainsFunc(sc.nodes, func(n sceneNode) bool { return holds(path, n.path) })
}

// Owners gives nodes of a spawned scene to peers as it enters the tree
// (Spawner.SpawnWithOwners): by a node's path below the scene's root
// ("." for the root itself, "Inputs"), the peer that owns it and each
// node under it, but those under a deeper path it also names, as
// set_multiplayer_authority(peer) (recursive) on each, the shallowest
// first. A node it does not name, nor any above it, is the server's.
type Owners map[string]PeerID

// of returns the owner of the node at path ("." or below the root).
func (o Owners) of(path string) PeerID {
	owner, depth := ServerID, -1
	for at, peer := range o {
		if d := pathDepth(at); d > depth && holds(at, path) {
			owner, depth = peer, d
		}
	}
	return owner
}

// holds reports whether the node at path at is the node at path or
// above it, both paths below a scene's root ("." the root).
func holds(at, path string) bool {
	return at == "." || at == path || strings.HasPrefix(path, at+"/")
}

// pathDepth is how many names a path below a scene's root has (0 for
// "." the root).
func pathDepth(path string) int {
	if path == "." {
		return 0
	}
	return strings.Count(path, "/") + 1
}

// SpawnCustom spawns a node named name that the spawner's spawn_function
// makes from data (MultiplayerSpawner.spawn with data), of the Custom
// scene scenePath: the one the game's function makes of that data. Its peers
// get the data alone, and make the node with their own function. A scene
// of no Custom scene is an error (ErrUnknownScene).
func (s *Spawner) SpawnCustom(scenePath, name string, data any, state map[string]any) (*Object, error) {
	i := slices.IndexFunc(s.custom, func(c *scene) bool { return c.Path == scenePath })
	if i < 0 {
		return nil, fmt.Errorf("%w: spawner %s declares no custom scene %q", ErrUnknownScene, s.node.Path(), scenePath)
	}
	arg, err := AppendArg(nil, data, s.r.cfg.codec)
	if err != nil {
		return nil, err
	}
	return s.spawn(s.custom[i], name, arg, state, nil)
}

// SetCustomSceneOf sets, on a client, the function that says which of the
// spawner's several Custom scenes a spawn's data makes, by its Path, as
// the game's spawn_function picks it (nil: none). data decodes the
// spawn's data into v, as Object.Data does. It runs as a spawn is taken,
// under the package's locks: it must not call the package. A spawn of
// several Custom scenes without it, or for which it names none of them,
// is refused (ErrUnknownScene). Set it before serving, or, for a nested
// spawner, in its holder's OnSpawn.
func (s *Spawner) SetCustomSceneOf(fn func(data func(v any) error) string) {
	s.r.mu.Lock()
	s.customOf = fn
	s.r.mu.Unlock()
}

// customOfData returns the Custom scene a spawn's data makes (r.mu held).
func (s *Spawner) customOfData(data []byte) (*scene, error) {
	switch {
	case len(s.custom) == 1 && s.customOf == nil:
		return s.custom[0], nil
	case len(s.custom) == 0:
		return nil, fmt.Errorf("%w: %s declares no custom scene", ErrUnknownScene, s.node.Path())
	case s.customOf == nil:
		return nil, fmt.Errorf("%w: %s has %d custom scenes and no SetCustomSceneOf to pick one", ErrUnknownScene, s.node.Path(), len(s.custom))
	}
	path := s.customOf(func(v any) error { return decodeValue(data, v, s.r.cfg.codec) })
	i := slices.IndexFunc(s.custom, func(c *scene) bool { return c.Path == path })
	if i < 0 {
		return nil, fmt.Errorf("%w: %s has no custom scene %.200q (SetCustomSceneOf)", ErrUnknownScene, s.node.Path(), path)
	}
	return s.custom[i], nil
}

// spawn spawns a node of sc, its nodes owned as owners says from the
// start, on every peer it is visible to once its filters, asked with no
// lock held, say so.
func (s *Spawner) spawn(sc *scene, name string, data []byte, state map[string]any, owners Owners) (*Object, error) {
	r := s.r
	if !validNodeName([]byte(name)) {
		return nil, fmt.Errorf("multiplayer: %q is not a valid node name", name)
	}
	values, err := sc.spawnValues(state, r.cfg.codec, func(d *syncDecl) bool { return owners.of(d.Path) == ServerID })
	if err != nil {
		return nil, err
	}
	switch r.peers.self() {
	case ServerID:
	case 0:
		return nil, fmt.Errorf("%w: only the server spawns, and this side is not serving yet (Serve or ServeENet starts it)", ErrNotAllowed)
	default:
		return nil, fmt.Errorf("%w: only the server spawns", ErrNotAllowed)
	}
	r.mu.Lock()
	if s.gone {
		r.mu.Unlock()
		return nil, fmt.Errorf("%w: spawner %s went with %s", ErrNotAllowed, s.node.Path(), s.holder.Path())
	}
	if owner := PeerID(s.node.authority.Load()); s.holder != nil && owner != ServerID { // SetAuthority of its holder
		r.mu.Unlock()
		return nil, fmt.Errorf("%w: spawner %s is peer %d's, as its node's authority, whose spawns alone Godot peers take", ErrNotAllowed, s.node.Path(), owner)
	}
	if s.limit > 0 && s.objects.Len() >= s.limit {
		r.mu.Unlock()
		return nil, s.full
	}
	r.rpc.mu.Lock()
	o, err := s.add(sc, name, ServerID, r.nextNetID(), data, values)
	r.rpc.mu.Unlock()
	if err != nil {
		r.mu.Unlock()
		return nil, err
	}
	for _, sy := range o.syncs {
		if sy.decl.atRoot { // another node's goes by path
			sy.netID = r.nextNetID()
			sy.spawnID = sy.netID
		}
	}
	if len(owners) > 0 {
		o.setAuthorities(func(path string) (PeerID, bool) { return owners.of(path), true })
		for _, sy := range o.syncs {
			sy.ownedAtSpawn = sy.authority != ServerID
		}
	}
	for i, v := range values {
		if v != nil {
			o.changedProp(i)
		}
	}
	e := r.update(o)
	r.mu.Unlock()
	r.finish(e)
	return o, nil
}

// spawnValues encodes a spawn's state (by property path) by its place in
// the scene's properties, and checks it holds the spawn properties of
// each synchronizer of the scene's root that kept says the spawn lists.
func (sc *scene) spawnValues(state map[string]any, codec *gdvar.Codec, kept func(*syncDecl) bool) ([][]byte, error) {
	values := make([][]byte, len(sc.props))
	for path, v := range state {
		i := slices.Index(sc.props, path)
		if i < 0 {
			return nil, fmt.Errorf("multiplayer: scene %s has no property %q", sc.Path, path)
		}
		var err error
		if values[i], err = AppendArg(nil, v, codec); err != nil {
			return nil, fmt.Errorf("multiplayer: property %q: %w", path, err)
		}
	}
	for _, d := range sc.syncs {
		if !d.atRoot || !kept(d) {
			continue // not in the spawn
		}
		for _, i := range d.spawn {
			if values[i] == nil {
				return nil, fmt.Errorf("multiplayer: spawn of %s: no value for spawn property %q", sc.Path, sc.props[i])
			}
		}
	}
	return values, nil
}

// validChildPath reports whether p names a node below a scene's root:
// relative, of valid node names, with no "." or "..".
func validChildPath(p string) bool {
	for name := range strings.SplitSeq(p, "/") {
		if name == "." || name == ".." || !validNodeName([]byte(name)) {
			return false
		}
	}
	return true
}

// validSpawnPath reports whether p is a SceneSpawner's spawn path:
// relative, of valid node names, "." or "..".
func validSpawnPath(p string) bool {
	if p == "" || path.IsAbs(p) {
		return false
	}
	for name := range strings.SplitSeq(p, "/") {
		if name != "." && name != ".." && !validNodeName([]byte(name)) {
			return false
		}
	}
	return true
}

// nextNetID gives a spawned node or synchronizer its net id (r.mu held).
func (r *replLayer) nextNetID() uint32 {
	r.lastNetID++
	return r.lastNetID
}

// add makes a node of the spawner's, with its nodes for RPCs and paths,
// spawned by from (r.mu and the RPCs' held).
func (s *Spawner) add(sc *scene, name string, from PeerID, netID uint32, data []byte, values [][]byte) (*Object, error) {
	r := s.r
	root := s.spawnPath + "/" + name
	if r.rpc.nodes[root] != nil {
		return nil, fmt.Errorf("%w: %s/%s is there already", ErrNotAllowed, r.cfg.root, root)
	}
	spawnPaths := map[*spawnerDecl]string{}
	for _, d := range sc.spawners {
		at := path.Join(root, d.spawnPath)
		if at == "." || at == ".." || strings.HasPrefix(at, "../") {
			return nil, fmt.Errorf("%w: spawner %s of %s/%s spawns under %s, outside %s", ErrNotAllowed, d.path, r.cfg.root, root, d.spawnPath, r.cfg.root)
		}
		spawnPaths[d] = at
	}
	o := &Object{spawner: s, scene: sc, name: name, netID: netID, from: from, data: data, values: values,
		authority: ServerID, public: !sc.hidden}
	r.mayOwn()
	o.node = r.rpc.addNode(root, sc.Path+":.", sc.methods)
	o.node.role = o
	for _, d := range sc.syncs {
		sy := &objectSync{obj: o, decl: d, authority: ServerID, public: !d.Private, changed: make([]uint64, len(d.watch))}
		sy.node = r.rpc.addNode(root+"/"+d.Path, sc.Path+":"+d.Path, sc.methodsAt(d.Path))
		sy.node.role = sy
		o.syncs = append(o.syncs, sy)
	}
	for _, n := range sc.nodes {
		o.children = append(o.children, r.rpc.addNode(root+"/"+n.path, sc.Path+":"+n.path, n.methods)) // a synchronizer's is its node
	}
	for _, d := range sc.spawners {
		node := r.rpc.addNode(root+"/"+d.path, "", noMethods)
		o.spawners = append(o.spawners, r.newSpawner(d, node, spawnPaths[d], o))
	}
	for at, hs := range sc.handlers {
		n := o.node
		if at != "." {
			n = o.Child(at)
		}
		if n.bound == nil {
			n.bound = map[*method]binding{}
		}
		for meth, h := range hs {
			b := n.bound[meth]
			b.handler = h
			n.bound[meth] = b
		}
	}
	s.objects.Set(name, o, false)
	return o, nil
}
