package debugger

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tail of a game's output keeps its last lines, each cut at a
// character's start, whatever the writes' boundaries, and passes every
// byte on.
func TestTail(t *testing.T) {
	long := strings.Repeat("é", maxTailLine) // two bytes a character: cut inside one at maxTailLine
	for _, c := range []struct {
		name   string
		writes []string
		want   []string
	}{
		{"lines", []string{"a\nb\n"}, []string{"a", "b"}},
		{"split writes", []string{"ERR", "OR: x\r", "\nnext"}, []string{"ERROR: x", "next"}},
		{"blank lines left out", []string{"a\n\n  \n\nb\n"}, []string{"a", "b"}},
		{"a long line cut", []string{long + "\nz\n"}, []string{long[:maxTailLine] + "…", "z"}},
		{"a long line in pieces", []string{long[:100], long[100:], "\n"}, []string{long[:maxTailLine] + "…"}},
		{"the last lines", []string{strings.Repeat("line\n", 30) + "last\n"}, append(slices.Repeat([]string{"line"}, maxTailLines-1), "last")},
		{"invalid UTF-8", []string{"a\xffb\n"}, []string{"ab"}},
	} {
		var passed bytes.Buffer
		tl := &tail{}
		stream := tl.stream(&passed)
		for _, w := range c.writes {
			n, err := stream.Write([]byte(w))
			require.NoError(t, err)
			require.Equal(t, len(w), n)
		}
		assert.Equal(t, c.want, tl.Lines(), c.name)
		assert.Equal(t, strings.Join(c.writes, ""), passed.String(), c.name)
	}
}

// A flood on the game's output costs the tail nothing: it
// allocates nothing as it is written, and keeps a bounded tail: 64 MiB of
// lines of every length, one line of 16 MiB among them.
func TestTailMemory(t *testing.T) {
	var flood bytes.Buffer
	for i := 0; flood.Len() < 48<<20; i++ {
		fmt.Fprintf(&flood, "%s\n", strings.Repeat("x", i%400))
	}
	flood.WriteString(strings.Repeat("y", 16<<20) + "\n")
	tl := &tail{}
	stream := tl.stream(nil)
	chunk := 64 << 10
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for b := flood.Bytes(); len(b) > 0; b = b[min(chunk, len(b)):] {
		stream.Write(b[:min(chunk, len(b))])
	}
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bytes of output: %d bytes allocated (%.3f a byte)", flood.Len(), allocated, float64(allocated)/float64(flood.Len()))
	assert.Less(t, allocated, uint64(64<<10))
	lines := tl.Lines()
	require.Len(t, lines, maxTailLines)
	size := 0
	for _, l := range lines {
		size += len(l)
	}
	assert.LessOrEqual(t, size, maxTailLines*(maxTailLine+len("…")))
}

// An ExitError says how the game ended and its last lines, and matches
// ErrExited and ErrClosed.
func TestExitError(t *testing.T) {
	err := error(&ExitError{State: "exit status 1", Output: []string{"ERROR: Unable to create DisplayServer, all display drivers failed."}})
	assert.ErrorIs(t, err, ErrExited)
	assert.ErrorIs(t, err, ErrClosed)
	assert.Equal(t, "debugger: the game's process ended (exit status 1); the last lines it printed:\n  ERROR: Unable to create DisplayServer, all display drivers failed.", err.Error())
	assert.Equal(t, "debugger: the game's process ended (signal: killed), printing nothing", (&ExitError{State: "signal: killed"}).Error())
}

// The lines of a game's two streams are kept apart as they are written,
// and together in the order they end.
func TestTailStreams(t *testing.T) {
	tl := &tail{}
	out, errOut := tl.stream(nil), tl.stream(nil)
	out.Write([]byte("Invalid project path"))
	errOut.Write([]byte("ERROR: a\n"))
	out.Write([]byte(" specified\nhalf"))
	assert.Equal(t, []string{"ERROR: a", "Invalid project path specified", "half"}, tl.Lines())
}
