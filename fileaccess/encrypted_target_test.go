package fileaccess

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// closeCounter is a writer that cannot seek and counts calls to its Close.
type closeCounter struct {
	bytes.Buffer
	closes int
}

func (c *closeCounter) Close() error { c.closes++; return nil }

// An EncryptedWriter writes into memory (a writer that cannot seek) the
// same bytes as into a file, in both layouts; neither target is closed by
// Close, and a file is left at the container's end.
func TestEncryptedWriterTargets(t *testing.T) {
	content := bytes.Repeat([]byte("a save in memory "), 3000) // more than one 16 KiB buffer
	for _, engine := range []gdvar.Engine{gdvar.Godot4, gdvar.Godot3} {
		t.Run(engine.String(), func(t *testing.T) {
			opts := []Option{WithKey(testKey()), WithEngine(engine), WithIV([16]byte{1, 2, 3})}

			f, err := os.Create(filepath.Join(t.TempDir(), "save.bin"))
			require.NoError(t, err)
			defer f.Close()
			_, err = f.Write([]byte("before"))
			require.NoError(t, err)
			fw, err := NewEncryptedWriter(f, opts...)
			require.NoError(t, err)
			_, err = fw.Write(content)
			require.NoError(t, err)
			require.NoError(t, fw.Close())
			_, err = f.Write([]byte("after")) // still open, at the end
			require.NoError(t, err)
			inFile, err := os.ReadFile(f.Name())
			require.NoError(t, err)
			require.Equal(t, "before", string(inFile[:6]))
			require.Equal(t, "after", string(inFile[len(inFile)-5:]))
			inFile = inFile[6 : len(inFile)-5]

			mem := &closeCounter{}
			mw, err := NewEncryptedWriter(mem, opts...)
			require.NoError(t, err)
			_, err = mw.Write(content)
			require.NoError(t, err)
			assert.Zero(t, mem.Len(), "nothing before Close: the header comes first")
			require.NoError(t, mw.Close())
			assert.Zero(t, mem.closes, "Close does not close the writer underneath")
			assert.Equal(t, inFile, mem.Bytes(), "the same container in memory as in a file")

			_, got, err := readAll(mem.Bytes(), WithKey(testKey()))
			require.NoError(t, err)
			assert.Equal(t, content, got)
			_, err = mw.Write([]byte("more"))
			assert.Error(t, err, "a closed writer")
		})
	}
}

// An empty container in memory reads back as empty.
func TestEncryptedWriterEmpty(t *testing.T) {
	var b bytes.Buffer
	w, err := NewEncryptedWriter(&b, WithPassword("hunter2"))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	assert.Len(t, b.Bytes(), 4+16+8+16)
	_, got, err := readAll(b.Bytes(), WithPassword("hunter2"))
	require.NoError(t, err)
	assert.Empty(t, got)
}

// Abort on a writer that cannot seek writes nothing and leaves no
// temporary file.
func TestEncryptedWriterAbort(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var b bytes.Buffer
	w, err := NewEncryptedWriter(&b, WithKey(testKey()))
	require.NoError(t, err)
	_, err = w.Write(make([]byte, 64<<10))
	require.NoError(t, err)
	w.Abort()
	spooled, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, spooled)
	assert.Zero(t, b.Len())
	_, err = w.Write([]byte("more"))
	assert.Error(t, err)
	assert.Error(t, w.Close())
	assert.Zero(t, b.Len())
}
