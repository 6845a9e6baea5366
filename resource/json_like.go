package resource

import (
	"fmt"

	"github.com/gdvar/gdvar"
)

// jq before 1.7 prints a float 100.0 as 100, which the JSON form reads as
// an int, so a resource edited through it would change its floats' types.
// The file the JSON was edited from knows each number's type: Like gives
// the Decoder of the JSON's values (varjson.Decoder.Like) the original's
// value at the place of each, so that one piece of code, varjson's, keeps
// the types of values, of save files and of resources alike.

// Like makes [File.UnmarshalJSON] give each number of the JSON the type,
// int or float, of the number at its place in orig, the file the JSON was
// edited from (read from the file or from its JSON form), as
// [varjson.Decoder.Like] does for a value, restoring what jq before 1.7
// changes (it prints 100.0 as 100). A place is the same property of the
// same section: the main resource, the sub-resource of the same ID (or at
// the same position, when it has none), the node of the same parent and
// name, the binds of the connection of the same signal, ends and method;
// within the property's value, as [varjson.Decoder.Like] matches places. A
// value with none at its place in orig (a property or a section the edit
// added) is read as without Like. Like(nil) ends it.
func (f *File) Like(orig *File) { f.like = orig }

// likeIndex finds the sections of the file the JSON was edited from.
// Its methods return the properties of the section matching one of the
// JSON's, none when it has none; a nil likeIndex (no Like) has none.
type likeIndex struct {
	f         *File
	resources map[string]*Resource // by ID
	nodes     map[nodeKey]*Node
	conns     map[connKey]*Connection
}

// nodeKey is what tells a scene's nodes apart: the parent's path and the
// name.
type nodeKey struct{ parent, name string }

// connKey is what tells a scene's connections apart, as the engine's
// connect refuses the same one twice.
type connKey struct{ signal, from, to, method string }

// newLikeIndex returns the index of orig, nil for none.
func newLikeIndex(orig *File) *likeIndex {
	if orig == nil {
		return nil
	}
	x := &likeIndex{f: orig, resources: make(map[string]*Resource, len(orig.Resources)),
		nodes: make(map[nodeKey]*Node, len(orig.Nodes)), conns: make(map[connKey]*Connection, len(orig.Connections))}
	for _, r := range orig.Resources {
		if r.ID != "" {
			x.resources[r.ID] = r
		}
	}
	for _, n := range orig.Nodes {
		x.nodes[nodeKey{n.Parent, n.Name}] = n
	}
	for _, c := range orig.Connections {
		x.conns[connKey{c.Signal, c.From, c.To, c.Method}] = c
	}
	return x
}

// resource returns the properties of the sub-resource of the ID, or, for
// one without an ID, at position i.
func (x *likeIndex) resource(id string, i int) []gdvar.Property {
	switch {
	case x == nil:
		return nil
	case id != "":
		if r := x.resources[id]; r != nil {
			return r.Properties
		}
	case i < len(x.f.Resources) && x.f.Resources[i].ID == "":
		return x.f.Resources[i].Properties
	}
	return nil
}

// main returns the main resource's properties.
func (x *likeIndex) main() []gdvar.Property {
	if x == nil || x.f.Main == nil {
		return nil
	}
	return x.f.Main.Properties
}

// node returns the properties of the node of the parent and name.
func (x *likeIndex) node(parent, name string) []gdvar.Property {
	if x == nil {
		return nil
	}
	if n := x.nodes[nodeKey{parent, name}]; n != nil {
		return n.Properties
	}
	return nil
}

// binds returns the binds of the connection like c, as the one property
// the JSON's binds are read as (named by the signal).
func (x *likeIndex) binds(c *Connection) []gdvar.Property {
	if x == nil {
		return nil
	}
	if o := x.conns[connKey{c.Signal, c.From, c.To, c.Method}]; o != nil && len(o.Binds) > 0 {
		return []gdvar.Property{{Name: c.Signal, Value: o.Binds}}
	}
	return nil
}

// refValues returns the JSON of the value at the place of each value
// gathered, in turn, a space after each: the original's, or null where
// it has none, which varjson's Like takes as no type to keep.
func (j *jsonValues) refValues() ([]byte, error) {
	p := newJSONPrinter(j.like.f.dialect.Engine()) // the original's values are of its engine
	var out []byte
	for _, o := range j.objects {
		props := *o.dst
		if o.conn {
			props = props[o.i : o.i+1]
		}
		var byName map[string]int // made at the first name not at its position in ref
		for i, prop := range props {
			k := i
			if k >= len(o.ref) || o.ref[k].Name != prop.Name {
				if byName == nil {
					byName = make(map[string]int, len(o.ref))
					for n, r := range o.ref {
						byName[r.Name] = n
					}
				}
				var ok bool
				if k, ok = byName[prop.Name]; !ok {
					out = append(out, "null "...)
					continue
				}
			}
			var err error
			if out, err = p.append(out, o.ref[k].Value); err != nil {
				return nil, fmt.Errorf("resource: the file edited from (Like): property %s: %w", prop.Name, err)
			}
			out = append(out, ' ')
		}
	}
	return out, nil
}
