package gdvar

// interner turns names read from the input into strings without allocating
// for names seen before. Names (class names, property names, NodePath parts,
// signal names) repeat a lot; the table is bounded so that hostile input
// cannot grow it.
type interner struct {
	m     map[string]string
	bytes int
}

const (
	internMaxName  = 128     // longer names are not kept
	internMaxBytes = 1 << 16 // total bytes kept
)

func (in *interner) intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if s, ok := in.m[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(b) <= internMaxName && in.bytes+len(b) <= internMaxBytes {
		if in.m == nil {
			in.m = make(map[string]string)
		}
		in.m[s] = s
		in.bytes += len(s)
	}
	return s
}
