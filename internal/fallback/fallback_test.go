package fallback

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var errRetry = errors.New("retry")

// rewinder is a Rewinder in memory.
type rewinder struct{ b []byte }

func (r *rewinder) Write(p []byte) (int, error) { r.b = append(r.b, p...); return len(p), nil }
func (r *rewinder) Offset() int64               { return int64(len(r.b)) }
func (r *rewinder) Rewind(at int64) error       { r.b = r.b[:at]; return nil }

// An *os.File is not a Rewinder: its offset does not say where an
// appending file writes, so taking back from it could drop what it held.
func TestFileIsHeld(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log")
	require.NoError(t, os.WriteFile(path, []byte("precious\n"), 0o600))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	defer f.Close()
	src := strings.NewReader("0123")
	require.NoError(t, Convert(f, src, writing("fast", 2, errRetry), writing("slow", 3, nil), errRetry))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "precious\nslow", string(b))
}

// writing returns a Pass that writes out and then fails with err, having
// read n bytes of the value.
func writing(out string, n int64, err error) Pass {
	return func(w io.Writer, r io.ReadSeeker) (int64, error) {
		if _, werr := io.WriteString(w, out); werr != nil {
			return 0, werr
		}
		return n, err
	}
}

func TestConvert(t *testing.T) {
	long := strings.Repeat("x", HoldMax+1)
	tests := []struct {
		name       string
		fast, slow Pass
		want       string // dst's content
		wantErr    error
		at         int64 // src's offset after
	}{
		{"fast", writing("fast", 3, nil), writing("slow", 3, nil), "fast", nil, 3},
		{"retried", writing("longer than slow's", 2, errRetry), writing("slow", 3, nil), "slow", nil, 3},
		{"outgrows the hold", writing(long, 2, nil), writing("slow", 3, nil), "slow", nil, 3},
		{"failed", writing("fast", 2, io.ErrUnexpectedEOF), writing("slow", 3, nil), "", io.ErrUnexpectedEOF, 0},
		{"slow failed", writing("fast", 2, errRetry), writing("", 0, io.ErrUnexpectedEOF), "", io.ErrUnexpectedEOF, 0},
	}
	for _, tt := range tests {
		for _, file := range []bool{false, true} {
			var dst io.Writer
			var got func() string
			if file {
				r := &rewinder{b: []byte("kept ")}
				dst, got = r, func() string { return strings.TrimPrefix(string(r.b), "kept ") }
			} else {
				var b bytes.Buffer
				dst, got = &b, b.String
			}
			src := strings.NewReader("0123456789")
			err := Convert(dst, src, tt.fast, tt.slow, errRetry)
			assert.ErrorIs(t, err, tt.wantErr, tt.name)
			if tt.name == "outgrows the hold" && file {
				tt.want, tt.at = long, 2 // a Rewinder holds it all: no second pass
			}
			assert.Equal(t, tt.want, got(), "%s, Rewinder %v", tt.name, file)
			if err == nil {
				at, _ := src.Seek(0, io.SeekCurrent)
				assert.Equal(t, tt.at, at, tt.name)
			}
		}
	}
}
