package godot

import (
	"net"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Port hands out ports below the ranges of ports bound to 0, each once,
// that a server can then bind on every address.
func TestPort(t *testing.T) {
	for _, network := range []string{"tcp", "udp"} {
		t.Run(network, func(t *testing.T) {
			seen := map[int]bool{}
			for range 50 {
				port, err := Port(network)
				require.NoError(t, err)
				assert.GreaterOrEqual(t, port, portLow)
				assert.Less(t, port, portHigh)
				assert.False(t, seen[port], "port %d handed out twice", port)
				seen[port] = true
				assert.True(t, bindable(network, port), "port %d", port)
			}
		})
	}
}

// A port a socket holds is not bindable, on any address.
func TestBindableRefusesAHeldPort(t *testing.T) {
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer c.Close()
	port := c.LocalAddr().(*net.UDPAddr).Port
	assert.False(t, bindable("udp", port), "udp port %s held on loopback", strconv.Itoa(port))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	assert.False(t, bindable("tcp", ln.Addr().(*net.TCPAddr).Port), "tcp port held on loopback")
}
