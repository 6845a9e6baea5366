package vartext

// Resource files write names of nodes, groups and paths in their tags, and
// properties' names before their values; ConfigFile writes its keys like
// property names. These are the engine's rules for both.

// AppendCEscaped appends s escaped as the dialect's String::c_escape does
// (\\, \", \', \a, \b, \f, \n, \r, \t, \v, and Godot 3's \?), as resource
// files write node names, paths and groups. A NUL ends s, as it ends an
// engine String.
func (d Dialect) AppendCEscaped(dst []byte, s string) []byte {
	dst, _ = escape(dst, stringBytes(s), d.cEscapes())
	return dst
}

// AppendPropertyName appends a property's name as the dialect's
// String::property_name_encode writes it before "=": as it is, or quoted
// with \\ and \" escaped when it holds white space or a control character,
// a byte past "~" (non-ASCII), "=" or a double quote, or ";", "[" or "]"
// (which Godot 3.2 writes as they are, and cannot read back).
func (d Dialect) AppendPropertyName(dst []byte, name string) []byte {
	if !d.quotesName(name) {
		return append(dst, name...)
	}
	dst = append(dst, '"')
	dst, _ = escape(dst, stringBytes(name), &multilineEscapes)
	return append(dst, '"')
}

// quotesName reports whether property_name_encode quotes name.
func (d Dialect) quotesName(name string) bool {
	old := d.old()
	for i := range len(name) {
		switch c := name[i]; {
		case c <= ' ' || c > '~', c == '=', c == '"':
			return true
		case !old && (c == ';' || c == '[' || c == ']'):
			return true
		}
	}
	return false
}
