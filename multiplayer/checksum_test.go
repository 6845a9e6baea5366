package multiplayer

import (
	"context"
	"errors"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A client whose node declares other RPC methods than the server's: the
// server's error names its methods, in the checksum's order, with their
// modes, the node, and both MD5s; the client's, told by the server's
// verdict, names its own.
func TestChecksumError(t *testing.T) {
	server := MustNew()
	server.Node("/root/Main", echoMethods...)
	serverErrs := &errorLog{}
	server.OnError(serverErrs.add)
	port := serve(t, server)

	client := MustNew()
	clientMethods := []Method{
		{Name: "echo", Mode: mode.AnyPeer, Transfer: mode.Reliable},
		{Name: "ping", Mode: mode.AnyPeer, CallLocal: true, Transfer: mode.Unreliable, Channel: 2, Config: true},
	}
	main := client.Node("/root/Main", clientMethods...)
	clientErrs := &errorLog{}
	client.OnError(clientErrs.add)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, client.Connect(ctx, "ws://127.0.0.1:"+port))
	t.Cleanup(func() { client.Close() })
	require.NoError(t, main.Call(ServerID, "echo"))
	waitFor(t, "both sides' errors", func() bool { return len(serverErrs.get()) > 0 && len(clientErrs.get()) > 0 })

	here := Checksum([]string{"echo", "echo_reply"})
	there := checksum([]string{"ping", "echo"}) // rpc_config methods first
	var se *ChecksumError
	require.True(t, errors.As(serverErrs.get()[0], &se), "%v", serverErrs.get()[0])
	assert.Equal(t, &ChecksumError{Node: "/root/Main", Methods: echoMethods, Checksum: here, PeerChecksum: there}, se)
	assert.ErrorIs(t, se, ErrChecksum)
	assert.Equal(t, "multiplayer: the peer's RPC checksum of the node differs: /root/Main declares here "+
		"echo (@rpc any_peer, call_remote, reliable, channel 0), echo_reply (@rpc authority, call_remote, reliable, channel 0), "+
		"MD5 "+here+"; the peer's MD5 is "+there, se.Error())

	var ce *ChecksumError
	require.True(t, errors.As(clientErrs.get()[0], &ce), "%v", clientErrs.get()[0])
	assert.Equal(t, &ChecksumError{Node: "/root/Main", Methods: []Method{clientMethods[1], clientMethods[0]}, Checksum: there}, ce)
	assert.Equal(t, "multiplayer: the peer's RPC checksum of the node differs: /root/Main declares here "+
		"ping (rpc_config any_peer, call_local, unreliable, channel 2), echo (@rpc any_peer, call_remote, reliable, channel 0), "+
		"MD5 "+there+"; the peer found its MD5 differs", ce.Error())
}
