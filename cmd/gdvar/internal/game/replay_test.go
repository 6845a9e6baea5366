package game

import (
	"bytes"
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
