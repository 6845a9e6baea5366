package main

import (
	"bytes"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A real game's debugger messages are printed.
func TestLivePrintMessagesFromAGame(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	game := godot.StartWith(t, engine, "--remote-debug", "tcp://"+ln.Addr().String(), "-s", "scripts/stream/game.gd")
	conn := game.Accept(t, ln)
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(time.Minute))) // the game quits after 60 frames
	var out bytes.Buffer
	require.NoError(t, printMessages(conn, &out))
	assert.Contains(t, out.String(), "set_pid (thread 1): [")
	assert.Contains(t, out.String(), "output (thread 1): [[hello from the game] [0]]")
	assert.True(t, strings.Contains(out.String(), "a warning for the debugger"), out.String())
}
