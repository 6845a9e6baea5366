package debugger

import (
	"net"
	"syscall"
)

// quickAck returns c, reading through which acknowledges what the game
// sent at once. The engine's socket has Nagle's algorithm on (it never
// sets TCP_NODELAY), so a reply written while an earlier message of the
// game is unacknowledged waits for that ACK, and Linux delays an ACK by
// up to 40 ms: the tail of a round trip. Quick-ack mode is not sticky, so
// each read sets it again.
func quickAck(c net.Conn) net.Conn {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return c
	}
	return &quickAckConn{c, raw}
}

type quickAckConn struct {
	net.Conn
	raw syscall.RawConn
}

func (c *quickAckConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.raw.Control(func(fd uintptr) { // a closed socket fails the next read
		syscall.SetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_QUICKACK, 1) // an ACK then comes at the kernel's pace
	})
	return n, err
}
