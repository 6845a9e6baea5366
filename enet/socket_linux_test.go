package enet

import (
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSocketBuffers checks, with getsockopt, the buffers Listen gives its
// socket: libenet's 256 KiB each by default, which Linux doubles, the
// system's with WithSocketBuffers(0, 0), and the sizes asked for.
func TestSocketBuffers(t *testing.T) {
	for _, max := range []string{"rmem_max", "wmem_max"} {
		b, err := os.ReadFile("/proc/sys/net/core/" + max)
		if n, _ := strconv.Atoi(strings.TrimSpace(string(b))); err != nil || n < DefaultSocketBuffer {
			t.Skipf("net.core.%s (%d) caps the buffers below the default", max, n)
		}
	}
	system := systemBuffers(t)
	tests := []struct {
		name       string
		opts       []Option
		recv, send int
	}{
		{"default", nil, 2 * DefaultSocketBuffer, 2 * DefaultSocketBuffer},
		{"system's", []Option{WithSocketBuffers(0, 0)}, system[0], system[1]},
		{"asked", []Option{WithSocketBuffers(100<<10, 50<<10)}, 200 << 10, 100 << 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, err := Listen("udp", "127.0.0.1:0", tc.opts...)
			require.NoError(t, err)
			defer h.Close()
			assert.Equal(t, [2]int{tc.recv, tc.send}, getBuffers(t, h.udp))
		})
	}
	_, err := Listen("udp", "127.0.0.1:0", WithSocketBuffers(-1, 0))
	assert.ErrorIs(t, err, ErrInvalidOption)
}

// systemBuffers returns a fresh UDP socket's buffers, as the system sizes
// them.
func systemBuffers(t *testing.T) [2]int {
	conn, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer conn.Close()
	return getBuffers(t, conn)
}

// getBuffers returns a socket's SO_RCVBUF and SO_SNDBUF.
func getBuffers(t *testing.T, conn *net.UDPConn) [2]int {
	rc, err := conn.SyscallConn()
	require.NoError(t, err)
	var got [2]int
	var errs [2]error
	require.NoError(t, rc.Control(func(fd uintptr) {
		got[0], errs[0] = syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF)
		got[1], errs[1] = syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_SNDBUF)
	}))
	require.NoError(t, errs[0])
	require.NoError(t, errs[1])
	return got
}
