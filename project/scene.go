package project

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/resource"
)

// Scene is a scene of the project (.tscn or .scn, or a model the engine
// imports as a scene) and what a multiplayer game takes from it.
type Scene struct {
	Path string         // its res:// path
	File *resource.File // the scene as read
	// Nodes are its nodes in the file's order, each after its parent.
	Nodes []SceneNode

	ids *fileIDs // its resources by ID
}

// SceneNode is a node of a scene.
type SceneNode struct {
	// Path is the node's path from the scene's root: "." for the root,
	// "Players/Spawner" for a grandchild.
	Path string
	Type string // its class; "" for an instance
	// Script is the res:// path of the script the scene sets on the node,
	// or "". An instance's own script, set in the scene it instances,
	// is that scene's.
	Script string
	// Instance is the res:// path of the scene the node instances, or "".
	Instance string
	// Spawner is the node's MultiplayerSpawner settings, if it is one.
	Spawner *SpawnerSettings
	// Synchronizer is the node's MultiplayerSynchronizer settings, if it
	// is one.
	Synchronizer *SynchronizerSettings
	Node         *resource.Node // the node as read
	// Partial, when not "", says why the nodes under this one are not
	// known, and the node's own class may not be: it is the root of a
	// scene imported from a model whose imported file the project lacks
	// (a project fresh from its repository, not imported yet), so that
	// only what the model's .import file says of its root is known; or
	// it is a node under such a root that the instancing scene overrides
	// (editable children), whose class is not known ("").
	Partial string
	// ScriptFault, in a [Project.Tree], is why the engine runs the node
	// without the script its scene sets (Script is then ""): the script,
	// or a base of it, does not load (a *[ScriptError]: a parse error, a
	// file the project lacks), as the engine prints and goes on.
	ScriptFault error
}

// SpawnerSettings are a MultiplayerSpawner's as a scene saves them: what
// package multiplayer/fromproject makes a multiplayer.Spawner of.
type SpawnerSettings struct {
	// SpawnPath is where spawned nodes go, relative to the spawner, or ""
	// when unset.
	SpawnPath string
	// Scenes are the spawnable scenes, in order (the index is the scene's
	// id on the wire), uid:// paths resolved to res:// ones.
	Scenes []string
	Limit  int64 // spawn_limit; 0 means no limit
}

// SynchronizerSettings are a MultiplayerSynchronizer's as a scene saves
// them, the engine's defaults standing where the scene gives nothing:
// what package multiplayer/fromproject makes a multiplayer.Synchronizer
// of.
type SynchronizerSettings struct {
	// RootPath is the node the properties' paths start from, relative to
	// the synchronizer ("..", the default, is its parent).
	RootPath string
	// ReplicationInterval and DeltaInterval are in seconds; 0 means every
	// network frame.
	ReplicationInterval, DeltaInterval float64
	VisibilityUpdateMode               int64 // 0 idle, 1 physics, 2 none
	PublicVisibility                   bool
	// Properties are the replication config's properties, in order.
	Properties []PropertySettings
}

// PropertySettings are a property's in a SceneReplicationConfig, as a
// scene saves them.
type PropertySettings struct {
	Path  string // as NodePath(".:position") writes it, from RootPath
	Spawn bool   // sent with the spawn
	Mode  mode.Replication
}

// Scene reads the scene at a res:// (or uid://) path, once. Its errors
// are *SceneErrors.
func (p *Project) Scene(resPath string) (*Scene, error) {
	r := p.scene(resPath)
	if r.err != nil {
		return nil, &SceneError{Chain: []string{resPath}, Err: r.err}
	}
	return r.scene, nil
}

// sceneRead is a scene read and the bytes of its file, or why it could
// not be read (an error that does not name it).
type sceneRead struct {
	scene *Scene
	size  int
	err   error
}

// scene reads a scene once.
func (p *Project) scene(resPath string) *sceneRead {
	if res, err := p.readKey(resPath); err == nil {
		resPath = res
	}
	r, ok := p.scenes[resPath]
	if !ok {
		r = &sceneRead{}
		r.scene, r.size, r.err = p.readScene(resPath)
		p.scenes[resPath] = r
	}
	return r
}

// readScene reads a scene, and says how many bytes its file holds: a
// .tscn or .scn file, or a model the engine imports as a scene (see
// importedScene). A file that is binary but no binary resource (a model
// without a .import file) is refused by its content, unread.
func (p *Project) readScene(resPath string) (*Scene, int, error) {
	if ext := path.Ext(resPath); ext != ".tscn" && ext != ".scn" {
		im, err := p.readImport(resPath)
		if err == nil {
			return p.importedScene(resPath, im)
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, 0, err
		}
	}
	data, err := p.readFile(resPath)
	if err != nil {
		return nil, 0, err
	}
	if !resource.IsBinary(data) {
		why := binaryKind(data)
		if first := firstLine(data); why == "" && first != "" && first[0] != '[' && first[0] != ';' {
			why = "text that starts " + Shown(first)
		}
		if why != "" {
			return nil, 0, fmt.Errorf("%s, not a scene, and no %s.import says how the engine imports it", why, Shown(resPath))
		}
	}
	f, err := resource.Read(bytes.NewReader(data))
	if err != nil {
		return nil, 0, err
	}
	if !f.Scene {
		return nil, 0, fmt.Errorf("a %s, not a scene", Shown(f.Type))
	}
	return p.sceneOf(resPath, f), len(data), nil
}

// firstLine returns the first line of a text that is not blank, without
// a byte order mark or the white space around it.
func firstLine(data []byte) string {
	text := strings.TrimLeft(strings.TrimPrefix(string(data[:min(len(data), 4096)]), "\ufeff"), " \t\r\n")
	line, _, _ := strings.Cut(text, "\n")
	return strings.TrimSpace(line)
}

// sceneOf returns what a scene file read gives.
func (p *Project) sceneOf(resPath string, f *resource.File) *Scene {
	s := &Scene{Path: resPath, File: f, Nodes: make([]SceneNode, 0, len(f.Nodes)), ids: &fileIDs{f: f}}
	for _, n := range f.Nodes {
		sn := SceneNode{Path: scenePath(n), Type: n.Type, Node: n}
		if v, ok := n.Get("script"); ok {
			sn.Script = p.externalPath(s.ids.external(v))
		}
		if n.Instance != "" {
			sn.Instance = p.externalPath(s.ids.external(resource.Ext(n.Instance)))
		}
		switch n.Type {
		case "MultiplayerSpawner":
			sn.Spawner = &SpawnerSettings{}
			p.setSpawner(sn.Spawner, n.Properties)
		case "MultiplayerSynchronizer":
			sn.Synchronizer = &SynchronizerSettings{RootPath: "..", PublicVisibility: true}
			setSynchronizer(sn.Synchronizer, s.ids, n.Properties)
		}
		s.Nodes = append(s.Nodes, sn)
	}
	return s
}

// fileIDs finds a scene file's external and sub-resources by their IDs,
// each kind in a map made when first asked: a scene may hold thousands
// of nodes, each referring to one, where a search of the file's list for
// each took their product.
type fileIDs struct {
	f   *resource.File
	ext map[string]*resource.External
	sub map[string]*resource.Resource
}

// external returns the external resource v refers to, or nil.
func (ids *fileIDs) external(v any) *resource.External {
	kind, id := resource.RefOf(v)
	if kind != resource.ExtRef {
		return nil
	}
	if ids.ext == nil {
		ids.ext = make(map[string]*resource.External, len(ids.f.External))
		for _, e := range slices.Backward(ids.f.External) { // the first of an ID given twice
			ids.ext[e.ID] = e
		}
	}
	return ids.ext[id]
}

// subResource returns the sub-resource v refers to, or nil.
func (ids *fileIDs) subResource(v any) *resource.Resource {
	kind, id := resource.RefOf(v)
	if kind != resource.SubRef {
		return nil
	}
	if ids.sub == nil {
		ids.sub = make(map[string]*resource.Resource, len(ids.f.Resources))
		for _, r := range ids.f.Resources { // the last of an ID given twice
			ids.sub[r.ID] = r
		}
	}
	return ids.sub[id]
}

// scenePath returns a node's path from its scene's root.
func scenePath(n *resource.Node) string {
	switch n.Parent {
	case "":
		return "."
	case ".":
		return n.Name
	}
	return n.Parent + "/" + n.Name
}

// extPath returns the res:// path of the external resource of file f v
// refers to (see externalPath), searched for in its list: for one
// reference, where a scene's nodes look theirs up in its fileIDs.
func (p *Project) extPath(f *resource.File, v any) string {
	kind, id := resource.RefOf(v)
	if kind != resource.ExtRef {
		return ""
	}
	for _, e := range f.External {
		if e.ID == id {
			return p.externalPath(e)
		}
	}
	return ""
}

// externalPath returns the res:// path of an external resource, by its
// UID where the project has it, as the engine's loader prefers; "" for
// none.
func (p *Project) externalPath(e *resource.External) string {
	if e == nil {
		return ""
	}
	if e.UID != resource.NoUID {
		if path, ok, err := p.uidPath(e.UID); ok && err == nil {
			return path
		}
	}
	return e.Path
}

// setSpawner sets what a MultiplayerSpawner's saved properties set: a
// scene's, or an instancing scene's overrides.
func (p *Project) setSpawner(s *SpawnerSettings, props []gdvar.Property) {
	for _, prop := range props {
		switch v := prop.Value; prop.Name {
		case "spawn_path":
			s.SpawnPath = pathString(v)
		case "spawn_limit":
			s.Limit, _ = v.(int64)
		case "_spawnable_scenes":
			s.Scenes = nil
			for _, scene := range stringList(v) {
				if path, err := p.fromUID(scene); err == nil {
					scene = path
				}
				s.Scenes = append(s.Scenes, scene)
			}
		}
	}
}

// setSynchronizer sets what a MultiplayerSynchronizer's saved properties
// of a file (its ids) set, its replication config among them: a scene's,
// or an instancing scene's overrides.
func setSynchronizer(s *SynchronizerSettings, ids *fileIDs, props []gdvar.Property) {
	for _, prop := range props {
		switch v := prop.Value; prop.Name {
		case "root_path":
			s.RootPath = pathString(v)
		case "replication_interval":
			s.ReplicationInterval, _ = floatOf(v)
		case "delta_interval":
			s.DeltaInterval, _ = floatOf(v)
		case "visibility_update_mode":
			s.VisibilityUpdateMode, _ = v.(int64)
		case "public_visibility":
			s.PublicVisibility, _ = v.(bool)
		case "replication_config":
			s.Properties = nil
			if r := ids.subResource(v); r != nil {
				s.Properties = replicated(r)
			}
		}
	}
}

// replicated reads a SceneReplicationConfig's properties as its _set
// does: properties/N/path adds property N (in order, a path with a
// property), then its spawn and replication_mode, or the sync and watch of
// older files; anything else is ignored, as the engine ignores it.
func replicated(r *resource.Resource) []PropertySettings {
	var out []PropertySettings
	for _, prop := range r.Properties {
		rest, ok := strings.CutPrefix(prop.Name, "properties/")
		if !ok {
			continue
		}
		num, key, _ := strings.Cut(rest, "/")
		i, err := strconv.Atoi(num)
		if err != nil {
			continue
		}
		if key == "path" {
			np, ok := prop.Value.(gdvar.NodePath)
			if i == len(out) && ok && len(np.SubNames) > 0 {
				out = append(out, PropertySettings{Path: np.String(), Spawn: true, Mode: mode.ReplicateAlways})
			}
			continue
		}
		if i >= len(out) {
			continue
		}
		q := &out[i]
		switch v := prop.Value; key {
		case "spawn":
			if b, ok := v.(bool); ok {
				q.Spawn = b
			}
		case "replication_mode":
			if m, ok := v.(int64); ok && m >= 0 && m <= 2 {
				q.Mode = mode.Replication(m)
			}
		case "sync":
			if b, ok := v.(bool); ok && b {
				q.Mode = mode.ReplicateAlways
			} else if ok && q.Mode == mode.ReplicateAlways {
				q.Mode = mode.ReplicateNever
			}
		case "watch":
			if b, ok := v.(bool); ok && b {
				q.Mode = mode.ReplicateOnChange
			} else if ok && q.Mode == mode.ReplicateOnChange {
				q.Mode = mode.ReplicateNever
			}
		}
	}
	return out
}

// pathString returns a NodePath value as written, or "".
func pathString(v any) string {
	if np, ok := v.(gdvar.NodePath); ok {
		return np.String()
	}
	return ""
}

// stringList returns a PackedStringArray value's strings.
func stringList(v any) []string {
	switch s := v.(type) {
	case []string:
		return s
	case []any:
		var out []string
		for _, e := range s {
			if str, ok := e.(string); ok {
				out = append(out, str)
			}
		}
		return out
	}
	return nil
}
