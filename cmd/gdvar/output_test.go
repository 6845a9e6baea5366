package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// outputPaths are a folder of the test's, a file and a named pipe in it:
// what a command may be told to write to (internal/outfile tests the
// rest).
type outputPaths struct{ dir, file, fifo string }

func newOutputPaths(t *testing.T) outputPaths {
	dir := t.TempDir()
	p := outputPaths{dir: dir, file: filepath.Join(dir, "file"), fifo: filepath.Join(dir, "fifo")}
	require.NoError(t, os.WriteFile(p.file, []byte("before"), 0o644))
	require.NoError(t, syscall.Mkfifo(p.fifo, 0o644))
	return p
}

// gdvar load refuses a -csv or -plot it could not write before it opens
// the project: before, it wrote them after the whole run, and failed
// then.
func TestLoadRefusesOutputsFirst(t *testing.T) {
	p := newOutputPaths(t)
	for _, c := range []struct {
		flag, path, says string
	}{
		{"-csv", p.dir, "gdvar load: " + p.dir + " is a folder: name a file"},
		{"-plot", filepath.Join(p.dir, "nope", "run.svg"), "gdvar load: no folder " + filepath.Join(p.dir, "nope")},
	} {
		code, out, errOut := runGdvar(nil, "load", "-project", filepath.Join(p.dir, "no project"), "-addr", "127.0.0.1:1", c.flag, c.path)
		assert.Equal(t, 1, code, errOut)
		assert.Empty(t, out)
		assert.Equal(t, c.says, errOut[:min(len(errOut), len(c.says))], errOut)
	}
}

// gdvar edit refuses a file to write it could not replace before it runs
// the program: a folder, in no folder, a named pipe (which it replaced
// with the file, as it would /dev/null). The input is left as it was.
func TestEditRefusesOutputsFirst(t *testing.T) {
	p := newOutputPaths(t)
	for _, c := range []struct {
		name, output, says string
	}{
		{"a folder", p.dir, "gdvar edit: " + p.dir + " is a folder"},
		{"in no folder", filepath.Join(p.dir, "nope", "out.sav"), "gdvar edit: no folder " + filepath.Join(p.dir, "nope")},
		{"a named pipe", p.fifo, "gdvar edit: " + p.fifo + " is a named pipe, not a file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := editCopy(t, "godot4", "save.sav")
			before, err := os.ReadFile(path)
			require.NoError(t, err)
			ran := filepath.Join(t.TempDir(), "ran")
			code, out, errOut := runGdvar(nil, "edit", "-o", c.output, path, "--", "sh", "-c", "touch "+ran+"; cat")
			assert.Equal(t, 1, code, errOut)
			assert.Empty(t, out)
			assert.Equal(t, c.says, errOut[:min(len(errOut), len(c.says))], errOut)
			assert.NoFileExists(t, ran, "the program ran")
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, before, after)
			info, err := os.Lstat(p.fifo)
			require.NoError(t, err)
			assert.Equal(t, os.ModeNamedPipe, info.Mode().Type(), "the named pipe is left")
		})
	}
}
