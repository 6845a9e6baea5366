package resource

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// A binary scene is a PackedScene whose _bundled property holds the scene
// as the engine's SceneState keeps it: names and values in tables, and
// nodes and connections as numbers indexing them. The text form writes
// the same state as [node] and [connection] sections (read from the state
// through SceneState's getters), and the text loader builds the state back
// from them, adding names, values and paths as the sections give them,
// never sharing an entry. A File keeps the sections; a binary scene read
// keeps its _bundled too, written back as it was while the sections are
// unchanged.

const (
	bundledProperty  = "_bundled"
	idIsPath         = 1 << 30 // a parent, owner or connection end that is a paths entry
	idMask           = 1<<24 - 1
	noParentSaved    = 0x7fffffff
	placeholderBit   = 1 << 30 // an instance that is a placeholder's path
	pathPropertyBit  = 1 << 30 // a property whose NodePath stands for a node
	propNameMask     = 1<<30 - 1
	typeInstantiated = 0x7fffffff
	nameIndexBits    = 18
	sceneVersion3    = 2 // Godot 3's _bundled
	sceneVersion4    = 3 // Godot 4's, with unbinds, unique ids and id paths
)

// sceneState is a SceneState, as _bundled holds it.
type sceneState struct {
	names    []string
	variants []any
	nodes    []nodeData
	ids      []int32 // the nodes' unique ids (Godot 4.6)
	conns    []connData
	paths    []gdvar.NodePath
	idPaths  [][]int32 // the unique ids along each path (Godot 4.6)
	editable []gdvar.NodePath
	base     int      // the variant of an inherited scene's base, or -1
	budget   int      // bytes left for the paths sections spells out
	full     []string // each node's path from the root (see nodePaths)
}

// errPathsTooLong is the error for a scene whose paths would take more
// than their budget.
var errPathsTooLong = errors.New("resource: the scene's node paths take more than 8 times the file's size")

type nodeData struct {
	parent, owner, typ, name, instance, index int32
	props                                     [][2]int32 // name, value
	groups                                    []int32
}

type connData struct {
	from, to, signal, method, flags, unbinds int32
	binds                                    []int32
}

// sceneKept is what a binary scene read keeps to be written back as it
// was: its _bundled, and a snapshot of the sections read from it.
type sceneKept struct {
	bundled  *gdvar.Dictionary
	snapshot []byte
}

// unbundle makes a scene of a PackedScene read from a binary file: its
// sections from _bundled, which it keeps. The paths the sections spell out
// (a node's parent's, from the root) may not take more than budget bytes:
// a deep tree makes them long, and its file short.
func unbundle(f *File, budget int) error {
	i := slices.IndexFunc(f.Main.Properties, func(p gdvar.Property) bool { return p.Name == bundledProperty })
	if i < 0 {
		return nil // an empty PackedScene: a resource like another
	}
	d, ok := f.Main.Properties[i].Value.(*gdvar.Dictionary)
	if !ok {
		return fmt.Errorf("%w: %s is not a Dictionary", errCorrupt, bundledProperty)
	}
	st, err := parseBundled(d)
	if err != nil {
		return err
	}
	f.Scene = true
	f.Main.Properties = slices.Delete(slices.Clone(f.Main.Properties), i, i+1)
	st.budget = budget
	if err := st.sections(f); err != nil {
		return err
	}
	snap, err := f.sceneSnapshot()
	if err != nil {
		return err
	}
	f.kept = &sceneKept{bundled: d, snapshot: snap}
	return nil
}

// parseBundled reads _bundled as set_bundled_scene does.
func parseBundled(d *gdvar.Dictionary) (*sceneState, error) {
	get := func(key string) any { v, _ := d.Get(key); return v }
	bad := func(key string) error { return fmt.Errorf("%w: %s of %s", errCorrupt, key, bundledProperty) }
	st := &sceneState{base: -1}
	version := int64(1)
	if v, ok := get("version").(int64); ok {
		version = v
	}
	if version > sceneVersion4 {
		return nil, fmt.Errorf("%w: %s version %d", errCorrupt, bundledProperty, version)
	}
	names, ok1 := get("names").([]string)
	variants, ok2 := get("variants").([]any)
	nodeCount, ok3 := get("node_count").(int64)
	nodes, ok4 := get("nodes").([]int32)
	connCount, ok5 := get("conn_count").(int64)
	conns, ok6 := get("conns").([]int32)
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !ok6 || nodeCount < 0 || connCount < 0 {
		return nil, bad("names, variants, nodes or conns")
	}
	st.names, st.variants = names, variants
	r := intReader{s: nodes}
	for range nodeCount {
		var n nodeData
		n.parent, n.owner, n.typ = r.next(), r.next(), r.next()
		nameIndex := uint32(r.next())
		n.name, n.index = int32(nameIndex&(1<<nameIndexBits-1)), int32(nameIndex>>nameIndexBits)-1
		n.instance = r.next()
		n.props = make([][2]int32, r.count(2))
		for j := range n.props {
			n.props[j] = [2]int32{r.next(), r.next()}
		}
		n.groups = make([]int32, r.count(1))
		for j := range n.groups {
			n.groups[j] = r.next()
		}
		if r.bad {
			return nil, bad("nodes")
		}
		st.nodes = append(st.nodes, n)
	}
	r = intReader{s: conns}
	for range connCount {
		var c connData
		c.from, c.to, c.signal, c.method, c.flags = r.next(), r.next(), r.next(), r.next(), r.next()
		c.binds = make([]int32, r.count(1))
		for j := range c.binds {
			c.binds[j] = r.next()
		}
		if version >= sceneVersion4 {
			c.unbinds = r.next()
		}
		if r.bad {
			return nil, bad("conns")
		}
		st.conns = append(st.conns, c)
	}
	if ids, ok := get("node_ids").([]int32); ok {
		st.ids = ids
	}
	var err error
	if st.paths, err = nodePaths(get("node_paths")); err != nil {
		return nil, bad("node_paths")
	}
	if st.editable, err = nodePaths(get("editable_instances")); err != nil {
		return nil, bad("editable_instances")
	}
	if a, ok := get("id_paths").([]any); ok && len(st.ids) > 0 {
		for _, v := range a {
			p, ok := v.([]int32)
			if !ok {
				return nil, bad("id_paths")
			}
			st.idPaths = append(st.idPaths, p)
		}
	}
	if b, ok := get("base_scene").(int64); ok {
		st.base = int(b)
	}
	return st, st.check()
}

// intReader reads a PackedInt32Array, noting a read past its end.
type intReader struct {
	s   []int32
	i   int
	bad bool
}

func (r *intReader) next() int32 {
	if r.i >= len(r.s) {
		r.bad = true
		return 0
	}
	r.i++
	return r.s[r.i-1]
}

// count reads a count of items of size ints, which the rest must hold.
func (r *intReader) count(size int) int {
	n := r.next()
	if n < 0 || int(n)*size > len(r.s)-r.i {
		r.bad = true
		return 0
	}
	return int(n)
}

func nodePaths(v any) ([]gdvar.NodePath, error) {
	if v == nil {
		return nil, nil
	}
	a, ok := v.([]any)
	if !ok {
		return nil, errCorrupt
	}
	out := make([]gdvar.NodePath, len(a))
	for i, x := range a {
		if out[i], ok = x.(gdvar.NodePath); !ok {
			return nil, errCorrupt
		}
	}
	return out, nil
}

// check fails a state whose numbers index outside its tables, which the
// engine would read out of bounds.
func (st *sceneState) check() error {
	name := func(i int32) bool { return i >= 0 && int(i) < len(st.names) }
	value := func(i int32) bool { return i >= 0 && int(i) < len(st.variants) }
	node := func(i int32, below int) bool {
		switch {
		case i < 0 || i == noParentSaved:
			return true
		case i&idIsPath != 0:
			return int(i&idMask) < len(st.paths)
		}
		return int(i) < below
	}
	for i, n := range st.nodes {
		// A parent comes before (a node's path is its parent's and its
		// name); an owner is any node: the text loader makes the root own
		// a first node that names a parent, itself among them.
		ok := name(n.name) && node(n.parent, i) && node(n.owner, len(st.nodes)) &&
			(n.typ == typeInstantiated || name(n.typ)) && (n.instance < 0 || value(n.instance&idMask))
		for _, p := range n.props {
			ok = ok && name(p[0]&propNameMask) && value(p[1])
		}
		for _, g := range n.groups {
			ok = ok && name(g)
		}
		if !ok {
			return fmt.Errorf("%w: node %d of %s indexes outside its tables", errCorrupt, i, bundledProperty)
		}
	}
	for i, c := range st.conns {
		ok := node(c.from, len(st.nodes)) && node(c.to, len(st.nodes)) && name(c.signal) && name(c.method)
		for _, b := range c.binds {
			ok = ok && value(b)
		}
		if !ok {
			return fmt.Errorf("%w: connection %d of %s indexes outside its tables", errCorrupt, i, bundledProperty)
		}
	}
	if st.base >= len(st.variants) {
		return fmt.Errorf("%w: base_scene of %s", errCorrupt, bundledProperty)
	}
	return nil
}

// sections gives f the sections the text saver writes of the state, read
// through the getters it calls.
func (st *sceneState) sections(f *File) error {
	if err := st.nodePaths(); err != nil {
		return err
	}
	for i, nd := range st.nodes {
		n := &Node{Name: st.names[nd.name], Index: int(nd.index)}
		if nd.typ != typeInstantiated {
			n.Type = st.names[nd.typ]
		}
		if n.Parent = st.parentPath(i); n.Parent != "" {
			n.ParentIDPath = st.idPath(nd.parent)
		}
		if nd.owner >= 0 && nd.owner != noParentSaved {
			if nd.owner&idIsPath != 0 {
				n.Owner = st.paths[nd.owner&idMask].String()
			} else {
				n.Owner = st.full[nd.owner]
			}
			n.OwnerUIDPath = st.idPath(nd.owner)
		}
		if i < len(st.ids) {
			n.UniqueID = st.ids[i]
		}
		for _, p := range nd.props {
			name := st.names[p[0]&propNameMask]
			if p[0]&pathPropertyBit != 0 && f.dialect == vartext.Godot4 {
				n.NodePaths = append(n.NodePaths, name)
			}
			n.Properties = append(n.Properties, gdvar.Property{Name: name, Value: st.variants[p[1]]})
		}
		for _, g := range nd.groups {
			n.Groups = append(n.Groups, st.names[g])
		}
		instance := -1
		switch {
		case nd.instance >= 0 && nd.instance&placeholderBit != 0:
			s, ok := st.variants[nd.instance&idMask].(string)
			if !ok {
				return fmt.Errorf("%w: node %d's placeholder is not a path", errCorrupt, i)
			}
			n.InstancePlaceholder = s
		case nd.instance >= 0:
			instance = int(nd.instance & idMask)
		case (nd.parent < 0 || nd.parent == noParentSaved) && st.base >= 0:
			instance = st.base
		}
		if instance >= 0 {
			kind, id := RefOf(st.variants[instance])
			if kind != ExtRef {
				return fmt.Errorf("%w: node %d is an instance of no external scene", errCorrupt, i)
			}
			n.Instance = id
		}
		f.Nodes = append(f.Nodes, n)
	}
	for _, cd := range st.conns {
		c := &Connection{Signal: st.names[cd.signal], Method: st.names[cd.method], Flags: int(cd.flags), Unbinds: int(cd.unbinds)}
		c.From, c.To = st.end(cd.from), st.end(cd.to)
		for _, b := range cd.binds {
			c.Binds = append(c.Binds, st.variants[b])
		}
		f.Connections = append(f.Connections, c)
	}
	for _, p := range st.editable {
		f.Editable = append(f.Editable, p.String())
	}
	return nil
}

// nodePaths spells out each node's path from the root, as
// SceneState::get_node_path gives it: "." for the root, "./A/B" below it,
// a paths entry's names where a parent is one. A node's comes from its
// parent's, which comes before it; each byte counts against the budget.
func (st *sceneState) nodePaths() error {
	st.full = make([]string, len(st.nodes))
	for i, nd := range st.nodes {
		name := st.names[nd.name]
		switch {
		case root(nd.parent):
			st.full[i] = "."
		case nd.parent&idIsPath != 0:
			st.full[i] = strings.Join(append(slices.Clone(st.paths[nd.parent&idMask].Names), name), "/")
		default:
			st.full[i] = st.full[nd.parent] + "/" + name
		}
		if st.budget -= len(st.full[i]); st.budget < 0 {
			return errPathsTooLong
		}
	}
	return nil
}

// root reports whether a node's parent says it is the root.
func root(parent int32) bool { return parent < 0 || parent == noParentSaved }

// parentPath is get_node_path(i, true): the path of node i's parent, or ""
// for the root.
func (st *sceneState) parentPath(i int) string {
	p := st.nodes[i].parent
	switch {
	case root(p):
		return ""
	case p&idIsPath != 0:
		if names := st.paths[p&idMask].Names; len(names) > 0 {
			return strings.Join(names, "/")
		}
		return "."
	}
	return st.full[p]
}

// idPath is the id path of a parent or owner that is a paths entry.
func (st *sceneState) idPath(i int32) []int32 {
	if i >= 0 && i != noParentSaved && i&idIsPath != 0 && int(i&idMask) < len(st.idPaths) && len(st.idPaths[i&idMask]) > 0 {
		return st.idPaths[i&idMask]
	}
	return nil
}

// end is a connection's end: a paths entry, or a node's path.
func (st *sceneState) end(i int32) string {
	if i&idIsPath != 0 {
		return st.paths[i&idMask].String()
	}
	return st.full[i]
}

// sceneSnapshot is the scene's sections in a form that changes when they
// do: the SHA-256 of the binary form of them all.
func (f *File) sceneSnapshot() ([]byte, error) {
	var v []any
	for _, n := range f.Nodes {
		props := make([]any, 0, 2*len(n.Properties))
		for _, p := range n.Properties {
			props = append(props, p.Name, p.Value)
		}
		v = append(v, []any{n.Name, n.Type, n.Parent, n.ParentIDPath, n.Owner, n.OwnerUIDPath, int64(n.Index),
			int64(n.UniqueID), n.NodePaths, n.Groups, n.InstancePlaceholder, n.Instance, props})
	}
	for _, c := range f.Connections {
		v = append(v, []any{c.Signal, c.From, c.To, c.Method, int64(c.Flags), c.FromUIDPath, c.ToUIDPath, int64(c.Unbinds), c.Binds})
	}
	v = append(v, f.Editable)
	h := sha256.New()
	enc := gdvar.MustCodec(gdvar.AllowObjects(true)).NewEncoder(h)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if err := enc.Flush(); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}

// bundled returns the scene's _bundled: the one read, while the sections
// are as read, or else the state the text loader builds of them.
func (f *File) bundled() (*gdvar.Dictionary, error) {
	if f.kept != nil {
		snap, err := f.sceneSnapshot()
		if err != nil {
			return nil, err
		}
		if bytes.Equal(snap, f.kept.snapshot) {
			return f.kept.bundled, nil
		}
	}
	st, err := f.loadState()
	if err != nil {
		return nil, err
	}
	return st.dictionary(f.dialect == vartext.Godot4), nil
}

// loadState builds the state of the sections as the text loader does
// (ResourceLoaderText::_parse_node_tag): each section in turn adds its
// names, values and paths, never sharing one.
func (f *File) loadState() (*sceneState, error) {
	// The tables are made to their most, at most twice what they hold:
	// grown by append, they would cost five times.
	nameCount, valueCount := 2*len(f.Connections), 0
	for _, n := range f.Nodes {
		nameCount += 2 + len(n.Groups) + len(n.Properties)
		valueCount += 2 + len(n.Properties)
	}
	for _, c := range f.Connections {
		valueCount += len(c.Binds)
	}
	pathCount := 2 * (len(f.Nodes) + len(f.Connections))
	st := &sceneState{base: -1, names: make([]string, 0, nameCount), variants: make([]any, 0, valueCount),
		nodes: make([]nodeData, 0, len(f.Nodes)), ids: make([]int32, 0, len(f.Nodes)), conns: make([]connData, 0, len(f.Connections)),
		paths: make([]gdvar.NodePath, 0, pathCount), idPaths: make([][]int32, 0, pathCount)}
	godot4 := f.dialect == vartext.Godot4
	addName := func(s string) int32 { st.names = append(st.names, s); return int32(len(st.names) - 1) }
	addValue := func(v any) int32 { st.variants = append(st.variants, v); return int32(len(st.variants) - 1) }
	addPath := func(p gdvar.NodePath, ids []int32) int32 {
		st.paths = append(st.paths, p)
		st.idPaths = append(st.idPaths, slices.Clone(ids))
		return int32(len(st.paths)-1) | idIsPath
	}
	for _, n := range f.Nodes {
		nd := nodeData{parent: -1, owner: -1, instance: -1, index: int32(n.Index)}
		nd.name = addName(n.Name)
		if n.Parent != "" {
			nd.parent = addPath(withPeriod(gdvar.ParseNodePath(n.Parent)), n.ParentIDPath)
		}
		nd.typ = typeInstantiated
		if n.Type != "" {
			nd.typ = addName(n.Type)
		}
		if n.Instance != "" {
			nd.instance = addValue(Ext(n.Instance))
			if len(st.nodes) == 0 && nd.parent == -1 { // an inherited scene's root
				st.base, nd.instance = int(nd.instance), -1
			}
		}
		if n.InstancePlaceholder != "" {
			if len(st.nodes) == 0 {
				return nil, fmt.Errorf("resource: the root %q is a placeholder, which the engine refuses", n.Name)
			}
			nd.instance = addValue(n.InstancePlaceholder) | placeholderBit
		}
		switch {
		case n.Owner != "":
			nd.owner = addPath(gdvar.ParseNodePath(n.Owner), n.OwnerUIDPath)
		case nd.parent != -1 && (nd.typ != typeInstantiated || nd.instance != -1):
			nd.owner = 0 // the root
		}
		for _, g := range n.Groups {
			nd.groups = append(nd.groups, addName(g))
		}
		paths := newNameSet(n.NodePaths)
		nd.props = make([][2]int32, 0, len(n.Properties))
		for _, p := range n.Properties {
			name := addName(p.Name)
			if godot4 && paths.has(p.Name) {
				name |= pathPropertyBit
			}
			nd.props = append(nd.props, [2]int32{name, addValue(p.Value)})
		}
		st.nodes = append(st.nodes, nd)
		st.ids = append(st.ids, n.UniqueID)
	}
	for _, c := range f.Connections {
		// The engine's build evaluates add_connection's arguments last to
		// first: the binds, the method, the signal, then the ends.
		cd := connData{flags: int32(c.Flags), unbinds: int32(c.Unbinds)}
		for _, b := range c.Binds {
			cd.binds = append(cd.binds, addValue(b))
		}
		cd.method = addName(c.Method)
		cd.signal = addName(c.Signal)
		cd.to = addPath(simplified(gdvar.ParseNodePath(c.To)), c.ToUIDPath)
		cd.from = addPath(simplified(gdvar.ParseNodePath(c.From)), c.FromUIDPath)
		st.conns = append(st.conns, cd)
	}
	for _, e := range f.Editable {
		st.editable = append(st.editable, simplified(gdvar.ParseNodePath(e)))
	}
	return st, nil
}

// nameSet is a set of names, looked up in a sorted copy when they are
// many: a node may list as many node_paths as it has properties.
type nameSet []string

func newNameSet(names []string) nameSet {
	if len(names) > 8 {
		names = slices.Clone(names)
		slices.Sort(names)
	}
	return names
}

func (s nameSet) has(name string) bool {
	if len(s) > 8 {
		_, found := slices.BinarySearch(s, name)
		return found
	}
	return slices.Contains(s, name)
}

// dictionary returns the state as get_bundled_scene writes it, in Godot
// 4.6's form (with unique ids, id paths and unbinds) or Godot 3's.
func (st *sceneState) dictionary(godot4 bool) *gdvar.Dictionary {
	size := 0
	for _, n := range st.nodes {
		size += 7 + 2*len(n.props) + len(n.groups)
	}
	nodes := make([]int32, 0, size)
	for _, n := range st.nodes {
		nameAndIndex := uint32(n.name)
		if n.index < 1<<(32-nameIndexBits)-1 {
			nameAndIndex |= uint32(n.index+1) << nameIndexBits
		}
		nodes = append(nodes, n.parent, n.owner, n.typ, int32(nameAndIndex), n.instance, int32(len(n.props)))
		for _, p := range n.props {
			nodes = append(nodes, p[0], p[1])
		}
		nodes = append(nodes, int32(len(n.groups)))
		nodes = append(nodes, n.groups...)
	}
	size = 0
	for _, c := range st.conns {
		size += 7 + len(c.binds)
	}
	conns := make([]int32, 0, size)
	for _, c := range st.conns {
		conns = append(conns, c.from, c.to, c.signal, c.method, c.flags, int32(len(c.binds)))
		conns = append(conns, c.binds...)
		if godot4 {
			conns = append(conns, c.unbinds)
		}
	}
	paths := func(ps []gdvar.NodePath) []any {
		out := make([]any, len(ps))
		for i, p := range ps {
			out[i] = p
		}
		return out
	}
	d := &gdvar.Dictionary{}
	d.Append("names", orEmpty(st.names))
	d.Append("variants", orEmpty(st.variants))
	d.Append("node_count", int64(len(st.nodes)))
	d.Append("nodes", orEmpty(nodes))
	if godot4 {
		d.Append("node_ids", orEmpty(st.ids))
	}
	d.Append("conn_count", int64(len(st.conns)))
	d.Append("conns", orEmpty(conns))
	d.Append("node_paths", paths(st.paths))
	if godot4 {
		idPaths := make([]any, len(st.idPaths))
		for i, p := range st.idPaths {
			idPaths[i] = orEmpty(p)
		}
		d.Append("id_paths", idPaths)
	}
	d.Append("editable_instances", paths(st.editable))
	if st.base >= 0 {
		d.Append("base_scene", int64(st.base))
	}
	version := int64(sceneVersion3)
	if godot4 {
		version = sceneVersion4
	}
	d.Append("version", version)
	return d
}

// orEmpty makes a nil slice an empty one, which the binary form writes
// alike but the generic form tells apart.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// withPeriod is NodePath::prepend_period: "." first, unless it is there.
func withPeriod(p gdvar.NodePath) gdvar.NodePath {
	if len(p.Names) > 0 && p.Names[0] == "." {
		return p
	}
	p.Names = append([]string{"."}, p.Names...)
	return p
}

// simplified is NodePath::simplified: without "." (unless alone), and
// with each name followed by ".." taken out with it.
func simplified(p gdvar.NodePath) gdvar.NodePath {
	names := slices.Clone(p.Names)
	for i := 0; i < len(names); i++ {
		if len(names) == 1 {
			break
		}
		switch {
		case names[i] == ".":
			names = slices.Delete(names, i, i+1)
			i--
		case i > 0 && names[i] == ".." && names[i-1] != "." && names[i-1] != "..":
			names = slices.Delete(names, i-1, i+1)
			i -= 2
			if len(names) == 0 {
				names = []string{"."}
			}
		}
	}
	p.Names = names
	return p
}
