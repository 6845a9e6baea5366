//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rpc-config of a script that extends a named pipe, or is linked to one,
// exits 1 at once saying so, where it waited for a writer for ever.
func TestRPCConfigNamedPipe(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte("config_version=5\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.gd"), []byte("extends \"pipe.gd\"\n"), 0o644))
	pipe := filepath.Join(dir, "pipe.gd")
	require.NoError(t, syscall.Mkfifo(pipe, 0o644))
	require.NoError(t, os.Symlink("pipe.gd", filepath.Join(dir, "x.gd")))
	for _, script := range []string{"a.gd", "x.gd"} {
		var stdout, stderr bytes.Buffer
		done := make(chan int, 1)
		go func() {
			done <- run([]string{"rpc-config", filepath.Join(dir, script)}, strings.NewReader(""), &stdout, &stderr)
		}()
		var code int
		select {
		case code = <-done:
		case <-time.After(time.Minute): // far beyond any machine: it waits on the pipe
			if f, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close() // the reader sees the end, and the test ends
			}
			code = <-done
			t.Errorf("%s: still reading the pipe after a minute", script)
		}
		assert.Equal(t, 1, code, script)
		assert.Contains(t, stderr.String(), "not a regular file", script)
		assert.Empty(t, stdout.String(), script)
	}
}
