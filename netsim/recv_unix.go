//go:build unix

package netsim

import (
	"errors"
	"net"
	"net/netip"
	"syscall"

	"golang.org/x/sys/unix"
)

// framesSupported says a link of frames can read its sockets without
// waiting here.
const framesSupported = true

// recvNow reads a datagram from c if one is there, without waiting: ok
// is false when there is none.
func recvNow(c *net.UDPConn, buf []byte) (n int, from netip.AddrPort, ok bool, err error) {
	n, sa, ok, err := recvfromNow(c, buf)
	if !ok {
		return 0, from, false, err
	}
	switch a := sa.(type) {
	case *unix.SockaddrInet4:
		from = netip.AddrPortFrom(netip.AddrFrom4(a.Addr), uint16(a.Port))
	case *unix.SockaddrInet6:
		from = netip.AddrPortFrom(netip.AddrFrom16(a.Addr).Unmap(), uint16(a.Port))
	}
	return n, from, true, nil
}

// recvStreamNow reads what is in a TCP connection if anything, without
// waiting: ok is false when there is nothing; n is 0 with ok at its end.
func recvStreamNow(c *net.TCPConn, buf []byte) (n int, ok bool, err error) {
	n, _, ok, err = recvfromNow(c, buf)
	return n, ok, err
}

// recvfromNow reads c's socket once with MSG_DONTWAIT, through c's own
// poller so that a Close meanwhile cannot reuse the descriptor: ok is
// false when there is nothing to read.
func recvfromNow(c syscall.Conn, buf []byte) (n int, from unix.Sockaddr, ok bool, err error) {
	rc, err := c.SyscallConn()
	if err != nil {
		return 0, nil, false, err
	}
	var rerr error
	if err := rc.Read(func(fd uintptr) bool {
		for {
			n, from, rerr = unix.Recvfrom(int(fd), buf, unix.MSG_DONTWAIT)
			if !errors.Is(rerr, unix.EINTR) {
				return true // done, whatever it read: never wait
			}
		}
	}); err != nil {
		return 0, nil, false, err
	}
	switch {
	case errors.Is(rerr, unix.EAGAIN), errors.Is(rerr, unix.EWOULDBLOCK):
		return 0, nil, false, nil
	case rerr != nil:
		return 0, nil, false, rerr
	}
	return n, from, true, nil
}
