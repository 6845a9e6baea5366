package fileaccess

import (
	"bytes"
	"encoding/binary"
	"io"
	"testing"

	"github.com/gdvar/gdvar/internal/hostile"
	"github.com/stretchr/testify/assert"
)

// header is a compressed container's header declaring a block size and a
// content size, with no table after it.
func header(block, total uint32) []byte {
	b := []byte(MagicCompressed)
	for _, v := range []uint32{uint32(Zstd), block, total} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

// Containers that declare more than they hold cost what they hold: a
// block size of 1 GiB is refused before anything is allocated for it, a
// content of 4 GiB in 1-byte blocks (4G table entries) costs the table
// received, a huge compressed block is refused, and an encrypted container
// declaring 2^64 bytes costs its buffer. Each stays within
// hostile.Bound of its size.
func TestDeclaredSizes(t *testing.T) {
	table := header(1, 1<<32-1)
	for len(table) < 1<<20 {
		table = binary.LittleEndian.AppendUint32(table, 1)
	}
	encrypted := append([]byte(MagicEncrypted), make([]byte, 16)...)
	encrypted = binary.LittleEndian.AppendUint64(encrypted, 1<<64-1)
	encrypted = append(encrypted, make([]byte, 16+1<<20)...)
	for _, c := range []struct {
		name  string
		input []byte
		err   error
	}{
		{"a 1 GiB block size", header(1<<30, 1<<32-1), ErrTooLarge},
		{"4G blocks of 1 byte, 1 MiB of table", table, ErrTruncated},
		{"a block compressed to 4 GiB", binary.LittleEndian.AppendUint32(header(4096, 10), 1<<32-1), ErrTooLarge},
		{"an encrypted container of 2^64 bytes", encrypted, ErrTruncated},
	} {
		var err error
		alloc := hostile.Allocated(func() {
			_, _, err = readAll(c.input, WithKey(testKey()))
		})
		assert.ErrorIs(t, err, c.err, c.name)
		assert.LessOrEqual(t, alloc, hostile.Bound(len(c.input)), c.name)
		t.Logf("%s: %d bytes in, %d KiB allocated", c.name, len(c.input), alloc>>10)
	}
}

// Reading a large container allocates a block's worth, not the file's.
func TestStreamingMemory(t *testing.T) {
	content := bytes.Repeat([]byte("0123456789abcdef"), 4<<20/16) // 4 MiB
	for _, mode := range modes {
		file := write(t, mode, content)
		alloc := hostile.Allocated(func() {
			r, err := NewReader(bytes.NewReader(file), keyOption(mode))
			if err == nil {
				_, err = io.Copy(io.Discard, r)
			}
			assert.NoError(t, err, mode)
		})
		assert.Less(t, alloc, uint64(1<<20), "%s: %d bytes allocated for 4 MiB", mode, alloc)
		t.Logf("%s: 4 MiB of content, %d KiB allocated", mode, alloc>>10)
	}
}
