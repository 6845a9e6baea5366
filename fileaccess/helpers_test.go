package fileaccess

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The container modes the engine scripts write, one file each.
var modes = []string{"pass", "key", "fastlz", "deflate", "zstd", "gzip"}

// testKey is the key the scripts give open_encrypted: bytes 0 to 31.
func testKey() Key {
	var k Key
	for i := range k {
		k[i] = byte(i)
	}
	return k
}

// keyOption is the option that opens a mode's file.
func keyOption(mode string) Option {
	if mode == "pass" {
		return WithPassword("hunter2")
	}
	return WithKey(testKey())
}

// compression is a compressed mode's codec; ok is false for the encrypted
// modes.
func compression(mode string) (Compression, bool) {
	c, err := ParseCompression(mode)
	return c, err == nil
}

// records splits a save file's content into its store_var records (a u32
// length, then the value's bytes).
func records(t *testing.T, b []byte) [][]byte {
	t.Helper()
	var out [][]byte
	for len(b) > 0 {
		require.GreaterOrEqual(t, len(b), 4)
		n := binary.LittleEndian.Uint32(b)
		require.GreaterOrEqual(t, uint64(len(b)-4), uint64(n))
		out = append(out, b[4:4+n])
		b = b[4+n:]
	}
	return out
}

// saveFile is the content of a save file of the given records.
func saveFile(recs [][]byte) []byte {
	var b []byte
	for _, r := range recs {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(r)))
		b = append(b, r...)
	}
	return b
}

// hexLines reads the hex values of lines starting with prefix.
func hexLines(t *testing.T, text, prefix string) [][]byte {
	t.Helper()
	var out [][]byte
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		if h, ok := strings.CutPrefix(sc.Text(), prefix); ok {
			b, err := hex.DecodeString(h)
			require.NoError(t, err)
			out = append(out, b)
		}
	}
	require.NotEmpty(t, out, "no %q lines in:\n%.500s", prefix, text)
	return out
}

// readAll reads a container from b with opts.
func readAll(b []byte, opts ...Option) (Container, []byte, error) {
	r, err := NewReader(bytes.NewReader(b), opts...)
	if err != nil {
		return Plain, nil, err
	}
	out, err := io.ReadAll(r)
	return r.Container(), out, err
}

// drain reads a container from b with opts to its end, keeping nothing.
func drain(b []byte, opts ...Option) error {
	r, err := NewReader(bytes.NewReader(b), opts...)
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, r)
	return err
}

// write makes a container of content in mode, as gdvar writes it.
func write(t testing.TB, mode string, content []byte, opts ...Option) []byte {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), mode+".bin"))
	require.NoError(t, err)
	defer f.Close()
	var w io.WriteCloser
	if c, ok := compression(mode); ok {
		w, err = NewCompressedWriter(f, c)
	} else {
		w, err = NewEncryptedWriter(f, append(opts, keyOption(mode))...)
	}
	require.NoError(t, err)
	_, err = w.Write(content)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	b, err := os.ReadFile(f.Name())
	require.NoError(t, err)
	return b
}

// sameRecords reports whether got holds the records of want, naming the
// first that differs (records can be large: no dump).
func sameRecords(t *testing.T, want, got [][]byte, msg string) bool {
	t.Helper()
	for i := range min(len(want), len(got)) {
		if !bytes.Equal(want[i], got[i]) {
			t.Errorf("%s: record %d differs: %d bytes %.40x…, want %d bytes %.40x…", msg, i, len(got[i]), got[i], len(want[i]), want[i])
			return false
		}
	}
	if len(want) != len(got) {
		t.Errorf("%s: %d records, want %d", msg, len(got), len(want))
		return false
	}
	return true
}
