package resource

import (
	"bytes"
	"fmt"

	"github.com/gdvar/gdvar/vartext"
)

// textLayout is how a Godot 3 text file lays out its sections: its blank
// lines and a node's groups. The text of values is the dialect's.
type textLayout uint8

const (
	// layoutOwn is the dialect's own: Godot 3.3 to 3.6's in Godot3
	// (a blank line between sections, groups=["a", "b"]), 3.2's in
	// Godot32.
	layoutOwn textLayout = iota
	// layout30 is Godot 3.0's: a blank line after each [sub_resource],
	// [resource] and [node] tag, another after a section's properties
	// (a node's only if it has some) and after each [connection], and
	// one more after the last of a scene's nodes and connections.
	layout30
	// layout32 is Godot 3.1 and 3.2's: no blank line before the first
	// [connection], and a node's groups one a line, each followed by a
	// comma.
	layout32
)

// textLayoutNames are the JSON form's names of the layouts ("text_layout").
var textLayoutNames = map[textLayout]string{layout30: "3.0", layout32: "3.2"}

// textLayoutOfJSON returns the layout a JSON "text_layout" member names,
// which only Godot 3's text has.
func textLayoutOfJSON(s string, d vartext.Dialect, binary bool) (textLayout, error) {
	if s == "" {
		return layoutOwn, nil
	}
	for l, name := range textLayoutNames {
		if name != s {
			continue
		}
		if binary || d != vartext.Godot3 && d != vartext.Godot32 {
			return 0, fmt.Errorf(`resource: JSON: "text_layout": %q is Godot 3 text's, not %s's`, s, jsonFormName(d, binary))
		}
		return l, nil
	}
	return 0, fmt.Errorf(`resource: JSON: "text_layout": %q, not "3.0" or "3.2" (Godot 3.3 to 3.6's is said by none)`, s)
}

func jsonFormName(d vartext.Dialect, binary bool) string {
	if binary {
		return "a binary file"
	}
	return d.String()
}

// layout returns the layout a text write of f follows.
func (f *File) layout() textLayout {
	switch {
	case f.dialect == vartext.Godot4 || f.dialect == vartext.Godot2:
		return layoutOwn
	case f.layout3 != layoutOwn:
		return f.layout3
	case f.dialect == vartext.Godot32:
		return layout32
	}
	return layoutOwn
}

// layoutSeen gathers what a Godot 3 text file's blank lines and tags say
// of its layout, as its sections are read.
type layoutSeen struct {
	end    int64 // where the last entry read ends
	tagged bool  // it is a [sub_resource], [resource] or [node] tag
	after  int   // the line breaks after that tag
	// spaced and tight count the sections whose properties come after a
	// blank line, and those whose properties do not.
	spaced, tight int
	// conns says the file has a [connection]; conn is the line breaks
	// before the first (-1 for a comment between).
	conns bool
	conn  int
	// multi and inline count the nodes whose groups are one a line, and
	// those whose groups are on the tag's line.
	multi, inline int
	editable      bool
}

// breaks returns the line breaks in the white space of data from off, or
// -1 if a comment, not an entry or the end, follows it.
func breaks(data []byte, off int64) int {
	n := 0
	for _, c := range data[off:] {
		switch c {
		case '\n':
			n++
		case ' ', '\t', '\r':
		case ';', '#':
			return -1
		default:
			return n
		}
	}
	return n
}

// tag notes a tag read, which ends at end.
func (s *layoutSeen) tag(data []byte, name string, end int64) {
	gap := breaks(data, s.end)
	switch name {
	case tagConnect:
		if !s.conns {
			s.conns, s.conn = true, gap
		}
	case tagEditable:
		s.editable = true
	case tagNode:
		start := s.end
		if i := bytes.IndexByte(data[start:end], '['); i >= 0 {
			start += int64(i)
		}
		raw := data[start:end]
		if _, rest, ok := bytes.Cut(raw, []byte(" groups=[")); ok {
			if len(rest) > 0 && (rest[0] == '\n' || rest[0] == '\r') {
				s.multi++
			} else {
				s.inline++
			}
		}
	}
	s.end = end
	s.tagged = name == tagSub || name == tagMain || name == tagNode
	if s.tagged {
		s.after = breaks(data, end)
	}
}

// property notes a property read, which ends at end: the first of a
// section tells whether a blank line comes between the tag and it.
func (s *layoutSeen) property(end int64) {
	if s.tagged {
		switch {
		case s.after >= 2:
			s.spaced++
		case s.after == 1:
			s.tight++
		}
		s.tagged = false
	}
	s.end = end
}

// layout returns the layout the file read shows, where nothing in it
// says otherwise, or layoutOwn: Godot 3.0's where each section's
// properties come after a blank line (or, with none, where the file ends
// in 3.0's two blank lines), 3.2's where the first connection comes
// right after the line before it or groups come one a line.
func (s *layoutSeen) layout(data []byte) textLayout {
	if s.inline > 0 {
		return layoutOwn // 3.3's groups
	}
	tightConn := s.conns && s.conn == 1
	spacedConn := !s.conns || s.conn >= 2
	switch {
	case s.spaced > 0 && s.tight == 0 && spacedConn:
		return layout30
	case s.spaced == 0 && s.tight == 0 && spacedConn && !s.editable && breaks(data, s.end) == 3:
		return layout30 // sections without properties
	case s.spaced == 0 && (tightConn || s.multi > 0 && !s.conns):
		return layout32
	}
	return layoutOwn
}
