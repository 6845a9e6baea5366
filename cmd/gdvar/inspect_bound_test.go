package main

import (
	"bytes"
	"encoding/binary"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// controlKeyed is depth Dictionaries, each keyed by 24 control characters
// (each shown escaped in a path: \x01), around a container of Nils up to
// size bytes: an Array, or a Dictionary of Nil keys (a key costs a line of
// its own besides): the input that makes inspect's paths longest for the
// most lines.
func controlKeyed(depth, size int, dict bool) []byte {
	u32 := binary.LittleEndian.AppendUint32
	key := strings.Repeat("\x01", 24)
	var b []byte
	for range depth {
		b = append(u32(u32(u32(u32(b, 27), 1), 4), uint32(len(key))), key...)
	}
	nils := (size - len(b) - 8) / 4
	if dict {
		b = u32(u32(b, 27), uint32(nils/2))
		nils = nils / 2 * 2
	} else {
		b = u32(u32(b, 28), uint32(nils))
	}
	for range nils {
		b = u32(b, 0)
	}
	return b
}

// inspect writes at most 64 bytes per input byte, whatever the input: the
// deepest Dictionaries with the keys longest to show, and the adversarial
// inputs of TestHostileCommands.
func TestInspectOutputBound(t *testing.T) {
	for _, depth := range []int{1022, 8, 0} {
		for _, dict := range []bool{false, true} {
			in := controlKeyed(depth, 256<<10, dict)
			var out counter
			code := run([]string{"inspect", "-"}, bytes.NewReader(in), &out, io.Discard)
			require.Equal(t, 0, code)
			t.Logf("depth %d, Dictionary %v: %d bytes in, %d out (%.1f a byte)", depth, dict, len(in), out.n, float64(out.n)/float64(len(in)))
			assert.LessOrEqual(t, out.n, 64*len(in), "depth %d, Dictionary %v", depth, dict)
		}
	}
}
