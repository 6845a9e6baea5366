package main

import (
	"bytes"
	"context"
	"io"
	"log"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar/examples/internal/gameserver"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/mpcases"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLiveEcho has a Godot 4.6 client, whose /root/Main is the example
// project's (godot/echo.gd, which the server declares), call echo on the server with every engine-made
// golden vector as an argument, and with 0, 2 and 3 arguments; each
// echo_reply brings back the engine's very bytes, and each raw packet
// comes back unchanged.
func TestLiveEcho(t *testing.T) {
	for _, transport := range []string{"websocket", "enet"} {
		t.Run(transport, func(t *testing.T) { liveEcho(t, transport) })
	}
}

// liveEcho is TestLiveEcho over a transport: with "enet", the server is
// run as -transport enet runs it, and the client connects with
// ENetMultiplayerPeer ($GDVAR_TRANSPORT).
func liveEcho(t *testing.T, transport string) {
	engine := godot.Require(t, godot.Godot4)
	t.Setenv("GDVAR_TRANSPORT", transport)
	var port string
	var logs *lockedBuffer
	if transport == "enet" {
		port, logs = serveENet(t)
	} else {
		ln, l := serve(t)
		port, logs = strconv.Itoa(ln.Addr().(*net.TCPAddr).Port), l
	}

	cases := mpcases.Cases(t)
	out := godot.RunScript(t, engine, "scripts/multiplayer/client.gd", port, "echo.gd", "cases", mpcases.WriteFile(t, cases))
	if !strings.Contains(out, "DONE") {
		t.Fatalf("the client did not finish; server log:\n%s\nclient output (last 3000 bytes):\n%s", logs.String(), out[max(0, len(out)-3000):])
	}
	got := mpcases.Lines(out, "GOT ")
	require.Equal(t, len(cases), len(got), "replies")
	for i, c := range cases {
		assert.Equal(t, strconv.Itoa(i)+" "+mpcases.Want(c), got[i], "call %d", i)
	}
	raws := mpcases.Lines(out, "RAW ")
	require.Equal(t, len(cases), len(raws), "raw packets")
	for i, r := range raws {
		assert.Equal(t, strconv.Itoa(i)+" ok", r)
	}
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		assert.Regexp(t, `^(peer \d+ (connected|left)|listening on .*)$`, line, "the server logs no error")
	}
	t.Logf("%d calls echoed byte for byte; server log:\n%s", len(cases), logs.String())
}

// serve runs the example's server on a loopback port until the test ends,
// and returns its listener and its log.
func serve(t *testing.T) (net.Listener, *lockedBuffer) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	logs := new(lockedBuffer)
	m := mustServer(t, logs)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- m.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-served)
	})
	return ln, logs
}

// serveENet runs the example's server as -transport enet does, on a free
// loopback UDP port, until the test ends, and returns the port and its log.
func serveENet(t *testing.T) (string, *lockedBuffer) {
	t.Helper()
	port := strconv.Itoa(godot.FreePort(t, "udp"))
	logs := new(lockedBuffer)
	m := mustServer(t, logs)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- gameserver.Serve(ctx, m, "127.0.0.1:"+port, "enet", log.New(logs, "", 0)) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-served)
	})
	return port, logs
}

// mustServer returns the example's server of its project, logging to
// logs.
func mustServer(t *testing.T, logs *lockedBuffer) *multiplayer.Multiplayer {
	t.Helper()
	m, err := newServer("godot", log.New(logs, "", 0))
	require.NoError(t, err)
	return m
}

// lockedBuffer is a log's output, written from the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// The server is what its project declares: a project whose script lacks
// echo is an error that names the script.
func TestServerFromProject(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"project.godot": "config_version=5\n",
		"echo.gd":       "extends Node\n@rpc(\"any_peer\")\nfunc other(): pass\n",
		"main.tscn":     "[gd_scene format=3]\n[ext_resource type=\"Script\" path=\"res://echo.gd\" id=\"1\"]\n[node name=\"Main\" type=\"Node\"]\nscript = ExtResource(\"1\")\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	_, err := newServer(dir, log.New(io.Discard, "", 0))
	assert.EqualError(t, err, `res://echo.gd (node /root/Main of res://main.tscn) declares no @rpc method "echo"`)
	_, err = newServer(t.TempDir(), log.New(io.Discard, "", 0))
	assert.ErrorIs(t, err, project.ErrNoProject)
}

// A connection dropped because its handshake timed out (a Godot client
// that does not poll within 3 s sends its upgrade request too late) is
// logged with the reason.
func TestLogsHandshakeTimeout(t *testing.T) {
	ln, logs := serve(t)
	nc, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer nc.Close()
	for deadline := time.Now().Add(15 * time.Second); !strings.Contains(logs.String(), "handshake not completed"); time.Sleep(10 * time.Millisecond) {
		require.True(t, time.Now().Before(deadline), "nothing logged; the log:\n%s", logs.String())
	}
	t.Logf("the log: %s", logs.String())
}
