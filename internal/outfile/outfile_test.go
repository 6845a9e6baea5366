package outfile

import (
	"bytes"
	"io"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// outputPaths makes, in a folder of the test's, what a command may be
// told to write to.
type outputPaths struct {
	dir, file, fifo, socket string
}

func newOutputPaths(t *testing.T) outputPaths {
	dir := t.TempDir()
	p := outputPaths{dir: dir, file: filepath.Join(dir, "file"), fifo: filepath.Join(dir, "fifo"), socket: filepath.Join(dir, "sock")}
	require.NoError(t, os.WriteFile(p.file, []byte("before"), 0o644))
	require.NoError(t, syscall.Mkfifo(p.fifo, 0o644))
	ln, err := net.Listen("unix", p.socket)
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	return p
}

// A file to write is checked before the work: a folder, a folder that is
// not there or is a file, a socket are refused, each error naming the
// fix; a file, a new one, a named pipe or a device are taken. A
// replaced file (gdvar edit's) must be a regular one.
func TestCheck(t *testing.T) {
	p := newOutputPaths(t)
	for _, c := range []struct {
		name            string
		path            string
		output, replace string // the errors' start; "" for none
	}{
		{"a file", p.file, "", ""},
		{"a new file", filepath.Join(p.dir, "new.png"), "", ""},
		{"a folder", p.dir, p.dir + " is a folder: name a file", p.dir + " is a folder: name a file"},
		{"a folder, with a slash", p.dir + "/", p.dir + "/ is a folder", p.dir + "/ is a folder"},
		{"in no folder", filepath.Join(p.dir, "nope", "x.png"), "no folder " + filepath.Join(p.dir, "nope") + ": create it", "no folder"},
		{"in a file", filepath.Join(p.file, "x.png"), p.file + " is not a folder: name a file in a folder", p.file + " is not a folder"},
		{"under a file", filepath.Join(p.file, "a", "x.png"), filepath.Join(p.file, "a") + " is not a folder", filepath.Join(p.file, "a") + " is not a folder"},
		{"a socket", p.socket, p.socket + " is a socket, not a file", p.socket + " is a socket, not a file"},
		{"a named pipe", p.fifo, "", p.fifo + " is a named pipe, not a file, which the edited file would replace: name a regular file, or -"},
		{"a device", os.DevNull, "", os.DevNull + " is a device, not a file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, check := range []struct {
				f    func(string) error
				want string
			}{{Check, c.output}, {CheckReplace, c.replace}} {
				err := check.f(c.path)
				if check.want == "" {
					assert.NoError(t, err)
					continue
				}
				require.Error(t, err)
				assert.Contains(t, err.Error(), check.want)
			}
		})
	}
	b, err := os.ReadFile(p.file)
	require.NoError(t, err)
	assert.Equal(t, "before", string(b), "a check writes nothing")
}

// Write writes a named pipe that someone reads, and fails at once
// on one no one reads, where it waited for a reader for ever.
func TestWriteNamedPipe(t *testing.T) {
	p := newOutputPaths(t)
	done := make(chan error, 1)
	go func() {
		done <- Write(p.fifo, func(w io.Writer) error { _, err := w.Write([]byte("x")); return err })
	}()
	select {
	case err := <-done:
		require.ErrorIs(t, err, syscall.ENXIO)
		assert.Contains(t, err.Error(), p.fifo+" is a named pipe no one reads: start its reader first")
	case <-time.After(time.Minute):
		t.Fatal("Write waits for a reader")
	}

	r, err := os.OpenFile(p.fifo, os.O_RDWR, 0) // a reader there at once (Linux), whose reads wait for the writes
	require.NoError(t, err)
	defer r.Close()
	want := bytes.Repeat([]byte("0123456789abcdef"), 64<<10) // over a pipe's buffer: written in turns
	go func() { done <- Write(p.fifo, func(w io.Writer) error { _, err := w.Write(want); return err }) }()
	got := make([]byte, len(want))
	_, err = io.ReadFull(r, got)
	require.NoError(t, err)
	require.NoError(t, <-done)
	assert.Equal(t, want, got)
}
