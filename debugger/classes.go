package debugger

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar"
)

// inspectWindow is the most inspects Classes has in flight at once: the
// game answers all it has read in one poll, a frame's, rather than one a
// frame; and every message the Session reads meanwhile is matched against
// that many waiters at most. At most maxLate, whose late replies are all
// dropped if Classes gives up.
const inspectWindow = 32

// classOf is what Classes knows of an id of the tree.
type classOf struct {
	name  string // get_class(); "" until known
	asked bool   // an inspect of it was sent
	freed bool   // the game has no object of that id any more
}

// Classes sets the Class of every node of root (a tree from Tree) to what
// get_class() says, which the tree message gives only for nodes without a
// script. Godot 4 gets them all from one Expression (see Evaluate); the
// ids it misses, or all if there is no frame to stop in, are inspected,
// each id once (nodes sharing one share its class), inspectWindow at a
// time, all within one request timeout ([WithRequestTimeout]). A node the
// game freed since the tree was taken (a coin picked up meanwhile) is
// taken out of root with the nodes under it (not asked about once it is
// found freed): it is gone, not an error; the root gone is [ErrNoNode]. An
// answer that is no class name, or of no object asked for, is
// [ErrMalformed].
func (s *Session) Classes(ctx context.Context, root *Node) error {
	if err := s.turn(ctx); err != nil {
		return err
	}
	defer s.endTurn()
	if s.Engine() == gdvar.Godot3 {
		return nil // the tree has them
	}
	known := map[int64]classOf{}
	for n := range root.All() {
		known[n.ID] = classOf{}
	}
	v, err := s.evaluate(ctx, `str(Engine.get_main_loop().root.find_children("*", "", true, false))`, false)
	if err != nil && !errors.Is(err, ErrNoScriptFrame) {
		return err
	}
	switch v := v.(type) {
	case nil: // no frame, or the expression failed: every node is inspected
	case string:
		readClasses(v, known)
	default:
		return fmt.Errorf("%w: the nodes' classes are %s, not a String", ErrMalformed, shown(v))
	}
	if err := s.inspectClasses(ctx, root, known); err != nil {
		return err
	}
	if known[root.ID].freed {
		return fmt.Errorf("%s: %w: object %d", cutText(root.Path()), ErrNoNode, root.ID)
	}
	for n := range root.All() { // a freed node was taken out before it came
		n.Class = known[n.ID].name
		n.dropChildren(func(c *Node) bool { return known[c.ID].freed })
	}
	return nil
}

// readClasses reads the "Name:<Class#id>" of each node in text, the str()
// of an Array of nodes, into known: the classes of the ids known has, the
// first said of each, each class name copied once, so that text is not
// held. Each byte is looked at a few times at most.
func readClasses(text string, known map[int64]classOf) {
	names := map[string]string{}
	for {
		i := strings.Index(text, ":<")
		if i < 0 {
			return
		}
		text = text[i+2:]
		n := 0
		for n < len(text) && isNameByte(text[n]) {
			n++
		}
		if n == 0 || n == len(text) || text[n] != '#' {
			continue
		}
		class, digits := text[:n], text[n+1:]
		n = 0
		for n < len(digits) && '0' <= digits[n] && digits[n] <= '9' {
			n++
		}
		if n == 0 || n == len(digits) || digits[n] != '>' {
			continue
		}
		id, err := strconv.ParseInt(digits[:n], 10, 64)
		text = digits[n+1:]
		if c, ok := known[id]; err != nil || !ok || c.name != "" {
			continue
		}
		name, ok := names[class]
		if !ok {
			name = strings.Clone(class)
			names[name] = name
		}
		known[id] = classOf{name: name}
	}
}

// isClassName says whether s is a class's name: letters, digits and _.
func isClassName(s string) bool {
	for i := range len(s) {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return s != ""
}

func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// inspectClasses inspects the ids of root's nodes whose class known lacks,
// depth first, except those of the nodes under a node found freed, within
// one request timeout.
func (s *Session) inspectClasses(ctx context.Context, root *Node, known map[int64]classOf) error {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.requestTimeout)
	defer cancel()
	gone := map[*Node]bool{} // the nodes under a node found freed before they came
	var ids []int64
	flush := func() error {
		err := s.inspectEach(ctx, ids, known)
		ids = ids[:0]
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
			return fmt.Errorf("debugger: the classes of the tree's nodes: no reply within %v: %w", s.cfg.requestTimeout, err)
		}
		return err
	}
	for n := range root.All() {
		c := known[n.ID]
		if c.freed || gone[n.parent] || n.parent != nil && known[n.parent.ID].freed {
			gone[n] = true
			continue
		}
		if c.name != "" || c.asked {
			continue
		}
		known[n.ID] = classOf{asked: true}
		if ids = append(ids, n.ID); len(ids) == inspectWindow {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// inspectEach inspects the objects with the ids, sending every request
// before it reads the replies, in order, and records each one's class in
// known, or that it is gone.
func (s *Session) inspectEach(ctx context.Context, ids []int64, known map[int64]classOf) error {
	waiters := make([]*waiter, 0, len(ids))
	defer func() { // those left when one fails: their replies are dropped
		for _, w := range waiters {
			s.giveUp(w)
		}
	}()
	for _, id := range ids {
		name, data, match := s.inspectRequest(id)
		w := s.expect(match, droppedLate)
		if err := s.send(ctx, name, data); err != nil {
			s.drop(w)
			return s.sendError(err)
		}
		waiters = append(waiters, w)
	}
	for _, id := range ids {
		w := waiters[0]
		waiters = waiters[1:]
		m, err := s.wait(ctx, w)
		if err != nil {
			return err
		}
		o, err := s.inspectReply(m, id)
		switch {
		case errors.Is(err, ErrNoNode):
			known[id] = classOf{freed: true}
		case err != nil:
			return fmt.Errorf("object %d: %w", id, err)
		case !isClassName(o.Class):
			return fmt.Errorf("%w: object %d of class %s", ErrMalformed, id, shown(o.Class))
		default:
			known[id] = classOf{name: o.Class}
		}
	}
	return nil
}
