package filter

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/fileaccess"
	"github.com/stretchr/testify/assert"
)

// endless is a pipe's worth of input that cannot seek: what it read so far
// is counted, and it ends after n bytes.
type endless struct{ read, n int64 }

func (e *endless) Read(p []byte) (int, error) {
	if e.read >= e.n {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), e.n-e.read)]
	clear(p)
	e.read += int64(len(p))
	return len(p), nil
}

// An encrypted file without a key or a password fails before standard
// input is copied, with a message that names the flags; so does a file
// that can seek, before it is verified.
func TestEncryptedWithoutKeyFailsFirst(t *testing.T) {
	t.Setenv("GDVAR_PASSWORD", "")
	t.Setenv("TMPDIR", t.TempDir())
	for _, cmd := range []string{"json", "text", "validate", "copy", "inspect"} {
		in := &endless{n: 256 << 20}
		var errOut bytes.Buffer
		code := run([]string{cmd, "-"}, io.MultiReader(strings.NewReader(fileaccess.MagicEncrypted), in), io.Discard, &errOut)
		assert.Equal(t, 1, code, cmd)
		assert.ErrorIs(t, errNoKey, fileaccess.ErrNoKey)
		for _, name := range []string{"-password", "$GDVAR_PASSWORD", "-key"} {
			assert.Contains(t, errOut.String(), name, cmd)
		}
		assert.LessOrEqual(t, in.read, int64(64<<10), "%s: %d bytes read before the error", cmd, in.read)
	}
	code, _, errOut := runGdvar(nil, "json", engineSave(t, "pass"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "-password or $GDVAR_PASSWORD")
}
