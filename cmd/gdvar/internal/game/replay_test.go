package game

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvar replay reads its file before it launches anything, and does not
// wait for ever on it: a named pipe no one writes to reads as empty, a
// folder is no file; each is a usage error naming what it is.
func TestReplayFileNotWaitedOn(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "replay.fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	for _, c := range []struct {
		name, path, says string
	}{
		{"a pipe no one writes", fifo, "gdvar replay: "},
		{"a folder", t.TempDir(), "is a folder: not a file; name a file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- Replay([]string{c.path, "--", "/nonexistent/godot"}, nil, &stdout, &stderr) }()
			select {
			case code := <-done:
				assert.Equal(t, 2, code, stderr.String())
				assert.Contains(t, stderr.String(), c.says)
				assert.Empty(t, stdout.String())
			case <-time.After(30 * time.Second):
				t.Fatal("gdvar replay still waits on its file after 30 s")
			}
		})
	}
}

// gdvar replay makes a file's links again, listening where they were
// recorded, and says how far it stepped each.
func TestReplayLinks(t *testing.T) {
	server, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer server.Close()
	free, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	listen := free.LocalAddr().String()
	free.Close()
	file := filepath.Join(t.TempDir(), "links.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(`{"gdvar_replay":1}
{"frame":0,"link":"client","op":"link","seed":1,"fps":60,"network":"udp","server":"`+server.LocalAddr().String()+`","listen":"`+listen+`"}
{"frame":0,"link":"client","op":"net","dir":"down","faults":{"delay":"50ms"}}
{"frame":0,"link":"client","op":"step","frames":2}
{"frame":2,"link":"client","op":"step","frames":1}
`), 0o600))
	var stdout, stderr bytes.Buffer
	code := Replay([]string{file, "--", "/nonexistent/godot"}, nil, &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	assert.Equal(t, "replayed 4 steps: 0 checks matched; link client to frame 3\n", stdout.String())
}
