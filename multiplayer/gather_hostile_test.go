//go:build unix

package multiplayer

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/internal/wsframe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// silentPeers opens n WebSocket peers to port as bare sockets with a
// small receive buffer, each upgraded and heard from (a ping, so that it
// is announced and relays reach it), which then never read.
func silentPeers(t *testing.T, port string, n int) {
	p, err := strconv.Atoi(port)
	require.NoError(t, err)
	ping := []byte{0x89, 0x80, 0, 0, 0, 0} // masked, with a key of zeros
	for range n {
		fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
		require.NoError(t, err)
		t.Cleanup(func() { syscall.Close(fd) })
		require.NoError(t, syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4<<10))
		require.NoError(t, syscall.Connect(fd, &syscall.SockaddrInet4{Port: p, Addr: [4]byte{127, 0, 0, 1}}))
		_, err = syscall.Write(fd, append([]byte(upgradeRequest), ping...))
		require.NoError(t, err)
	}
}

// relayFlooder is a WebSocket peer that sends relays to every other
// client as fast as the server reads them, and reads and drops what the
// server sends it, until stop is closed.
func relayFlooder(t *testing.T, port string, stop <-chan struct{}) {
	nc := tcpConn(t, port)
	_, err := io.WriteString(nc, upgradeRequest)
	require.NoError(t, err)
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	require.NoError(t, err)
	require.Equal(t, http.StatusSwitchingProtocols, resp.StatusCode)
	go io.Copy(io.Discard, br)
	pkt := append(appendSys(nil, sysRelay, -1), cmdRaw)
	pkt = append(pkt, make([]byte, 64-len(pkt))...)
	frame := append([]byte{0x82, 0x80 | byte(len(pkt)), 0, 0, 0, 0}, pkt...) // masked with zeros
	batch := make([]byte, 0, 64*len(frame))
	for range cap(batch) / len(frame) {
		batch = append(batch, frame...)
	}
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			nc.SetWriteDeadline(time.Now().Add(time.Second))
			nc.Write(batch)
		}
	}()
}

// WebSocket peers that join and never read while others relay to every
// peer at full rate: what the server holds for each, in its heap and in
// the kernel, stays within its send queue, one write's buffer and its
// socket's (WithSendQueue, wsframe.BatchMax, WithSocketSendBuffer), the
// silent peers are dropped once a write to them has waited the write
// timeout (ErrSlowPeer), and the active peers are served meanwhile. The
// kernel held up to 4 MiB a silent peer (Linux's tcp_wmem), 3.3 MiB
// after 25 s at 200, until the idle timeout dropped them.
func TestGatherWindowSilentPeers(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates, and grows stacks")
	}
	const silent, flooders, queue = 200, 4, DefaultMaxPacket
	m := newEchoServer(WithSendQueue(queue), WithWriteTimeout(time.Second),
		WithMaxPeers(silent+flooders+10), WithMaxPendingUpgrades(silent+flooders+10))
	port := serve(t, m)
	_, main, replies := testClient(t, port)
	hostile.Collect()
	heap0, stacks0 := heapAndStacks()
	silentPeers(t, port, silent)
	waitFor(t, "the silent peers joined", func() bool { return m.Stats().Peers == silent+1 })

	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	for range flooders {
		relayFlooder(t, port, stop)
	}
	start, cpu0 := time.Now(), cpuTime()
	var most uint64
	for m.Stats().Peers > flooders+1 && time.Since(start) < time.Minute {
		heap, stacks := heapAndStacks()
		most = max(most, heap+stacks-min(heap+stacks, heap0+stacks0)+kernelQueued(m))
		echoes(t, main, replies, int64(1), "served", gdvar.Vector3{})
	}
	dropped, cpu := time.Since(start), cpuTime()-cpu0
	s := m.Stats()
	copies := s.Relayed.Raw + s.RelaysDropped
	perPeer := float64(most) / silent
	t.Logf("%d silent peers, %d flooders: %d relayed, %d dropped, %.0f CPU ns a copy; at most %.1f KiB held a silent peer, "+
		"heap and kernel; dropped within %v (%d timed out)", silent, flooders, s.Relayed.Raw, s.RelaysDropped,
		float64(cpu.Nanoseconds())/float64(copies), perPeer/1024, dropped.Round(time.Millisecond), s.Leaves.TimedOut)
	assert.Equal(t, flooders+1, s.Peers, "the silent peers dropped")
	assert.EqualValues(t, silent, s.Leaves.TimedOut)
	bound := queue + wsframe.BatchMax + 2*DefaultSocketSendBuffer + 16<<10
	assert.LessOrEqual(t, perPeer, float64(bound), "a queue, a write's buffer and a socket's a silent peer (4 MiB in the kernel without WithSocketSendBuffer)")
}

// kernelQueued is what the kernel holds of what the server wrote to its
// WebSocket peers and they have not acknowledged (TIOCOUTQ), in all.
func kernelQueued(m *Multiplayer) uint64 {
	m.mu.Lock()
	var socks []net.Conn
	for _, c := range m.conns {
		if l, ok := c.link.(*wsLink); ok && l.sock != nil {
			socks = append(socks, l.sock.Conn)
		}
	}
	m.mu.Unlock()
	var total uint64
	for _, nc := range socks {
		rc, err := nc.(*net.TCPConn).SyscallConn()
		if err != nil {
			continue
		}
		rc.Control(func(fd uintptr) {
			if n, err := unix.IoctlGetInt(int(fd), unix.TIOCOUTQ); err == nil {
				total += uint64(n)
			}
		})
	}
	return total
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ENet peers that join and then go silent, while others relay to each
// of them in turn at full rate: what the server holds for each stays within twice
// its send queue (WithSendQueue, the host's queue window included), the
// silent peers time out (ENet's timeout: 5 to 30 s unacknowledged), and
// an active client is answered meanwhile.
func TestGatherWindowSilentENetPeers(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates, and grows stacks")
	}
	const silent, flooders, queue = 60, 2, DefaultMaxPacket
	m := newEchoServer(WithSendQueue(queue), WithMaxPeers(silent+flooders+10))
	port := serveOver(t, m, "enet")
	addr := "127.0.0.1:" + port
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	join := func(pc net.PacketConn, id uint32) *enet.Peer {
		// A flooder's own queue, this process's too, held to a packet's.
		h, err := enet.NewHost(pc, enet.WithMaxPeers(1), enet.WithMaxSendQueue(DefaultMaxPacket))
		require.NoError(t, err)
		t.Cleanup(func() { h.Close() })
		p, err := h.Connect(ctx, addr, enetChannels, id)
		require.NoError(t, err)
		return p
	}
	var quiet []*silentConn
	for i := range silent {
		pc, err := net.ListenPacket("udp", "127.0.0.1:0")
		require.NoError(t, err)
		quiet = append(quiet, &silentConn{PacketConn: pc})
		join(quiet[i], uint32(100+i))
	}
	client := MustNew()
	main := client.Node("/root/Main", echoMethods...)
	replies := make(chan []any, 64)
	main.Handle("echo_reply", func(c *Call, args ...any) { replies <- args })
	require.NoError(t, client.ConnectENet(ctx, addr))
	t.Cleanup(func() { client.Close() })
	waitFor(t, "every peer joined", func() bool { return m.Stats().Peers == silent+1 })
	for _, s := range quiet {
		s.silent.Store(true)
	}
	hostile.Collect()
	heap0, stacks0 := heapAndStacks()

	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	var pkts [][]byte // a relay to each silent peer
	for i := range silent {
		pkt := append(appendSys(nil, sysRelay, PeerID(100+i)), cmdRaw)
		pkts = append(pkts, append(pkt, make([]byte, 64-len(pkt))...))
	}
	for i := range flooders {
		pc, err := net.ListenPacket("udp", "127.0.0.1:0")
		require.NoError(t, err)
		p := join(pc, uint32(10+i))
		go func() { // what is relayed to it, read and dropped
			for {
				if _, err := p.Receive(ctx); err != nil {
					return
				}
			}
		}()
		go func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				if p.Send(0, pkts[n%silent], enet.Reliable) != nil { // its own queue is full
					time.Sleep(time.Millisecond)
				}
			}
		}()
	}
	start := time.Now()
	var most uint64
	for m.Stats().Peers > flooders+1 && time.Since(start) < time.Minute {
		heap, stacks := heapAndStacks()
		most = max(most, heap+stacks-min(heap+stacks, heap0+stacks0))
		echoes(t, main, replies, int64(1), "served", gdvar.Vector3{})
	}
	dropped := time.Since(start)
	s := m.Stats()
	perPeer := float64(most) / silent
	t.Logf("%d silent ENet peers, %d flooders: %d relayed, %d dropped; at most %.1f KiB held a silent peer (%.2f of its queue); "+
		"dropped within %v (%d timed out)", silent, flooders, s.Relayed.Raw, s.RelaysDropped, perPeer/1024, perPeer/queue,
		dropped.Round(time.Millisecond), s.Leaves.TimedOut)
	assert.Equal(t, flooders+1, s.Peers, "the silent peers dropped")
	assert.EqualValues(t, silent, s.Leaves.TimedOut)
	// The queue's counted bytes, its packets' structures, and the flood's
	// garbage not yet collected: 1.7-1.8 of the queue on a quiet machine,
	// 2.65 in CI; unbounded, it would grow to megabytes before the timeout.
	assert.LessOrEqual(t, perPeer, float64(4*queue), "four times a queue a silent peer")
}
