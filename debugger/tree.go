package debugger

import (
	"fmt"
	"iter"
	"strings"
)

// Node is a node of the game's scene tree, as the scene_tree message gives
// it.
type Node struct {
	Name string
	// Type is what the message says: get_class() for a node without a
	// script; for a scripted node (Godot 4) its script's class_name, or
	// its path. Class is always get_class() once Session.Classes filled it.
	Type, Class string
	ID          int64
	Path        string // absolute: /root/Main/Label
	SceneFile   string // the scene the node was instanced from (Godot 4)
	ViewFlags   int64  // Godot 4: 2 has is_visible, 4 visible, 8 visible in tree
	Children    []*Node
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

// Find returns the node at the absolute path (as Node.Path), or nil.
func (n *Node) Find(path string) *Node {
	path = strings.TrimSuffix(path, "/")
	for x := range n.All() {
		if x.Path == path {
			return x
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
			n.Path = "/" + n.Name
			root = &n
		} else {
			if len(stack) == 0 {
				return nil, fmt.Errorf("%w: scene_tree has nodes past the root's last child", ErrMalformed)
			}
			top := &stack[len(stack)-1]
			n.Path = top.n.Path + "/" + n.Name
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
