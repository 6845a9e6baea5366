package main

import (
	"encoding/binary"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// -max-content-bytes limits a compressed save file's content: one declaring
// more fails with a message that says so, one at the limit reads, and a
// limit below 1 is a usage error.
func TestMaxContentBytes(t *testing.T) {
	file, err := os.ReadFile(engineSave(t, "zstd"))
	require.NoError(t, err)
	size := int(binary.LittleEndian.Uint32(file[12:]))
	for _, c := range []struct {
		limit int
		code  int
		msg   string
	}{
		{size - 1, 1, "gdvar json: the compressed file declares more content than -max-content-bytes allows: if you trust it, raise -max-content-bytes\n" +
			"gdvar json: fileaccess: content larger than the limit (" + strconv.Itoa(size) + " bytes, limit " + strconv.Itoa(size-1) + ") at byte 12\n"},
		{size, 0, ""},
		{0, 2, "-max-content-bytes: want at least 1"},
	} {
		code, out, errOut := runGdvar(nil, "json", "-framing", "stream", "-max-content-bytes", strconv.Itoa(c.limit), engineSave(t, "zstd"))
		assert.Equal(t, c.code, code, "limit %d: %s", c.limit, errOut)
		assert.Contains(t, errOut, c.msg, c.limit)
		if c.code != 0 {
			assert.Empty(t, out, c.limit)
		}
	}
}
