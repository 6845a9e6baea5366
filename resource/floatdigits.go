package resource

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// godot4Text prints values as the Godot 4 engine does.
var godot4Text = vartext.MustCodec(vartext.WithDialect(vartext.Godot4))

// appendEngineFloat appends v's text as Godot 4 prints a float Variant.
func appendEngineFloat(b []byte, v float64) []byte { return godot4Text.AppendFloat(b, v) }

// digitsRead returns the float Godot 4 holds once it has read a text
// file's digits of v, and whether that is another float: v is a 32-bit
// float a text file's digits were read as because the 64-bit float
// nearest them prints otherwise (see textReader.float), and the engine,
// holding 64 bits there, holds that nearest float. The one float this
// takes for another is a 32-bit float written with more digits than its
// own and read as it is, whose own digits would have been read as 32
// bits: a hand's, or another tool's, not an editor's.
func digitsRead(v float64) (float64, bool) {
	if float64(float32(v)) != v {
		return v, false
	}
	var buf [32]byte
	text := appendEngineFloat(buf[:0], v)
	x, err := strconv.ParseFloat(string(text), 64)
	if err != nil || x == v {
		return v, false
	}
	if bytes.Equal(appendEngineFloat(buf[len(text):len(text)], x), text) {
		return v, false // read as x, which prints as v does
	}
	return x, true
}

// single reports whether c, a class or nil, keeps its property name in 32
// bits.
func (c *class) single(name string) bool {
	if c == nil {
		return false
	}
	at := c.index(name, 0)
	if at < 0 {
		at = c.index(firstOfMany(name), 0)
	}
	return at >= 0 && c.props[at].single
}

// digitsLoaded gives g, a copy of a Godot 4 text file (its nodes shared
// with the original: a node changed is replaced), the floats the
// engine holds once it has read their digits (see digitsRead) where the
// file's 32-bit floats are not a class's: its nodes' and its resources'
// properties.
func (g *File) digitsLoaded() {
	if g.binaryRead || g.dialect != vartext.Godot4 {
		return
	}
	classes := classesOf(g.dialect)
	for _, r := range append(g.Resources[:len(g.Resources):len(g.Resources)], g.Main) {
		c := classes[r.Type]
		r.Properties = withDigitsRead(r.Properties, func(name string) bool { return !c.single(name) })
	}
	nodes := g.Nodes
	for i, n := range g.Nodes {
		props := withDigitsRead(n.Properties, func(string) bool { return true })
		if len(props) == 0 || &props[0] == &n.Properties[0] {
			continue // unchanged
		}
		if &nodes[0] == &g.Nodes[0] {
			nodes = slices.Clone(g.Nodes) // f's nodes stay as they are
		}
		c := *n
		c.Properties = props
		nodes[i] = &c
	}
	g.Nodes = nodes
}

// withDigitsRead returns props with the floats of the properties wide
// says are held in 64 bits as the engine reads their digits: props
// itself if none changes, else a copy.
func withDigitsRead(props []gdvar.Property, wide func(name string) bool) []gdvar.Property {
	cloned := false
	for i, p := range props {
		v, ok := p.Value.(float64)
		if !ok || !wide(p.Name) {
			continue
		}
		if x, changed := digitsRead(v); changed {
			if !cloned {
				props, cloned = slices.Clone(props), true
			}
			props[i].Value = x
		}
	}
	return props
}
