package debugger

import (
	"fmt"
	"iter"
	"slices"
	"strings"
)

// Node is a node of the game's scene tree, as the scene_tree message gives
// it.
type Node struct {
	Name string
	// Type is what the message says: get_class() for a node without a
	// script; for a scripted node (Godot 4) its script's class_name, or
	// its path. Class is always get_class() once [Session.Classes] filled it.
	Type, Class string
	ID          int64
	SceneFile   string // the scene the node was instanced from (Godot 4)
	ViewFlags   int64  // Godot 4: 2 has is_visible, 4 visible, 8 visible in tree
	Children    []*Node

	parent *Node // nil for the root
}

// dropChildren takes the children of n that freed says the game freed
// since the tree was taken out of it, with the nodes under them: one pass
// over n's children, however many go.
func (n *Node) dropChildren(freed func(*Node) bool) {
	n.Children = slices.DeleteFunc(n.Children, func(c *Node) bool {
		if freed(c) {
			c.parent = nil
			return true
		}
		return false
	})
}

// Path returns the node's absolute path: /root/Main/Label. A tree keeps
// no paths, as a chain of n nodes has n² bytes of them: each call builds
// one from the node's ancestors.
func (n *Node) Path() string { return string(n.AppendPath(nil)) }

// AppendPath appends the node's absolute path to b and returns it.
func (n *Node) AppendPath(b []byte) []byte {
	size := 0
	for x := n; x != nil; x = x.parent {
		size += 1 + len(x.Name)
	}
	start := len(b)
	b = slices.Grow(b, size)[:start+size]
	end := len(b)
	for x := n; x != nil; x = x.parent {
		end -= len(x.Name)
		copy(b[end:], x.Name)
		end--
		b[end] = '/'
	}
	return b
}

// All returns n and its descendants, depth first in child order.
func (n *Node) All() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		stack := []*Node{n}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !yield(x) {
				return
			}
			for i := len(x.Children) - 1; i >= 0; i-- {
				stack = append(stack, x.Children[i])
			}
		}
	}
}

// Within yields the nodes under n (n included) down to depth levels
// below it (all of them if depth < 0), depth first in child order, each
// with its level below n.
func (n *Node) Within(depth int) iter.Seq2[int, *Node] {
	return func(yield func(int, *Node) bool) {
		type at struct {
			n     *Node
			level int
		}
		stack := []at{{n, 0}}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !yield(x.level, x.n) {
				return
			}
			if depth >= 0 && x.level >= depth {
				continue
			}
			for i := len(x.n.Children) - 1; i >= 0; i-- {
				stack = append(stack, at{x.n.Children[i], x.level + 1})
			}
		}
	}
}

// Find returns the node under n (n included) at the absolute path, as Path
// gives it, or nil; the first in depth-first order if several have it. It
// goes down only the children whose names the path goes on with, so it
// costs the path and those children, not the tree.
func (n *Node) Find(path string) *Node {
	rest, ok := strings.CutPrefix(strings.TrimSuffix(path, "/"), n.Path())
	if !ok || rest != "" && rest[0] != '/' {
		return nil
	}
	type step struct {
		n    *Node
		rest string // the path past n's
	}
	stack := []step{{n, rest}}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.rest == "" {
			return x.n
		}
		for i := len(x.n.Children) - 1; i >= 0; i-- {
			c := x.n.Children[i]
			if after, ok := strings.CutPrefix(x.rest[1:], c.Name); ok && (after == "" || after[0] == '/') {
				stack = append(stack, step{c, after})
			}
		}
	}
	return nil
}

// ParseTree reads scene_tree: a flat list, depth first from the root, of
// (child_count, name, type, id, scene_file, view_flags) in Godot 4, or of
// (child_count, name, class, id) in Godot 3. The Godot 3 class is
// get_class(), so its nodes' Class is filled.
func ParseTree(m Message) (*Node, error) {
	width := 6
	if m.Thread == 0 {
		width = 4
	}
	data := m.Data
	type open struct {
		n    *Node
		left int64 // children still to come
	}
	var root *Node
	var stack []open
	for i := 0; i+width <= len(data); i += width {
		var n Node
		var count int64
		ok := fields(data[i:], &count, &n.Name, &n.Type, &n.ID)
		if width == 6 {
			ok = ok && fields(data[i+4:], &n.SceneFile, &n.ViewFlags)
		} else {
			n.Class = n.Type
		}
		if !ok || count < 0 || count > int64(len(data)-i)/int64(width) {
			return nil, fmt.Errorf("%w: scene_tree node at %d: %s", ErrMalformed, i, shown(data[i:i+width]))
		}
		if root == nil {
			root = &n
		} else {
			if len(stack) == 0 {
				return nil, fmt.Errorf("%w: scene_tree has nodes past the root's last child", ErrMalformed)
			}
			top := &stack[len(stack)-1]
			n.parent = top.n
			top.n.Children = append(top.n.Children, &n)
			top.left--
		}
		stack = append(stack, open{&n, count})
		for len(stack) > 0 && stack[len(stack)-1].left == 0 {
			stack = stack[:len(stack)-1]
		}
	}
	if root == nil || len(stack) > 0 || len(data)%width != 0 {
		return nil, fmt.Errorf("%w: scene_tree of %d elements ends inside a node", ErrMalformed, len(data))
	}
	return root, nil
}
