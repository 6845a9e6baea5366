//go:build unix

package infile

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.json")
	require.NoError(t, os.WriteFile(file, []byte("{}"), 0o644))
	silent := filepath.Join(dir, "silent")
	require.NoError(t, syscall.Mkfifo(silent, 0o600))
	unwritten := filepath.Join(dir, "unwritten")
	require.NoError(t, syscall.Mkfifo(unwritten, 0o600))
	// A writer that holds the pipe open and says nothing.
	w, err := os.OpenFile(silent, os.O_RDWR, 0)
	require.NoError(t, err)
	defer w.Close()

	for _, c := range []struct {
		name, path string
		read       string
		err        error
	}{
		{"a file", file, "{}", nil},
		{"a named pipe no one writes", unwritten, "", nil},
		{"a named pipe whose writer says nothing", silent, "", os.ErrDeadlineExceeded},
		{"a folder", dir, "", ErrNotFile},
		{"a device", "/dev/zero", "", ErrNotFile},
	} {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan struct{})
			go func() {
				defer close(done)
				f, err := Open(c.path, 200*time.Millisecond)
				if err == nil {
					var b []byte
					b, err = io.ReadAll(f)
					f.Close()
					assert.Equal(t, c.read, string(b))
				}
				assert.ErrorIs(t, err, c.err)
			}()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("Open or its read waited for ever")
			}
		})
	}
}
