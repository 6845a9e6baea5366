package varjson

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
)

// A NodePath's bytes after its header: a count of names with the bit of
// the new form, a count of subnames, flags, then each name as its length
// and its bytes, padded to 4.
const (
	nodePathNewForm  = 1 << 31
	nodePathAbsolute = 1 << 0
)

// nodePath writes a NodePath: {"$NodePath": text} when the text stands for
// the path's bytes exactly, else a $Raw of them. It reads the bytes, not
// the generic NodePath: writing that twice (to compare) cost 50 bytes
// allocated per byte of a path.
func (enc *Encoder) nodePath(dec *gdvar.Decoder, t gdvar.Token, base int) error {
	b, err := enc.leafBytes(dec, t, base)
	if err != nil {
		return err
	}
	e := &enc.e
	start := len(e.b)
	e.tag("NodePath")
	var ok bool
	if e.b, ok = appendNodePathText(e.b, b[4:]); ok {
		e.b = append(e.b, '}')
	} else {
		e.b = e.b[:start]
		e.raw(b)
	}
	return enc.maybeFlush()
}

// appendNodePathText appends the JSON string of a NodePath's text, from
// the path's bytes after its header, and reports whether the text stands
// for these bytes: gdvar.ParseNodePath of it gives back the same names
// (none is empty, none holds a separator), which Godot writes as these
// bytes (the new form, no flag but the absolute one, counts that add up,
// zero padding), and it is UTF-8.
func appendNodePathText(dst, b []byte) ([]byte, bool) {
	if len(b) < 12 {
		return dst, false
	}
	names, subnames, flags := binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:]), binary.LittleEndian.Uint32(b[8:])
	if names&nodePathNewForm == 0 || flags&^nodePathAbsolute != 0 {
		return dst, false
	}
	names &^= nodePathNewForm
	dst = append(dst, '"')
	if flags != 0 {
		dst = append(dst, '/')
	}
	b = b[12:]
	for i := range int64(names) + int64(subnames) {
		if len(b) < 4 {
			return dst, false
		}
		n := int64(binary.LittleEndian.Uint32(b))
		size := 4 + n + -n&3
		if n == 0 || size > int64(len(b)) {
			return dst, false
		}
		name, pad := b[4:4+n], b[4+n:size]
		isName := i < int64(names)
		if bytes.IndexByte(name, ':') >= 0 || isName && bytes.IndexByte(name, '/') >= 0 ||
			!utf8.Valid(name) || !zeros(pad) {
			return dst, false
		}
		switch {
		case !isName:
			dst = append(dst, ':')
		case i > 0:
			dst = append(dst, '/')
		}
		dst = appendEscaped(dst, name)
		b = b[size:]
	}
	return append(dst, '"'), len(b) == 0
}

func zeros(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}
