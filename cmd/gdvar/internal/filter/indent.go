package filter

import "io"

// indenter re-indents compact JSON written to it as json.Indent(…, "", "  ")
// would, as it streams by: it holds no more than one Write's worth.
type indenter struct {
	w       io.Writer
	buf     []byte
	depth   int
	inStr   bool // inside a string
	escaped bool // after a backslash in a string
	opened  bool // after '{' or '[': the newline waits, as an empty one stays "{}"
}

func (in *indenter) Write(p []byte) (int, error) {
	b := in.buf[:0]
	for _, c := range p {
		if in.opened {
			in.opened = false
			if c == '}' || c == ']' {
				in.depth--
				b = append(b, c)
				continue
			}
			b = in.newline(b)
		}
		if in.inStr {
			b = append(b, c)
			switch {
			case in.escaped:
				in.escaped = false
			case c == '\\':
				in.escaped = true
			case c == '"':
				in.inStr = false
			}
			continue
		}
		switch c {
		case '"':
			in.inStr = true
			b = append(b, c)
		case '{', '[':
			in.depth++
			in.opened = true
			b = append(b, c)
		case '}', ']':
			in.depth--
			b = append(in.newline(b), c)
		case ',':
			b = in.newline(append(b, c))
		case ':':
			b = append(b, ':', ' ')
		default:
			b = append(b, c)
		}
	}
	in.buf = b
	if _, err := in.w.Write(b); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (in *indenter) newline(b []byte) []byte {
	b = append(b, '\n')
	for range in.depth {
		b = append(b, ' ', ' ')
	}
	return b
}
