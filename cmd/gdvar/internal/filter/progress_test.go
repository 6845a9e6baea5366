package filter

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeTerminal makes w the terminal and the progress's clock advance by
// step at each reading, for the rest of the test.
func fakeTerminal(t *testing.T, w io.Writer, step time.Duration) {
	terminal, now := isTerminal, clock
	t.Cleanup(func() { isTerminal, clock = terminal, now })
	isTerminal = func(o io.Writer) bool { return o == w }
	at := time.Unix(0, 0)
	clock = func() time.Time {
		at = at.Add(step)
		return at
	}
}

// escape is a terminal's "erase the line" sequence.
var escape = regexp.MustCompile("\033\\[K")

// visible returns the lines a terminal shows for what was written to it:
// a carriage return starts the line again.
func visible(s string) []string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		l = escape.ReplaceAllString(l[strings.LastIndex(l, "\r")+1:], "")
		lines = append(lines, l)
	}
	return lines
}

// On a terminal, a file's progress shows the percentage and the time
// left; validate -all's lines to the same terminal never hold progress,
// and neither does an error message.
func TestProgressOnTerminal(t *testing.T) {
	seven, err := os.ReadFile(filepath.Join(goldenDir, "int_7.bin"))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "sevens.bin")
	values := bytes.Repeat(seven, 20000)
	for _, c := range []struct {
		name  string
		input []byte
		code  int
	}{
		{"whole", values, 0},
		{"truncated", values[:len(values)-3], 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.NoError(t, os.WriteFile(path, c.input, 0o600))
			var term bytes.Buffer
			fakeTerminal(t, &term, 300*time.Millisecond)
			code := run([]string{"validate", "-all", "-chunk-size", "4096", path}, nil, &term, &term)
			require.Equal(t, c.code, code)
			out := term.String()
			assert.Regexp(t, `gdvar validate: \d+\.\d of 0\.2 MB \(\d+%\), \d+s left`, out)
			outputs := 0
			for _, l := range visible(out) {
				if strings.Contains(l, "valid") || strings.Contains(l, "truncated") {
					outputs++
					assert.NotContains(t, l, "MB", "a line of output holds progress")
				}
			}
			assert.GreaterOrEqual(t, outputs, 19999)
			assert.True(t, strings.HasSuffix(out, "\n") || strings.HasSuffix(out, "\r\033[K"), "the progress is cleared at the end")
		})
	}
}

// Without a known size (a pipe, a container), the progress shows bytes
// read and the rate.
func TestProgressUnknownSize(t *testing.T) {
	var term bytes.Buffer
	fakeTerminal(t, &term, 300*time.Millisecond)
	seven, err := os.ReadFile(filepath.Join(goldenDir, "int_7.bin"))
	require.NoError(t, err)
	code := run([]string{"validate", "-all", "-chunk-size", "4096", "-"}, struct{ io.Reader }{bytes.NewReader(bytes.Repeat(seven, 20000))}, io.Discard, &term)
	require.Equal(t, 0, code)
	assert.Regexp(t, `gdvar validate: \d+\.\d MB read \(\d+ MB/s\)`, term.String())
	assert.NotContains(t, term.String(), "left")
}

// The progress shown on a terminal does not hide that a file can seek (the
// conversions would copy it to a temporary file), and passes on what it
// read; an input that cannot seek is copied.
func TestProgressSeeks(t *testing.T) {
	data := []byte("0123456789")
	p := newProgress(bytes.NewReader(data), io.Discard, "json", int64(len(data)))
	rs, cleanup, err := seekable(p)
	require.NoError(t, err)
	defer cleanup()
	assert.Same(t, p, rs, "read where it is, not copied")
	got, err := io.ReadAll(rs)
	require.NoError(t, err)
	assert.Equal(t, data, got)
	_, err = rs.Seek(2, io.SeekStart)
	require.NoError(t, err)
	got, err = io.ReadAll(rs)
	require.NoError(t, err)
	assert.Equal(t, data[2:], got)

	pipe := newProgress(struct{ io.Reader }{bytes.NewReader(data)}, io.Discard, "json", -1)
	rs, cleanup2, err := seekable(pipe)
	require.NoError(t, err)
	defer cleanup2()
	assert.NotSame(t, pipe, rs, "copied")
	got, err = io.ReadAll(rs)
	require.NoError(t, err)
	assert.Equal(t, data, got)
}
