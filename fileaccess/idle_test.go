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

// A Reader waiting between two blocks holds the block it decompressed and
// its compressed form, not the state of the codec that decompressed it:
// Brotli's tables, sized by what a block declares (2.6 MB for 1.3 KB), a
// Zstd decoder's windows, a Deflate window. Idle Readers can be many (one
// per connection reading a save), and each kept its own. A Reader read to
// its end holds nothing.
func TestIdleReader(t *testing.T) {
	const readers = 20
	for _, c := range codecs {
		file := bomb(t, c, 2*DefaultMaxBlockSize)
		block := DefaultMaxBlockSize
		if c == Brotli {
			file, block = treesFile(2), DefaultBlockSize
		}
		for _, end := range []bool{false, true} {
			hostile.Collect()
			before := hostile.HeapInUse()
			rs := make([]*Reader, readers)
			buf := make([]byte, block)
			for i := range rs {
				r, err := NewReader(bytes.NewReader(file))
				require.NoError(t, err, c)
				n, err := r.Read(buf)
				require.NoError(t, err, c)
				require.Equal(t, make([]byte, n), buf[:n], c)
				if end {
					_, err = io.Copy(io.Discard, r)
					require.NoError(t, err, c)
				}
				rs[i] = r
			}
			hostile.Collect()
			held := (int64(hostile.HeapInUse()) - int64(before)) / readers
			runtime.KeepAlive(rs)
			if end {
				t.Logf("%s: a Reader at its end holds %d bytes", c, held)
				assert.LessOrEqual(t, held, int64(4<<10), c) // its structs, and the heap's pages
			} else {
				t.Logf("%s: an idle Reader holds %d KiB", c, held>>10)
				assert.LessOrEqual(t, held, int64(block+16<<10), c)
			}
		}
	}
}
