package enet

import (
	"net"
	"net/netip"
)

// Datagrams are packed under the host's lock and written after it is
// released: a write to a socket is the costliest step of a send (on
// loopback it delivers the datagram too), and the reading goroutine and
// other senders need the lock meanwhile. The writes keep the order in
// which they were packed. While the reader serves peers itself, what is
// packed waits for it to be done (see writeHeld): the replies to a batch
// read go out in one write, as libenet sends what a service queued.

// keptOutbox is the most buffer a written outbox keeps, with
// keptOutboxDatagrams datagrams: a burst (a window of fragments, a tick's
// resends to every peer) does not keep its size, and the answers to a
// batch of datagrams read (a datagram each, at most, of the default MTU)
// fit, as do a queue window's datagrams to each of up to 256 peers (at
// 32, a server of 40 made its outbox anew at each window: half of the
// bytes BenchmarkRelaySyncs allocated over ENet at 40 players).
const (
	keptOutbox          = 64 << 10
	keptOutboxDatagrams = 256
)

// outbox is datagrams packed and not yet written.
type outbox struct {
	buf  []byte
	ends []int // where each datagram ends in buf
	to   []netip.AddrPort
}

// write queues a datagram to be sent when the lock is released (h.mu held).
// A failed send is lost as a datagram is.
func (h *Host) write(b []byte, to netip.AddrPort) {
	o := &h.out
	o.buf = append(o.buf, b...)
	o.ends = append(o.ends, len(o.buf))
	o.to = append(o.to, to)
	h.stats.DatagramsOut++
	h.stats.BytesOut += uint64(len(b))
}

// unlock releases h.mu and then writes what was packed under it. Holding
// wmu across the release keeps writes in order; the outbox written last
// is then free, and becomes the next one.
func (h *Host) unlock() {
	if len(h.out.ends) == 0 || h.writesHeld {
		h.mu.Unlock()
		return
	}
	h.wmu.Lock()
	o := h.out
	h.out, h.spare = h.spare, o
	h.out.buf, h.out.ends, h.out.to = h.out.buf[:0], h.out.ends[:0], h.out.to[:0]
	h.mu.Unlock()
	if h.batch != nil {
		h.batch.write(h, o)
	} else {
		start := 0
		for i, end := range o.ends {
			h.send(o.buf[start:end], o.to[i])
			start = end
		}
	}
	if cap(o.buf) > keptOutbox || cap(o.ends) > keptOutboxDatagrams {
		h.spare = outbox{} // o's arrays; every use of spare holds wmu
	}
	h.wmu.Unlock()
}

// send writes one datagram to the socket.
func (h *Host) send(b []byte, to netip.AddrPort) {
	if h.udp != nil {
		h.udp.WriteToUDPAddrPort(b, to)
		return
	}
	h.conn.WriteTo(b, net.UDPAddrFromAddrPort(to))
}
