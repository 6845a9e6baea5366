package project

import (
	"bytes"
	"path"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
)

// SceneRefs are the scenes a file of the project names, which the game
// may load while it runs, and, of a script, the spawn functions it sets.
type SceneRefs struct {
	Scenes         []SceneRef
	SpawnFunctions []SpawnFunction
}

// SceneRef is a scene a file names: in a script, a string literal that is
// a scene's path (or a constant expression folded to one, given to load,
// preload, change_scene_to_file or add_spawnable_scene); in a scene or a
// resource, an ext_resource of type PackedScene that no node instances
// (a node's property holding it: an @export var set in the editor); in a
// scene, a node's String property that is a scene's res:// or uid://
// path (an @export_file var set in the editor).
type SceneRef struct {
	// Scene is the scene's res:// path: a uid:// path looked up, a
	// relative one joined to the script's folder, as preload takes it.
	Scene string
	// Line is where the file names it; 0 in a scene.
	Line int
	// Func is the function whose body names it, "" outside a function; a
	// lambda is "lambda:" and the line of its func.
	Func string
	// Call is what the path is given to, through load or preload:
	// "change_scene_to_file", "change_scene_to_packed" (also by
	// call_deferred), "add_spawnable_scene", or "" for anything else.
	Call string
	// Receiver is the node add_spawnable_scene is called on, as written
	// ("$Players/Spawner", "spawner"); "" for the script's own node.
	Receiver string
	// Member is the member variable or constant whose initializer names
	// the scene; in a scene, the property that holds it or its path.
	Member string
	// Node is, in a scene, the path of the node whose property holds it
	// or its path.
	Node string
}

// SpawnFunction is a MultiplayerSpawner's spawn_function a script sets
// (spawn_function = f, set_spawn_function(f), Callable(self, "f"), a
// lambda): the function the engine calls to make a custom spawn's node.
type SpawnFunction struct {
	// Func is the function it names, as SceneRef.Func names one.
	Func string
	// Spawner is the spawner as written ("$Players/Spawner", "spawner");
	// "" for the script's own node.
	Spawner string
	Line    int
	// Members are the member variables and constants of the script that
	// the function's body names (not a lambda's within it), each once: a
	// scene one of them holds (its initializer's, or one a scene sets on
	// the node) is one the function may make. The spawn functions of one
	// function share the list.
	Members []string
}

// SceneRefs returns the scenes a script (.gd, .cs), a scene (.tscn,
// .scn) or a resource (.tres, .res) of the project names. A GDScript is
// read as [Project.Script] reads it (its errors are SceneRefs'), its
// tokens as the engine's tokenizer makes them: comments are skipped,
// escapes decoded, and a string that is no path as a whole (a multiline
// docstring, the end of a sum) names nothing. A C# script's regular and
// verbatim string literals are read; a scene as [Project.Scene] reads
// it; a resource's ext_resources as package resource reads them; each
// file at most [Limits.MaxFileBytes]. What the code builds at run time
// ("res://levels/" + name) is not seen.
func (p *Project) SceneRefs(file string) (SceneRefs, error) {
	switch strings.ToLower(path.Ext(file)) {
	case ".gd":
		s, err := p.Script(file)
		if err != nil {
			return SceneRefs{}, err
		}
		return p.gdSceneRefs(s), nil
	case ".cs":
		return p.csSceneRefs(file)
	case ".tscn", ".scn":
		return p.sceneFileRefs(file)
	case ".tres", ".res":
		return p.resourceRefs(file)
	}
	return SceneRefs{}, nil
}

// IsScene says a path names a scene file by its extension: .tscn or .scn,
// in any case, as the engine's loaders match extensions, after a name
// (".tscn" alone, the end of a path built at run time, is none).
func IsScene(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return (ext == ".tscn" || ext == ".scn") && len(path.Base(name)) > len(ext)
}

// scenePath returns the res:// path of the scene a string names, from
// the file at from: a res:// path, a uid:// one looked up, or a path
// relative to from's folder; ok is false for a string that names no
// scene.
func (p *Project) scenePath(from, s string) (string, bool) {
	if strings.HasPrefix(s, "uid://") {
		res, err := p.fromUID(s)
		return res, err == nil && IsScene(res)
	}
	if !IsScene(s) || strings.ContainsAny(s, "\n\r") {
		return "", false
	}
	if rel, ok := strings.CutPrefix(s, "res://"); ok && path.Clean(rel) == rel && !strings.HasPrefix(rel, "../") && rel != ".." {
		return s, true // already the engine's form: kept, not made again
	}
	res, err := canonical(from, s)
	return res, err == nil
}

// sceneFileRefs returns the scenes a scene names: those its nodes'
// properties hold (alone or in an Array), with the node and the property,
// as an ext_resource of type PackedScene or as a String that is a
// scene's res:// or uid:// path (an @export_file var, which the script
// hands to change_scene_to_file or load); then its other PackedScene
// ext_resources that no node instances (a sub_resource's, as a
// configuration Resource holds them).
func (p *Project) sceneFileRefs(file string) (SceneRefs, error) {
	sc, err := p.Scene(file)
	if err != nil {
		return SceneRefs{}, err
	}
	packed := packedScenes(p, sc.File)
	var out SceneRefs
	named := map[string]bool{} // ids a node's property names, or instances
	add := func(n SceneNode, prop string, v any) {
		// A relative String is not taken: what it is relative to is the
		// code's to say (load takes it from res://, preload from the script).
		if s, ok := v.(string); ok {
			if scene, ok := p.scenePath(file, s); ok && (strings.HasPrefix(s, "res://") || strings.HasPrefix(s, "uid://")) {
				out.Scenes = append(out.Scenes, SceneRef{Scene: scene, Member: prop, Node: n.Path})
			}
		} else if kind, id := resource.RefOf(v); kind == resource.ExtRef && packed[id] != "" {
			out.Scenes = append(out.Scenes, SceneRef{Scene: packed[id], Member: prop, Node: n.Path})
			named[id] = true
		}
	}
	for _, n := range sc.Nodes {
		if n.Node == nil {
			continue
		}
		if n.Node.Instance != "" {
			named[n.Node.Instance] = true
		}
		for _, prop := range n.Node.Properties {
			switch v := prop.Value.(type) {
			case gdvar.Array:
				for _, e := range v.Values {
					add(n, prop.Name, e)
				}
			case []any:
				for _, e := range v {
					add(n, prop.Name, e)
				}
			default:
				add(n, prop.Name, v)
			}
		}
	}
	for _, e := range sc.File.External {
		if packed[e.ID] != "" && !named[e.ID] {
			out.Scenes = append(out.Scenes, SceneRef{Scene: packed[e.ID]})
		}
	}
	return out, nil
}

// resourceRefs returns the scenes a resource file's ext_resources of
// type PackedScene name (a configuration Resource's, a level list's).
func (p *Project) resourceRefs(file string) (SceneRefs, error) {
	data, err := p.readFile(file)
	if err != nil {
		return SceneRefs{}, err
	}
	f, err := resource.Read(bytes.NewReader(data))
	if err != nil {
		return SceneRefs{}, err
	}
	var out SceneRefs
	packed := packedScenes(p, f)
	for _, e := range f.External {
		if scene := packed[e.ID]; scene != "" {
			out.Scenes = append(out.Scenes, SceneRef{Scene: scene})
		}
	}
	return out, nil
}

// packedScenes are the res:// paths of a file's ext_resources of type
// PackedScene, by id (a uid:// one's file preferred, as the engine's
// loader prefers it).
func packedScenes(p *Project, f *resource.File) map[string]string {
	packed := map[string]string{}
	for _, e := range f.External {
		if e.Type == "PackedScene" {
			packed[e.ID] = p.extPath(f, resource.Ext(e.ID))
		}
	}
	return packed
}
