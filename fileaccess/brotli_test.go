package fileaccess

import (
	"bytes"
	"io"
	"runtime"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bitWriter writes a Brotli stream, least significant bit first.
type bitWriter struct {
	b []byte
	n uint // bits used in the last byte
}

// put writes the low w bits of v.
func (s *bitWriter) put(w uint, v uint32) {
	for ; w > 0; w, v = w-1, v>>1 {
		if s.n%8 == 0 {
			s.b = append(s.b, 0)
		}
		s.b[len(s.b)-1] |= byte(v&1) << (s.n % 8)
		s.n++
	}
}

// count writes n (1 to 256) as Brotli's variable-length counts (NBLTYPES,
// NTREES).
func (s *bitWriter) count(n uint32) {
	if n == 1 {
		s.put(1, 0)
		return
	}
	k := uint(0)
	for n-1 >= 2<<k {
		k++
	}
	s.put(1, 1)
	s.put(3, uint32(k))
	s.put(k, n-1-1<<k)
}

// code writes a prefix code of one symbol (which then takes no bits) over
// an alphabet of 2^w symbols or fewer.
func (s *bitWriter) code(w uint, symbol uint32) {
	s.put(2, 1) // a simple code
	s.put(2, 0) // of one symbol
	s.put(w, symbol)
}

// brotliTrees is a Brotli stream of a block of zeros (4 KiB) whose one meta-block
// declares the most prefix codes the format allows (256 for literals, 256
// for commands, 256 for distances) and holds them all, each of one symbol:
// the decoder allocates the tables of every code before reading them,
// about 2.6 MB for 1.3 KB.
func brotliTrees() []byte {
	s := brotliTreesDeclared()
	for range 256 {
		s.code(8, 0) // a literal code: zeros
	}
	for range 256 {
		s.code(10, 488) // a command code: insert 2114 + 12 bits literals, copy two
	}
	for range 256 {
		s.code(10, 0) // a distance code
	}
	s.put(12, DefaultBlockSize-2114) // the command: the meta-block ends after its literals
	return s.b
}

// brotliTreesDeclared is brotliTrees up to its prefix codes: the 15 bytes
// that declare them, after which the decoder has allocated their tables.
func brotliTreesDeclared() *bitWriter {
	var s bitWriter
	s.put(1, 0)                   // a window of 64 KiB
	s.put(1, 1)                   // ISLAST
	s.put(1, 0)                   // not empty
	s.put(2, 0)                   // MLEN in four nibbles
	s.put(16, DefaultBlockSize-1) // MLEN
	s.count(1)                    // one type of literal block
	s.count(256)                  // 256 types of command block, so 256 command codes
	s.code(9, 0)                  // the block types' code
	s.code(5, 0)                  // the block counts' code: counts of 1 to 4
	s.put(2, 0)                   // the first count
	s.count(1)                    // one type of distance block
	s.put(2, 3)                   // NPOSTFIX 3
	s.put(4, 15)                  // NDIRECT 15 << 3: 520 distance codes
	s.put(2, 0)                   // the literal block type's context mode
	for range 2 {                 // literal codes, then distance codes
		s.count(256) // NTREES
		s.put(1, 0)  // no run lengths in the context map
		s.code(8, 0) // the context map's code: every context to code 0
		s.put(1, 0)  // no move-to-front
	}
	return &s
}

// treesFile is a container of n brotliTrees blocks.
func treesFile(n int) []byte {
	blocks := make([][]byte, n, n+1)
	for i := range blocks {
		blocks[i] = brotliTrees()
	}
	empty := []byte{0x06} // a 64 KiB window, ISLAST, ISLASTEMPTY
	return container(Brotli, DefaultBlockSize, uint32(n)*DefaultBlockSize, append(blocks, empty))
}

// brotliTables is what the decoder allocates for a block that declares the
// most prefix codes, before it reads them: 256 tables each for literals,
// commands and distances, of 630, 1080 and 920 entries of 4 bytes (the
// library's most for alphabets of 256, 704 and 520 symbols), their 256
// headers of 24 bytes each, the context maps of 256 block types (64 and 4
// entries each); and its 32 KiB input buffer: 2697 KiB, whatever the
// block's length. Each further meta-block makes it allocate its context
// maps again (brotliMaps).
const brotliTables = 256*(630+1080+920)*4 + 3*256*24 + 256*(64+4) + 32<<10

// A block that declares the most prefix codes and ends there, 44 bytes of
// file, costs the decoder's tables, allocated before the codes are read,
// and nothing else beyond hostile.Bound; it fails with a *FormatError, and
// the Readers that read it hold nothing of them.
func TestBrotliDeclaredTrees(t *testing.T) {
	file := container(Brotli, DefaultBlockSize, DefaultBlockSize, [][]byte{brotliTreesDeclared().b, {0x06}})
	read := func() (*Reader, error) {
		r, err := NewReader(bytes.NewReader(file))
		if err == nil {
			_, err = io.Copy(io.Discard, r)
		}
		return r, err
	}
	hostile.Collect()
	var err error
	alloc := hostile.Allocated(func() { _, err = read() })
	var fe *FormatError
	require.ErrorAs(t, err, &fe)
	require.ErrorIs(t, err, ErrCorrupt)
	t.Logf("%d bytes: %d KiB allocated (the tables: %d KiB)", len(file), alloc>>10, brotliTables>>10)
	assert.LessOrEqual(t, alloc, hostile.Bound(len(file))+brotliTables)
	assert.Greater(t, alloc, uint64(brotliTables), "the tables are what the library makes: a smaller figure would be news")

	const readers = 20
	hostile.Collect()
	before := hostile.HeapInUse()
	rs := make([]*Reader, readers)
	for i := range rs {
		rs[i], err = read()
		require.ErrorIs(t, err, ErrCorrupt)
	}
	hostile.Collect()
	held := (int64(hostile.HeapInUse()) - int64(before)) / readers
	runtime.KeepAlive(rs)
	t.Logf("a Reader that failed so holds %d bytes", held)
	assert.LessOrEqual(t, held, int64(4<<10), "its structs, and the heap's pages")
}

// Brotli's tables cost a file of many blocks that each declare the most
// prefix codes about once, not once a block: the decoders are reused,
// through a pool whose items stay with the processor that put them there
// (a goroutine that moves makes another decoder) and go at collections.
func TestBrotliTables(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector makes sync.Pool, which holds the decoders, drop items at random")
	}
	const n = 32
	file := treesFile(n)
	var got []byte
	var err error
	hostile.Collect()
	alloc := hostile.Allocated(func() { _, got, err = readAll(file) })
	require.NoError(t, err)
	assert.Equal(t, make([]byte, n*DefaultBlockSize), got)
	assert.LessOrEqual(t, alloc, hostile.Bound(len(file))+uint64(runtime.GOMAXPROCS(0)+1)*brotliTables)
	t.Logf("%d blocks declaring the most prefix codes, %d bytes: %d KiB allocated", n, len(file), alloc>>10)
}

// brotliMapsLen is the content of each meta-block of brotliMaps.
const brotliMapsLen = 80

// brotliMaps is a Brotli stream of k meta-blocks of brotliMapsLen zeros,
// each declaring 256 literal and 256 distance block types and one prefix
// code of each kind: the decoder allocates the context maps of every
// meta-block anew, 17.25 KiB for about 82 bytes.
func brotliMaps(k int) []byte {
	var s bitWriter
	s.put(1, 0) // a window of 64 KiB
	types := func(n uint32) {
		s.count(n)
		if n > 1 {
			s.code(9, 0)  // the block types' code
			s.code(5, 13) // the block counts' code: counts of 145 to 176
			s.put(5, 0)   // the first count
		}
	}
	for range k {
		s.put(1, 0)                // not ISLAST
		s.put(2, 0)                // MLEN in four nibbles
		s.put(16, brotliMapsLen-1) // MLEN
		s.put(1, 0)                // compressed
		types(256)                 // literal block types
		types(1)                   // command block types
		types(256)                 // distance block types
		s.put(6, 0)                // NPOSTFIX 0, NDIRECT 0: 64 distance codes
		s.put(512, 0)              // the literal block types' context modes
		s.count(1)                 // one literal code
		s.count(1)                 // one distance code
		s.code(8, 0)               // the literal code: zeros
		s.code(10, 256+(14-8)<<3)  // the command code: insert 66 + 5 bits, copy two
		s.code(6, 0)               // the distance code
		s.put(5, brotliMapsLen-66) // the command: the meta-block ends after its literals
	}
	s.put(2, 3) // ISLAST, ISLASTEMPTY
	return s.b
}

// brotliMapsRate is the most the decoder allocates for context maps per
// byte of Brotli stream: each literal block type makes it allocate 65
// bytes (its context mode and 64 context map entries) for the 2 bits of
// its context mode; the distance block types' map, 4 bytes each, costs
// less per bit of its declaration.
const brotliMapsRate = 65 * 8 / 2

// Context maps are the part of Brotli's cost that grows with the input:
// the library allocates a meta-block's maps anew at each meta-block, and a
// meta-block of 82 bytes can declare 17.25 KiB of them. A file of 64 000-byte
// blocks of 800 such meta-blocks allocates about 218 bytes per byte, over
// hostile.Bound; within it plus the tables plus brotliMapsRate a byte.
func TestBrotliContextMaps(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector makes sync.Pool, which holds the decoders, drop items at random")
	}
	const perBlock = 800
	for _, n := range []int{1, 4} {
		blocks := make([][]byte, n, n+1)
		for i := range blocks {
			blocks[i] = brotliMaps(perBlock)
		}
		file := container(Brotli, perBlock*brotliMapsLen, uint32(n*perBlock*brotliMapsLen), append(blocks, []byte{0x06}))
		var got zeros
		var err error
		hostile.Collect()
		alloc := hostile.Allocated(func() {
			var r *Reader
			if r, err = NewReader(bytes.NewReader(file)); err == nil {
				_, err = io.Copy(&got, r)
			}
		})
		require.NoError(t, err)
		assert.Equal(t, zeros{n: n * perBlock * brotliMapsLen}, got)
		t.Logf("%d blocks of %d meta-blocks declaring 256 + 256 block types, %d bytes: %d KiB allocated, %.0f a byte",
			n, perBlock, len(file), alloc>>10, float64(alloc)/float64(len(file)))
		assert.LessOrEqual(t, alloc, hostile.Bound(len(file))+brotliTables+brotliMapsRate*uint64(len(file)))
		assert.Greater(t, alloc, hostile.Bound(len(file))+brotliTables, "the maps are what the library makes: a smaller figure would be news")
	}
}
