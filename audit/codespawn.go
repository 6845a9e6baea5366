package audit

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/gdvar/gdvar/project"
)

// codeSpawns queues the scenes a row's scripts make spawnable in code:
// those add_spawnable_scene gives a spawner, and those a spawn_function
// the script sets names (in its body, through a member holding the
// scene, or a member the row's scene sets to one on the node). Each
// script is read on the first node holding it, each spawn function
// once: a scene is queued once anyway.
func (w *surfaceWalk) codeSpawns(r *row) {
	for _, at := range r.first {
		refs := w.refsOf(at.script)
		if len(refs.SpawnFunctions) == 0 && !slices.ContainsFunc(refs.Scenes, isSpawnable) {
			continue
		}
		byFunc := map[string][]string{}   // the scenes each function names
		byMember := map[string][]string{} // the scenes each member holds
		for _, ref := range refs.Scenes {
			switch {
			case isSpawnable(ref) && !w.sceneSeen[ref.Scene]:
				sp, parent := r.spawnerOf(ref.Receiver, at.node)
				w.enqueue(r.spawn(ref.Scene, parent, fmt.Sprintf("add_spawnable_scene of %s (%s:%d)", sp, at.script, ref.Line)))
			case isSpawnable(ref):
			case ref.Func != "":
				byFunc[ref.Func] = append(byFunc[ref.Func], ref.Scene)
			case ref.Member != "":
				byMember[ref.Member] = append(byMember[ref.Member], ref.Scene)
			}
		}
		w.nodeMembers(r, at.node, byMember)
		done := map[string]bool{}
		for _, sf := range refs.SpawnFunctions {
			if done[sf.Func] {
				continue
			}
			done[sf.Func] = true
			sp, parent := r.spawnerOf(sf.Spawner, at.node)
			by := fmt.Sprintf("spawn_function %s of %s (%s:%d)", sf.Func, sp, at.script, sf.Line)
			built := slices.Clone(byFunc[sf.Func])
			for _, m := range sf.Members {
				built = append(built, byMember[m]...)
			}
			for _, sc := range built {
				w.enqueue(r.spawn(sc, parent, by))
			}
			w.s.addCustom(r, sp, built)
		}
	}
}

// customSpawn is a spawner whose spawn_function, which a script sets,
// makes scenes: the clients declare them as its custom scenes
// (fromproject.WithCustomSpawn, WithCustomSpawnIn), else they take none
// of its spawns (the engine sends a custom spawn with no scene of the
// spawner's list, which only the spawner's own function makes).
type customSpawn struct {
	scene   string   // the spawned scene that holds it; "" for the running tree's
	spawner string   // its path: absolute in the running tree, else below its scene's root
	scenes  []string // res:// paths, each once, in the order met
}

// addCustom notes the scenes built, which the spawn_function of the
// spawner at sp (an absolute path, each spawned node's name "*") makes,
// of a live row: the running tree, or a scene its spawners spawn, as
// deep as they go (one no client declares, as one a script made
// spawnable in code, the clients' declaration leaves out: declareCustom).
func (s *surface) addCustom(r *row, sp string, built []string) {
	if _, ok := r.spawners[sp]; !ok || !r.live || len(built) == 0 {
		return
	}
	c := customSpawn{spawner: sp}
	if r.base != "" {
		rel, ok := strings.CutPrefix(sp, r.base+"/")
		if !ok {
			return
		}
		c.scene, c.spawner = r.Path, rel
	}
	i := slices.IndexFunc(s.custom, func(o customSpawn) bool { return o.scene == c.scene && o.spawner == c.spawner })
	if i < 0 {
		s.custom = append(s.custom, c)
		i = len(s.custom) - 1
	}
	for _, sc := range built {
		if !slices.Contains(s.custom[i].scenes, sc) {
			s.custom[i].scenes = append(s.custom[i].scenes, sc)
		}
	}
}

// isSpawnable says a reference gives a spawner a spawnable scene.
func isSpawnable(ref project.SceneRef) bool { return ref.Call == "add_spawnable_scene" }

// nodeMembers adds to byMember the scenes the row's scene sets on the
// node at node's properties (an @export var scene: PackedScene).
func (w *surfaceWalk) nodeMembers(r *row, node string, byMember map[string][]string) {
	if !project.IsScene(r.Path) {
		return
	}
	if r.nodeRefs == nil { // once a row
		r.nodeRefs = map[string][]project.SceneRef{}
		for _, ref := range w.refsOf(r.Path).Scenes {
			if ref.Node != "" {
				r.nodeRefs[ref.Node] = append(r.nodeRefs[ref.Node], ref)
			}
		}
	}
	rel := "."
	if node != r.Root {
		rel = strings.TrimPrefix(node, r.Root+"/")
	}
	for _, ref := range r.nodeRefs[rel] {
		byMember[ref.Member] = append(byMember[ref.Member], ref.Scene)
	}
	// A node of a scene the row instances is set in that scene's file
	// too (a spawner whose PackedScene member its own scene sets).
	for at := node; at != r.Root && at != "/" && at != "."; at = path.Dir(at) {
		if sc, ok := r.instances[at]; ok {
			rel := "."
			if node != at {
				rel = strings.TrimPrefix(node, at+"/")
			}
			for _, ref := range w.refsOf(sc).Scenes {
				if ref.Node == rel && ref.Member != "" {
					byMember[ref.Member] = append(byMember[ref.Member], ref.Scene)
				}
			}
			return
		}
	}
}

// spawnerOf finds the spawner a receiver names, from the node whose
// script calls it: the node itself ("" or self), a path ($Players/Spawner,
// get_node("…")), a unique name (%Spawner), or else the row's one
// spawner. It returns how to name it and the path its spawns go under,
// "*" where it is not found.
func (r *row) spawnerOf(recv, node string) (string, string) {
	at := ""
	switch {
	case recv == "" || recv == "self":
		at = node
	case strings.HasPrefix(recv, "$"):
		at = path.Join(node, strings.Trim(recv[1:], `"'`))
	case strings.HasPrefix(recv, "get_node(") && strings.HasSuffix(recv, ")"):
		at = path.Join(node, strings.Trim(recv[len("get_node("):len(recv)-1], `"'`))
	case strings.HasPrefix(recv, "%"):
		if r.byName == nil { // once a row
			r.byName = map[string]string{}
			for p := range r.spawners {
				if old, ok := r.byName[path.Base(p)]; !ok || p < old {
					r.byName[path.Base(p)] = p
				}
			}
		}
		at = r.byName[recv[1:]]
	case len(r.spawners) == 1:
		for p := range r.spawners {
			at = p
		}
	}
	if sp, ok := r.spawners[at]; ok {
		return at, path.Join(at, sp.SpawnPath)
	}
	if recv == "" {
		return "a spawner", "*"
	}
	return project.Shown(recv), "*"
}
