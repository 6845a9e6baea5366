package fileaccess

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
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
// content of 1 GiB (the most by default) in 1-byte blocks (1G table
// entries) costs the table received, a huge compressed block is refused, and an encrypted container
// declaring 2^64 bytes costs its buffer. Each stays within
// hostile.Bound of its size.
func TestDeclaredSizes(t *testing.T) {
	table := header(1, DefaultMaxContentSize)
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
		{"1G blocks of 1 byte, 1 MiB of table", table, ErrTruncated},
		{"a block compressed to 4 GiB", binary.LittleEndian.AppendUint32(header(4096, 10), 1<<32-1), ErrTooLarge},
		{"an encrypted container of 2^64 bytes", encrypted, ErrTruncated},
		{"a 64 KiB block declared compressed to 73 KiB, then nothing", binary.LittleEndian.AppendUint32(header(64<<10, 10), uint32(maxCompressed(64<<10))), ErrTruncated},
		{"a Brotli block declaring a 16 MiB window and meta-block", unhex("4743504604000000100000000400000006000000cfffffff787947435046"), ErrTooLarge},
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
	if raceDetector {
		t.Skip("the race detector makes sync.Pool, which holds the decoders, drop items at random")
	}
	content := bytes.Repeat([]byte("0123456789abcdef"), 4<<20/16) // 4 MiB
	for _, mode := range modes {
		file := write(t, mode, content)
		alloc := hostile.Allocated(func() {
			err := drain(file, keyOption(mode))
			assert.NoError(t, err, mode)
		})
		assert.Less(t, alloc, uint64(1<<20), "%s: %d bytes allocated for 4 MiB", mode, alloc)
		t.Logf("%s: 4 MiB of content, %d KiB allocated", mode, alloc>>10)
	}
}

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// tinyBlocks is a compressed container of content in 1-byte blocks, each
// compressed on its own: the most blocks, decoders reset and table entries
// a file of its size can make a Reader go through.
func tinyBlocks(t testing.TB, c Compression, content []byte) []byte {
	var e encoders
	blocks := make([][]byte, 0, len(content)+1)
	for _, b := range append(content, 0)[:len(content)+1] {
		out, err := e.encode(c, nil, []byte{b})
		if err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, out)
	}
	blocks[len(content)] = blocks[len(content)][:0] // the last block holds size%1 = 0 bytes
	if last, err := e.encode(c, nil, nil); err == nil && c != FastLZ {
		blocks[len(content)] = last
	}
	return container(c, 1, uint32(len(content)), blocks)
}

// A container of 1-byte blocks costs what it holds: each codec's reader
// stays within hostile.Bound of the file's size, and reads the content.
func TestTinyBlocks(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector makes sync.Pool, which holds the decoders, drop items at random")
	}
	content := bytes.Repeat([]byte("tiny blocks "), 4096/12)
	for _, c := range []Compression{FastLZ, Deflate, Zstd, Gzip} {
		file := tinyBlocks(t, c, content)
		var got []byte
		var err error
		alloc := hostile.Allocated(func() { _, got, err = readAll(file) })
		if assert.NoError(t, err, c) {
			assert.Equal(t, content, got, c)
		}
		assert.LessOrEqual(t, alloc, hostile.Bound(len(file)), c)
		t.Logf("%s: %d bytes of content in %d bytes of 1-byte blocks: %d KiB allocated", c, len(content), len(file), alloc>>10)
	}
}

// BenchmarkTinyBlocks reads, per codec, a container of 1-byte blocks and an
// ordinary one of about the same file size; the figures per byte of file
// (MB/s) compare the costliest input with the usual.
func BenchmarkTinyBlocks(b *testing.B) {
	for _, c := range []Compression{FastLZ, Deflate, Zstd, Gzip} {
		tiny := tinyBlocks(b, c, bytes.Repeat([]byte("tiny blocks "), 8192/12))
		var ordinary []byte
		for n := 100; len(ordinary) < len(tiny); n *= 2 {
			ordinary = write(b, c.String(), gamestate.Bytes(n))
		}
		for _, in := range []struct {
			name string
			file []byte
		}{{"tiny", tiny}, {"ordinary", ordinary}} {
			b.Run(c.String()+"/"+in.name, func(b *testing.B) {
				b.SetBytes(int64(len(in.file)))
				for b.Loop() {
					if err := drain(in.file); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
