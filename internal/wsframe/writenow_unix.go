//go:build unix

package wsframe

import (
	"net"
	"sync"
	"syscall"
)

// NowSocket returns the raw socket of a TCP or Unix connection, which
// ReleaseNow writes to; nil for any other (a TLS connection's, a
// wrapper's), whose bytes must go through its Write.
func NowSocket(nc net.Conn) syscall.RawConn {
	var sc syscall.Conn
	switch c := nc.(type) {
	case *net.TCPConn:
		sc = c
	case *net.UnixConn:
		sc = c
	default:
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return rc
}

// writeNow writes to rc what of p its socket takes without waiting, and
// returns how much. As syscall.RawConn's Write has it, its function tries
// to write to the socket, and rc waits for the socket to be ready only if
// the function returns false, which it never does: a write the socket
// cannot take at once fails with EAGAIN, having written nothing.
func writeNow(rc syscall.RawConn, p []byte) (int, error) {
	w := nowWrites.Get().(*nowWrite)
	w.p = p
	err := rc.Write(w.fn)
	n, werr := w.n, w.err
	w.p, w.err = nil, nil
	nowWrites.Put(w)
	if err != nil {
		return 0, err
	}
	return n, werr
}

// nowWrite is a write of writeNow's, whose fn, made once, rc.Write calls:
// a closure made for each write would be garbage of each.
type nowWrite struct {
	p   []byte
	n   int
	err error
	fn  func(fd uintptr) bool
}

var nowWrites = sync.Pool{New: func() any {
	w := new(nowWrite)
	w.fn = w.write
	return w
}}

// write writes w.p to fd once, and returns true: rc.Write is not to wait
// for the socket to take more.
func (w *nowWrite) write(fd uintptr) bool {
	for {
		n, err := syscall.Write(int(fd), w.p)
		if err == syscall.EINTR {
			continue
		}
		if err == syscall.EAGAIN {
			err = nil
		}
		w.n, w.err = max(n, 0), err
		return true
	}
}
