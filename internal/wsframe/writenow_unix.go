//go:build unix

package wsframe

import (
	"io"
	"net"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
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
		n, e := sendNow(fd, w.p)
		if e == syscall.EINTR {
			continue
		}
		w.n, w.err = max(n, 0), nil
		if e != 0 && e != syscall.EAGAIN {
			w.err = e
		}
		return true
	}
}

// sendNow and recvNow write and read a socket without waiting
// (MSG_DONTWAIT), as raw system calls: a call made the usual way tells Go's
// scheduler it may block, and when the process was idle that wakes the
// runtime's monitor thread, which then polls every 20 µs until the process
// is idle again. A server of a small match, idle between its players'
// packets, paid that at every packet.
func sendNow(fd uintptr, p []byte) (int, syscall.Errno) {
	if len(p) == 0 {
		return 0, 0
	}
	n, _, e := syscall.RawSyscall6(syscall.SYS_SENDTO, fd, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)),
		unix.MSG_DONTWAIT|unix.MSG_NOSIGNAL, 0, 0)
	return int(n), e
}

func recvNow(fd uintptr, p []byte) (int, syscall.Errno) {
	if len(p) == 0 {
		return 0, 0
	}
	n, _, e := syscall.RawSyscall6(syscall.SYS_RECVFROM, fd, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)),
		unix.MSG_DONTWAIT, 0, 0)
	return int(n), e
}

// QuietReads returns nc, a TCP or Unix connection, with reads made as
// recvNow makes them, or nc itself for any other. Deadlines hold as
// they do for nc. A read into a buffer smaller than quietChunk takes all
// the socket holds, up to quietChunk, into a pooled chunk that the next
// reads are given from: a wake-up of the reader costs one read of the
// socket, where a small reader's buffer (a server's, 512 bytes) took one
// for each 512 bytes the peer sent. A reader left waiting holds no chunk.
// idle, if not nil, is called as a read finds nothing held and the
// socket left empty by the last: the reader is about to wait for it.
func QuietReads(nc net.Conn, idle func()) net.Conn {
	rc := NowSocket(nc)
	if rc == nil {
		return nc
	}
	c := &quietConn{Conn: nc, rc: rc, idle: idle}
	c.fn = c.read
	return c
}

// quietChunk is the size of a quiet connection's chunks: a tick of a
// game of 100 players' syncs, each a frame of some 50 bytes, or 170 of
// them.
const quietChunk = 8 << 10

var quietChunks = sync.Pool{New: func() any {
	b := make([]byte, quietChunk)
	return &b
}}

// quietConn is a connection whose reads QuietReads makes, one at a time.
type quietConn struct {
	net.Conn
	rc   syscall.RawConn
	fn   func(fd uintptr) bool // c.read, made once
	idle func()

	mu      sync.Mutex // a Read's, held while it runs: the fields below are its
	p       []byte     // what the system call reads into
	n       int
	err     error
	chunk   *[]byte // the pool's, while it holds bytes not yet read
	rest    []byte  // those bytes
	drained bool    // the last system call left the socket empty
}

func (c *quietConn) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.rest) == 0 && len(p) >= quietChunk {
		return c.readSocket(p)
	}
	if len(c.rest) == 0 {
		n, err := c.readSocket(nil)
		if n == 0 {
			return 0, err
		}
		c.rest = (*c.chunk)[:n]
	}
	n := copy(p, c.rest)
	if c.rest = c.rest[n:]; len(c.rest) == 0 {
		quietChunks.Put(c.chunk)
		c.chunk = nil
	}
	return n, nil
}

// readSocket reads the socket into p, or into a chunk (nil), waiting for
// it if it is empty.
func (c *quietConn) readSocket(p []byte) (int, error) {
	if c.drained && c.idle != nil {
		c.idle()
	}
	size := len(p)
	if p == nil {
		size = quietChunk
	}
	c.p = p
	err := c.rc.Read(c.fn)
	n, rerr := c.n, c.err
	c.p, c.n, c.err = nil, 0, nil
	c.drained = err == nil && rerr == nil && n < size
	if n == 0 && c.chunk != nil {
		quietChunks.Put(c.chunk)
		c.chunk = nil
	}
	switch {
	case err != nil:
		return 0, err
	case rerr != nil:
		return 0, rerr
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

// read reads once into c.p, or into a chunk taken then (c.p nil), and
// returns false, for rc to wait until the socket is readable, if nothing
// waits: the chunk goes back meanwhile.
func (c *quietConn) read(fd uintptr) bool {
	p := c.p
	if p == nil {
		c.chunk = quietChunks.Get().(*[]byte)
		p = *c.chunk
	}
	for {
		n, e := recvNow(fd, p)
		switch e {
		case syscall.EINTR:
			continue
		case syscall.EAGAIN:
			if c.p == nil {
				quietChunks.Put(c.chunk)
				c.chunk = nil
			}
			return false
		case 0:
			c.n, c.err = n, nil
		default:
			c.n, c.err = 0, e
		}
		return true
	}
}
