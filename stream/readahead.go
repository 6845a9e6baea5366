package stream

import "io"

// readAheadSize is how much a Peer reads from its connection at a time:
// a small frame arrives with its length word in one read, as one system
// call, where reading the word and then the body would take two.
const readAheadSize = 4 << 10

// readAhead reads from r through a buffer of readAheadSize bytes, made at
// the first read. A read at least that large goes to r directly, after
// what is buffered.
type readAhead struct {
	r        io.Reader
	buf      []byte
	pos, end int
}

func (a *readAhead) Read(p []byte) (int, error) {
	if a.pos == a.end {
		if len(p) >= readAheadSize {
			return a.r.Read(p)
		}
		if a.buf == nil {
			a.buf = make([]byte, readAheadSize)
		}
		n, err := a.r.Read(a.buf)
		a.pos, a.end = 0, n
		if n == 0 {
			return 0, err
		}
	}
	n := copy(p, a.buf[a.pos:a.end])
	a.pos += n
	return n, nil
}
