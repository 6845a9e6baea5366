package enet

import (
	"net"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Datagrams that wait on a host's socket are read together and each is
// answered: 200 connects sent while the host cannot take them (its lock
// held), so that they are read in batches, get one verify-connect each,
// on an IPv4 socket, on a dual-stack one (an IPv4 client's address
// mapped both ways) and on an IPv6 one.
func TestBatchedConnectsAnswered(t *testing.T) {
	const clients = 200
	for _, tc := range []struct {
		name, network, listen string
		client                net.IP
	}{
		{"ipv4", "udp4", "127.0.0.1:0", net.IPv4(127, 0, 0, 1)},
		{"dual-stack", "udp", ":0", net.IPv4(127, 0, 0, 1)},
		{"ipv6", "udp6", "[::1]:0", net.IPv6loopback},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := Listen(tc.network, tc.listen, WithMaxPeers(clients))
			if err != nil {
				t.Skipf("no %s socket: %v", tc.network, err)
			}
			defer h.Close()
			if runtime.GOOS == "linux" {
				require.NotNil(t, h.batch)
			}
			to := &net.UDPAddr{IP: tc.client, Port: h.Addr().(*net.UDPAddr).Port}
			socks := make([]*net.UDPConn, clients)
			h.mu.Lock()
			for i := range socks {
				c, err := net.ListenUDP("udp", &net.UDPAddr{IP: tc.client})
				require.NoError(t, err)
				defer c.Close()
				socks[i] = c
				_, err = c.WriteToUDP(connectDatagram(uint32(i)+1), to)
				require.NoError(t, err)
			}
			h.mu.Unlock()
			buf := make([]byte, maxMTU)
			for i, c := range socks {
				require.NoError(t, c.SetReadDeadline(time.Now().Add(5*time.Second)))
				n, err := c.Read(buf)
				require.NoError(t, err, "client %d", i)
				hd, size := parseHeader(buf[:n], false)
				require.NotZero(t, size)
				cmd, _ := parseCommand(buf[size:n])
				require.EqualValues(t, cmdVerifyConnect, cmd.number(), "client %d", i)
				require.Equal(t, uint32(i)+1, cmd.connectID)
				require.Equal(t, uint16(0), hd.peerID, "the client's own peer id")
			}
			h.mu.Lock()
			offered := 0 // to the sources as they are: each read as it is
			for i, c := range socks {
				if h.offerFor[connectKey{unmap(c.LocalAddr().(*net.UDPAddr).AddrPort()), uint32(i) + 1}] != nil {
					offered++
				}
			}
			h.mu.Unlock()
			require.Equal(t, clients, offered)
			s := h.Stats()
			require.Equal(t, uint64(clients), s.DatagramsIn)
			require.Equal(t, uint64(clients), s.DatagramsOut)
		})
	}
}

// A wake-up of the reader takes every datagram the socket holds, up to a
// batch, with one system call: 10 a peer sent together come in one read,
// and of 40, a full batch.
func TestBatchReadTakesWhatWaits(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("datagrams are read in batches on Linux only")
	}
	for _, sent := range []int{10, 40} {
		conn, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		require.NoError(t, err)
		defer conn.Close()
		b := newBatchIO(&Host{udp: conn})
		require.NotNil(t, b)
		peer, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		require.NoError(t, err)
		defer peer.Close()
		for i := range sent {
			_, err := peer.WriteToUDP([]byte{byte(i), 1, 2, 3}, conn.LocalAddr().(*net.UDPAddr))
			require.NoError(t, err)
		}
		arrived(t, peer)
		bufs := make([][]byte, readBatch)
		for i := range bufs {
			bufs[i] = make([]byte, maxMTU)
		}
		got := make([]arrival, readBatch)
		n, err := b.read(bufs, got)
		require.NoError(t, err)
		require.Equal(t, min(sent, readBatch), n, "of %d datagrams waiting", sent)
		for i := range n {
			require.Equal(t, 4, got[i].n)
			require.Equal(t, byte(i), bufs[i][0], "in the order sent")
			require.Equal(t, peer.LocalAddr().(*net.UDPAddr).AddrPort(), got[i].from)
		}
	}
}

// arrived waits until what peer sent before has been delivered on this
// machine: the kernel may hand loopback datagrams on after the send
// returns, in order, so a datagram sent after them to a socket of the
// test's is read after they are in place.
func arrived(t *testing.T, peer *net.UDPConn) {
	t.Helper()
	bar, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer bar.Close()
	_, err = peer.WriteToUDP([]byte{0}, bar.LocalAddr().(*net.UDPAddr))
	require.NoError(t, err)
	require.NoError(t, bar.SetReadDeadline(time.Now().Add(10*time.Second)))
	_, err = bar.Read(make([]byte, 1))
	require.NoError(t, err, "the barrier datagram never came")
}
