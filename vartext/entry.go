package vartext

import (
	"bytes"
	"io"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
)

// Entry is what NextEntry read: a section header, or a key whose value
// comes next.
type Entry struct {
	Section bool   // [name]: the keys that follow are the section's
	Name    string // the section's name, or the key
	// Attrs are a tag's attributes, in the syntax of resource files
	// ([ext_resource type="Script" path="res://a.gd" id="1_x"]), in
	// their order.
	Attrs []Attribute
}

// Attribute is one name=value of a resource file's tag; Value is in the
// generic form Decode gives an interface{}.
type Attribute struct {
	Name  string
	Value any
}

// NextEntry reads the next section header or key of a file of sections
// and assignments, as Godot's ConfigFile reads one (its parser's "simple
// tags"): after a key, Decode or DecodeTo reads the key's value. At the
// end of the input it returns io.EOF.
//
// The engine's reading is loose, and NextEntry reads as it does. A ";"
// starts a comment (a "#" does not: it is part of a key), white space is
// dropped even inside a key, text after a value or a header on its line
// starts the next key, a key without "=" runs on into the next line's (and
// is dropped at the end of the input), and a quoted key ("a b"=1) replaces
// the key text before it. A key's bytes outside quotes are read one
// character a byte (Latin-1, as the engine's file reader does), so
// unquoted non-ASCII keys come out as the engine sees them, mangled; so do
// section names in Godot 3.2. Strings (quoted keys, and values read after
// a key) are read as the engine reads a file's: without a leading byte
// order mark, and up to their first NUL. In Godot 4, "\]" in a section name stands for
// "]". A section name loses the white space around it once decoded; a
// header with no name left ("[]") is skipped, as the ConfigFile does not
// switch sections on it.
func (d *Decoder) NextEntry() (Entry, error) {
	if d.err != nil {
		return Entry{}, d.err
	}
	s := &d.p.s
	d.p.fileStrings = true
	key := d.p.chunk[:0]
	quoted := ""
	for {
		if s.atEnd() {
			if err := s.inputError(); err != nil {
				d.err = err
				return Entry{}, err
			}
			return Entry{}, io.EOF
		}
		if len(key) > gdvar.DefaultMaxNameBytes {
			return Entry{}, d.fail(s.errorf("a key longer than %d bytes", gdvar.DefaultMaxNameBytes))
		}
		switch c := s.peek(); {
		case c == ';':
			for !s.atEnd() && s.peek() != '\n' {
				s.next()
			}
		case c <= ' ':
			s.next()
		case c == '[' && len(key) == 0 && quoted == "" && d.cfg.resource > 0:
			s.next()
			e, err := d.tag()
			if err != nil {
				return Entry{}, d.fail(err)
			}
			return e, nil
		case c == '[' && len(key) == 0 && quoted == "":
			s.next()
			name, empty, err := d.sectionName()
			if err != nil {
				return Entry{}, d.fail(err)
			}
			if !empty {
				return Entry{Section: true, Name: name}, nil
			}
		case c == '"':
			q, err := d.p.shortString()
			if err != nil {
				return Entry{}, d.fail(err)
			}
			key, quoted = key[:0], q
		case c == '=':
			s.next()
			name := quoted + latin1(key)
			d.p.chunk = key[:0]
			return Entry{Name: name}, nil
		default:
			s.next()
			key = append(key, c)
		}
	}
}

// sectionName reads a section header's name, after its "["; empty says
// there was none ("[]", white space, a byte order mark).
func (d *Decoder) sectionName() (name string, empty bool, err error) {
	s := &d.p.s
	var raw []byte
	for {
		if s.atEnd() {
			return "", false, s.errorf("the input ends in a section header")
		}
		if len(raw) > gdvar.DefaultMaxNameBytes {
			return "", false, s.errorf("a section name longer than %d bytes", gdvar.DefaultMaxNameBytes)
		}
		c := s.next()
		if c == ']' {
			break
		}
		if c == '\\' && d.cfg.dialect == Godot4 && s.peek() == ']' {
			c = s.next()
		}
		raw = append(raw, c)
	}
	latin := d.cfg.dialect == Godot32 || d.cfg.dialect == Godot2 // not decoded
	if !latin {                                                  // decoded as a file's strings are, then trimmed
		raw = bytes.TrimPrefix(raw, bom)
		if i := bytes.IndexByte(raw, 0); i >= 0 {
			raw = raw[:i]
		}
	}
	raw = bytes.TrimFunc(raw, func(r rune) bool { return r <= ' ' })
	if len(raw) == 0 {
		return "", true, nil
	}
	if latin {
		return latin1(raw), false, nil
	}
	return string(raw), false, nil
}

// tag reads a resource file's tag after its "[", as the engine's
// parse_tag does: a name (parts joined by "." or ":"), then name=value
// attributes up to "]".
func (d *Decoder) tag() (Entry, error) {
	p := &d.p
	name, err := p.ident()
	if err != nil {
		return Entry{}, err
	}
	if name == "" {
		return Entry{}, p.s.errorf("want a tag name, found %s", p.s.found())
	}
	for p.s.skipSpace(); p.s.peek() == '.' || p.s.peek() == ':'; p.s.skipSpace() {
		sep := p.s.next()
		part, err := p.ident()
		if err != nil {
			return Entry{}, err
		}
		name += string(sep) + part
	}
	e := Entry{Section: true, Name: name}
	for {
		if p.s.skipSpace(); p.s.atEnd() {
			if err := p.s.inputError(); err != nil {
				return Entry{}, err
			}
			return Entry{}, p.s.errorf("the input ends in the tag %s", name)
		}
		if p.s.peek() == ']' {
			p.s.next()
			return e, nil
		}
		attr, err := p.ident()
		if err != nil {
			return Entry{}, err
		}
		if attr == "" {
			return Entry{}, p.s.errorf("want an attribute of the tag %s, found %s", name, p.s.found())
		}
		if err := p.expect('='); err != nil {
			return Entry{}, err
		}
		p.depth = 0
		v, err := d.decodeAny()
		if err != nil {
			return Entry{}, err
		}
		e.Attrs = append(e.Attrs, Attribute{Name: attr, Value: v})
	}
}

// fail makes err the Decoder's final error.
func (d *Decoder) fail(err error) error {
	d.err = err
	return err
}

// latin1 returns b read as a character a byte.
func latin1(b []byte) string {
	n := len(b)
	for _, c := range b {
		if c >= utf8.RuneSelf {
			n++
		}
	}
	if n == len(b) {
		return string(b)
	}
	out := make([]byte, 0, n)
	for _, c := range b {
		out = utf8.AppendRune(out, rune(c))
	}
	return string(out)
}
