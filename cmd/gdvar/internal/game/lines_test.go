package game

import (
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readLines gives each line without its line break, and refuses one over
// its limit, wherever it ends, reading on after it.
func TestReadLines(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string // "!" for a line refused
	}{
		{"lines", "a\nbc\n", []string{"a", "bc"}},
		{"the last without a line break", "a\nbc", []string{"a", "bc"}},
		{"CRLF", "a\r\nb\r\n", []string{"a", "b"}},
		{"empty lines", "\n\nx\n", []string{"", "", "x"}},
		{"nothing", "", nil},
		{"at the limit", "12345678\n", []string{"12345678"}},
		{"at the limit, CRLF", "12345678\r\n", []string{"12345678"}},
		{"over it, then more", "123456789\nnext\n", []string{"!", "next"}},
		{"over it, the last", "a\n123456789", []string{"a", "!"}},
		{"far over it, past the reader's buffer", strings.Repeat("z", 10_000) + "\nnext", []string{"!", "next"}},
	} {
		var got []string
		err := readLines(strings.NewReader(c.in), 8, func(line string, err error) {
			if err != nil {
				assert.ErrorIs(t, err, errLineTooLong)
				line = "!"
			}
			got = append(got, line)
		})
		require.NoError(t, err, c.name)
		assert.Equal(t, c.want, got, c.name)
	}
}

// However long a line, readLines keeps at most the limit of it, and a
// little more.
func TestReadLinesMemory(t *testing.T) {
	in := strings.NewReader(strings.Repeat("z", 64<<20) + "\nnext\n")
	var got []string
	alloc := hostile.Allocated(func() {
		require.NoError(t, readLines(in, maxCommandLine, func(line string, err error) { got = append(got, line) }))
	})
	t.Logf("a 64 MiB line: %d KiB allocated", alloc>>10)
	assert.Equal(t, []string{"", "next"}, got)
	assert.LessOrEqual(t, alloc, uint64(6*maxCommandLine), "the line grown to the limit, doubling")
}
