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
