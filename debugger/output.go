package debugger

import (
	"fmt"
	"regexp"
	"strings"
)

// OutputKind says how a line was printed.
type OutputKind int

// The kinds of output line: the engine's MESSAGE_TYPE_*.
const (
	OutputLog   OutputKind = iota // print
	OutputError                   // printerr
	OutputRich                    // print_rich, with its BBCode tags (see Line.Plain)
)

// Line is one line the game printed.
type Line struct {
	Text string
	Kind OutputKind
}

// Plain returns the line without BBCode tags if it came from print_rich.
// Godot 4.6 also marks the plain lines printed just before a print_rich as
// rich, so bracketed text in those is taken for tags as well.
func (l Line) Plain() string {
	if l.Kind != OutputRich {
		return l.Text
	}
	return stripBBCode(l.Text)
}

// bbTag is a BBCode tag: [b], [/b], [color=red], [url href=x].
var bbTag = regexp.MustCompile(`\[/?[A-Za-z_][A-Za-z0-9_]*(?:[= ][^\]]*)?\]`)

// stripBBCode removes the tags; [lb] and [rb] become the brackets they
// stand for.
func stripBBCode(s string) string {
	return bbTag.ReplaceAllStringFunc(s, func(tag string) string {
		switch tag {
		case "[lb]":
			return "["
		case "[rb]":
			return "]"
		}
		return ""
	})
}

// ParseOutput reads an output message. In Godot 4 it is [PackedStringArray,
// PackedInt32Array], where the engine joins lines printed one after another
// with "\n"; in Godot 3 a [text, kind] pair a print. Each line is one Line.
func ParseOutput(m Message) ([]Line, error) {
	n := 0
	_ = eachLine(m, func(Line) { n++ })
	lines := make([]Line, 0, n)
	err := eachLine(m, func(l Line) { lines = append(lines, l) })
	return lines, err
}

// eachLine calls f with each line of an output message, in order: those
// before the fault if it is malformed.
func eachLine(m Message, f func(Line)) error {
	each := func(text string, kind int64) {
		for l := range strings.SplitSeq(text, "\n") {
			f(Line{l, OutputKind(kind)})
		}
	}
	if m.Thread == 0 { // Godot 3
		for _, e := range m.Data {
			var text string
			var kind int64
			if p, ok := e.([]any); !ok || !fields(p, &text, &kind) {
				return fmt.Errorf("%w: Godot 3 output entry %s", ErrMalformed, shown(e))
			}
			each(text, kind)
		}
		return nil
	}
	if len(m.Data) < 2 {
		return fmt.Errorf("%w: output of %d elements", ErrMalformed, len(m.Data))
	}
	texts, ok1 := m.Data[0].([]string)
	kinds, ok2 := m.Data[1].([]int32)
	if !ok1 || !ok2 || len(texts) != len(kinds) {
		return fmt.Errorf("%w: output is not [PackedStringArray, PackedInt32Array] of one length", ErrMalformed)
	}
	for i, t := range texts {
		each(t, int64(kinds[i]))
	}
	return nil
}
