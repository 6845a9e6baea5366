package main

import (
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A line of standard input over 1 MiB is refused, saying so, and gdvar
// debug reads on: the commands after it run, and it exits 1.
func TestLiveDebugLongStdinLine(t *testing.T) {
	game := append([]string{"--"}, gametest.Game(t)...)
	stdin := "wait /root/Main\nget /root/Main speed\n" + "eval " + strings.Repeat("1", 1<<20) + "\nget /root/Main K\n"
	code, out, errOut := runGdvar([]byte(stdin), append([]string{"debug"}, game...)...)
	t.Logf("exit %d; standard output %q; standard error %.300q", code, out, errOut)
	assert.Equal(t, 1, code)
	assert.Equal(t, "1.5\n7\n", out)
	assert.Contains(t, errOut, "gdvar debug: line 3: over the 1 MiB limit of a line; skipped")
	require.Less(t, len(errOut), 64<<10, "the line is not printed")
}
