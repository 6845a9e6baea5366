package enet

import (
	"encoding/binary"
	"net/netip"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// On Linux a host reads the datagrams waiting on its socket with one
// recvmmsg and writes an outbox with one sendmmsg: under a flood of small
// datagrams, a system call each was most of the cost of one (a connect's
// answer: 1.5 µs of sendto, for 52 bytes received).
//
// Both calls are made raw and with MSG_DONTWAIT, so they never block: a
// call made through Syscall6 tells the Go scheduler it may block, and when
// the process was idle that wakes the runtime's monitor thread, which then
// polls every 20 µs until the process is idle again. A server of a small
// match, idle between its players' packets, paid that at every packet: at
// 8 players over ENet the raw calls took its context switches from 3,600
// a second to 1,200, and its CPU by a third.

// batchIO reads and writes batches of datagrams on a UDP socket.
type batchIO struct {
	rc syscall.RawConn
	v6 bool // an IPv6 socket: IPv4 addresses go to it mapped
	r  mmsgs
	w  mmsgs
	// The system calls, as the socket's RawConn takes them: made once, so
	// that a read or a write allocates nothing.
	recv, send func(fd uintptr) bool
}

// mmsgs is the headers of a batch, the room for its addresses, and how
// far its system call went.
type mmsgs struct {
	hdrs  []unix.Mmsghdr
	iovs  []unix.Iovec
	names []unix.RawSockaddrInet6 // an IPv4 one takes its start
	count int                     // the headers filled
	done  int                     // the datagrams read, or sent
	errno syscall.Errno           // the last call's
}

// newBatchIO returns the batch reader and writer of h's socket, or nil
// when it has none (not a UDP socket, or not IPv4 or IPv6).
func newBatchIO(h *Host) *batchIO {
	if h.udp == nil {
		return nil
	}
	rc, err := h.udp.SyscallConn()
	if err != nil {
		return nil
	}
	var sa unix.Sockaddr
	if cerr := rc.Control(func(fd uintptr) { sa, err = unix.Getsockname(int(fd)) }); cerr != nil || err != nil {
		return nil
	}
	b := &batchIO{rc: rc}
	switch sa.(type) {
	case *unix.SockaddrInet4:
	case *unix.SockaddrInet6:
		b.v6 = true
	default:
		return nil
	}
	b.recv = func(fd uintptr) bool {
		m := &b.r
		r, _, e := unix.RawSyscall6(unix.SYS_RECVMMSG, fd, uintptr(unsafe.Pointer(&m.hdrs[0])), uintptr(m.count),
			unix.MSG_WAITFORONE|unix.MSG_DONTWAIT, 0, 0)
		m.done, m.errno = int(r), e
		return e != unix.EAGAIN // nothing waits: wait for the socket
	}
	b.send = func(fd uintptr) bool {
		m := &b.w
		r, _, e := unix.RawSyscall6(unix.SYS_SENDMMSG, fd, uintptr(unsafe.Pointer(&m.hdrs[m.done])), uintptr(m.count-m.done),
			unix.MSG_DONTWAIT, 0, 0)
		if m.errno = e; e == 0 {
			m.done += int(r)
		}
		return e != unix.EAGAIN
	}
	return b
}

// grow makes room for n headers.
func (m *mmsgs) grow(n int) {
	if len(m.hdrs) < n {
		m.hdrs = make([]unix.Mmsghdr, n)
		m.iovs = make([]unix.Iovec, n)
		m.names = make([]unix.RawSockaddrInet6, n)
	}
}

// read reads at least one datagram, and those waiting behind it up to
// len(bufs), into bufs: got[i] is the length and source of bufs[i].
func (b *batchIO) read(bufs [][]byte, got []arrival) (int, error) {
	m := &b.r
	m.grow(len(bufs))
	for i, buf := range bufs {
		m.iovs[i] = unix.Iovec{Base: &buf[0]}
		m.iovs[i].SetLen(len(buf))
		m.hdrs[i] = unix.Mmsghdr{Hdr: unix.Msghdr{Name: (*byte)(unsafe.Pointer(&m.names[i])),
			Namelen: unix.SizeofSockaddrInet6, Iov: &m.iovs[i]}}
		m.hdrs[i].Hdr.SetIovlen(1)
	}
	m.count = len(bufs)
	if err := b.rc.Read(b.recv); err != nil {
		return 0, err
	}
	if m.errno != 0 {
		return 0, m.errno
	}
	n := m.done
	for i := range n {
		got[i] = arrival{n: int(m.hdrs[i].Len), from: addrOf(&m.names[i], m.hdrs[i].Hdr.Namelen)}
	}
	return n, nil
}

// addrOf is the address in a socket address read, IPv4 unmapped; not
// valid if it is neither IPv4 nor IPv6.
func addrOf(sa *unix.RawSockaddrInet6, n uint32) netip.AddrPort {
	port := netOrder(sa.Port)
	switch {
	case sa.Family == unix.AF_INET6 && n >= unix.SizeofSockaddrInet6:
		return netip.AddrPortFrom(netip.AddrFrom16(sa.Addr).Unmap(), port)
	case sa.Family == unix.AF_INET && n >= unix.SizeofSockaddrInet4:
		sa4 := (*unix.RawSockaddrInet4)(unsafe.Pointer(sa))
		return netip.AddrPortFrom(netip.AddrFrom4(sa4.Addr), port)
	}
	return netip.AddrPort{}
}

// write sends an outbox's datagrams. One the socket refuses is lost, as a
// datagram is; those after it still go. A destination the socket cannot
// address (an IPv6 one from an IPv4 socket, one with a zone) goes by
// itself, through send.
func (b *batchIO) write(h *Host, o outbox) {
	m := &b.w
	m.grow(len(o.ends))
	n, start := 0, 0
	for i, end := range o.ends {
		buf := o.buf[start:end]
		start = end
		to := o.to[i]
		if !b.fill(&m.names[n], to) {
			h.send(buf, to)
			continue
		}
		m.iovs[n] = unix.Iovec{Base: &buf[0]}
		m.iovs[n].SetLen(len(buf))
		m.hdrs[n] = unix.Mmsghdr{Hdr: unix.Msghdr{Name: (*byte)(unsafe.Pointer(&m.names[n])), Iov: &m.iovs[n]}}
		m.hdrs[n].Hdr.Namelen = unix.SizeofSockaddrInet4
		if b.v6 {
			m.hdrs[n].Hdr.Namelen = unix.SizeofSockaddrInet6
		}
		m.hdrs[n].Hdr.SetIovlen(1)
		n++
	}
	for m.count, m.done = n, 0; m.done < m.count; {
		switch err := b.rc.Write(b.send); {
		case err != nil:
			return // the socket is closed
		case m.errno == unix.EINTR:
		case m.errno != 0:
			m.done++ // refused: lost
		}
	}
	clear(m.hdrs[:n]) // no pointers into the outbox kept
	clear(m.iovs[:n])
}

// fill writes to as a socket address of the socket's family into sa;
// false if it has none.
func (b *batchIO) fill(sa *unix.RawSockaddrInet6, to netip.AddrPort) bool {
	a := to.Addr()
	if a.Zone() != "" {
		return false
	}
	port := netOrder(to.Port())
	if b.v6 {
		*sa = unix.RawSockaddrInet6{Family: unix.AF_INET6, Port: port, Addr: a.As16()}
		return true
	}
	if !a.Is4() {
		return false
	}
	*(*unix.RawSockaddrInet4)(unsafe.Pointer(sa)) = unix.RawSockaddrInet4{Family: unix.AF_INET, Port: port, Addr: a.As4()}
	return true
}

// netOrder turns a port between the machine's byte order and the
// network's, in which a socket address holds it.
func netOrder(port uint16) uint16 {
	var b [2]byte
	binary.BigEndian.PutUint16(b[:], port)
	return binary.NativeEndian.Uint16(b[:])
}
